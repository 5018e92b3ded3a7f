"""Situation lookup: a free-text description, in Polish or English, to the closest situations.

A small Whoosh index over the catalogue is built in memory (RamStorage) the first time it is
needed and kept for the process, keyed by the catalogue file's size and mtime: the catalogue is
a few dozen entries, so building it costs milliseconds and nothing is written to disk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from assistant.situations import Situation, load_situations, situations_file
from tools.config import Config
from tools.urls import law_number

_PL_FIELDS = {"title_pl": 1.0, "phrases_pl": 2.0, "answer_pl": 1.0}
_EN_FIELDS = {"title_en": 1.0, "phrases_en": 2.0, "answer_en": 1.0}
_LAWS_BOOST = 3.0
_LAW_TOKEN = re.compile(r"\b(\d{1,2})([A-Ha-h](?:\d{1,2}(?:[a-z]\d{0,2})?)?)?\b")
_CITE_PARTS = re.compile(r"^(\d{1,2})(.*)$")
_WORD = re.compile(r"\w+")

# Table talk names suits, ranks and "the table" where the catalogue speaks of a suit, an
# honour and dummy; each folded word form (any inflection in the list) adds the general word.
_JARGON: dict[str, str] = {
    **dict.fromkeys(
        "pik piki pika pikow pikach kier kiery kiera kierow kierach karo kara kar karach "
        "trefl trefle trefla trefli treflach".split(),
        "kolor",
    ),
    **dict.fromkeys("club clubs diamond diamonds heart hearts spade spades".split(), "suit"),
    **dict.fromkeys(
        "as asa asem krol krola krolem dama dame damy walet waleta dziesiatka".split(), "honor"
    ),
    **dict.fromkeys("ace king queen jack ten".split(), "honour"),
    # "ze stołu", "stół wziął" mean dummy; "na stole" is just where a card lies
    **dict.fromkeys("stol stolu".split(), "dziadek"),
    **dict.fromkeys("zamienic zamienil zamiana wymienic".split(), "zmienic"),
    **dict.fromkeys("swap swapped replace replaced exchange".split(), "change"),
    **dict.fromkeys("fix fixed".split(), "correct"),
    **dict.fromkeys("top highest".split(), "high"),
    **dict.fromkeys("12 12th".split(), "dwunastej twelfth"),
    **dict.fromkeys("kazal kazala kaze kazac".split(), "nakazac"),
    **dict.fromkeys(
        "zrzekl zrzekla zrzeklem zrzeklismy zrzekli zrzec zrzeka zrzekam".split(), "zrzeczenie"
    ),
    **dict.fromkeys("przebil przebila przebicie przebitka".split(), "renons"),
    **dict.fromkeys("ruff ruffed trumped".split(), "revoke"),
}


@dataclass(frozen=True)
class SituationHit:
    """One situation found for a description, best first."""

    id: str
    title_pl: str
    title_en: str
    laws: list[str]
    url: str  # the situation page in the query's language, relative to the site root
    score: float
    lang: str  # the language the query was read as ("pl" or "en")


def situation_url(situation_id: str, lang: str) -> str:
    """Site path of a situation page ("situations/<id>/", "en/situations/<id>/")."""
    prefix = "" if lang == "pl" else f"{lang}/"
    return f"{prefix}situations/{situation_id}/"


def law_prefixes(cite: str) -> list[str]:
    """The id and its ancestors, lowercased ("64B3" -> ["64", "64b", "64b3"]) for the laws field."""
    match = _CITE_PARTS.match(cite)
    if not match:
        return [cite.lower()]
    number, rest = match.groups()
    return [(number + rest[:end]).lower() for end in range(len(rest) + 1)]


def cites_match(expected: str, cited: str) -> bool:
    """True when one id is the other or contains it (same law, one path a prefix of the other):
    "64A" matches "64A1" and "64"; "64A" does not match "64B2" or "54A"."""
    if law_number(expected) != law_number(cited):
        return False
    return cited.startswith(expected) or expected.startswith(cited)


def expand_jargon(text: str) -> str:
    """The text followed by the general words its table-talk words stand for (see _JARGON)."""
    from tools.analysis import fold

    extra = dict.fromkeys(
        _JARGON[word] for word in _WORD.findall(fold(text.lower())) if word in _JARGON
    )
    return " ".join([text, *extra])


def _schema() -> Any:
    from whoosh.fields import ID, KEYWORD, TEXT, Schema

    from tools.analysis import english_analyzer, polish_analyzer

    polish, english = polish_analyzer(), english_analyzer()
    fields: dict[str, Any] = {"id": ID(stored=True, unique=True), "laws": KEYWORD(lowercase=True)}
    fields.update({name: TEXT(analyzer=polish) for name in _PL_FIELDS})
    fields.update({name: TEXT(analyzer=english) for name in _EN_FIELDS})
    return Schema(**fields)


def build_lookup_index(situations: list[Situation]) -> Any:
    """An in-memory Whoosh index of the catalogue (titles, phrases, answers, law ids)."""
    from whoosh.filedb.filestore import RamStorage

    index = RamStorage().create_index(_schema())
    writer = index.writer()
    for situation in situations:
        laws = sorted({prefix for law in situation.laws for prefix in law_prefixes(law)})
        writer.add_document(
            id=situation.id,
            laws=" ".join(laws),
            title_pl=situation.title.pl,
            phrases_pl="\n".join(situation.phrases.get("pl", [])),
            answer_pl=situation.answer.pl,
            title_en=situation.title.en,
            phrases_en="\n".join(situation.phrases.get("en", [])),
            answer_en=situation.answer.en,
        )
    writer.commit()
    return index


def _query_terms(index: Any, field: str, text: str) -> list[str]:
    analyzer = index.schema[field].analyzer
    return [token.text for token in analyzer(text, mode="query")]


def _known_share(searcher: Any, fields: dict[str, float], terms: list[str]) -> int:
    """How many distinct query terms occur in any of `fields`: a vote for the query language."""
    reader = searcher.reader()
    return sum(1 for term in set(terms) if any((f, term) in reader for f in fields))


def search_situations(
    index: Any, situations: list[Situation], text: str, limit: int = 5
) -> list[SituationHit]:
    """The best `limit` situations for `text` from an index made by build_lookup_index."""
    from whoosh import scoring
    from whoosh.query import Or, Term

    by_id = {situation.id: situation for situation in situations}
    text = expand_jargon(text)
    pl_terms = _query_terms(index, "title_pl", text)
    en_terms = _query_terms(index, "title_en", text)
    law_terms = sorted({(n + (rest or "")).lower() for n, rest in _LAW_TOKEN.findall(text)})
    subqueries = [
        Term(field, term, boost=boost)
        for fields, terms in ((_PL_FIELDS, pl_terms), (_EN_FIELDS, en_terms))
        for field, boost in fields.items()
        for term in dict.fromkeys(terms)
    ]
    subqueries += [Term("laws", term, boost=_LAWS_BOOST) for term in law_terms]
    if not subqueries:
        return []
    with index.searcher(weighting=scoring.BM25F()) as searcher:
        pl_votes = _known_share(searcher, _PL_FIELDS, pl_terms)
        en_votes = _known_share(searcher, _EN_FIELDS, en_terms)
        lang = "en" if en_votes > pl_votes else "pl"
        results = searcher.search(Or(subqueries), limit=limit)
        found = [(hit["id"], float(hit.score)) for hit in results]
    hits = []
    for situation_id, score in found:
        situation = by_id[situation_id]
        hits.append(
            SituationHit(
                id=situation.id,
                title_pl=situation.title.pl,
                title_en=situation.title.en,
                laws=list(situation.laws),
                url=situation_url(situation.id, lang),
                score=round(score, 4),
                lang=lang,
            )
        )
    return hits


_CACHE: dict[tuple[str, int, int], tuple[Any, list[Situation]]] = {}


def _catalogue_index(config: Config) -> tuple[Any, list[Situation]]:
    path = situations_file(config)
    stat = path.stat() if path.exists() else None
    key = (str(path), stat.st_mtime_ns if stat else 0, stat.st_size if stat else 0)
    if key not in _CACHE:
        situations = load_situations(config)  # names the file if it is missing or malformed
        _CACHE.clear()
        _CACHE[key] = (build_lookup_index(situations), situations)
    return _CACHE[key]


def lookup(text: str, config: Config, limit: int = 5) -> list[SituationHit]:
    """The situations of the catalogue closest to a free-text description, best first."""
    index, situations = _catalogue_index(config)
    return search_situations(index, situations, text, limit)


def expected_found(hits: list[SituationHit], expected: str, top: int = 3) -> bool:
    """True when `expected` matches (cites_match) a law id of one of the first `top` hits."""
    return any(cites_match(expected, law) for hit in hits[:top] for law in hit.laws)
