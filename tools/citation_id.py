"""Turning what people type ("przepis 50D2", "Law 64 C", "L50D2a", "§ 64") into a citation id."""

from __future__ import annotations

import re

# Words that may stand before a citation in either language, in any grammatical case.
_PREFIX = re.compile(
    r"^\s*(?:§+|l(?=\s*\d)|l\.|laws?|rule|prawo|przep\w*|art\.?|artyku\w*|punkt\w*|pkt\.?)\s*",
    re.IGNORECASE,
)
_ID = re.compile(r"^(\d{1,2})\s*([A-Ha-h])?\s*(\d{1,2})?\s*(?:\(?\s*([a-h])\s*\)?)?\.?$")


def parse_citation_query(text: str) -> str | None:
    """The citation id a query names ("64 C 2" -> "64C2"), or None if it is not a citation."""
    rest = text.strip()
    while True:
        stripped = _PREFIX.sub("", rest, count=1)
        if stripped == rest:
            break
        rest = stripped
    match = _ID.match(rest.strip())
    if not match:
        return None
    number, section, item, sub = match.groups()
    if not 1 <= int(number) <= 93 or (item and not section) or (sub and not item):
        return None
    return f"{int(number)}{(section or '').upper()}{item or ''}{(sub or '').lower()}"
