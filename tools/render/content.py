"""Render the corpus model to the site's Markdown pages (content-relative path -> text).

Law text goes into raw HTML blocks, escaped, so Markdown never reinterprets it (a "lewę*" in the
source must not turn into emphasis). Every unit gets an explicit id equal to its citation id.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tools.markup import MARKUP as M
from tools.model import LANGS, Corpus, Law, Unit, leads_into
from tools.normalize.cite2017 import IN_FORCE
from tools.render.base import (
    LANG_NAMES,
    UI,
    Context,
    esc,
    front_matter,
    law_page,
    law_title,
    laws_by_edition,
    laws_index_page,
    md_escape,
    relative_url,
    shown_title,
    site_path,
    unit_label,
)
from tools.render.bilingual import align_languages, lang_toggle
from tools.render.compare import render_compare_index, render_compare_page
from tools.render.edition import edition_span, superseded_notice
from tools.render.glossary import render_glossary, render_terms_index
from tools.render.index import render_laws_index
from tools.render.links import PageRenderer
from tools.render.outline import outline_only_laws, outline_page_path, render_outline_page
from tools.render.translation import render_translation_page, unit_marks

if TYPE_CHECKING:
    from tools.normalize.concordance import Concordance
    from tools.normalize.glossary import Term
    from tools.normalize.outline import Outline



def _unit_cell(r: PageRenderer, unit: Unit | None, lang: str, is_other: bool) -> str:
    attrs = f' lang="{lang}" class="{M.cell} {M.other if is_other else M.main}"'
    if is_other:
        attrs += " data-pagefind-ignore"
    if unit is None:
        return f'<div{attrs}><p class="{M.absent}">—</p></div>'
    head = ""
    if unit.title:
        head = f'<p class="{M.unit_title}">{esc(unit.title)}</p>'
    return f"<div{attrs}>{head}{r.paragraphs(unit.text, lang, unit.id)}</div>"


def _meta_block(ctx: Context, law: Law, lang: str, page: str, has_text: bool) -> str:
    ui = UI[lang]
    other = "en" if lang == "pl" else "pl"
    source = law if has_text else ctx.corpus.law(law.edition, "pl", law.number) or law
    parts = [
        edition_span(law.edition, lang),
        f'<span class="source">{ui["source"]}: '
        f'<a href="{esc(source.source_url)}" rel="external">{esc(source.source_url)}</a>'
        f" ({ui['fetched']} {esc(source.fetch_date)})</span>",
    ]
    switch = relative_url(page, law_page(law.edition, other, law.number))
    parts.append(
        f'<a class="{M.lang_switch}" href="{switch}" hreflang="{other}" lang="{other}" '
        f'aria-label="{esc(ui["other_lang_label"])}">{ui["other_lang"]}</a>'
    )
    return f'<div class="{M.law_meta}">' + " · ".join(parts) + "</div>"


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
        # where the text came from: "web" (the live pages) or "snapshot" (the bundled captures)
        "origin": ctx.corpus.origins.get(
            primary.text_key, "snapshot"),
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

    heading = md_escape(title)
    if title_lang != lang:
        heading = f'<span lang="{title_lang}">{esc(title)}</span>'
    out = [front_matter(front), f"# {ui['law']} {number}. {heading}", ""]
    out.append(_meta_block(ctx, primary, lang, page, has_text))
    out.append("")
    if edition != IN_FORCE:
        out += [superseded_notice(ctx, number, lang, page), ""]
    if not has_text:
        url = primary.counterpart_url or front["source_urls"].get(lang, "")
        link = f' <a href="{esc(url)}" rel="external">{ui["no_text_link"]}</a>.' if url else ""
        out.append(
            f'<div class="admonition warning no-text" lang="{lang}"><p>{ui["no_text"]}{link} '
            f"{UI[lang]['shown_instead']}</p></div>"
        )
        out.append("")

    two = second is not None
    body = [
        f'<div class="{M.law_text} {M.two_col if two else "one-col"}" data-edition="{edition}" '
        f'data-law="{number}" data-lang="{lang}">'
    ]
    if two:
        body.append(lang_toggle(lang, primary_lang, other_lang))
        body.append(
            f'<div class="{M.row} {M.col_heads}" aria-hidden="true">'
            f'<div class="{M.cell} {M.main}">{LANG_NAMES[primary_lang]}</div>'
            f'<div class="{M.cell} {M.other}">{LANG_NAMES[other_lang]}</div></div>'
        )
    # the law's own row holds its anchor; without text before the first section it is empty
    empty = f" {M.empty}" if not (primary.text or (second is not None and second.text)) else ""
    mark = marks.get(str(number), "")
    # a row whose text leads into the rows below it: a jump to one of them shows it too (site.js)
    leads = f" {M.leads}" if leads_into(primary.text, primary.sections) else ""
    intro = [f'<div class="{M.row} {M.level}0{"" if mark else empty}{leads}" id="{number}">',
             unit_label(str(number), lang), mark]
    intro.append(
        f'<div lang="{primary_lang}" class="{M.cell} {M.main}">'
        f"{r.paragraphs(primary.text, primary_lang, primary.id)}</div>"
    )
    if two:
        intro.append(
            f'<div lang="{other_lang}" class="{M.cell} {M.other}" data-pagefind-ignore>'
            f"{r.paragraphs(second.text, other_lang, second.id)}</div>"
        )
    intro.append("</div>")
    body.append("".join(intro))
    for row in align_languages(primary, second):
        cells = [
            f'<div class="{M.row} {M.level}{row.level}{_leads(row.units["primary"])}" '
            f'id="{esc(row.id)}">',
            unit_label(row.id, lang),
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
            f'<li><span class="{M.marker}">{esc(f.marker)}</span> {r.inline(f.text, [])}'
            f"{marks.get(f'{number}{f.marker}', '')}</li>"
            for f in primary.footnotes
        )
        out.append(
            f'<div class="{M.footnotes_law}" lang="{primary_lang}"><h2>{ui["footnotes"]}</h2>'
            f'<ul class="{M.fn}">{items}</ul></div>'
        )
        out.append("")
    if primary.notes:
        items = "".join(f"<p>{r.inline(note, [])}</p>" for note in primary.notes)
        out.append(
            f'<div class="notes-law" lang="{primary_lang}"><h2>{ui["notes"]}</h2>{items}</div>'
        )
        out.append("")

    out.append(
        f'<div class="{M.flowcharts}" data-law="{number}" data-edition="{edition}" '
        f'data-lang="{lang}"></div>'
    )
    out.append("")
    out.append(_law_nav(ctx, page, edition, lang, prev_n, next_n, "compare" in front))
    out.append("")
    if r.previews:
        data = json.dumps(r.previews, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        out.append(f'<script type="application/json" class="{M.xref_data}">{data}</script>')
        out.append("")
    return "\n".join(out)


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
        f'<a class="toc" href="{relative_url(page, laws_index_page(lang))}">{ui["toc"]}</a>'
    )
    if compare:
        number = int(page.rsplit("/", 1)[1][:-3])
        links.append(
            f'<a class="{M.compare}" href="{relative_url(page, f"{lang}/compare/{number}.md")}">'
            f"{ui['compare']}</a>"
        )
    if next_n is not None:
        href = relative_url(page, law_page(edition, lang, next_n))
        links.append(f'<a class="{M.next}" rel="next" href="{href}">{ui["next"]}: {next_n} →</a>')
    return f'<nav class="{M.law_nav}" aria-label="' + ui["toc"] + '">' + "".join(links) + "</nav>"


def _in_both_editions(ctx: Context, number: int) -> bool:
    """Whether the law's Polish text is in both editions: its compare page sets them side by side
    (a law whose 2017 text is English only has none)."""
    return all(ctx.corpus.law(edition, "pl", number) is not None for edition in (1997, 2017))


# ---------------------------------------------------------------- entry point


def render_site_content(
    corpus: Corpus, outline: Outline | None, glossary: list[Term] | None,
    concordance: Concordance | None = None,
) -> dict[str, str]:
    """Every generated Markdown page of the site, keyed by content-relative path (`concordance`
    None: the project's)."""
    ctx = Context(corpus, outline, laws_by_edition(corpus), glossary, concordance)
    pages: dict[str, str] = {}
    for edition, numbers in ctx.laws_by_edition.items():
        for number in numbers:
            for lang in LANGS:
                pages[law_page(edition, lang, number)] = render_law_page(ctx, edition, number, lang)
    for number in outline_only_laws(ctx):
        for lang in LANGS:
            pages[outline_page_path(lang, number)] = render_outline_page(ctx, number, lang)
    for lang in LANGS:
        pages[laws_index_page(lang)] = render_laws_index(ctx, lang)
        pages[f"{lang}/glossary.md"] = render_glossary(ctx, glossary, lang)
        pages[f"{lang}/terms.md"] = render_terms_index(ctx, glossary, lang)
        pages[f"{lang}/translation.md"] = render_translation_page(ctx, lang)
        both = [n for n in ctx.laws_by_edition.get(2017, []) if _in_both_editions(ctx, n)]
        if both:
            pages[f"{lang}/compare/index.md"] = render_compare_index(ctx, lang, both)
            for number in both:
                pages[f"{lang}/compare/{number}.md"] = render_compare_page(ctx, lang, number)
    return dict(sorted(pages.items()))


def _leads(unit: Unit | None) -> str:
    """The class of a row whose unit's text leads into its items, with its leading space."""
    return f" {M.leads}" if unit is not None and leads_into(unit.text, unit.children) else ""
