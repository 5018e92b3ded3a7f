"""Render the corpus model to the site's Markdown pages (content-relative path -> text).

Law text goes into raw HTML blocks, escaped, so Markdown never reinterprets it (a "lewę*" in the
source must not turn into emphasis). Every unit gets an explicit id equal to its citation id.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import yaml

from tools.cite2017 import IN_FORCE
from tools.model import Corpus, CrossRef, Law, Unit, find_unit, walk
from tools.render_bilingual import lang_toggle
from tools.render_edition import (
    edition_span,
    glossary_link,
    outline_reference,
    superseded_notice,
)
from tools.render_outline import outline_only_laws, outline_page_path, render_outline_page
from tools.render_translation import render_translation_page, unit_marks
from tools.urls import lang_root

if TYPE_CHECKING:
    from tools.glossary import Term
    from tools.outline import Outline

LANG_NAMES = {"pl": "Polski", "en": "English"}
PREVIEW_CHARS = 420

# Interface words in both languages; written by us.
UI: dict[str, dict[str, str]] = {
    "pl": {
        "law": "Przepis",
        "edition": "Wydanie",
        "source": "Źródło",
        "fetched": "pobrano",
        "other_lang": "English",
        "other_lang_label": "Ten sam przepis po angielsku",
        "prev": "Poprzedni przepis",
        "next": "Następny przepis",
        "toc": "Spis przepisów",
        "compare": "Porównaj wydania 1997 i 2017",
        "no_text": "Tekstu tego przepisu w tym języku nie ma w tej kompilacji serwisu.",
        "no_text_link": "Tekst na stronie źródłowej",
        "shown_instead": "Poniżej tekst angielski.",
        "not_in_build": "Tego przepisu nie ma w tej kompilacji serwisu",
        "unresolved": "Nie udało się ustalić, do którego przepisu odnosi się to odwołanie",
        "footnotes": "Przypisy",
        "notes": "Uwagi",
        "flowcharts": "Schematy orzekania",
        "chapter_unknown": "Rozdział nie podany w źródle",
        "titles_only": "sam tytuł i części: tekstu nie ma w tej kompilacji",
        "laws_title": "Spis przepisów",
        "laws_intro": "Przepisy według wydania, rozdziału i części; z wydania 2017 wszystkie, "
        "także te, których tekstu nie ma w tej kompilacji.",
        "compare_title": "Porównanie wydań",
        "compare_intro": "Te same przepisy w wydaniu 1997 i 2017, zestawione punkt po punkcie. "
        "Skreślone słowa są przekreślone, dodane podkreślone.",
        "status_same": "bez zmian",
        "status_changed": "zmieniony",
        "status_added": "nowy w 2017",
        "status_removed": "usunięty w 2017",
        "status_moved": "przeniesiony",
        "terms_title": "Indeks terminów",
        "terms_intro": "Terminy w obu językach, alfabetycznie, z odpowiednikiem i przepisem.",
        "glossary_title": "Słownik",
        "glossary_intro": "Terminy brydżowe po polsku i angielsku, z krótkim objaśnieniem.",
        "term_pl": "polski",
        "term_en": "angielski",
        "see_glossary": "w słowniku",
        "empty_glossary": "Słownik nie został jeszcze dołączony do tej kompilacji.",
    },
    "en": {
        "law": "Law",
        "edition": "Edition",
        "source": "Source",
        "fetched": "fetched",
        "other_lang": "Polski",
        "other_lang_label": "The same law in Polish",
        "prev": "Previous law",
        "next": "Next law",
        "toc": "Table of laws",
        "compare": "Compare the 1997 and 2017 editions",
        "no_text": "The English text of this law is not in this build of the site.",
        "no_text_link": "English text on the source site",
        "shown_instead": "The Polish text follows.",
        "not_in_build": "This law is not in this build of the site",
        "unresolved": "Could not tell which law this reference points to",
        "footnotes": "Footnotes",
        "notes": "Notes",
        "flowcharts": "Ruling flowcharts",
        "chapter_unknown": "Chapter not given by the source",
        "titles_only": "title and sections only: the text is not in this build",
        "laws_title": "Table of laws",
        "laws_intro": "The laws by edition, chapter and part; every law of the 2017 edition, "
        "also those whose text is not in this build.",
        "compare_title": "Edition compare",
        "compare_intro": "The same laws in the 1997 and 2017 editions, unit by unit. "
        "Removed words are struck through, added words underlined.",
        "status_same": "unchanged",
        "status_changed": "changed",
        "status_added": "new in 2017",
        "status_removed": "removed in 2017",
        "status_moved": "moved",
        "terms_title": "Index of terms",
        "terms_intro": "Terms in both languages, alphabetically, with their pair and law.",
        "glossary_title": "Glossary",
        "glossary_intro": "Bridge terms in Polish and English, each with a short explanation.",
        "term_pl": "Polish",
        "term_en": "English",
        "see_glossary": "in the glossary",
        "empty_glossary": "The glossary is not part of this build yet.",
    },
}

_POLISH_ALPHABET = "aąbcćdeęfghijklłmnńoóprsśtuvwxyzźż"
_ORDER = {letter: index for index, letter in enumerate(_POLISH_ALPHABET)}


def polish_sort_key(text: str) -> tuple[tuple[int, str], ...]:
    """A sort key that puts "ł" after "l" and "ż" last, as a Polish index does."""
    return tuple((_ORDER.get(ch, 100 + ord(ch)), ch) for ch in text.casefold())


# ---------------------------------------------------------------- paths


def site_path(content_path: str) -> str:
    """The site URL path of a content page ("pl/laws/2017/64.md" -> "laws/2017/64/")."""
    lang, _, rest = content_path.partition("/")
    prefix = lang_root(lang)
    stem = rest[: -len(".md")]
    if stem == "index":
        return prefix
    if stem.endswith("/index"):
        stem = stem[: -len("/index")]
    return f"{prefix}{stem}/"


def relative_url(from_content: str, to_content: str, anchor: str = "") -> str:
    """A relative link between two content pages as the built site serves them."""
    start = site_path(from_content) or "."
    target = site_path(to_content) or "."
    rel = posixpath.relpath(target, start)
    rel = "./" if rel == "." else rel + "/"
    return rel + (f"#{anchor}" if anchor else "")


def md_link(from_content: str, to_content: str, anchor: str = "") -> str:
    """A Markdown link target between two content files (MkDocs resolves and validates it)."""
    rel = posixpath.relpath(to_content, posixpath.dirname(from_content) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def law_page(edition: int, lang: str, number: int) -> str:
    """The content path of a law page."""
    return f"{lang}/laws/{edition}/{number}.md"


# ---------------------------------------------------------------- context


@dataclass
class Context:
    """What every page renderer may look up."""

    corpus: Corpus
    outline: Outline | None
    laws_by_edition: dict[int, list[int]]
    glossary: list[Term] | None = None


def _laws_by_edition(corpus: Corpus) -> dict[int, list[int]]:
    found: dict[int, set[int]] = {}
    for law in corpus.laws:
        found.setdefault(law.edition, set()).add(law.number)
    return {edition: sorted(numbers) for edition, numbers in sorted(found.items())}


def law_title(ctx: Context, edition: int, number: int, lang: str) -> str:
    """The law's title in `lang`: the official outline for 2017, else the source's own title;
    "" when the build has no title in that language."""
    if ctx.outline is not None and edition == 2017:
        title = ctx.outline.title(number, lang)
        if title:
            return title
    law = ctx.corpus.law(edition, lang, number)
    return law.title if law is not None else ""


def shown_title(ctx: Context, edition: int, number: int, lang: str) -> tuple[str, str]:
    """The title to show on a `lang` page and the language it is in (the other language's title
    when the build has none in `lang`)."""
    other = "en" if lang == "pl" else "pl"
    title = law_title(ctx, edition, number, lang)
    if title:
        return title, lang
    return law_title(ctx, edition, number, other), other


# ---------------------------------------------------------------- text and cross-references


def _full_text(unit: Unit) -> str:
    """A unit's title and text, then its children's, for previews."""
    parts = [p for p in (unit.title, unit.text) if p]
    for child in unit.children:
        parts.append(f"{child.label}. {_full_text(child)}")
    return " ".join(parts)


def _preview(corpus: Corpus, edition: int, lang: str, target: str) -> dict[str, str] | None:
    from tools.urls import law_number

    try:
        number = law_number(target)
    except ValueError:
        return None
    law = corpus.law(edition, lang, number) or corpus.law(edition, "pl", number)
    if law is None:
        return None
    if target == law.id:
        text = law.text or " ".join(_full_text(u) for u in law.sections)
        title = law.title
    else:
        unit = find_unit(law, target)
        if unit is None:
            return None
        title = unit.title
        text = " ".join(p for p in [unit.text, *(f"{c.label}. {_full_text(c)}"
                                                 for c in unit.children)] if p)
    text = re.sub(r"[ \t\r\n]+", " ", text).strip()  # keeps the source's no-break spaces
    if len(text) > PREVIEW_CHARS:
        text = text[:PREVIEW_CHARS].rsplit(" ", 1)[0] + " …"
    return {"id": target, "lang": law.lang, "title": title, "text": text, "edition": edition}


def _link_spans(text: str, refs: list[CrossRef]) -> list[tuple[int, int, CrossRef]]:
    """Where in `text` each cross-reference's target is printed: (start, end, ref), no overlaps."""
    spans: list[tuple[int, int, CrossRef]] = []
    by_cited: dict[str, list[CrossRef]] = {}
    for ref in refs:
        by_cited.setdefault(ref.cited, []).append(ref)
    for cited, group in by_cited.items():
        if not cited:
            continue
        for match in re.finditer(re.escape(cited), text):
            start, end = match.span()
            cursor = start
            for ref in group:
                found = _find_target(text, ref.target, cursor, end)
                if found is None:
                    if len(group) == 1:
                        found = (start, end)
                    else:
                        continue
                spans.append((found[0], found[1], ref))
                cursor = found[1]
    spans.sort(key=lambda span: (span[0], -span[1]))
    kept: list[tuple[int, int, CrossRef]] = []
    for span in spans:
        if kept and span[0] < kept[-1][1]:
            continue
        kept.append(span)
    return kept


def _find_target(text: str, target: str, start: int, end: int) -> tuple[int, int] | None:
    """The printed form of `target` inside text[start:end]: the full id, else the id without its
    law number (relative citations such as "punkt B2")."""
    candidates = [target]
    short = re.sub(r"^\d+", "", target)
    if short and short != target:
        candidates.append(short)
    for candidate in candidates:
        index = text.find(candidate, start, end)
        if index >= 0:
            return index, index + len(candidate)
    return None


class PageRenderer:
    """Turns one law's texts into HTML for one page, collecting the previews it needs."""

    def __init__(self, ctx: Context, page: str, edition: int, lang: str) -> None:
        self.ctx = ctx
        self.page = page
        self.edition = edition
        self.lang = lang
        self.previews: dict[str, dict[str, str]] = {}
        refs: dict[tuple[str, str], list[CrossRef]] = {}
        for ref in ctx.corpus.crossrefs:
            if ref.edition == edition:
                refs.setdefault((ref.lang, ref.source), []).append(ref)
        self.refs = refs

    def paragraphs(self, text: str, text_lang: str, source: str) -> str:
        """Escaped paragraphs of `text` with cross-reference links."""
        if not text:
            return ""
        refs = self.refs.get((text_lang, source), [])
        out = []
        for para in text.split("\n\n"):
            out.append(f"<p>{self.inline(para, refs)}</p>")
        return "".join(out)

    def inline(self, text: str, refs: list[CrossRef]) -> str:
        """Escaped text with the cross-references in it turned into links or marked spans."""
        pieces: list[str] = []
        cursor = 0
        for start, end, ref in _link_spans(text, refs):
            pieces.append(_esc(text[cursor:start]))
            pieces.append(self.reference(text[start:end], ref))
            cursor = end
        pieces.append(_esc(text[cursor:]))
        return "".join(pieces).replace("\n", "<br>")

    def reference(self, printed: str, ref: CrossRef) -> str:
        """One cross-reference as HTML: a previewable link, or plain text saying why not."""
        ui = UI[self.lang]
        if ref.status == "resolved":
            from tools.urls import law_number

            number = law_number(ref.target)
            if number in self.ctx.laws_by_edition.get(self.edition, []):
                href = relative_url(
                    self.page, law_page(self.edition, self.lang, number), ref.target
                )
                preview = _preview(self.ctx.corpus, self.edition, self.lang, ref.target)
                if preview is not None:
                    self.previews[ref.target] = preview
                return (
                    f'<a class="xref" href="{href}" data-ref="{_esc(ref.target)}">'
                    f"{_esc(printed)}</a>"
                )
        if ref.status in ("resolved", "outline") and self.edition == IN_FORCE:
            return outline_reference(self.ctx, printed, ref.target, self.lang)
        if ref.status in ("resolved", "outline"):
            title = f"{ui['not_in_build']}: {ref.target}"
            return f'<span class="xref-missing" title="{_esc(title)}">{_esc(printed)}</span>'
        title = f"{ui['unresolved']}: {ref.cited}"
        return f'<span class="xref-unresolved" title="{_esc(title)}">{_esc(printed)}</span>'


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


# ---------------------------------------------------------------- law pages


@dataclass
class Row:
    """One aligned row: the unit's id and its version in each language (None if absent)."""

    id: str
    level: int
    label: str
    units: dict[str, Unit | None]


def _row(unit: Unit, primary: Unit | None, other: Unit | None) -> Row:
    return Row(unit.id, unit.level, unit.label, {"primary": primary, "other": other})


def align_languages(primary: Law, other: Law | None) -> list[Row]:
    """The units of both languages aligned by id, in the primary text's order."""
    primary_units = list(walk(primary.sections))
    other_units = list(walk(other.sections)) if other is not None else []
    other_by_id = {unit.id: unit for unit in other_units}
    primary_ids = {unit.id for unit in primary_units}
    rows: list[Row] = []
    pending_other = [u for u in other_units if u.id not in primary_ids]
    other_pos = {unit.id: index for index, unit in enumerate(other_units)}
    for unit in primary_units:
        # other-language-only units go before the first primary unit that follows them there
        here = other_pos.get(unit.id)
        if here is not None:
            while pending_other and other_pos[pending_other[0].id] < here:
                extra = pending_other.pop(0)
                rows.append(_row(extra, None, extra))
        rows.append(_row(unit, unit, other_by_id.get(unit.id)))
    for extra in pending_other:
        rows.append(_row(extra, None, extra))
    return rows


def _unit_cell(r: PageRenderer, unit: Unit | None, lang: str, is_other: bool) -> str:
    attrs = f' lang="{lang}" class="cell {"other" if is_other else "main"}"'
    if is_other:
        attrs += " data-pagefind-ignore"
    if unit is None:
        return f'<div{attrs}><p class="absent">—</p></div>'
    head = ""
    if unit.title:
        head = f'<p class="unit-title">{_esc(unit.title)}</p>'
    return f"<div{attrs}>{head}{r.paragraphs(unit.text, lang, unit.id)}</div>"


def _meta_block(ctx: Context, law: Law, lang: str, page: str, has_text: bool) -> str:
    ui = UI[lang]
    other = "en" if lang == "pl" else "pl"
    source = law if has_text else ctx.corpus.law(law.edition, "pl", law.number) or law
    parts = [
        edition_span(law.edition, lang),
        f'<span class="source">{ui["source"]}: '
        f'<a href="{_esc(source.source_url)}" rel="external">{_esc(source.source_url)}</a>'
        f" ({ui['fetched']} {_esc(source.fetch_date)})</span>",
    ]
    switch = relative_url(page, law_page(law.edition, other, law.number))
    parts.append(
        f'<a class="lang-switch" href="{switch}" hreflang="{other}" lang="{other}" '
        f'aria-label="{_esc(ui["other_lang_label"])}">{ui["other_lang"]}</a>'
    )
    return '<div class="law-meta">' + " · ".join(parts) + "</div>"


def render_law_page(ctx: Context, edition: int, number: int, lang: str) -> str:
    """The Markdown page of one law in one language, aligned with the other language."""
    ui = UI[lang]
    other_lang = "en" if lang == "pl" else "pl"
    page = law_page(edition, lang, number)
    own = ctx.corpus.law(edition, lang, number)
    counterpart = ctx.corpus.law(edition, other_lang, number)
    has_text = own is not None
    primary = own if own is not None else counterpart
    assert primary is not None  # a page exists only for laws in the corpus
    primary_lang = primary.lang
    second = counterpart if has_text else None
    r = PageRenderer(ctx, page, edition, lang)
    marks = unit_marks(ctx, page, edition, number, lang) if second is not None else {}

    title_pl = law_title(ctx, edition, number, "pl")
    title_en = law_title(ctx, edition, number, "en")
    title, title_lang = shown_title(ctx, edition, number, lang)
    numbers = ctx.laws_by_edition.get(edition, [])
    index = numbers.index(number)
    prev_n = numbers[index - 1] if index > 0 else None
    next_n = numbers[index + 1] if index + 1 < len(numbers) else None
    pl_law = ctx.corpus.law(edition, "pl", number)
    en_law = ctx.corpus.law(edition, "en", number)
    front: dict[str, Any] = {
        "number": number,
        "edition": edition,
        "language": lang,
        "title": f"{ui['law']} {number}. {title}".strip(),
        "title_pl": title_pl,
        "title_en": title_en,
        "source_url": primary.source_url,
        "fetch_date": primary.fetch_date,
        "text_language": primary_lang,
        "hide": ["toc"],  # the unit ids are the table of contents; the width goes to the text
        "counterparts": {
            other_lang: site_path(law_page(edition, other_lang, number)),
        },
        "source_urls": {
            "pl": (pl_law.source_url if pl_law else "")
            or (en_law.counterpart_url if en_law else ""),
            "en": (en_law.source_url if en_law else "")
            or (pl_law.counterpart_url if pl_law else ""),
        },
    }
    if edition in (1997, 2017) and _in_both_editions(ctx, number):
        front["compare"] = site_path(f"pl/compare/{number}.md")

    heading = _md_escape(title)
    if title_lang != lang:
        heading = f'<span lang="{title_lang}">{_esc(title)}</span>'
    out = [_front_matter(front), f"# {ui['law']} {number}. {heading}", ""]
    out.append(_meta_block(ctx, primary, lang, page, has_text))
    out.append("")
    if edition != IN_FORCE:
        out += [superseded_notice(ctx, number, lang, page), ""]
    if not has_text:
        url = primary.counterpart_url or front["source_urls"].get(lang, "")
        link = f' <a href="{_esc(url)}" rel="external">{ui["no_text_link"]}</a>.' if url else ""
        out.append(
            f'<div class="admonition warning no-text" lang="{lang}"><p>{ui["no_text"]}{link} '
            f"{UI[lang]['shown_instead'] if lang == 'en' else 'Poniżej tekst polski.'}</p></div>"
        )
        out.append("")

    two = second is not None
    body = [
        f'<div class="law-text {"two-col" if two else "one-col"}" data-edition="{edition}" '
        f'data-law="{number}" data-lang="{lang}">'
    ]
    if two:
        body.append(lang_toggle(lang, primary_lang, other_lang))
        body.append(
            '<div class="row col-heads" aria-hidden="true">'
            f'<div class="cell main">{LANG_NAMES[primary_lang]}</div>'
            f'<div class="cell other">{LANG_NAMES[other_lang]}</div></div>'
        )
    # the law's own row holds its anchor; without text before the first section it is empty
    empty = " empty" if not (primary.text or (second is not None and second.text)) else ""
    mark = marks.get(str(number), "")
    intro = [f'<div class="row lvl0{"" if mark else empty}" id="{number}">',
             _unit_label(number, str(number), lang), mark]
    intro.append(
        f'<div lang="{primary_lang}" class="cell main">'
        f"{r.paragraphs(primary.text, primary_lang, primary.id)}</div>"
    )
    if two:
        intro.append(
            f'<div lang="{other_lang}" class="cell other" data-pagefind-ignore>'
            f"{r.paragraphs(second.text, other_lang, second.id)}</div>"
        )
    intro.append("</div>")
    body.append("".join(intro))
    for row in align_languages(primary, second):
        cells = [
            f'<div class="row lvl{row.level}" id="{_esc(row.id)}">',
            _unit_label(number, row.id, lang, row.label),
            marks.get(row.id, ""),
            _unit_cell(r, row.units["primary"], primary_lang, False),
        ]
        if two:
            cells.append(_unit_cell(r, row.units["other"], other_lang, True))
        cells.append("</div>")
        body.append("".join(cells))
    body.append("</div>")
    out.append("\n".join(body))
    out.append("")

    if primary.footnotes:
        items = "".join(
            f'<li><span class="marker">{_esc(f.marker)}</span> {r.inline(f.text, [])}'
            f"{marks.get(f'{number}{f.marker}', '')}</li>"
            for f in primary.footnotes
        )
        out.append(
            f'<div class="footnotes-law" lang="{primary_lang}"><h2>{ui["footnotes"]}</h2>'
            f'<ul class="fn">{items}</ul></div>'
        )
        out.append("")
    if primary.notes:
        items = "".join(f"<p>{r.inline(note, [])}</p>" for note in primary.notes)
        out.append(
            f'<div class="notes-law" lang="{primary_lang}"><h2>{ui["notes"]}</h2>{items}</div>'
        )
        out.append("")

    out.append(
        f'<div class="flowcharts" data-law="{number}" data-edition="{edition}" '
        f'data-lang="{lang}"></div>'
    )
    out.append("")
    out.append(_law_nav(ctx, page, edition, lang, prev_n, next_n, "compare" in front))
    out.append("")
    if r.previews:
        data = json.dumps(r.previews, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        out.append(f'<script type="application/json" class="xref-data">{data}</script>')
        out.append("")
    return "\n".join(out)


def _unit_label(number: int, unit_id: str, lang: str, label: str = "") -> str:
    shown = unit_id if unit_id == str(number) else unit_id
    return (
        f'<a class="unit-id" href="#{_esc(unit_id)}" '
        f'aria-label="{UI[lang]["law"]} {_esc(unit_id)}">{_esc(shown)}</a>'
    )


def _law_nav(
    ctx: Context,
    page: str,
    edition: int,
    lang: str,
    prev_n: int | None,
    next_n: int | None,
    compare: bool,
) -> str:
    ui = UI[lang]
    links = []
    if prev_n is not None:
        href = relative_url(page, law_page(edition, lang, prev_n))
        links.append(f'<a class="prev" rel="prev" href="{href}">← {ui["prev"]}: {prev_n}</a>')
    links.append(
        f'<a class="toc" href="{relative_url(page, f"{lang}/laws/index.md")}">{ui["toc"]}</a>'
    )
    if compare:
        number = int(page.rsplit("/", 1)[1][:-3])
        links.append(
            f'<a class="compare" href="{relative_url(page, f"{lang}/compare/{number}.md")}">'
            f"{ui['compare']}</a>"
        )
    if next_n is not None:
        href = relative_url(page, law_page(edition, lang, next_n))
        links.append(f'<a class="next" rel="next" href="{href}">{ui["next"]}: {next_n} →</a>')
    return '<nav class="law-nav" aria-label="' + ui["toc"] + '">' + "".join(links) + "</nav>"


def _in_both_editions(ctx: Context, number: int) -> bool:
    return number in ctx.laws_by_edition.get(1997, []) and number in ctx.laws_by_edition.get(
        2017, []
    )


def _front_matter(data: dict[str, Any]) -> str:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=True, width=1000)
    return f"---\n{text}---\n"


def _md_escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#])", r"\\\1", text)


# ---------------------------------------------------------------- table of contents


def render_laws_index(ctx: Context, lang: str) -> str:
    """The table of contents: editions, then chapters and parts in source order."""
    ui = UI[lang]
    page = f"{lang}/laws/index.md"
    out = [
        _front_matter({"title": ui["laws_title"], "language": lang}),
        f"# {ui['laws_title']}",
        "",
        ui["laws_intro"],
        "",
    ]
    for edition in sorted(ctx.laws_by_edition, reverse=True):
        out.append(f"## {ui['edition']} {edition} {{#edition-{edition}}}")
        out.append("")
        chapter = part = None
        titles_only = set(outline_only_laws(ctx)) if edition == IN_FORCE else set()
        for number in sorted(set(ctx.laws_by_edition[edition]) | titles_only):
            law = ctx.corpus.law(edition, lang, number) or ctx.corpus.law(edition, "pl", number)
            law_chapter = (law.chapter if law else "") or ui["chapter_unknown"]
            if law_chapter != chapter:
                chapter, part = law_chapter, None
                out.append(f"### {_md_escape(law_chapter)}")
                out.append("")
            if law is None:  # a law in force the build has no text of: listed all the same
                assert ctx.outline is not None
                title = ctx.outline.title(number, lang)
                shown = _md_escape(title) or (f'<span lang="en">'
                                              f'{_esc(ctx.outline.title(number, "en"))}</span>')
                href = md_link(page, outline_page_path(lang, number))
                out.append(f"- [{number}. {shown}]({href}) · *{ui['titles_only']}*")
                continue
            if law.part and law.part != part:
                part = law.part
                out.append(f"#### {_md_escape(law.part)}")
                out.append("")
            title, title_lang = shown_title(ctx, edition, number, lang)
            shown = _md_escape(title)
            if title_lang != lang:
                shown = f'<span lang="{title_lang}">{_esc(title)}</span>'
            href = md_link(page, law_page(edition, lang, number))
            out.append(f"- [{number}. {shown}]({href})")
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- glossary and index


@dataclass
class GlossaryEntry:
    """One glossary term reduced to what the glossary and index pages show."""

    slug: str
    pl: str
    en: str
    note_pl: str
    note_en: str
    laws: list[str]


def _terms(glossary: Iterable[Term]) -> list[GlossaryEntry]:
    return [
        GlossaryEntry(term.id, term.pl, term.en, term.definition("pl"), term.definition("en"),
                      list(term.laws))
        for term in glossary
    ]


def _slugify(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.casefold()).strip("-") or "term"


def _law_link(ctx: Context, page: str, lang: str, unit_id: str) -> str:
    """A link to a 2017 unit that is in this build; other ids link to the source site, marked."""
    from tools.urls import law_number

    try:
        number = law_number(unit_id)
    except ValueError:
        return _esc(unit_id)
    law = ctx.corpus.law(2017, lang, number) or ctx.corpus.law(2017, "pl", number)
    if law is not None and (unit_id == law.id or find_unit(law, unit_id) is not None):
        return f"[{unit_id}]({md_link(page, law_page(2017, lang, number), unit_id)})"
    return glossary_link(ctx, page, lang, unit_id)


def render_glossary(ctx: Context, glossary: list[Term] | None, lang: str) -> str:
    """The glossary page: each term with its pair in the other language and a short note."""
    ui = UI[lang]
    page = f"{lang}/glossary.md"
    out = [
        _front_matter({"title": ui["glossary_title"], "language": lang}),
        f"# {ui['glossary_title']}",
        "",
        ui["glossary_intro"],
        "",
    ]
    terms = _terms(glossary or [])
    if not terms:
        out += [f"!!! warning\n    {ui['empty_glossary']}", ""]
    key = (lambda t: polish_sort_key(t.pl)) if lang == "pl" else (lambda t: t.en.casefold())
    for term in sorted(terms, key=key):
        head, pair = (term.pl, term.en) if lang == "pl" else (term.en, term.pl)
        other = "en" if lang == "pl" else "pl"
        out.append(f'<dl class="term" id="{_esc(term.slug)}">')
        out.append(f'<dt lang="{lang}">{_esc(head)}</dt>')
        out.append(f'<dd class="pair" lang="{other}">{_esc(pair)}</dd>')
        note = term.note_pl if lang == "pl" else term.note_en
        if note:
            out.append(f"<dd>{_esc(note)}</dd>")
        out.append("</dl>")
        out.append("")
        if term.laws:
            out.append(" · ".join(_law_link(ctx, page, lang, u) for u in term.laws))
            out.append("")
    return "\n".join(out)


def render_terms_index(ctx: Context, glossary: list[Term] | None, lang: str) -> str:
    """The alphabetical index of terms in both languages, each pointing to its glossary entry."""
    ui = UI[lang]
    page = f"{lang}/terms.md"
    out = [
        _front_matter({"title": ui["terms_title"], "language": lang}),
        f"# {ui['terms_title']}",
        "",
        ui["terms_intro"],
        "",
    ]
    entries: list[tuple[str, str, str, GlossaryEntry]] = []
    for term in _terms(glossary or []):
        if term.pl:
            entries.append((term.pl, "pl", term.en, term))
        if term.en:
            entries.append((term.en, "en", term.pl, term))
    if not entries:
        out += [f"!!! warning\n    {ui['empty_glossary']}", ""]
    entries.sort(key=lambda e: (polish_sort_key(e[0]), e[1]))
    letter = None
    for word, word_lang, pair, term in entries:
        first = word[:1].upper()
        if first != letter:
            letter = first
            out += ["", f"## {first}", ""]
        href = md_link(page, f"{lang}/glossary.md", term.slug)
        laws = ", ".join(_law_link(ctx, page, lang, u) for u in term.laws)
        line = (
            f'- <span lang="{word_lang}">{_esc(word)}</span> ({word_lang}) → '
            f'<span lang="{"en" if word_lang == "pl" else "pl"}">{_esc(pair)}</span> · '
            f"[{ui['see_glossary']}]({href})"
        )
        out.append(line + (f" · {laws}" if laws else ""))
    out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- entry point


def render_site_content(
    corpus: Corpus, outline: Outline | None, glossary: list[Term] | None
) -> dict[str, str]:
    """Every generated Markdown page of the site, keyed by content-relative path."""
    from tools.compare import render_compare_index, render_compare_page

    ctx = Context(corpus, outline, _laws_by_edition(corpus), glossary)
    pages: dict[str, str] = {}
    for edition, numbers in ctx.laws_by_edition.items():
        for number in numbers:
            for lang in ("pl", "en"):
                pages[law_page(edition, lang, number)] = render_law_page(ctx, edition, number, lang)
    for number in outline_only_laws(ctx):
        for lang in ("pl", "en"):
            pages[outline_page_path(lang, number)] = render_outline_page(ctx, number, lang)
    for lang in ("pl", "en"):
        pages[f"{lang}/laws/index.md"] = render_laws_index(ctx, lang)
        pages[f"{lang}/glossary.md"] = render_glossary(ctx, glossary, lang)
        pages[f"{lang}/terms.md"] = render_terms_index(ctx, glossary, lang)
        pages[f"{lang}/translation.md"] = render_translation_page(ctx, lang)
        both = [n for n in ctx.laws_by_edition.get(2017, []) if _in_both_editions(ctx, n)]
        if both:
            pages[f"{lang}/compare/index.md"] = render_compare_index(ctx, lang, both)
            for number in both:
                pages[f"{lang}/compare/{number}.md"] = render_compare_page(ctx, lang, number)
    return dict(sorted(pages.items()))
