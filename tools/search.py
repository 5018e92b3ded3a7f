"""Searching the Whoosh index: citation jumps, cross-language expansion, ranked hits, snippets."""

from __future__ import annotations

import gc
import heapq
import html
import json
import math
import re
import time
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path
from typing import Any

from tools.analysis import english_terms, polish_terms
from tools.citation_id import parse_citation_query
from tools.config import Config
from tools.errors import BadInput, BridgelawError
from tools.query import MAX_QUERY_CHARS, WORD, Query, Synonym, read_query, word_keys

SNIPPET_WORDS = 28
SNIPPET_SCAN = 600  # words of a document looked at for the snippet window
# How much a law's second and third best units add to its rank.
LAW_WEIGHTS = (0.5, 0.25)
# How much the law as a whole (its title and all its text) counts towards its rank.
LAW_DOC_WEIGHT = 1.0
# Weight of words a glossary term adds in the other language.
EXPANSION_WEIGHT = 0.7
# Query-time weight of each field role: a law's own title says most about what it is for.
ROLE_WEIGHTS = {"heading": 4.0, "title": 2.0, "parent": 1.5, "context": 0.5, "body": 1.0,
                "whole": 1.0}
# Extra weight of a title that holds every word of a query of several words.
ALL_WORDS_BONUS = 2.0
# Our own words (situations, glossary) help find a law but rank below the law's own text.
KIND_WEIGHTS = {"situation": 0.5, "glossary": 0.5}
# Documents that point to laws rather than hold law text, and how much they lift those laws.
POINTER_KINDS = ("glossary", "situation")
LIFT_WEIGHT = 0.5
# Best matches read and grouped by law before the final cut.
CANDIDATES = 200
# Units shown per law before the next law's hits: keeps the list a list of laws.
PER_LAW = 3
# A 2017 law that scores at least this share of the best law stands before all 1997 text.
IN_FORCE_SHARE = 0.25
# Units of one law scoring at least this share of its best unit are shown in document order.
NEAR_BEST = 0.8
# How much covering all the query's words multiplies a document's score (1 + this).
COVERAGE_WEIGHT = 2.0
_WORD = re.compile(r"\w+")
_MARKUP = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")

@dataclass
class Hit:
    """One ranked result: a law, unit, title-only law, glossary pair or situation."""

    id: str
    law: str
    lang: str
    edition: int | None
    title: str
    snippet: str  # HTML-escaped text with matched words in <mark>
    url: str
    score: float
    kind: str = "unit"
    superseded: bool = False  # 1997 text: history, not the law in force


@dataclass
class SearchResult:
    """What a search found: the hits, the unit a citation names, and anything to tell the user."""

    query: str
    took_ms: float
    hits: list[Hit] = field(default_factory=list)
    citation: str | None = None  # the id the query names, if it is a citation
    message: str = ""  # e.g. "no unit 64D; nearest: 64C, 64B"
    nearest: list[str] = field(default_factory=list)
    official_url: str = ""  # a cited 2017 id without its text here: its page on the source site
    corrected: dict[str, str] = field(default_factory=dict)  # a typo -> the word searched
    counterparts_1997: list[str] = field(default_factory=list)  # ... and its 1997 counterparts

    def to_json(self) -> str:
        """The result as the `--json` document."""
        data = {
            "query": self.query,
            "took_ms": round(self.took_ms, 3),
            "citation": self.citation,
            "message": self.message,
            "nearest": self.nearest,
            "official_url": self.official_url,
            "counterparts_1997": self.counterparts_1997,
            "corrected": self.corrected,
            "hits": [asdict(hit) for hit in self.hits],
        }
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)


def check_query(query: str) -> str:
    """The query stripped, or a BridgelawError saying why it cannot be searched."""
    text = query.strip()
    if not text:
        raise BadInput("empty query: type a word, a phrase or a law number such as 64B3")
    if len(text) > MAX_QUERY_CHARS:
        raise BadInput(f"query too long ({len(text)} characters; at most {MAX_QUERY_CHARS}): "
                       "shorten it to the words that matter")
    if not _WORD.search(text):
        raise BadInput(f"query {text!r} has no letters or digits to search for")
    return text


class _Index:
    """An open index with its searcher and glossary pairs, kept for warm queries."""

    def __init__(self, path: Path) -> None:
        from whoosh import index as whoosh_index

        if not whoosh_index.exists_in(str(path)):
            raise BridgelawError(f"{path}: no search index here; run `bridgelaw build` first")
        self.index = whoosh_index.open_dir(str(path))
        self.searcher = self.index.searcher()
        self.scorer = TermScores(self.searcher)
        pairs_file = path / "glossary_terms.json"
        pairs = json.loads(pairs_file.read_text(encoding="utf-8")) if pairs_file.exists() else []
        self.pairs = [
            (
                [_term_sets(form, "pl") for form in p.get("pl_forms", [p["pl"]])],
                [_term_sets(form, "en") for form in p.get("en_forms", [p["en"]])],
                p,
            )
            for p in pairs
        ]
        for pl_forms, en_forms, pair in self.pairs:
            pair["_terms"] = {t for sets in (*pl_forms, *en_forms) for ts in sets for t in ts}
        # Stored fields of documents read so far: the index does not change while it is open,
        # and unpickling the candidates' fields was a third of a warm query.
        self.stored: dict[int, dict[str, Any]] = {}
        outline_file = path / "outline_ids.json"
        self.official: dict[str, list[str]] = (
            json.loads(outline_file.read_text(encoding="utf-8")) if outline_file.exists() else {}
        )
        self.synonyms = [
            Synonym(s["lang"], s["form"], tuple(k for k in (
                word_keys(w, s["lang"]) for w in WORD.findall(s["form"])) if k), s["headword"])
            for s in _sidecar(path, "synonyms.json", [])]
        self.vocabulary: dict[str, int] = _sidecar(path, "vocabulary.json", {})
        self.reader = self.searcher.reader()
        self.subsets: dict[tuple[str, str], TermScores] = {}
        self.fields = [f"{role}_{lang}" for role in ROLE_WEIGHTS for lang in ("pl", "en")]

    def subset_scorer(self, kind: str, lang: str) -> TermScores:
        """A scorer over the documents of one kind and language, kept for warm queries."""
        key = (kind, lang)
        if key not in self.subsets:
            self.subsets[key] = TermScores(self.searcher, self.scorer.kind_docs(kind, lang),
                                           sum_variants=True)
        return self.subsets[key]

    def known(self, word: str) -> bool:
        """Whether any form of the word is in the index (else it may be a typo)."""
        return any((f, term) in self.reader for term in _all_terms(word) for f in self.fields)

    def language(self, words: list[str]) -> str:
        """The language the words read as: the one whose texts hold more of them (Polish on a
        tie: the reference is Polish first)."""
        votes = {}
        for lang, analyse in (("pl", polish_terms), ("en", english_terms)):
            # body fields only: a glossary entry holds both languages' words in its titles
            votes[lang] = sum(1 for word in words if any(
                (f"body_{lang}", term) in self.reader for term in analyse(word)))
        return "en" if votes["en"] > votes["pl"] else "pl"


def _sidecar(path: Path, name: str, default: Any) -> Any:
    """A JSON file the index stage wrote beside the index, or `default` if absent."""
    file = path / name
    return json.loads(file.read_text(encoding="utf-8")) if file.exists() else default


_OPEN: dict[tuple[str, float], _Index] = {}


def open_index(path: Path) -> _Index:
    """The index at `path`, opened once per process (reopened if it was rebuilt)."""
    try:
        stamp = path.stat().st_mtime
    except FileNotFoundError as error:
        raise BridgelawError(
            f"{path}: no search index here; run `bridgelaw build` first"
        ) from error
    key = (str(path), stamp)
    if key not in _OPEN:
        _OPEN.clear()
        _OPEN[key] = _Index(path)
        # The open index lives as long as the process: keep the collector from walking it.
        gc.freeze()
    return _OPEN[key]


def _term_sets(text: str, lang: str) -> list[set[str]]:
    """For each content word of `text`, the set of its terms in `lang`."""
    analyze = polish_terms if lang == "pl" else english_terms
    sets = [set(analyze(word)) for word in _WORD.findall(text.lower())]
    return [terms for terms in sets if terms]


def _covers(query_sets: list[set[str]], term_sets: list[set[str]]) -> bool:
    return bool(term_sets) and all(any(t & q for q in query_sets) for t in term_sets)


def expand(words: list[str], pairs: list[tuple[list, list, dict]]) -> list[str]:
    """Words of the other language for each glossary term the query names in full (any form)."""
    pl_sets = [set(polish_terms(w)) for w in words]
    en_sets = [set(english_terms(w)) for w in words]
    seen = set().union(*pl_sets, *en_sets)
    extra: list[str] = []
    for pl_forms, en_forms, pair in pairs:
        if seen.isdisjoint(pair["_terms"]):
            continue  # no word of the query occurs in any form of this term
        if any(_covers(en_sets, form) for form in en_forms):
            extra.extend(_WORD.findall(pair["pl"].lower()))
        if any(_covers(pl_sets, form) for form in pl_forms):
            extra.extend(_WORD.findall(pair["en"].lower()))
    return [word for word in dict.fromkeys(extra) if word not in words]


class TermScores:
    """BM25 scores of one index, per field and term, computed from Whoosh's postings once and
    kept: a query is then a few dictionary sums. Whoosh's own matcher tree for the same
    weighted union took 3-5 times longer on these short texts."""

    K1 = 1.2
    B = 0.75

    def __init__(self, searcher: Any, subset: set[int] | None = None,
                 sum_variants: bool = False) -> None:
        self.reader = searcher.reader()
        # Summed, a word whose folded form and stems all match counts more than one matched
        # only through a loose stem: what ranks situation descriptions best.
        self.sum_variants = sum_variants
        self.searcher = searcher
        # Scored within a subset (the situations of one language), term rarity and text
        # length are measured among those documents only.
        self.subset = subset
        self.docs = max(1, len(subset) if subset is not None else self.reader.doc_count_all())
        self.cache: dict[tuple[str, str], dict[int, float]] = {}
        self.average: dict[str, float] = {}
        # {field: {docnum: BM25 length norm}}: a document's norm is the same for every term of
        # the field, and reading its length through Whoosh's layers cost most of a new term
        self.norms: dict[str, dict[int, float]] = {}
        self.allowed: dict[tuple[str | None, int | None], set[int] | None] = {}

    def scores(self, field: str, term: str) -> dict[int, float]:
        """{docnum: BM25 score} of one term in one field (empty if absent)."""
        key = (field, term)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = {}
        if (field, term) in self.reader:
            if field not in self.average:
                self.average[field] = max(1.0, self.field_length(field) / self.docs)
            postings = list(self.reader.postings(field, term).items_as("weight"))
            if self.subset is not None:
                postings = [(doc, weight) for doc, weight in postings if doc in self.subset]
            frequency = len(postings)
            idf = math.log(1 + (self.docs - frequency + 0.5) / (frequency + 0.5))
            norms = self.norms.setdefault(field, {})
            for docnum, weight in postings:
                norm = norms.get(docnum)
                if norm is None:
                    norm = norms[docnum] = self.norm(field, docnum)
                found[docnum] = idf * weight * (self.K1 + 1) / (weight + norm)
        self.cache[key] = found
        return found

    def field_length(self, field: str) -> float:
        """The total length of one field over the documents scored."""
        if self.subset is None:
            return self.reader.field_length(field)
        return sum(self.reader.doc_field_length(doc, field, 0) or 0 for doc in self.subset)

    def norm(self, field: str, docnum: int) -> float:
        """BM25's length norm of one document's field: K1 scaled by its length over the mean."""
        length = self.reader.doc_field_length(docnum, field, 1)
        return self.K1 * (1 - self.B + self.B * length / self.average[field])

    def count(self, query: Any) -> int:
        """How many documents a Whoosh query matches."""
        return sum(1 for _ in self.searcher.docs_for_query(query))

    def kind_docs(self, kind: str, lang: str) -> set[int]:
        """Document numbers of one kind in one language (the situation lookup's filter)."""
        key = (f"kind:{kind}", lang)
        if key not in self.allowed:
            from whoosh.query import And, Term

            query = And([Term("kind", kind), Term("lang", lang)])
            self.allowed[key] = set(self.searcher.docs_for_query(query))  # type: ignore[index]
        return self.allowed[key] or set()  # type: ignore[index]

    def filtered(self, lang: str | None, edition: int | None) -> set[int] | None:
        """Document numbers the filters allow, or None for all."""
        key = (lang, edition)
        if key not in self.allowed:
            query = _filters(lang, edition)
            self.allowed[key] = None if query is None else set(self.searcher.docs_for_query(query))
        return self.allowed[key]


def word_scores(scorer: TermScores, word: str) -> dict[str, dict[int, float]]:
    """{field role: {docnum: score}} for one word, role-weighted: per field the best of the
    word's variants (folded, stems), or their sum where the scorer says so."""
    by_role: dict[str, dict[int, float]] = {}
    for lang, terms in (("pl", polish_terms(word)), ("en", english_terms(word))):
        for role, weight in ROLE_WEIGHTS.items():
            best = by_role.setdefault(role, {})
            for term in terms:
                for docnum, score in scorer.scores(f"{role}_{lang}", term).items():
                    weighted = score * weight
                    if scorer.sum_variants:
                        best[docnum] = best.get(docnum, 0.0) + weighted
                    elif weighted > best.get(docnum, 0.0):
                        best[docnum] = weighted
    return by_role


def score_query(scorer: TermScores, words: list[str], extra: list[tuple[str, float]],
                all_words_bonus: float = ALL_WORDS_BONUS) -> dict[int, float]:
    """{docnum: score}: every word's roles summed (glossary words count less), plus a bonus for
    a law or section title that holds every word of a query of several words."""
    total: dict[int, float] = {}
    per_word = [word_scores(scorer, word) for word in words]
    per_word = [roles for roles in per_word if any(roles.values())] if len(words) > 1 else per_word
    for boost, table in [(1.0, roles) for roles in per_word] + [
        (weight, word_scores(scorer, word)) for word, weight in extra
    ]:
        for scores in table.values():
            for docnum, score in scores.items():
                total[docnum] = total.get(docnum, 0.0) + boost * score
    if len(per_word) > 1:
        for role in ("heading", "title"):
            common = set.intersection(*(set(roles.get(role, {})) for roles in per_word))
            for docnum in common:
                bonus = sum(roles[role][docnum] for roles in per_word)
                total[docnum] += all_words_bonus * bonus
    return total


def _filters(lang: str | None, edition: int | None):  # noqa: ANN202 - a Whoosh query or None
    from whoosh.query import And, Or, Term

    parts = []
    if lang:
        parts.append(Term("lang", lang))
    if edition:
        parts.append(Or([Term("edition", str(edition)), Term("edition", "")]))
    return And(parts) if parts else None


@lru_cache(maxsize=200_000)
def _all_terms(word: str) -> frozenset[str]:
    return frozenset((*polish_terms(word), *english_terms(word)))


@lru_cache(maxsize=4096)
def _snippet(text: str, marks: frozenset[str]) -> str:
    """A window of the text around its matched words, escaped, matches wrapped in <mark>."""
    words = []
    for match in _WORD.finditer(text):
        words.append(match)
        if len(words) >= SNIPPET_SCAN:  # a whole law's text: its opening part is enough
            break
    if not words:
        return ""
    hit = [not marks.isdisjoint(_all_terms(m.group().lower())) for m in words]
    best, best_count = 0, -1
    count = sum(hit[:SNIPPET_WORDS])
    for start in range(0, max(1, len(words) - SNIPPET_WORDS + 1)):
        if start:  # slide the window by one word
            count += hit[start + SNIPPET_WORDS - 1] - hit[start - 1]
        if count > best_count:
            best, best_count = start, count
    start = max(0, best - 2) if best_count else 0
    chosen = words[start : start + SNIPPET_WORDS]
    out = ["… " if start > 0 else ""]
    pos = chosen[0].start()
    for match, marked in zip(chosen, hit[start : start + SNIPPET_WORDS], strict=False):
        out.append(html.escape(text[pos : match.start()]))
        word = html.escape(match.group())
        out.append(f"<mark>{word}</mark>" if marked else word)
        pos = match.end()
    tail = text[pos:]
    out.append(html.escape(tail) if start + SNIPPET_WORDS >= len(words) else " …")
    return " ".join("".join(out).split())


def _hit(fields: dict[str, Any], score: float, marks: frozenset[str]) -> Hit:
    body = fields.get("body", "")
    return Hit(
        id=fields["id"],
        law=fields["law"],
        lang=fields["lang"],
        edition=int(fields["edition"]) if fields["edition"] else None,
        title=fields["title"],
        snippet=_snippet(body, marks) if body else "",
        url=fields["url"],
        score=round(score, 4),
        kind=fields["kind"],
        superseded=fields["edition"] == "1997",
    )


def _edition_order(fields: dict[str, Any], lang: str | None) -> tuple:
    return (fields["lang"] != (lang or "pl"), -(int(fields["edition"] or 0)), fields["kind"])


def _jump(ix: _Index, cited: str, lang: str | None, edition: int | None, limit: int) -> list[Hit]:
    from whoosh.query import Or, Term

    found = ix.searcher.search(Or([Term("id", cited)]), filter=_filters(lang, edition), limit=None)
    docs = [dict(hit.fields()) for hit in found if hit["kind"] in ("law", "unit", "title")]
    docs.sort(key=lambda fields: _edition_order(fields, lang))
    return [_hit(fields, 0.0, frozenset()) for fields in docs[:limit]]


def nearest_ids(ix: _Index, cited: str, lang: str | None, edition: int | None) -> list[str]:
    """Existing citation ids closest to one that does not exist (same law first)."""
    from whoosh.query import Or, Term

    number = re.match(r"\d+", cited).group()
    hits = ix.searcher.search(
        Or([Term("kind", "law"), Term("kind", "unit"), Term("kind", "title")]),
        filter=_filters(lang, edition),
        limit=None,
    )
    ids = sorted({hit["id"] for hit in hits})

    def closeness(candidate: str) -> tuple:
        same_law = re.match(r"\d+", candidate).group() == number
        common = len(_common_prefix(candidate, cited))
        ratio = SequenceMatcher(None, candidate, cited).ratio()
        return (not same_law, -common, -ratio, candidate)

    return sorted(ids, key=closeness)[:3]


def _common_prefix(a: str, b: str) -> str:
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return a[:size]


def search(
    query: str,
    config: Config,
    *,
    lang: str | None = None,
    edition: int | None = None,
    limit: int = 10,
) -> SearchResult:
    """Search the index: a citation jumps to its unit (2017 unless edition=1997; see
    tools.search_cite), anything else is ranked full text."""
    started = time.perf_counter()
    text = check_query(query)
    ix = open_index(config.index_dir)
    cited = parse_citation_query(text)
    if cited is not None:
        from tools.search_cite import citation_result

        result = citation_result(ix, text, cited, config, lang, edition, limit)
        result.took_ms = (time.perf_counter() - started) * 1000
        return result
    result = SearchResult(query=text, took_ms=0.0)
    query = read_query(text, ix.synonyms, ix.known, ix.vocabulary)
    result.corrected = query.corrected
    result.hits = _full_text(ix, query, lang, edition, limit)
    if query.corrected:
        result.message = "searched for " + ", ".join(
            f"{typed!r} as {fixed!r}" for typed, fixed in query.corrected.items())
    if _MARKUP.search(text):
        result.message = "; ".join(filter(None, [
            result.message,
            "the query holds HTML markup: it is searched as plain words, never run"]))
    if not result.hits:
        result.message = "; ".join(filter(None, [result.message, f"no results for {text!r}"]))
    result.took_ms = (time.perf_counter() - started) * 1000
    return result


def _full_text(
    ix: _Index, query: Query, lang: str | None, edition: int | None, limit: int
) -> list[Hit]:
    words = query.words
    extra = [(word, EXPANSION_WEIGHT) for word in expand(words, ix.pairs)]
    extra += [pair for pair in query.extra if pair[0] not in {w for w, _ in extra}]
    total = score_query(ix.scorer, words, extra)
    allowed = ix.scorer.filtered(lang, edition)
    if allowed is not None:
        total = {docnum: score for docnum, score in total.items() if docnum in allowed}
    if not total:
        return []
    # A unit holding more of the query's words answers it better than one that holds one
    # of them often (BM25 alone favours a short unit repeating a common word).
    found = [docs for word in words
             if (docs := set().union(*word_scores(ix.scorer, word).values()))]
    if len(found) > 1:
        total = {doc: score * (1 + COVERAGE_WEIGHT * sum(doc in d for d in found) / len(found))
                 for doc, score in total.items()}
    best = heapq.nlargest(CANDIDATES, total.items(), key=lambda item: (item[1], -item[0]))
    # stored fields cost an unpickle each: read them for the best matches only
    scored = [(stored_fields(ix, docnum), score) for docnum, score in best]
    scored = [(f, score * KIND_WEIGHTS.get(f["kind"], 1.0)) for f, score in scored]
    marks = frozenset(t for w in [*words, *(w for w, _ in extra)] for t in _all_terms(w))
    ranked = rank_by_law(scored, lang or ix.language(words))
    return [_hit(fields, score, marks) for fields, score in ranked[:limit]]


def stored_fields(ix: _Index, docnum: int) -> dict[str, Any]:
    """A document's stored fields, read once per open index (callers must not change them)."""
    fields = ix.stored.get(docnum)
    if fields is None:
        fields = ix.stored[docnum] = dict(ix.searcher.stored_fields(docnum))
    return fields


def _below(unit_id: str, other: str) -> bool:
    """Whether `other` is a unit inside `unit_id` ("64A1" in "64A"; "64B10" is not in "64B1")."""
    rest = other[len(unit_id):] if other.startswith(unit_id) else ""
    return bool(rest) and (rest[0] == "." or rest[0].isdigit() != unit_id[-1].isdigit())


def deepest(members: list[tuple[dict[str, Any], float]]) -> list[tuple[dict[str, Any], float]]:
    """The hits of one law a reader wants: the deepest units that match (64A1, not 64A when
    both do), and the law's own heading only when none of its units matched."""
    units = [pair for pair in members if pair[0]["kind"] == "unit"]
    if not units:
        return members
    ids = [fields["id"] for fields, _ in units]
    leaves = [(fields, score) for fields, score in units
              if not any(_below(fields["id"], other) for other in ids)]
    # Clauses that match about as well as the best are read in the law's own order (64A1
    # before 64B5 for a query every clause of 64 answers); a clearly better one leads.
    best = max(score for _, score in leaves)
    near = sorted((pair for pair in leaves if pair[1] >= NEAR_BEST * best),
                  key=lambda pair: id_order(pair[0]["id"]))
    rest = [pair for pair in leaves if pair[1] < NEAR_BEST * best]
    others = [pair for pair in members if pair[0]["kind"] not in ("unit", "law", "title")]
    return near + rest + others


def id_order(unit_id: str) -> tuple:
    """A sort key that puts ids of one law in document order (64B2 < 64B10 < 64C)."""
    return tuple(int(part) if part.isdigit() else part
                 for part in re.findall(r"\d+|[A-Z]+|[a-z]+|\.", unit_id))


def rank_by_law(
    scored: list[tuple[dict[str, Any], float]], lang: str | None = None
) -> list[tuple[dict[str, Any], float]]:
    """Hits grouped by law: a law whose several units match outranks one lucky unit elsewhere,
    the units of one law stay together, best first, a matching glossary term or situation
    lifts every law it points to, and the edition in force comes first: a 2017 law that
    matches at all well stands before every 1997 text."""
    groups: dict[tuple[str, str, str], list[tuple[dict[str, Any], float]]] = {}
    lifts: dict[str, float] = {}
    seen: set[tuple[str, str]] = set()
    preferred = lang or "pl"
    for fields, score in sorted(scored, key=lambda pair: (pair[0]["lang"] != preferred, -pair[1])):
        if fields["kind"] in POINTER_KINDS:
            for number in filter(None, fields.get("laws", "").split(",")):
                lifts[number] = max(lifts.get(number, 0.0), score)
            if (fields["kind"], fields["id"]) in seen:
                continue  # one language of a bilingual term is enough
            seen.add((fields["kind"], fields["id"]))
        key = (fields["law"] or fields["key"], fields["edition"], fields["lang"])
        groups.setdefault(key, []).append((fields, score))

    def law_score(item: tuple[tuple[str, str, str], list[tuple[dict[str, Any], float]]]) -> float:
        (law, _, _), members = item
        whole = max((score for f, score in members if f["kind"] in ("law", "title")), default=0.0)
        units = sorted(score for f, score in members if f["kind"] not in ("law", "title"))
        top = units[::-1][: len(LAW_WEIGHTS)]
        total = LAW_DOC_WEIGHT * whole + sum(w * s for w, s in zip(LAW_WEIGHTS, top, strict=False))
        return total + LIFT_WEIGHT * lifts.get(law, 0.0)

    # A law found in the query's language is not listed again in the other one, unless the
    # other language holds its text and the query's only its title (no English text yet).
    def has_text(key: tuple[str, str, str]) -> bool:
        return any(f["kind"] == "unit" for f, _ in groups[key])

    for law, edition, group_lang in list(groups):
        mine = (law, edition, preferred)
        if group_lang == preferred or mine not in groups:
            continue
        other = (law, edition, group_lang)
        if has_text(other) and not has_text(mine):
            del groups[mine]
        else:
            del groups[other]
    scores = {key: law_score((key, members)) for key, members in groups.items()}
    best = max(scores.values(), default=0.0)

    def order(key: tuple[str, str, str]) -> tuple[bool, float]:
        superseded = key[1] == "1997"
        in_force = key[1] == "2017" and scores[key] >= IN_FORCE_SHARE * best
        return (not in_force and (superseded or not key[1]), -scores[key])

    ordered = sorted(groups, key=order)
    return [pair for key in ordered for pair in deepest(groups[key])[:PER_LAW]]
