"""The search records of the law pages, from the document model and the official outline (the
same data tools/render/content.py and tools/render/outline.py render the pages from), not from the
built HTML: one record per law page and language, its units in the page's row order.

A unit's text is the words a reader sees in its cell: its paragraphs, with a cross-reference's
printed words set off by spaces, as the rendered link or span sets them off (the index was first
read from the page's text, which joins the strings of the HTML with spaces).
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from tools.model import LANGS, Corpus, CrossRef, Law
from tools.model import Unit as LawUnit
from tools.normalize.citation_id import is_citation_id
from tools.normalize.cite2017 import IN_FORCE
from tools.render.base import UI, Context, law_page, laws_by_edition, shown_title, site_path
from tools.render.bilingual import align_languages
from tools.render.links import link_spans
from tools.render.outline import outline_only_laws, outline_page_path
from tools.site.pagefind_records import FIRST_LAW_OF, POINTER_WEIGHT, Record, Unit, law_record

if TYPE_CHECKING:
    from tools.normalize.glossary import FirstLawTerms
    from tools.normalize.outline import Outline

ABSENT = "—"  # the cell of a unit the page's own text lacks (tools/render/content.py)


def _words(text: str) -> str:
    return " ".join(text.split())


def cell_text(text: str, refs: list[CrossRef]) -> str:
    """A text's words as its rendered cell shows them: references set off by spaces."""
    pieces = []
    for para in text.split("\n\n"):
        cursor = 0
        for start, end, _ in link_spans(para, refs):
            pieces += [para[cursor:start], para[start:end]]
            cursor = end
        pieces.append(para[cursor:])
    return _words(" ".join(pieces))


def page_title(lang: str, number: int, title: str) -> str:
    """A law page's h1 as its words read: "Przepis 64. Title"."""
    return _words(f"{UI[lang]['law']} {number}. {title}")


def _law_record(
    ctx: Context,
    refs: dict[tuple[str, str], list[CrossRef]],
    key: tuple[int, int, str],
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]],
) -> Record:
    """The record of the page of law `number` in `lang` (a law with its text in a language)."""
    edition, number, lang = key
    own = ctx.corpus.law(edition, lang, number)
    other = ctx.corpus.law(edition, "en" if lang == "pl" else "pl", number)
    primary: Law | None = own or other
    assert primary is not None  # a page exists only for laws in the corpus
    text_lang = primary.lang

    def unit(unit_id: str, source: LawUnit | None) -> Unit:
        if source is None:
            return Unit(id=unit_id, title="", text=ABSENT)
        found = refs.get((text_lang, source.id), [])
        return Unit(id=unit_id, title=_words(source.title), text=cell_text(source.text, found))

    units = [Unit(id=str(number), title="",
                  text=cell_text(primary.text, refs.get((text_lang, primary.id), [])))]
    for row in align_languages(primary, other if own is not None else None):
        if is_citation_id(row.id):  # every unit a citation can name (71.1, 50D2a1 too)
            units.append(unit(row.id, row.units["primary"]))
    title = page_title(lang, number, shown_title(ctx, edition, number, lang)[0])
    url = site_path(law_page(edition, lang, number))
    return law_record(url, lang, (str(edition), str(number), title), units, terms, titles)


def _titles_only_record(
    ctx: Context, number: int, lang: str, titles: dict[str, dict[str, str]],
    first: FirstLawTerms | None,
) -> Record:
    """The record of a 2017 law known by its titles only: found by its titles, its sections'
    headings and the players' words of the glossary terms it is the first law of (`first`, as
    the CLI's title documents are), its own unit empty (the page's note about the missing text
    is no text of the law); those terms' headwords in its metadata."""
    assert ctx.outline is not None
    name = ctx.outline.title(number, lang) or ctx.outline.title(number, "en")
    law = (str(IN_FORCE), str(number), page_title(lang, number, name))
    url = site_path(outline_page_path(lang, number))
    # its sections' headings, as its title page shows them (anchored there: "#79C")
    sections = [Unit(id=unit_id, title=_words(name), text="", heading_weight=POINTER_WEIGHT)
                for unit_id, name, _ in ctx.outline.section_names(number, lang) if name]
    lead = {str(number): first.forms} if first is not None else {}
    record = law_record(url, lang, law, [Unit(id=str(number), title="", text=""), *sections],
                        lead, titles, titles_only=True)
    if first is not None and first.heads:  # a JSON list: headwords hold commas, as titles may
        record.meta[FIRST_LAW_OF] = json.dumps(first.heads, ensure_ascii=False)
    return record


def law_records(
    corpus: Corpus,
    outline: Outline | None,
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]],
    first_laws: dict[str, FirstLawTerms] | None = None,
) -> list[Record]:
    """Every law page's record, in the order of the built pages' paths."""
    ctx = Context(corpus, outline, laws_by_edition(corpus))
    records = []
    for edition, numbers in ctx.laws_by_edition.items():
        refs: dict[tuple[str, str], list[CrossRef]] = {}  # as tools.render.links.PageRenderer
        for ref in corpus.crossrefs:
            if ref.edition == edition:
                refs.setdefault((ref.lang, ref.source), []).append(ref)
        for number in numbers:
            for lang in LANGS:
                records.append(_law_record(ctx, refs, (edition, number, lang), terms, titles))
    for number in outline_only_laws(ctx):
        for lang in LANGS:
            records.append(_titles_only_record(ctx, number, lang, titles,
                                               (first_laws or {}).get(str(number))))
    return sorted(records, key=lambda record: PurePosixPath(record.url, "index.html").parts)

