"""Searching the Whoosh index: citation jumps, cross-language expansion, ranked hits, snippets."""

from __future__ import annotations

import gc
import heapq
import html
import json
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
from tools.search_rank import rank_by_law
from tools.search_score import (
    ROLE_WEIGHTS,
    TermScores,
    _all_terms,
    _filters,
    score_query,
    word_scores,
)

SNIPPET_WORDS = 28
SNIPPET_SCAN = 600  # words of a document looked at for the snippet window
# Weight of words a glossary term adds in the other language.
EXPANSION_WEIGHT = 0.7
# Our own words (situations, glossary) help find a law but rank below the law's own text.
KIND_WEIGHTS = {"situation": 0.5, "glossary": 0.5}
# Best matches read and grouped by law before the final cut.
CANDIDATES = 200
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
        result.message = "also searched for " + ", ".join(
            f"{fixed!r} (typed {typed!r})" for typed, fixed in query.corrected.items())
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
    covered = {stored_fields(ix, doc)["key"]: sum(doc in d for d in found) for doc, _ in best}
    marks = frozenset(t for w in [*words, *(w for w, _ in extra)] for t in _all_terms(w))
    ranked = rank_by_law(scored, lang or ix.language(words), covered)
    return [_hit(fields, score, marks) for fields, score in ranked[:limit]]


def stored_fields(ix: _Index, docnum: int) -> dict[str, Any]:
    """A document's stored fields, read once per open index (callers must not change them)."""
    fields = ix.stored.get(docnum)
    if fields is None:
        fields = ix.stored[docnum] = dict(ix.searcher.stored_fields(docnum))
    return fields
