"""Situation lookup: a free-text description, in Polish or English, to the closest situations.

A small Whoosh index over the catalogue is built in memory (RamStorage) the first time it is
needed and kept for the process, keyed by the catalogue file's size and mtime: the catalogue is
a few dozen entries, so building it costs milliseconds and nothing is written to disk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.situations import Situation, load_situations, situations_file
from tools.config import Config
from tools.urls import law_number, situation_path

_PL_FIELDS = {"title_pl": 1.0, "phrases_pl": 2.0, "answer_pl": 1.0}
_EN_FIELDS = {"title_en": 1.0, "phrases_en": 2.0, "answer_en": 1.0}
_LAWS_BOOST = 3.0
_RERANK_POOL = 20  # hits re-ranked by how many typed words they cover
_SYNONYM_BOOST = 0.5  # glossary headwords added for players' words (see synonym_headwords)
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
    **dict.fromkeys("grab grabbed grabs".split(), "touched"),
    **dict.fromkeys("zlapal zlapala chwycil chwycila".split(), "dotknal"),
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
    return situation_path(lang, situation_id)


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


def _word_keys(word: str, lang: str) -> frozenset[str]:
    """The analysed forms of one word (folded, stemmed) that make two inflections meet."""
    from tools.analysis import english_terms, polish_terms

    word = word.lower()
    return frozenset(polish_terms(word) if lang == "pl" else english_terms(word))


@dataclass(frozen=True)
class Synonym:
    """A glossary form players use (variant) and the law term it stands for (headword)."""

    lang: str
    words: tuple[frozenset[str], ...]  # the analysed forms of each word of the variant
    headword: str


def glossary_synonyms(terms: list[Any]) -> list[Synonym]:
    """From the glossary: every variant form of a term (players' words, older terms, inflections)
    as a Synonym for the term's headword in the same language. Variants whose words are all
    stop words analyse to nothing and are left out."""
    synonyms = []
    for term in terms:
        for lang in ("pl", "en"):
            headword = term.headword(lang)
            head = [k for k in (_word_keys(w, lang) for w in _WORD.findall(headword)) if k]
            for form in term.forms(lang)[1:]:
                words = tuple(k for k in (_word_keys(w, lang) for w in _WORD.findall(form)) if k)
                # an inflection or spelling of the headword itself adds nothing to a query
                inflection = all(any(h & w for w in words) for h in head)
                if words and not inflection:
                    synonyms.append(Synonym(lang=lang, words=words, headword=headword))
    return synonyms


def synonym_headwords(text: str, synonyms: list[Synonym]) -> dict[str, list[str]]:
    """Per language, the headword of every glossary variant all of whose words occur in the text,
    in any order and inflection: "karta karna mała" holds "mała karta karna", a players' name for
    the minor penalty card, so "podrzędna karta przygwożdżona" is found."""
    words = _WORD.findall(text)
    keys = {lang: [_word_keys(w, lang) for w in words] for lang in ("pl", "en")}
    found: dict[str, list[str]] = {"pl": [], "en": []}
    for synonym in synonyms:
        if synonym.headword in found[synonym.lang]:
            continue
        if all(any(need & have for have in keys[synonym.lang]) for need in synonym.words):
            found[synonym.lang].append(synonym.headword)
    return found


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
            title_pl=expand_jargon(situation.title.pl),
            phrases_pl="\n".join(map(expand_jargon, situation.phrases.get("pl", []))),
            answer_pl=situation.answer.pl,
            title_en=expand_jargon(situation.title.en),
            phrases_en="\n".join(map(expand_jargon, situation.phrases.get("en", []))),
            answer_en=situation.answer.en,
        )
    writer.commit()
    return index


def _query_terms(index: Any, field: str, text: str) -> list[str]:
    analyzer = index.schema[field].analyzer
    return [token.text for token in analyzer(text, mode="query")]


def _situation_terms(index: Any, situation: Situation, lang: str) -> frozenset[str]:
    """The analysed terms of a situation's title, phrases and answer in one language."""
    key = (situation.id, lang, situation.title.get(lang), situation.answer.get(lang))
    if key not in _TERMS:
        text = " ".join([situation.title.get(lang), *situation.phrases.get(lang, []),
                         situation.answer.get(lang)])
        field = "title_pl" if lang == "pl" else "title_en"
        _TERMS[key] = frozenset(_query_terms(index, field, expand_jargon(text)))
    return _TERMS[key]


_TERMS: dict[tuple[str, str, str, str], frozenset[str]] = {}


def _known_share(searcher: Any, fields: dict[str, float], terms: list[str]) -> int:
    """How many distinct query terms occur in any of `fields`: a vote for the query language."""
    reader = searcher.reader()
    return sum(1 for term in set(terms) if any((f, term) in reader for f in fields))


def search_situations(
    index: Any,
    situations: list[Situation],
    text: str,
    limit: int = 5,
    synonyms: list[Synonym] | None = None,
) -> list[SituationHit]:
    """The best `limit` situations for `text` from an index made by build_lookup_index;
    `synonyms` (glossary_synonyms) add the law's term for the players' words in the text."""
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
    # the law's own words for the players' words found in the text, in that language only,
    # weighted below the words actually typed; words already in the query add nothing
    headwords = synonym_headwords(text, synonyms or [])
    for fields, typed, lang in ((_PL_FIELDS, pl_terms, "pl"), (_EN_FIELDS, en_terms, "en")):
        field = next(iter(fields))
        added = [t for t in _query_terms(index, field, " ".join(headwords[lang])) if t not in typed]
        subqueries += [
            Term(name, term, boost=boost * _SYNONYM_BOOST)
            for name, boost in fields.items()
            for term in dict.fromkeys(added)
        ]
    subqueries += [Term("laws", term, boost=_LAWS_BOOST) for term in law_terms]
    if not subqueries:
        return []
    with index.searcher(weighting=scoring.BM25F()) as searcher:
        pl_votes = _known_share(searcher, _PL_FIELDS, pl_terms)
        en_votes = _known_share(searcher, _EN_FIELDS, en_terms)
        lang = "en" if en_votes > pl_votes else "pl"
        results = searcher.search(Or(subqueries), limit=max(limit, _RERANK_POOL))
        found = [(hit["id"], float(hit.score)) for hit in results]
    # a situation that covers more of the typed words ranks higher (BM25 alone lets one rare
    # word carry a situation past one that matches most of the description)
    field = "title_pl" if lang == "pl" else "title_en"
    words = [
        set(terms)
        for word in _WORD.findall(" ".join([text, *headwords[lang]]))
        if (terms := _query_terms(index, field, word))
    ]
    if words:

        def covered(situation_id: str) -> float:
            have = _situation_terms(index, by_id[situation_id], lang)
            return sum(1 for terms in words if terms & have) / len(words)

        found = sorted(((sid, score * (1 + covered(sid))) for sid, score in found),
                       key=lambda item: -item[1])
    found = found[:limit]
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


_CACHE: dict[tuple, tuple[Any, list[Situation], list[Synonym]]] = {}


def _file_key(path: Path) -> tuple[str, int, int]:
    stat = path.stat() if path.exists() else None
    return (str(path), stat.st_mtime_ns if stat else 0, stat.st_size if stat else 0)


def _catalogue_index(config: Config) -> tuple[Any, list[Situation], list[Synonym]]:
    path = situations_file(config)
    key = (_file_key(path), _file_key(config.glossary_file))
    if key not in _CACHE:
        from tools.glossary import load_glossary

        situations = load_situations(config)  # names the file if it is missing or malformed
        # the glossary only adds search words: a build without it still finds situations
        terms = load_glossary(config.glossary_file) if config.glossary_file.exists() else []
        _CACHE.clear()
        _CACHE[key] = (build_lookup_index(situations), situations, glossary_synonyms(terms))
    return _CACHE[key]


def lookup(text: str, config: Config, limit: int = 5) -> list[SituationHit]:
    """The situations of the catalogue closest to a free-text description, best first."""
    index, situations, synonyms = _catalogue_index(config)
    return search_situations(index, situations, text, limit, synonyms)


def expected_found(hits: list[SituationHit], expected: str, top: int = 3) -> bool:
    """True when `expected` matches (cites_match) a law id of one of the first `top` hits."""
    return any(cites_match(expected, law) for hit in hits[:top] for law in hit.laws)
