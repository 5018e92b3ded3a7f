"""The citation branch of `bridgelaw search`: a typed id means the 2017 edition unless --edition
1997 is asked; without its 2017 text in the build, the answer is its official page and its 1997
counterpart through the concordance, never the 1997 unit that happens to have the same id."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tools.citation_id import law_of
from tools.cite2017 import IN_FORCE, OLD, resolve, sources
from tools.model import Corpus

if TYPE_CHECKING:
    from tools.config import Config
    from tools.search import SearchResult, _Index


def citation_result(ix: _Index, text: str, cited: str, config: Config, lang: str | None,
                    edition: int | None, limit: int) -> SearchResult:
    """The hits and message of a citation query."""
    from tools.search import SearchResult, _jump, nearest_ids

    result = SearchResult(query=text, took_ms=0.0, citation=cited)
    if edition == OLD:  # 1997 numbering asked for by name
        result.hits = _jump(ix, cited, lang, OLD, limit)
    else:
        result.hits = _jump(ix, cited, lang, IN_FORCE, limit)
    if result.hits:
        return result
    if edition != OLD and cited in ix.official.get(str(law_of(cited)), []):
        info = resolve(sources(Corpus(laws=[]), config.outline_file), lang or "pl", cited)
        olds = [old.id for old in info.counterparts]
        result.official_url = info.official_url
        result.counterparts_1997 = olds
        for old in olds:  # labelled: the 1997 counterpart, not the answer
            result.hits += [replace(hit, title=f"[{OLD} counterpart of {cited}] {hit.title}")
                            for hit in _jump(ix, old, lang, OLD, 1)]
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
