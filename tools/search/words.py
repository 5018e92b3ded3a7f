"""What is a word of Polish or English, from a maintained word-frequency list (wordfreq), so that
typo correction changes only what is not a word: "wejście" (an entry) is a word and stays as
typed, where the laws' text would read it as "wyjście" (a lead); "renos" is none and is read as
"renons".

The lists are large (about 450,000 Polish and 320,000 English forms), and the question only
matters for a word that correct() could turn into a word of the index. So the build keeps only
those: the words of the language, common enough (MIN_ZIPF), that lie within a typo's distance of
a word of the index's vocabulary. They join the vocabulary with the count 0: a word both engines
leave as typed and never offer as a correction (tools/search/query.py correct, typos.js)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from tools.model import LANGS
from tools.search.analysis import fold
from tools.search.query import SHORTEST_CANDIDATE, TYPO_BOUNDS, allowed_typos, edit_distance

# A word at least this common (Zipf scale: 3 is once per million words) counts as a word of the
# language; rarer entries of the lists are mostly names and misspellings, "renos" among them.
MIN_ZIPF = 2.5


@cache
def language_words(min_zipf: float = MIN_ZIPF) -> frozenset[str]:
    """Every word of Polish and English at least `min_zipf` common, lowercase and folded."""
    from wordfreq import get_frequency_dict

    least = 10 ** (min_zipf - 9)  # the lists hold frequencies; Zipf is log10 per billion
    words: set[str] = set()
    for lang in LANGS:
        for word, frequency in get_frequency_dict(lang, "large").items():
            if frequency >= least and len(word) >= SHORTEST_CANDIDATE and word.isalpha():
                words.add(fold(word.lower()))
    return frozenset(words)


def _deletions(word: str, times: int) -> set[str]:
    """The word with up to `times` letters left out (its first letter kept, as correct() keeps
    it): two words within that many edits share one of these (the symmetric-delete method)."""
    found = {word}
    frontier = {word}
    for _ in range(times):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(1, len(w))}
        found |= frontier
    return found


def near_words(vocabulary: dict[str, int], words: Iterable[str]) -> list[str]:
    """The `words` not in `vocabulary` that correct() would read as a typo of one of its words."""
    deepest = max(bound for _, bound in TYPO_BOUNDS)
    by_deletion: dict[str, list[str]] = {}
    for known in vocabulary:
        if len(known) >= SHORTEST_CANDIDATE:
            for key in _deletions(known, deepest):
                by_deletion.setdefault(key, []).append(known)
    near = []
    for word in words:
        bound = allowed_typos(word)
        if word in vocabulary or not bound:
            continue
        candidates = {known for key in _deletions(word, bound)
                      for known in by_deletion.get(key, ())}
        if any(abs(len(known) - len(word)) <= bound and
               edit_distance(word, known, bound) <= bound for known in candidates):
            near.append(word)
    return sorted(near)


def with_language_words(vocabulary: dict[str, int]) -> dict[str, int]:
    """The vocabulary plus, at count 0, the words of the language a typo reading would take for
    its words' misspellings."""
    added = _near_language_words(tuple(sorted(vocabulary)))
    return dict(sorted({**vocabulary, **dict.fromkeys(added, 0)}.items()))


@cache
def _near_language_words(vocabulary: tuple[str, ...]) -> tuple[str, ...]:
    # kept per vocabulary: every build of the same texts (the tests make many) asks once
    return tuple(near_words(dict.fromkeys(vocabulary, 1), language_words()))
