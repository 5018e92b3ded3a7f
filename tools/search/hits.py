"""What a search returns: ranked hits with their snippets, and the result the CLI prints."""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from tools.search.query import WORD
from tools.search.score import all_terms

SNIPPET_WORDS = 28
SNIPPET_SCAN = 600  # words of a document looked at for the snippet window


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
    # the text a clause completes ("Kartę rozgrywającego uważa się za zagraną, jeśli jest:")
    lead: str = ""


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
    # English words of the query -> the Polish glossary term they were read as in Polish text
    translated: dict[str, str] = field(default_factory=dict)
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
            "translated": self.translated,
            "hits": [asdict(hit) for hit in self.hits],
        }
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)


@lru_cache(maxsize=4096)
def snippet(text: str, marks: frozenset[str]) -> str:
    """A window of the text around its matched words, escaped, matches wrapped in <mark>."""
    words = []
    for match in WORD.finditer(text):
        words.append(match)
        if len(words) >= SNIPPET_SCAN:  # a whole law's text: its opening part is enough
            break
    if not words:
        return ""
    hit = [not marks.isdisjoint(all_terms(m.group().lower())) for m in words]
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


def make_hit(fields: dict[str, Any], score: float, marks: frozenset[str]) -> Hit:
    """The hit of one document's stored fields, its snippet marking the terms in `marks`."""
    body = fields.get("body", "")
    return Hit(
        id=fields["id"],
        law=fields["law"],
        lang=fields["lang"],
        edition=int(fields["edition"]) if fields["edition"] else None,
        title=fields["title"],
        snippet=snippet(body, marks) if body else "",
        url=fields["url"],
        score=round(score, 4),
        kind=fields["kind"],
        superseded=fields["edition"] == "1997",
        lead=fields.get("lead", ""),
    )
