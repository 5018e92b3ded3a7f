"""Numbers and counts in law text, in digits and in Polish or English words ("two", "dwie").

Values below 2 are not taken: "one"/"jeden" and "first"/"pierwszy" are as often an article or a
name ("one of the defenders", "pierwsze wyjście" = opening lead) as a count. Neither are
"second"/"drugi" ("drugi obrońca" = the other defender). Ordinals from the third on count as
their number, so "the twelfth trick" and "dwunastej lewie" agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

_EN_CARDINALS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100, "twice": 2, "thrice": 3,
}
_EN_ORDINALS = {
    "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
}
# Polish cardinals in every case they take ("dwie lewy", "dwóch graczy", "dwoma kartami").
_PL_CARDINALS = {
    2: "dwa dwie dwóch dwu dwom dwóm dwoma dwiema dwaj dwoje dwojga dwukrotnie",
    3: "trzy trzech trzem trzema trzej troje trojga trzykrotnie",
    4: "cztery czterech czterem czterema czterej czworo czterokrotnie",
    5: "pięć pięciu pięcioma", 6: "sześć sześciu sześcioma", 7: "siedem siedmiu siedmioma",
    8: "osiem ośmiu ośmioma", 9: "dziewięć dziewięciu dziewięcioma",
    10: "dziesięć dziesięciu dziesięcioma", 11: "jedenaście jedenastu",
    12: "dwanaście dwunastu", 13: "trzynaście trzynastu", 14: "czternaście czternastu",
    15: "piętnaście piętnastu", 16: "szesnaście szesnastu", 17: "siedemnaście siedemnastu",
    18: "osiemnaście osiemnastu", 19: "dziewiętnaście dziewiętnastu",
    20: "dwadzieścia dwudziestu", 30: "trzydzieści trzydziestu",
    40: "czterdzieści czterdziestu", 50: "pięćdziesiąt pięćdziesięciu",
    60: "sześćdziesiąt sześćdziesięciu", 100: "sto stu",
}
# Polish ordinals: a stem and the endings of an adjective ("ósma", "ósmej", "ósmego").
_PL_ORDINAL_STEMS = {
    "trzec": 3, "czwart": 4, "piąt": 5, "szóst": 6, "siódm": 7, "ósm": 8, "dziewiąt": 9,
    "dziesiąt": 10, "jedenast": 11, "dwunast": 12, "trzynast": 13,
}
_HARD_ENDINGS = ("y", "a", "e", "ego", "ej", "emu", "ym", "ą", "ych", "ymi")
_SOFT_ENDINGS = ("i", "ia", "ie", "iego", "iej", "iemu", "im", "ią", "ich", "imi")
_TOKEN = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w]|[.,]\d)|[^\W\d_]+")
MIN_VALUE = 2


@dataclass(frozen=True)
class Number:
    """One number found in a text: its value and where it is printed."""

    value: int | float
    start: int
    end: int
    printed: str


@cache
def number_words(lang: str) -> dict[str, int]:
    """Every word form of `lang` that names a number of 2 or more, lowercase -> value."""
    if lang == "en":
        return {**_EN_CARDINALS, **_EN_ORDINALS}
    if lang != "pl":
        raise ValueError(f"unknown language {lang!r}")
    words = {form: value for value, forms in _PL_CARDINALS.items() for form in forms.split()}
    for stem, value in _PL_ORDINAL_STEMS.items():
        endings = _SOFT_ENDINGS if stem == "trzec" else _HARD_ENDINGS
        words.update({stem + ending: value for ending in endings})
    return words


def _value(printed: str) -> int | float:
    """The value of a number printed in digits ("13", "0,5", "1.5")."""
    if "," in printed or "." in printed:
        return float(printed.replace(",", "."))
    return int(printed)


def blank(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the characters of `spans` replaced by spaces (offsets kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def find_numbers(text: str, lang: str, skip: list[tuple[int, int]] | None = None) -> list[Number]:
    """Every number of 2 or more in `text`, outside the `skip` spans (citations), in order."""
    words = number_words(lang)
    scan = blank(text, skip) if skip else text
    found: list[Number] = []
    for match in _TOKEN.finditer(scan):
        token = match.group(0)
        if token[0].isdigit():
            value: int | float = _value(token)
        else:
            value = words.get(token.casefold(), 0)
        if value >= MIN_VALUE:
            found.append(Number(value, match.start(), match.end(), text[match.start():match.end()]))
    return found


def shown(value: int | float) -> str:
    """A value as the findings print it ("13", "0.5")."""
    return str(value) if isinstance(value, int) or not value.is_integer() else str(int(value))
