"""The bilingual glossary: Polish and English law terms, the laws that use them, and the forms
players actually type (inflected, without diacritics, colloquial)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.model import LANGS, Problem
from tools.normalize.citation_id import id_parts, names_a_law
from tools.yaml_data import entry_list, read_data_file, text_list, text_value

_TERM_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# A section letter past H is a typo (the laws' sections run A-G): the loader names the file and
# entry ("64Q7") rather than letting it through to the later unknown-id check.
_SECTIONS = "ABCDEFGH"
_REQUIRED = ("id", "pl", "en", "laws", "definition")
_OPTIONAL = ("pl_variants", "en_variants", "general")


@dataclass(frozen=True)
class Term:
    """One glossary entry: the same law term in Polish and English."""

    id: str
    pl: str
    en: str
    laws: tuple[str, ...]  # citation ids where the term is defined or used, e.g. ("64", "64A")
    definition_pl: str
    definition_en: str
    pl_variants: tuple[str, ...] = ()
    en_variants: tuple[str, ...] = ()
    # a word of nearly every ruling (partner, declarer, director, trick): it names no law
    # (named_laws)
    general: bool = False

    @property
    def named_laws(self) -> tuple[str, ...]:
        """The laws the term points search to: none for a general term, whose words would
        otherwise find the law it is listed under first on every query holding them."""
        return () if self.general else self.laws

    def forms(self, lang: str) -> tuple[str, ...]:
        """The headword and its variants in one language."""
        if lang == "pl":
            return (self.pl, *self.pl_variants)
        if lang == "en":
            return (self.en, *self.en_variants)
        raise ValueError(f"unknown language {lang!r}")

    def headword(self, lang: str) -> str:
        """The term itself in one language."""
        return self.forms(lang)[0]

    def definition(self, lang: str) -> str:
        """The short definition in one language."""
        return {"pl": self.definition_pl, "en": self.definition_en}[lang]


def is_law_id(value: str) -> bool:
    """Whether `value` is a citation id a term may name: "64", "64B3", "50D2a", "71.1"."""
    return names_a_law(value) and all(p in _SECTIONS for p in id_parts(value) if p.isupper())


def term_from_dict(data: Any, where: str) -> Term:
    """One validated Term from a parsed YAML entry; `where` names the file and entry."""
    if not isinstance(data, dict):
        raise SourceError(where, f"an entry must be a mapping, got {type(data).__name__}")
    missing = [key for key in _REQUIRED if key not in data]
    if missing:
        raise SourceError(where, f"missing {', '.join(missing)}")
    unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise SourceError(where, f"unknown field(s) {', '.join(unknown)}")
    term_id = text_value(data["id"], where, "id")
    if not _TERM_ID.fullmatch(term_id):
        raise SourceError(where, f"id {term_id!r} must be lowercase words joined by dashes")
    laws = text_list(data["laws"], where, "laws")
    if not laws:
        raise SourceError(where, "laws must name at least one law id")
    bad = [law for law in laws if not is_law_id(law)]
    if bad:
        raise SourceError(where, f"laws {bad!r} do not look like citation ids (64, 64B3, 50D2a)")
    definition = data["definition"]
    if not isinstance(definition, dict) or set(definition) != {"pl", "en"}:
        raise SourceError(where, f"definition must have exactly pl and en, got {definition!r}")
    return Term(
        id=term_id,
        pl=text_value(data["pl"], where, "pl"),
        en=text_value(data["en"], where, "en"),
        laws=laws,
        definition_pl=text_value(definition["pl"], where, "definition.pl"),
        definition_en=text_value(definition["en"], where, "definition.en"),
        pl_variants=text_list(data.get("pl_variants"), where, "pl_variants"),
        en_variants=text_list(data.get("en_variants"), where, "en_variants"),
        general=_flag(data.get("general", False), where, "general"),
    )


def _flag(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise SourceError(where, f"{key} must be true or false, got {value!r}")
    return value


def parse_glossary(text: str, source: str) -> list[Term]:
    """The validated terms of a glossary YAML text; `source` names it in errors."""
    data = entry_list(text, source, "glossary")
    terms: list[Term] = []
    seen: dict[tuple[str, str], str] = {}
    for number, entry in enumerate(data, start=1):
        label = entry.get("id") if isinstance(entry, dict) else None
        where = f"{source}: entry {number}" + (f" ({label})" if label else "")
        term = term_from_dict(entry, where)
        for key in (("id", term.id), ("pl", term.pl.casefold()), ("en", term.en.casefold())):
            if key in seen:
                raise SourceError(where, f"{key[0]} {key[1]!r} is already used by {seen[key]}")
            seen[key] = term.id
        terms.append(term)
    return terms


def load_glossary(path: Path) -> list[Term]:
    """The validated terms of the glossary file, in file order."""
    text = read_data_file(path, "glossary")
    return parse_glossary(text, str(path))


def validate_glossary_laws(terms: list[Term], known_ids: set[str]) -> list[Problem]:
    """One Problem for every law id a term names that is not among `known_ids`."""
    return [
        Problem("glossary-unknown-law", f"glossary/{term.id}", f"law id {law} is not known")
        for term in terms
        for law in term.laws
        if law not in known_ids
    ]


def _by_first_law(terms: list[Term], strings: Callable[[Term, str], Iterable[str]]
                  ) -> dict[str, list[str]]:
    """{law number: the `strings` (of a term, in a language) of the terms whose first law it
    is, in both languages}, each once, sorted."""
    from tools.normalize.citation_id import law_number

    found: dict[str, set[str]] = {}
    for term in terms:
        if term.named_laws:
            found.setdefault(str(law_number(term.named_laws[0])), set()).update(
                text for lang in LANGS for text in strings(term, lang) if text)
    return {law: sorted(texts) for law, texts in sorted(found.items())}


def terms_by_first_law(terms: list[Term]) -> dict[str, list[str]]:
    """{law number: every form, in both languages, of the terms whose first law it is}: what
    finds a law known by its titles only by players' words, one law a term (as a situation
    brings the one law it rests on), both search engines alike."""
    return _by_first_law(terms, lambda term, lang: term.forms(lang))


@dataclass(frozen=True)
class FirstLawTerms:
    """The glossary terms whose first law a law is, as its record in the site's search holds
    them: every form (what finds a law known by its titles only, terms_by_first_law) and the
    headwords (the search box puts that law first among equals when the query names one of
    them: order.js titlesByWords, as the CLI lifts a term's first law, rank.py)."""

    forms: list[str]
    heads: list[str]


def first_law_terms(terms: list[Term]) -> dict[str, FirstLawTerms]:
    """{law number: the forms and headwords, in both languages, of the terms whose first law
    it is}."""
    forms = terms_by_first_law(terms)
    heads = _by_first_law(terms, lambda term, lang: [term.headword(lang)])
    return {law: FirstLawTerms(forms[law], heads.get(law, [])) for law in forms}


def find_term(terms: list[Term], words: str) -> Term | None:
    """The term whose headword or variant, in either language, is `words` (case-insensitive)."""
    wanted = " ".join(words.split()).casefold()
    for term in terms:
        if any(form.casefold() == wanted for lang in LANGS for form in term.forms(lang)):
            return term
    return None
