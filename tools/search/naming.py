"""What a query names in full: a law's title or a section's heading, said together."""

from __future__ import annotations

from tools.search.analysis import english_terms, polish_terms
from tools.search.query import WORD


def title_named(title: str, typed: set[str], lang: str = "pl",
                spoken: list[set[str]] | None = None) -> bool:
    """Whether the query names a law's title (or any text) in full: every content word of it
    (two at least; "64. " and the function words of both languages aside) is a form of a word
    typed (`typed`, their terms), and, given the query's content words in order (`spoken`,
    spoken_terms), side by side. Such a title is the law the query means, whatever text
    shares one more common word; a story that holds its words apart names it in passing
    ("he'd won the last trick" is not Law 79's "Tricks Won")."""
    words = [w.lower() for w in WORD.findall(title.partition(". ")[2] or title)]
    content = [(polish_terms if lang == "pl" else english_terms)(w) for w in words
               if polish_terms(w) and english_terms(w)]
    if len(content) < 2 or not all(set(terms) & typed for terms in content):
        return False
    if spoken is None:
        return True
    # side by side, in any order ("pas poza kolejnością", "poza kolejnością pas"): over the
    # 18 read sets, law first 914 -> 918 of 1080; with one more word allowed between them 916,
    # with two or three 913
    return any(all(any(set(terms) & have for have in spoken[at:at + len(content)])
                   for terms in content)
               for at in range(max(1, len(spoken) - len(content) + 1)))


def spoken_terms(words: list[str]) -> list[set[str]]:
    """The terms of the query's content words (title_named's) in the order typed."""
    lowered = [w.lower() for w in words]
    return [terms_of([w]) for w in lowered if polish_terms(w) and english_terms(w)]


def terms_of(words: list[str]) -> set[str]:
    """The words' terms in both languages (folded, stems), as title_named compares them."""
    return {t for w in words for t in (*polish_terms(w), *english_terms(w))}
