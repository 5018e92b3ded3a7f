"""Players' words: the glossary's variant forms (and the law's term each stands for), and which
of them a text names, read the same way by every engine (tools/search/query.py read_query; the
site's query.js synonymTerms mirrors synonym_namings)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tools.model import LANGS
from tools.search.analysis import english_terms, negated_words, polish_terms, with_negations

WORD = re.compile(r"\w+")


def read_words(text: str, lang: str) -> list[str]:
    """The text's words as a glossary form is matched in `lang`: a Polish word after "nie" is
    read joined to it (analysis.with_negations)."""
    words = WORD.findall(text)
    return with_negations(words) if lang == "pl" else words


def word_keys(word: str, lang: str) -> frozenset[str]:
    """The analysed forms of one word (folded, stemmed) that make two inflections meet."""
    word = word.lower()
    return frozenset(polish_terms(word) if lang == "pl" else english_terms(word))


def form_keys(form: str, lang: str) -> tuple[frozenset[str], ...]:
    """The analysed forms of each content word of a glossary form, as a query must hold them."""
    return tuple(k for k in (word_keys(w, lang) for w in read_words(form, lang)) if k)


@dataclass(frozen=True)
class Synonym:
    """A glossary form players use (variant) and the law term it stands for (headword)."""

    lang: str
    form: str  # the variant as the glossary writes it
    words: tuple[frozenset[str], ...]  # the analysed forms of each word of the variant
    headword: str


def glossary_synonyms(terms: Iterable[Any]) -> list[Synonym]:
    """From the glossary: every variant form of a term (players' words, older terms) as a
    Synonym for the term's headword in the same language. An inflection of the headword adds
    nothing; variants whose words are all stop words analyse to nothing and are left out."""
    synonyms = []
    for term in terms:
        for lang in LANGS:
            headword = term.headword(lang)
            head = form_keys(headword, lang)
            for form in term.forms(lang)[1:]:
                words = form_keys(form, lang)
                inflection = all(any(h & w for w in words) for h in head)
                if words and not inflection:
                    synonyms.append(Synonym(lang, form, words, headword))
    return synonyms


def first_word_index(synonyms: Sequence[Synonym]) -> dict[tuple[str, str], list[int]]:
    """(language, an analysed form of a variant's first word) -> the positions of the variants
    with that first word: a query is checked only against variants whose first word it holds,
    not against every variant of the glossary (a third of a warm query on the CLI)."""
    index: dict[tuple[str, str], list[int]] = {}
    for position, synonym in enumerate(synonyms):
        # a variant of no content words is held by every text, as every word of it is
        for key in synonym.words[0] if synonym.words else ("",):
            index.setdefault((synonym.lang, key), []).append(position)
    return index


class SynonymTable(tuple):
    """The synonyms an open index reads on every query, with their first_word_index built
    once (SearchIndex.synonyms); any other sequence of synonyms is indexed when read."""

    @functools.cached_property
    def by_first_word(self) -> dict[tuple[str, str], list[int]]:
        """first_word_index of these synonyms."""
        return first_word_index(self)


def synonym_namings(text: str, synonyms: Sequence[Synonym],
                    negated: dict[str, str] | None = None) -> list[tuple[list[str], str, str]]:
    """Each glossary variant all of whose words occur in the text, in any order and inflection,
    as the text's words that name it, its headword and their language, a headword once:
    "karta karna mała" holds "mała karta karna", a players' name for the minor penalty card.
    A Polish word typed after "nie" (`negated`, the text's own when not given) names only a
    form that negates it too: "czego wolno dziadkowi" names no "czego nie wolno dziadkowi"."""
    words = WORD.findall(text)
    if negated is None:
        negated = negated_words(words)
    keys = {lang: [word_keys(negated.get(w.lower(), w) if lang == "pl" else w, lang)
                   for w in words] for lang in LANGS}
    # every analysed form the text holds, per language: a variant's word is in the text when
    # one of its forms is among them (one set test per word, over every variant of the glossary)
    present = {lang: frozenset().union(*keys[lang]) for lang in LANGS}
    named: list[tuple[list[str], str, str]] = []
    seen: set[tuple[str, str]] = set()
    index = (synonyms.by_first_word if isinstance(synonyms, SynonymTable)
             else first_word_index(synonyms))
    # the variants whose first word the text holds, in the glossary's order (the first variant
    # of a headword that the text holds names it)
    positions = sorted({p for lang in LANGS for key in (*present[lang], "")
                        for p in index.get((lang, key), ())})
    for synonym in (synonyms[p] for p in positions):
        if (synonym.headword, synonym.lang) in seen:
            continue
        have = keys[synonym.lang]
        if all(not need.isdisjoint(present[synonym.lang]) for need in synonym.words):
            naming = [w for w, k in zip(words, have, strict=True)
                      if any(need & k for need in synonym.words)]
            named.append((list(dict.fromkeys(naming)), synonym.headword, synonym.lang))
            seen.add((synonym.headword, synonym.lang))
    return named


def synonym_headwords(text: str, synonyms: Sequence[Synonym]) -> dict[str, list[str]]:
    """Per language, the headword of every glossary variant all of whose words occur in the text
    (synonym_namings): "karta karna mała" finds "podrzędna karta przygwożdżona"."""
    found: dict[str, list[str]] = {"pl": [], "en": []}
    for _, headword, lang in synonym_namings(text, synonyms):
        found[lang].append(headword)
    return found
