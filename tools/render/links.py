"""Law text as HTML: cross-references turned into previewable links (or marked spans saying
why not), and the previews a page carries for them."""

from __future__ import annotations

import re

from tools.markup import MARKUP as M
from tools.model import Corpus, CrossRef, Unit, find_unit
from tools.normalize.citation_id import law_number, law_of
from tools.normalize.cite2017 import IN_FORCE
from tools.render.base import UI, Context, esc, law_page, relative_url
from tools.render.edition import outline_reference

PREVIEW_CHARS = 420


def _full_text(unit: Unit) -> str:
    """A unit's title and text, then its children's, for previews."""
    parts = [p for p in (unit.title, unit.text) if p]
    for child in unit.children:
        parts.append(f"{child.label}. {_full_text(child)}")
    return " ".join(parts)


def _preview(corpus: Corpus, edition: int, lang: str, target: str) -> dict[str, str] | None:
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


def link_spans(text: str, refs: list[CrossRef]) -> list[tuple[int, int, CrossRef]]:
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
    number = law_of(target)
    short = target[len(str(number)):] if number is not None else ""
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
        for start, end, ref in link_spans(text, refs):
            pieces.append(esc(text[cursor:start]))
            pieces.append(self.reference(text[start:end], ref))
            cursor = end
        pieces.append(esc(text[cursor:]))
        return "".join(pieces).replace("\n", "<br>")

    def reference(self, printed: str, ref: CrossRef) -> str:
        """One cross-reference as HTML: a previewable link, or plain text saying why not."""
        ui = UI[self.lang]
        if ref.status == "resolved":
            number = law_number(ref.target)
            if number in self.ctx.laws_by_edition.get(self.edition, []):
                href = relative_url(
                    self.page, law_page(self.edition, self.lang, number), ref.target
                )
                preview = _preview(self.ctx.corpus, self.edition, self.lang, ref.target)
                if preview is not None:
                    self.previews[ref.target] = preview
                return (
                    f'<a class="{M.xref}" href="{href}" data-ref="{esc(ref.target)}">'
                    f"{esc(printed)}</a>"
                )
        if ref.status in ("resolved", "outline") and self.edition == IN_FORCE:
            return outline_reference(self.ctx, printed, ref.target, self.lang)
        if ref.status in ("resolved", "outline"):
            title = f"{ui['not_in_build']}: {ref.target}"
            return f'<span class="{M.xref_missing}" title="{esc(title)}">{esc(printed)}</span>'
        title = f"{ui['unresolved']}: {ref.cited}"
        return f'<span class="{M.xref_unresolved}" title="{esc(title)}">{esc(printed)}</span>'
