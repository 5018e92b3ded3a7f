"""What a typed query means, for every engine: the words typed, the law's words for players'
words (from the glossary), the general words table talk stands for, and typos corrected
against the index's own vocabulary.

Folding, stop words and stems are `tools.search.analysis`; citation ids are
`tools.normalize.citation_id`. This module adds the query side, and `spec` gathers all of it into
the JSON the site's scripts read, so the CLI, the situation lookup, the site search and the wizard
filter cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tools.model import LANGS
from tools.search.analysis import (
    APOSTROPHE_PIECES,
    ENGLISH_IRREGULAR,
    ENGLISH_STOPS,
    FOLD_LETTERS,
    NEGATION,
    POLISH_STOPS,
    fold,
    negated_words,
)
from tools.search.jargon import jargon_table, jargon_words
from tools.search.rank import ranking_rules
from tools.search.synonyms import WORD, Synonym, synonym_namings, word_keys

MAX_QUERY_CHARS = 200
SYNONYM_WEIGHT = 0.5  # the law's words for players' words count half a typed word
JARGON_WEIGHT = 1.0  # the general words table talk stands for count as typed
TYPO_WEIGHT = 0.8  # the word a typo most likely meant is searched beside the typed one
# Word length below which a word may carry this many wrong letters and still be corrected.
TYPO_BOUNDS = ((4, 0), (9, 1), (999, 2))
SHORTEST_CANDIDATE = 4  # correct() offers no shorter word (typos.js correct holds the same)
# How both engines say what an English query was read as in the Polish text: each typed form
# and its Polish term, the several ways of one word, the pairs ("touched → dotknąć / dotykać").
READING = {"as": " → ", "ways": " / ", "pairs": ", "}
# How the site reads an English query word as a form of a glossary term's word, where the CLI
# compares their Snowball stems: the same word but for one of the "endings", or, after the
# term's word drops a final "e" or "y" ("dropped"), one of the endings that letter gives way to
# ("after_dropped": "revoked", "penalties", "conceding"; "players" is no form of "play", a
# different stem, and "pary" none of "pard"). A search box of the round before, still cached,
# reads "dropped" with any of the "endings".
ENGLISH_INFLECTIONS = {"dropped": ["e", "y"], "endings": ["", "d", "ed", "es", "ing", "s"],
                       "after_dropped": {"e": ["ing"], "y": ["ied", "ies"]}}
# A word the texts hold once only, in another form (a misprint: "renosu"), is still read as a
# typo of a near word they use at least this often ("renos" -> "renons"), as Lucene's spell
# checker suggests a more popular word.
POPULAR = 5


def edit_distance(a: str, b: str, bound: int) -> int:
    """Levenshtein distance with adjacent transpositions, or bound + 1 once it exceeds bound."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > bound:
            return bound + 1
        previous2, previous = previous, current
    return previous[-1]


def allowed_typos(word: str) -> int:
    """How many wrong letters a word of this length may carry and still be corrected."""
    return next(bound for below, bound in TYPO_BOUNDS if len(word) < below)


def correct(word: str, vocabulary: dict[str, int]) -> str | None:
    """The word of the vocabulary (folded form -> count) a mistyped word most likely meant:
    the nearest by edit distance, then the most frequent; None when nothing is near, or when
    the word is in the vocabulary, where a count of 0 marks a word of the language the texts
    never use (tools/search/words.py): left as typed, never offered."""
    folded = fold(word.lower())
    bound = allowed_typos(folded)
    if not bound or folded in vocabulary or not folded.isalpha():
        return None
    best: tuple[int, int, str] | None = None
    for candidate, count in vocabulary.items():
        # a typo rarely hits the first letter: keeping it keeps real words from being "fixed"
        if (abs(len(candidate) - len(folded)) > bound or candidate[0] != folded[0]
                or len(candidate) < SHORTEST_CANDIDATE or not count):
            continue
        distance = edit_distance(folded, candidate, bound)
        if distance <= bound:
            key = (distance, -count, candidate)
            if best is None or key < best:
                best = key
    return best[2] if best else None


@dataclass
class Query:
    """A query read: the typed words, weighted extra words, and the typos corrected."""

    text: str
    words: list[str]  # the typed words, lowercase, in order, no repeats
    extra: list[tuple[str, float]] = field(default_factory=list)  # (word, weight)
    corrected: dict[str, str] = field(default_factory=dict)  # typed -> searched
    # (the words naming a glossary variant, its headword's words, their language): a text
    # holding the headword answers the players' words ("wychodzi" -> "wyjście")
    synonyms: list[tuple[list[str], list[str], str]] = field(default_factory=list)
    # a word typed after "nie" -> the word they make joined: a text holding that answers the
    # word too ("nie nazwał" -> "nienazwał", which finds "nienazwaną")
    negated: dict[str, str] = field(default_factory=dict)


def read_query(text: str, synonyms: Sequence[Synonym] = (),
               known: Any = None, vocabulary: dict[str, int] | None = None,
               lang: str | None = None, rare: Any = None) -> Query:
    """The query's words; `known(word)` says whether the index has the word in any form, and
    an unknown word is replaced by its nearest word of `vocabulary`, as is a word `rare(word)`
    says the texts hold in one document only, by a near word they use often (POPULAR); the
    law's words for players' words are taken in `lang` only when it is given."""
    typed = [w for w in WORD.findall(text.lower()) if w not in APOSTROPHE_PIECES]
    query = Query(text=text, words=list(dict.fromkeys(typed))[:32])
    query.negated = negated_words(WORD.findall(text))
    for word in query.words:
        # A word the index has in no form may be a typo, or a real word the laws never use
        # ("mamy"): the nearest word of the index is searched beside it, never instead.
        if known is None or not vocabulary:
            continue
        if not known(word):
            fixed = correct(word, vocabulary)
        elif rare is not None and rare(word):
            fixed = correct(word, vocabulary)
            fixed = fixed if fixed and vocabulary.get(fixed, 0) >= POPULAR else None
        else:
            fixed = None
        if fixed:
            query.corrected[word] = fixed
    # a typo typed after "nie": the word it meant is read after it too
    query.negated.update({fixed: NEGATION + fixed for typo, fixed in query.corrected.items()
                          if typo in query.negated})
    read = " ".join([*query.words, *query.corrected.values()])
    langs = (lang,) if lang else LANGS
    namings = [n for n in synonym_namings(read, synonyms, query.negated) if n[2] in langs]
    query.synonyms = [(naming, WORD.findall(head.lower()), code) for naming, head, code in namings]
    extra = [w for code in langs for _, head, c in query.synonyms if c == code for w in head
             if word_keys(w, code)]  # not its function words ("do" of "dodać do koloru")
    # a word the query already holds in some form adds nothing ("fałszywe" types "fałszywy")
    typed_keys = [word_keys(w, code) for w in query.words for code in LANGS]

    def new(word: str) -> bool:
        keys = word_keys(word, "pl") | word_keys(word, "en")
        return not any(keys & have for have in typed_keys)

    # each word once, at the first weight that adds it (a word both a glossary variant and table
    # talk stand for: its score must not count twice)
    weighted = [*((w, TYPO_WEIGHT) for w in query.corrected.values()),
                *((w, SYNONYM_WEIGHT) for w in extra if new(w)),
                *((w, JARGON_WEIGHT) for w in jargon_words(read) if new(w)),
                *((w, JARGON_WEIGHT) for w in query.negated.values() if new(w))]
    first: dict[str, float] = {}
    for word, weight in weighted:
        first.setdefault(word, weight)
    query.extra += list(first.items())
    return query


def translations(pairs: Iterable[dict[str, Any]]) -> list[list[Any]]:
    """The glossary's term pairs and the word pairs as the site reads an English query against
    the Polish law text (the engine's named_terms in tools/search/engine.py): [English form,
    folded; Polish headword] for every English form, and a third item, 1, on a word pair's
    rows: they list every English inflection, so the site matches them as typed, where a
    glossary form's words are matched in their inflections (ENGLISH_INFLECTIONS). Only this
    way round: the site's Polish pages hold the law text, and a Polish query reads it as typed."""
    rows = {(fold(form.lower()), pair["pl"], *([1] if pair.get("exact") else []))
            for pair in pairs for form in pair["en_forms"]}
    return [list(row) for row in sorted(rows)]


def spec(synonyms: Iterable[Synonym | dict[str, str]], citation_rule: dict[str, Any],
         pairs: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """The JSON the site's scripts read: folding, stop words, synonyms, the glossary's term
    pairs and the word pairs, table talk, citation ids and the query limit, so every engine
    reads a query the same way."""
    return {
        "fold_extra": FOLD_LETTERS,
        "stops": {"pl": sorted(POLISH_STOPS), "en": sorted(ENGLISH_STOPS)},
        "synonyms": sorted(
            ({"lang": s["lang"], "form": fold(s["form"].lower()), "headword": s["headword"]}
             for s in (x if isinstance(x, dict) else x.__dict__ for x in synonyms)),
            key=lambda s: (s["lang"], s["form"], s["headword"])),
        "translations": translations(pairs),
        "jargon": jargon_table(),
        "citation": citation_rule,
        "max_query_chars": MAX_QUERY_CHARS,
        "typo_bounds": TYPO_BOUNDS,
        "ranking": ranking_rules(),
        "reading": READING,
        "inflections": ENGLISH_INFLECTIONS,
        "irregular": dict(sorted(ENGLISH_IRREGULAR.items())),
        "negation": NEGATION,
        "weights": {"synonym": SYNONYM_WEIGHT, "jargon": JARGON_WEIGHT},
        "pieces": sorted(APOSTROPHE_PIECES),
    }
