"""The citation branch of `bridgelaw search`: a typed id means the 2017 edition unless --edition
1997 is asked; without its 2017 text in the build, the answer is its official page and its 1997
counterpart through the concordance, never the 1997 unit that happens to have the same id."""

from __future__ import annotations

from dataclasses import replace
from difflib import SequenceMatcher
from typing import TYPE_CHECKING, Any

from tools.model import Corpus
from tools.normalize.citation_id import law_of
from tools.normalize.cite2017 import IN_FORCE, OLD, resolve, sources
from tools.search.hits import Hit, SearchResult, make_hit
from tools.search.score import whoosh_filter
from tools.urls import unit_url

if TYPE_CHECKING:
    from tools.config import Config
    from tools.search.reader import SearchIndex


def citation_result(ix: SearchIndex, text: str, cited: str, config: Config, lang: str | None,
                    edition: int | None, limit: int) -> SearchResult:
    """The hits and message of a citation query."""
    result = SearchResult(query=text, took_ms=0.0, citation=cited)
    if edition == OLD:  # 1997 numbering asked for by name
        result.hits = jump(ix, cited, lang, OLD, limit)
    else:
        result.hits = jump(ix, cited, lang, IN_FORCE, limit)
    if result.hits:
        return result
    if edition != OLD and cited in ix.official.get(str(law_of(cited)), []):
        info = resolve(sources(Corpus(laws=[]), config.outline_file), lang or "pl", cited)
        olds = [old.id for old in info.counterparts]
        result.official_url = info.official_url
        result.counterparts_1997 = olds
        # the law's own title page in this build, at the unit's anchor (it lists the unit's
        # title), first: "law 16B" is answered as "przepis 27" is
        result.hits = [replace(hit, id=cited, url=unit_url(IN_FORCE, hit.lang, cited))
                       for hit in jump(ix, str(law_of(cited)), lang, IN_FORCE, limit)
                       if hit.kind == "title"]
        for old in olds:  # labelled: the 1997 counterpart, not the answer
            result.hits += [replace(hit, title=f"[{OLD} counterpart of {cited}] {hit.title}")
                            for hit in jump(ix, old, lang, OLD, 1)]
        result.message = (
            f"{cited} ({IN_FORCE}): its {IN_FORCE} text is not in this build; official page: "
            f"{info.official_url}"
            + (f"; {OLD} counterpart: {', '.join(olds)}" if olds else "")
        )
        return result
    result.nearest = nearest_ids(ix, cited, lang, edition)
    result.message = f"no law or unit {cited} in the {edition or IN_FORCE} text of this build" + (
        f"; nearest: {', '.join(result.nearest)}" if result.nearest else "")
    return result


def _edition_order(fields: dict[str, Any], lang: str | None) -> tuple:
    return (fields["lang"] != (lang or "pl"), -(int(fields["edition"] or 0)), fields["kind"])


def jump(ix: SearchIndex, cited: str, lang: str | None, edition: int | None,
         limit: int) -> list[Hit]:
    """The law, unit or title-only law with the cited id, the asked language first."""
    from whoosh.query import Term

    # the few documents of the id, kept by the filters' documents the scorer reads once per
    # language and edition: a Whoosh filter would read them from the whole index on every jump
    allowed = ix.scorer.filtered(lang, edition)
    found = ix.searcher.search(Term("id", cited), limit=None)
    docs = [dict(hit.fields()) for hit in found if hit["kind"] in ("law", "unit", "title")
            and (allowed is None or hit.docnum in allowed)]
    docs.sort(key=lambda fields: _edition_order(fields, lang))
    return [make_hit(fields, 0.0, frozenset()) for fields in docs[:limit]]


def nearest_ids(ix: SearchIndex, cited: str, lang: str | None, edition: int | None) -> list[str]:
    """Existing citation ids closest to one that does not exist (same law first)."""
    from whoosh.query import Or, Term

    number = law_of(cited)
    hits = ix.searcher.search(
        Or([Term("kind", "law"), Term("kind", "unit"), Term("kind", "title")]),
        filter=whoosh_filter(lang, edition),
        limit=None,
    )
    ids = sorted({hit["id"] for hit in hits})

    def closeness(candidate: str) -> tuple:
        same_law = law_of(candidate) == number
        common = len(_common_prefix(candidate, cited))
        ratio = SequenceMatcher(None, candidate, cited).ratio()
        return (not same_law, -common, -ratio, candidate)

    return sorted(ids, key=closeness)[:3]


def _common_prefix(a: str, b: str) -> str:
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return a[:size]
