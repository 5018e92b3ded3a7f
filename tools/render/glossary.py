"""The glossary page and the alphabetical index of terms, in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tools.markup import MARKUP as M
from tools.model import find_unit
from tools.render.base import (
    UI,
    Context,
    esc,
    law_page,
    md_link,
    page_head,
    polish_sort_key,
)
from tools.render.edition import glossary_link

if TYPE_CHECKING:
    from tools.normalize.glossary import Term


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
    from tools.normalize.citation_id import law_number

    try:
        number = law_number(unit_id)
    except ValueError:
        return esc(unit_id)
    law = ctx.corpus.law(2017, lang, number) or ctx.corpus.law(2017, "pl", number)
    if law is not None and (unit_id == law.id or find_unit(law, unit_id) is not None):
        return f"[{unit_id}]({md_link(page, law_page(2017, lang, number), unit_id)})"
    return glossary_link(ctx, page, lang, unit_id)


def render_glossary(ctx: Context, glossary: list[Term] | None, lang: str) -> str:
    """The glossary page: each term with its pair in the other language and a short note."""
    ui = UI[lang]
    page = f"{lang}/glossary.md"
    out = page_head(lang, "glossary")
    terms = _terms(glossary or [])
    if not terms:
        out += [f"!!! warning\n    {ui['empty_glossary']}", ""]
    key = (lambda t: polish_sort_key(t.pl)) if lang == "pl" else (lambda t: t.en.casefold())
    for term in sorted(terms, key=key):
        head, pair = (term.pl, term.en) if lang == "pl" else (term.en, term.pl)
        other = "en" if lang == "pl" else "pl"
        out.append(f'<dl class="{M.term}" id="{esc(term.slug)}">')
        out.append(f'<dt lang="{lang}">{esc(head)}</dt>')
        out.append(f'<dd class="{M.pair}" lang="{other}">{esc(pair)}</dd>')
        note = term.note_pl if lang == "pl" else term.note_en
        if note:
            out.append(f"<dd>{esc(note)}</dd>")
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
    out = page_head(lang, "terms")
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
            f'- <span lang="{word_lang}">{esc(word)}</span> ({word_lang}) → '
            f'<span lang="{"en" if word_lang == "pl" else "pl"}">{esc(pair)}</span> · '
            f"[{ui['see_glossary']}]({href})"
        )
        out.append(line + (f" · {laws}" if laws else ""))
    out.append("")
    return "\n".join(out)
