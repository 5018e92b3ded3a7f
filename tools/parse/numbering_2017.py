"""Citation ids of the 2017 units: section letters, item numbers, sub-item letters.

An item's place in its list is its number, a sub-item's its letter; an explicit anchor
(id="64C2") names its unit outright and wins over position.
"""

from __future__ import annotations

import re

from tools.normalize.citation_id import parse_id

# What a page may put before the law number in an anchor: "p64B3", "law-64B3", "przepis_64B3".
_ANCHOR_PREFIX = r"(?:p|law|prawo|przepis)?[-_]?"
LETTERED = re.compile(r"^([A-Z])[.)]\s+(\S.*)$")


def _roman(n: int) -> str:
    numerals = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    out = ""
    for value, numeral in numerals:
        while n >= value:
            out, n = out + numeral, n - value
    return out


def item_label(level: int, number: int, style: str) -> str | None:
    """The citation label of item `number` at `level` (2 item, 3 sub-item); None if none."""
    if number < 1 or (number > 26 and (level == 3 or style in ("a", "A"))):
        return None
    if level == 2:
        return str(number)
    if level == 3:
        return chr(ord("a") + number - 1)
    if style in ("a", "A"):
        return chr(ord(style) + number - 1)
    if style == "1":
        return str(number)
    return _roman(number).upper() if style == "I" else _roman(number)


def explicit_id(anchors: list[str], number: int, level: int) -> tuple[str, str] | None:
    """(id, label) from an anchor like "64B3" / "p64B3" naming a unit `level` deep (in a
    section: the anchor's section letter in either case, its sub-item letter too)."""
    for anchor in anchors:
        match = re.match(rf"{_ANCHOR_PREFIX}{number}", anchor, re.I)
        rest = anchor[match.end() :] if match else ""
        if not rest[:1].isalpha():
            continue
        parsed = parse_id(f"{number}{rest[0].upper()}{rest[1:].lower()}")
        if parsed is not None and parsed.depth == level:
            return parsed.text, parsed.labels[-1]
    return None
