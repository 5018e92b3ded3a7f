"""The documents of the search index: one per law, unit, title-only law, glossary term and
situation, with the words each field role is matched against."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tools.model import LANGS, Corpus, Law, Unit, law_lead_ins, walk
from tools.normalize.citation_id import is_citation_id, law_number, lineage
from tools.search.analysis import distinct_words
from tools.urls import glossary_url, law_path, situation_path, unit_url

_WORDS = re.compile(r"\w+")
SHORTEST_WORD = 3  # the vocabulary's and the spellings' shortest word


@dataclass
class SearchDoc:
    """One searchable document: a law, a unit, a title-only law, a glossary term or a situation."""

    kind: str  # "law", "unit", "title", "glossary", "situation"
    id: str  # citation id ("64B3"), or glossary/situation id
    lang: str
    edition: str  # "1997", "2017", or "" for content that belongs to no edition
    law: str  # law number as text, "" when none
    title: str  # display title path
    url: str
    title_text: str = ""  # words matched with the strongest weight
    context_text: str = ""  # the law's title: matched with a weak weight
    # the texts leading into a unit (model.lead_ins), matched as its context; not counted in
    # the vocabulary, where each lead-in would count once per item and make rare words common
    lead_text: str = ""
    parent_text: str = ""  # the titles of the units above: what the unit is part of
    # what finds a law known by its titles only besides them (its sections' headings, the
    # players' words of its glossary terms): counted as words it holds, weighed lightly, so a
    # title page is found by them without outscoring the text that answers
    pointer_text: str = ""
    body: str = ""  # the text shown in snippets
    depth: int = 0
    whole: str = ""  # a law document's whole text, units included: ranks laws as a whole
    extra: dict[str, Any] = field(default_factory=dict)


def _unit_docs(law: Law, units: list[Unit], parents: list[str],
               leads: dict[str, tuple[str, ...]]) -> Iterator[SearchDoc]:
    for unit in units:
        path = [*parents, unit.title] if unit.title else parents
        if unit.text or not unit.children:
            # A unit that only heads its items (64C, an empty 64C2) is no answer of its own:
            # its title is searched as the parent title of each of its items.
            yield SearchDoc(
                kind="unit",
                id=unit.id,
                lang=law.lang,
                edition=str(law.edition),
                law=law.id,
                title=" › ".join([f"{law.id}. {law.title}", *path]),
                url=unit_url(law.edition, law.lang, unit.id),
                title_text=unit.title,
                context_text=law.title,
                # 64A1 is read after "Gdy fałszywy renons uprawomocnił się i:", so a query
                # about established revokes covers it
                lead_text=" ".join(leads[unit.id]),
                parent_text=" ".join(parents),
                body=unit.text,
                depth=unit.level,
            )
        yield from _unit_docs(law, unit.children, path, leads)


def law_docs(law: Law) -> Iterator[SearchDoc]:
    """The law's own document (title and opening text) and one per unit."""
    yield SearchDoc(
        kind="law",
        id=law.id,
        lang=law.lang,
        edition=str(law.edition),
        law=law.id,
        title=f"{law.id}. {law.title}",
        url=law_path(law.edition, law.lang, law.number),
        title_text=law.title,
        context_text=law.chapter,
        body="\n\n".join(part for part in [law.text, *law.notes] if part),
        whole="\n\n".join(
            [law.text, *(f"{unit.title}\n{unit.text}" for unit in walk(law.sections)), *law.notes]
        ),
    )
    yield from _unit_docs(law, law.sections, [], law_lead_ins(law))


def outline_docs(outline: Any, corpus: Corpus, terms: dict[str, list[str]] | None = None
                 ) -> Iterator[SearchDoc]:
    """Title documents for each official 2017 law title, in Polish and English, that the corpus
    does not already hold as a law page, with its sections' headings and the players' words of
    the glossary terms it is the first law of (`terms`, glossary.terms_by_first_law)."""
    for number in outline.laws():
        entry = outline.law(number)
        for lang, title in (("en", entry.title_en), ("pl", entry.title_pl)):
            if not title or corpus.law(2017, lang, number) is not None:
                continue
            yield SearchDoc(
                kind="title",
                id=str(number),
                lang=lang,
                edition="2017",
                law=str(number),
                title=f"{number}. {title}",
                url=law_path(2017, lang, number),  # its title page: titles, and a link out
                title_text=title,
                # its sections' headings, as its title page shows them ("79C. Błąd w zapisie"),
                # and the players' words of the terms it is the first law of
                pointer_text=" ".join([
                    *(name for _, name, _ in outline.section_names(number, lang) if name),
                    *distinct_words((terms or {}).get(str(number), []))]),
                # ... which name the law as its title does when a query names one in full
                # (naming.py title_named: "błąd sędziego" is 82C's heading)
                # (each "id<TAB>heading", so a hit can link to the section it names)
                extra={"sections": [f"{id_}\t{name}" for id_, name, name_lang
                                    in outline.section_names(number, lang)
                                    if name and name_lang == lang]},
            )


def _pair(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang, ""))
    return str(getattr(value, lang, "") or "")


def glossary_docs(terms: list[Any]) -> Iterator[SearchDoc]:
    """One document per glossary term and language shown; both languages' forms are matched."""
    for term in terms:
        laws = [str(law) for law in term.named_laws]  # a general term lifts none
        forms = " ".join([*term.forms("pl"), *term.forms("en")])
        for lang in LANGS:
            other = "en" if lang == "pl" else "pl"
            yield SearchDoc(
                kind="glossary",
                id=term.id,
                lang=lang,
                edition="",
                law="",  # a term is no law: it lifts the laws it lists instead
                title=f"{term.headword(lang)} = {term.headword(other)}",
                url=glossary_url(lang, term.id),
                title_text=forms,
                body=term.definition(lang),
                extra={"laws": laws},
            )


def situation_docs(situations: list[Any]) -> Iterator[SearchDoc]:
    """One document per situation and language: title and phrases weigh most, with the general
    words of their table talk (a query's table talk is expanded the same way)."""
    from tools.search.jargon import expand_jargon

    for situation in situations:
        laws = [str(law) for law in situation.laws]
        number = str(law_number(laws[0])) if laws else ""
        for lang in LANGS:
            phrases = situation.phrases.get(lang, []) if isinstance(situation.phrases, dict) else []
            title = _pair(situation.title, lang)
            yield SearchDoc(
                kind="situation",
                id=situation.id,
                lang=lang,
                edition="2017",
                law=number,
                title=title,
                url=situation_path(lang, situation.id),
                title_text=expand_jargon(" ".join([title, *phrases])),
                body=_pair(situation.answer, lang),
                extra={"laws": laws, "lookup": _lookup_fields(situation) if lang == "pl" else {}},
            )


def _lookup_fields(situation: Any) -> dict[str, str]:
    """The situation lookup's own fields, both languages on one document (a Polish
    description may use English bridge words): title, phrases and answer, and the ids cited
    with their ancestors ("64B3" -> 64, 64b, 64b3)."""
    from tools.search.jargon import expand_jargon

    fields: dict[str, str] = {"cites": " ".join(sorted({
        prefix for law in situation.laws for prefix in cite_prefixes(str(law))}))}
    for lang in LANGS:
        fields[f"sit_title_{lang}"] = expand_jargon(_pair(situation.title, lang))
        fields[f"sit_phrases_{lang}"] = "\n".join(
            expand_jargon(phrase) for phrase in situation.phrases.get(lang, []))
        fields[f"sit_answer_{lang}"] = _pair(situation.answer, lang)
    return fields


def cite_prefixes(cite: str) -> list[str]:
    """The id and its ancestors, lowercased ("64B3" -> ["64", "64b", "64b3"])."""
    return [unit_id.lower() for unit_id in (lineage(cite) if is_citation_id(cite) else [cite])]


def vocabulary(docs: list[SearchDoc]) -> dict[str, int]:
    """Every word of the indexed texts, folded, with how often it occurs: what a mistyped
    query word is corrected against."""
    from tools.search.analysis import fold

    counts: dict[str, int] = {}
    for text in _counted_texts(docs):
        for word in _WORDS.findall(fold(text.lower())):
            if word.isalpha() and len(word) >= SHORTEST_WORD:
                counts[word] = counts.get(word, 0) + 1
    return dict(sorted(counts.items()))


def _counted_texts(docs: list[SearchDoc]) -> Iterator[str]:
    """The texts of the documents whose words the vocabulary and the spellings count: a
    clause's lead-in is not among them (it would count once per item below it)."""
    for doc in docs:
        yield from (doc.title_text, doc.context_text, doc.parent_text, doc.body)


def spellings(docs: list[SearchDoc]) -> dict[str, str]:
    """Each folded word of the indexed texts that they print with diacritics one way only
    ("reki" -> "ręki"): a query typed without them is searched in the texts' spelling on the
    site, where Pagefind stems and scores the two spellings apart (the CLI's index is folded
    and needs none)."""
    from tools.search.analysis import fold

    forms: dict[str, set[str]] = {}
    for text in _counted_texts(docs):
        for word in _WORDS.findall(text.lower()):
            if word.isalpha() and len(word) >= SHORTEST_WORD:
                forms.setdefault(fold(word), set()).add(word)
    # only a word the texts print one way with diacritics ("przygwozdzona" is both
    # "przygwożdżona" and "przygwożdżoną", two forms Pagefind stems apart: it reads such a word
    # as typed); the glossary's players' words also stand without them ("wist z niewlasciwej reki")
    spelt = {folded: seen - {folded} for folded, seen in forms.items()}
    return {folded: next(iter(found)) for folded, found in sorted(spelt.items()) if len(found) == 1}


def corpus_docs(corpus: Corpus) -> list[SearchDoc]:
    """Every law and unit document of the corpus, in a stable order."""
    return [doc for law in sorted(corpus.laws, key=lambda law: law.key) for doc in law_docs(law)]
