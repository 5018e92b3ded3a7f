"""The translation check: every unit present in Polish and English held against its twin.

A consistency layer keyed by unit id, beside the citations layer: for each law with text in both
languages, units present in one language only (or whose text the other language put into a
neighbour: split), and for each unit in both: the ids cited, the numbers and counts, the
glossary terms used, and a length far from the law's usual ratio. Findings an acknowledgement
covers (tools/data/translation_acks.yaml) are kept apart with its reason.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from tools.model import LANG_PAIRS, LANGS, Corpus, Finding, Law
from tools.normalize.citation_id import law_of
from tools.normalize.glossary import Term
from tools.translation.acks import Ack, apply_acks
from tools.translation.terms import TermMatcher
from tools.translation.units import (
    Piece,
    cited,
    excerpt,
    first_span,
    merged_text,
    numbers,
    pieces,
    subtree,
)

KINDS = ("missing", "split", "citation", "number", "term", "length")
SEVERITY = {"missing": "high", "split": "medium", "citation": "high", "number": "high",
            "term": "medium", "length": "low"}
LENGTH_FACTOR = 1.75  # a unit this many times longer or shorter than the law's usual ratio
LENGTH_MIN_DIFF = 40  # ...and at least this many characters off what the ratio expects
RATIO_MIN_CHARS = 30  # units shorter than this in either language do not set the usual ratio
LAW_RATIO_UNITS = 5  # a law with fewer units to measure takes the edition's usual ratio
USUAL_SPREAD = 1.2  # a law's usual ratio stays within this factor of the edition's
SPLIT_FIT = 1.6  # the host's length within this factor of "its text plus the missing one",
SPLIT_GROWTH = 1.15  # at least this factor longer than its own text alone would be, and nearer
# the first than the second


@dataclass
class TranslationCheck:
    """The findings of one check and what it compared."""

    layer: list[Finding] = field(default_factory=list)  # every finding, in document order
    compared: dict[int, list[int]] = field(default_factory=dict)  # edition -> law numbers
    one_language: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    unused_acks: list[Ack] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        """The findings no acknowledgement covers."""
        return [f for f in self.layer if not f.acknowledged]

    @property
    def acknowledged(self) -> list[Finding]:
        """The findings an acknowledgement covers, each with its reason."""
        return [f for f in self.layer if f.acknowledged]


@dataclass
class _Pair:
    """One law in both languages, its pieces and usual length ratio (Polish / English)."""

    pl: dict[str, Piece]
    en: dict[str, Piece]
    edition: int
    number: int
    usual: float = 1.0

    def side(self, lang: str) -> dict[str, Piece]:
        """The pieces of one language."""
        return self.pl if lang == "pl" else self.en


def _finding(pair: _Pair, unit: str, kind: str, pl: str, en: str,
             **extra: object) -> Finding:
    """A finding of one kind on one unit of this pair, with the kind's severity."""
    return Finding(pair.edition, pair.number, unit, kind, SEVERITY[kind], pl, en, **extra)


def _length(pair: _Pair, lang: str, ids: list[str]) -> int:
    """Characters of the pieces `ids` of one language, joined."""
    return len(merged_text(pair.side(lang), ids))


def _ratios(pair: _Pair) -> list[float]:
    """Polish characters per English one, for each unit long enough in both languages."""
    out = []
    for key in pair.pl.keys() & pair.en.keys():
        pl, en = len(pair.pl[key].full), len(pair.en[key].full)
        if min(pl, en) >= RATIO_MIN_CHARS:
            out.append(pl / en)
    return out


def _split_host(pair: _Pair, lang: str, missing: str, held: dict[str, list[str]]
                ) -> str | None:
    """The unit of the other language that holds `missing`'s text too, if lengths say so;
    `held` says what each host already holds."""
    own, other = pair.side(lang), pair.side("en" if lang == "pl" else "pl")
    order = list(own)
    place = order.index(missing)
    previous = next((i for i in reversed(order[:place]) if i in other
                     and not own[i].footnote), None)
    to_other = 1 / pair.usual if lang == "pl" else pair.usual
    added = _length(pair, lang, subtree(own, missing)) * to_other
    best: tuple[float, str] | None = None
    for host in dict.fromkeys(h for h in (previous, own[missing].parent) if h):
        if host not in other:
            continue
        alone = _length(pair, lang, held.get(host, [host])) * to_other
        actual = len(other[host].full)
        if alone <= 0 or actual < alone * SPLIT_GROWTH:
            continue
        fit = abs(math.log(actual / (alone + added)))
        if fit < abs(math.log(actual / alone)) and fit <= math.log(SPLIT_FIT) and (
                best is None or fit < best[0]):
            best = (fit, host)
    return best[1] if best else None


def _structure(pair: _Pair) -> tuple[list[Finding], dict[str, dict[str, list[str]]]]:
    """Units in one language only (missing or split) and, per language, what each host
    holds: host id -> the ids its text stands for."""
    found: list[Finding] = []
    hosts: dict[str, dict[str, list[str]]] = {"pl": {}, "en": {}}
    for lang, other_lang in LANG_PAIRS:
        own, other = pair.side(lang), pair.side(other_lang)
        for key, piece in own.items():
            if key in other or (piece.parent and piece.parent not in other):
                continue
            ids = subtree(own, key)
            text = merged_text(own, ids)
            host = None if piece.footnote else _split_host(pair, lang, key, hosts[lang])
            side = {lang: excerpt(text), other_lang: ""}
            if host is None:
                found.append(_finding(pair, key, "missing", side["pl"], side["en"],
                                      **{f"only_{lang}": ids}))
                continue
            hosts[lang].setdefault(host, [host]).extend(ids)
            side[other_lang] = excerpt(other[host].full)
            found.append(_finding(pair, key, "split", side["pl"], side["en"],
                                  other=host, **{f"only_{lang}": [key]}))
        for key, piece in own.items():
            twin = other.get(key)
            if twin is not None and piece.text.strip() and not twin.text.strip() and \
                    not twin.children and len(piece.text) >= RATIO_MIN_CHARS:
                side = {lang: excerpt(piece.full), other_lang: excerpt(twin.full)}
                found.append(_finding(pair, key, "missing", side["pl"], side["en"],
                                      **{f"only_{lang}": ["text"]}))
    return found, hosts


def _compare(pair: _Pair, key: str, texts: dict[str, str], matcher: TermMatcher,
             known: set[str]) -> list[Finding]:
    """Citations, numbers, terms and length of one unit present in both languages."""
    found: list[Finding] = []
    cites = {lang: cited(texts[lang], lang, key, known) for lang in LANGS}
    counts = {lang: numbers(texts[lang], lang, cites[lang]) for lang in LANGS}
    uses = {lang: [(u.term, u.start, u.end) for u in matcher.used(texts[lang], lang)]
            for lang in LANGS}
    for kind, items in (("citation", cites), ("number", counts)):
        values = {lang: {value for value, _, _ in items[lang]} for lang in LANGS}
        only = {lang: sorted(values[lang] - values[other], key=_natural)
                for lang, other in LANG_PAIRS}
        if only["pl"] or only["en"]:
            found.append(_with_excerpts(pair, key, kind, texts, items, only))
    only = {lang: sorted({term for term, _, _ in uses[lang]
                          if not matcher.present(texts[other], other, term)})
            for lang, other in LANG_PAIRS}
    if only["pl"] or only["en"]:
        found.append(_with_excerpts(pair, key, "term", texts, uses, only))
    pl, en = len(texts["pl"]), len(texts["en"])
    if pl and en and not found:  # a unit with a finding already shows why it differs
        expected = pair.usual * en
        ratio = pl / en
        if abs(math.log(pl / expected)) >= math.log(LENGTH_FACTOR) and \
                abs(pl - expected) >= LENGTH_MIN_DIFF:
            found.append(_finding(pair, key, "length", excerpt(texts["pl"]),
                                  excerpt(texts["en"]), ratio=round(ratio, 2),
                                  usual=round(pair.usual, 2)))
    return found


def _with_excerpts(pair: _Pair, key: str, kind: str, texts: dict[str, str],
                   items: dict[str, list[tuple[str, int, int]]],
                   only: dict[str, list[str]]) -> Finding:
    """A finding whose excerpts show, in each language, where the differing item is."""
    side = {}
    for lang in LANGS:
        span = first_span(items[lang], only[lang]) or (
            (items[lang][0][1], items[lang][0][2]) if items[lang] else None)
        side[lang] = excerpt(texts[lang], *(span or (None, None)))
    return _finding(pair, key, kind, side["pl"], side["en"],
                    only_pl=only["pl"], only_en=only["en"])


def _natural(value: str) -> tuple[int, float, str]:
    """Sort key: numbers by value, then ids by their law's number."""
    try:
        return (0, float(value), "")
    except ValueError:
        return (1, float(law_of(value) or 0), value)


def check_pair(pair: _Pair, matcher: TermMatcher, known: set[str]) -> list[Finding]:
    """Every finding of one law in both languages, in document order, by kind."""
    structure, hosts = _structure(pair)
    found = list(structure)
    for key in [k for k in pair.pl if k in pair.en]:
        texts = {}
        for lang in LANGS:
            ids = hosts[lang].get(key)
            side = pair.side(lang)
            texts[lang] = merged_text(side, ids) if ids else side[key].full
        found += _compare(pair, key, texts, matcher, known)
    position = {key: n for n, key in enumerate(_merged_order(list(pair.pl), list(pair.en)))}
    return sorted(found, key=lambda f: (position[f.unit], KINDS.index(f.kind)))


def _merged_order(first: list[str], second: list[str]) -> list[str]:
    """The ids of `first` in order, each id only in `second` after the id it follows there."""
    merged = list(first)
    for n, key in enumerate(second):
        if key not in merged:
            after = next((second[k] for k in range(n - 1, -1, -1) if second[k] in merged), None)
            merged.insert(merged.index(after) + 1 if after is not None else 0, key)
    return merged


def law_pairs(corpus: Corpus, editions: tuple[int, ...] | None = None,
              laws: tuple[int, ...] | None = None) -> TranslationCheck:
    """What can be compared: per edition, the laws in both languages and those in one."""
    check = TranslationCheck()
    by_key: dict[tuple[int, int], dict[str, Law]] = {}
    for law in corpus.laws:
        if (editions is None or law.edition in editions) and (laws is None or law.number in laws):
            by_key.setdefault((law.edition, law.number), {})[law.lang] = law
    for (edition, number), langs in sorted(by_key.items()):
        if len(langs) == 2:
            check.compared.setdefault(edition, []).append(number)
        else:
            (lang,) = langs
            check.one_language.setdefault(edition, {}).setdefault(lang, []).append(number)
    return check


def check_translation(corpus: Corpus, glossary: list[Term], acks: list[Ack] | None = None,
                      known_ids: set[str] | None = None, editions: tuple[int, ...] | None = None,
                      laws: tuple[int, ...] | None = None) -> TranslationCheck:
    """The translation check of every law in both languages (optionally some editions or laws)."""
    check = law_pairs(corpus, editions, laws)
    matcher = TermMatcher(glossary)
    known = set(known_ids or ())
    pairs = []
    for edition, numbers_ in sorted(check.compared.items()):
        for number in numbers_:
            pl, en = corpus.law(edition, "pl", number), corpus.law(edition, "en", number)
            assert pl is not None and en is not None
            known |= set(pieces(pl)) | set(pieces(en))
            pairs.append(_Pair(pieces(pl), pieces(en), edition, number))
    ratios = {(p.edition, p.number): _ratios(p) for p in pairs}
    for edition in check.compared:
        everything = [r for p in pairs if p.edition == edition for r in ratios[(edition, p.number)]]
        usual = statistics.median(everything) if everything else 1.0
        for pair in (p for p in pairs if p.edition == edition):
            # the law's own ratio, without the units far off the edition's (likely findings)
            own = [r for r in ratios[(edition, pair.number)]
                   if abs(math.log(r / usual)) < math.log(LENGTH_FACTOR)]
            if len(own) >= LAW_RATIO_UNITS:  # the law's own, within reason of the edition's
                pair.usual = min(max(statistics.median(own), usual / USUAL_SPREAD),
                                 usual * USUAL_SPREAD)
            else:
                pair.usual = usual
    findings = [f for pair in pairs for f in check_pair(pair, matcher, known)]
    check.layer, check.unused_acks = apply_acks(findings, acks or [],
                                                {(p.edition, p.number) for p in pairs})
    return check
