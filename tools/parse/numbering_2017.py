"""Citation ids of the 2017 units: section letters, item numbers, sub-item letters.

An item's place in its list is its number, a sub-item's its letter; an explicit anchor
(id="64C2") names its unit outright and wins over position.
"""

from __future__ import annotations

import re

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
    """(id, label) from an anchor like "64B3" / "p64B3" naming a unit `level` deep."""
    for anchor in anchors:
        match = re.fullmatch(rf"(?:p|law|prawo|przepis)?[-_]?{number}([A-Za-z])(\d+)?([a-z])?",
                             anchor, re.I)
        if not match:
            continue
        parts = [match.group(1).upper(), match.group(2) or "", (match.group(3) or "").lower()]
        if sum(1 for part in parts if part) == level:
            return f"{number}{''.join(parts)}", parts[level - 1]
    return None
