"""Glossary terms in law text: where a unit uses an official term, and whether the other
language's text has the term's pair.

Using a term is judged strictly: the headword, or a listed variant that inflects it, word by word
in a row (Polish words through their stems: "kartę przygwożdżoną" is "karta przygwożdżona"); the
longest term wins a stretch of text, so "major penalty card" is not also "penalty card", and a
colloquial variant ("lewy przeciwnik" for LHO) takes its words away from shorter terms ("lewa").
Having the pair is judged leniently as to grammar, not as to wording: the headword or an
inflection of it (never a colloquial variant: "karta karna" is not "karta przygwożdżona"), its
words anywhere in the unit, matched by stem or a long shared beginning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from tools.model import LANGS
from tools.normalize.glossary import Term
from tools.search.analysis import ENGLISH_STOPS, POLISH_STOPS, english_terms, fold, polish_terms

_WORD = re.compile(r"\w+")
_STOPS = {"pl": POLISH_STOPS, "en": ENGLISH_STOPS}
MIN_STEM = 4  # a shorter Polish stem ("lew") names too many words (lewa, lewy, lewo)


@dataclass(frozen=True)
class TermUse:
    """One use of a glossary term in a text."""

    term: str  # the term's id
    start: int
    end: int


@dataclass(frozen=True)
class _Form:
    term: str
    words: tuple[str, ...]  # lowercase words of the form
    trigger: bool  # the headword or an inflection of it, not a colloquial variant


def words(text: str) -> list[tuple[str, int, int]]:
    """The words of a text, lowercase, with their offsets; a lone possessive "s" is dropped."""
    found = [(m.group(0).lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    return [w for i, w in enumerate(found)
            if not (w[0] == "s" and i and text[w[1] - 1:w[1]] in "'’")]


@cache
def _folded(word: str) -> str:
    """The word folded (ą->a, ł->l), remembered."""
    return fold(word)


@lru_cache(maxsize=4096)
def _text_words(text: str, lang: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """A text's words, folded, each with its loose keys (a text is looked at once per term)."""
    return tuple((_folded(w), loose_keys(w, lang)) for w, _, _ in words(text))


@cache
def strict_keys(word: str, lang: str) -> frozenset[str]:
    """What a word is known by when a term's use is judged: its folded form and its stems."""
    folded = fold(word)
    if lang == "en":
        return frozenset({folded, *english_terms(word)})
    return frozenset({folded, *(t for t in polish_terms(word) if len(t) >= MIN_STEM)})


@cache
def loose_keys(word: str, lang: str) -> frozenset[str]:
    """What a word is known by when a pair is looked for: every stem, however short."""
    terms = english_terms(word) if lang == "en" else polish_terms(word)
    return frozenset({fold(word), *terms})


@cache
def _content(form: str, lang: str) -> tuple[str, ...]:
    """The words of a term's form that are not function words."""
    return tuple(w for w, _, _ in words(form) if fold(w) not in _STOPS[lang])


def _inflects(variant: str, headword: str, lang: str) -> bool:
    """Whether a variant is the headword inflected or spelled out: as many content words, each
    sharing a stem or its first two letters with the headword's (lewy: lewa, ręce: ręka; not
    karta karna: karta przygwożdżona). Every variant of an acronym headword
    (LHO) spells it out."""
    if headword.isupper() and len(headword) <= 4:
        return True
    a, b = _content(variant, lang), _content(headword, lang)
    return len(a) == len(b) and all(
        loose_keys(x, lang) & loose_keys(y, lang) or fold(x)[:2] == fold(y)[:2]
        for x, y in zip(a, b, strict=True))


def _near(word: str, other: str, lang: str) -> bool:
    """Whether a folded text word is the folded term word with an ending: it begins with the
    whole of it (pas, pasuje), or the two share most of their length (kolor, kolorze); in
    Polish also when a consonant alternates before the ending (karta, karcie)."""
    n = 0
    for x, y in zip(word, other, strict=False):
        if x != y:
            break
        n += 1
    return ((n == len(word) >= 3) or (n >= MIN_STEM and n >= min(len(word), len(other)) - 3)
            or (lang == "pl" and n >= 3 and n >= len(word) - 2))


class TermMatcher:
    """Finds the glossary's terms in texts of either language."""

    def __init__(self, glossary: list[Term]) -> None:
        """Index every form of every term in both languages."""
        self.terms = {term.id: term for term in glossary}
        self.forms: dict[str, list[_Form]] = {}
        self.official: dict[tuple[str, str], list[str]] = {}  # (term, lang) -> trigger forms
        for lang in LANGS:
            forms = []
            for term in glossary:
                head = term.headword(lang)
                for form in term.forms(lang):
                    trigger = form == head or _inflects(form, head, lang)
                    parts = tuple(w for w, _, _ in words(form))
                    if parts:
                        forms.append(_Form(term.id, parts, trigger))
                    if trigger:
                        self.official.setdefault((term.id, lang), []).append(form)
            # longest first; in a tie the headword's own term before a colloquial variant
            forms.sort(key=lambda f: (-len(f.words), not f.trigger, f.term, f.words))
            self.forms[lang] = forms
        # forms by the first three letters of their first word; what fits is checked word by
        # word: a one-word use by its keys, a longer use also by a shared beginning (kartę,
        # karcie przygwożdżonej), a colloquial form (which only takes its words away from
        # shorter terms) by loose keys ("ręki dziadka" for "ręka dziadka")
        self.by_start: dict[str, dict[str, list[_Form]]] = {}
        for lang, forms in self.forms.items():
            index = self.by_start.setdefault(lang, {})
            for form in forms:
                index.setdefault(fold(form.words[0])[:3], []).append(form)
        self.order = {id(f): n for forms in self.forms.values() for n, f in enumerate(forms)}

    def _fits(self, form: _Form, word: str, token: str, lang: str) -> bool:
        """Whether a text word fits one word of a form."""
        if not form.trigger:
            return bool(loose_keys(token, lang) & loose_keys(word, lang))
        if strict_keys(token, lang) & strict_keys(word, lang):
            return True
        return (len(form.words) > 1 and _folded(word) not in _STOPS[lang]
                and _near(_folded(word), _folded(token), lang))

    def used(self, text: str, lang: str) -> list[TermUse]:
        """The terms a text uses, in text order; each stretch of words goes to the longest
        form that fits it, and only a headword or its inflection counts as a use."""
        tokens = words(text)
        index = self.by_start.get(lang, {})
        candidates: list[tuple[int, int, int, _Form]] = []
        for i, (token, _, _) in enumerate(tokens):
            for form in index.get(_folded(token)[:3], []):
                last = i + len(form.words)
                if last <= len(tokens) and all(
                        self._fits(form, w, tokens[i + k][0], lang)
                        for k, w in enumerate(form.words)):
                    candidates.append((self.order[id(form)], i, last, form))
        candidates.sort(key=lambda c: (c[0], c[1]))
        taken = [False] * len(tokens)
        uses: list[TermUse] = []
        for _, first, last, form in candidates:
            if any(taken[first:last]):
                continue
            taken[first:last] = [True] * (last - first)
            if form.trigger:
                uses.append(TermUse(form.term, tokens[first][1], tokens[last - 1][2]))
        return sorted(uses, key=lambda u: (u.start, u.term))

    def present(self, text: str, lang: str, term_id: str) -> bool:
        """Whether a text has the term's headword or an inflection of it, its content words
        anywhere in the text."""
        tokens = _text_words(text, lang)
        for form in self.official.get((term_id, lang), []):
            needed = _content(form, lang) or tuple(w for w, _, _ in words(form))
            if all(any(loose_keys(w, lang) & keys or _near(_folded(w), folded, lang)
                       for folded, keys in tokens) for w in needed):
                return True
        return False

    def headword(self, term_id: str, lang: str) -> str:
        """The term's headword in one language."""
        return self.terms[term_id].headword(lang)
