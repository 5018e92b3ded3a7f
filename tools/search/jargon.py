"""Table talk: the words players use at the table for what the laws call otherwise (suits,
ranks, "the table", what happened to a card), each read as the law's general word.

Every engine reads it: the CLI and the situation lookup through `jargon_words`, the site
through `jargon_table` in the spec (tools/search/query.py).
"""

from __future__ import annotations

import re

from tools.model import LANGS
from tools.search.analysis import WORD_PATTERN, fold

_WORD = re.compile(WORD_PATTERN)

# Table talk names suits, ranks and "the table" where the laws speak of a suit, an honour and
# dummy; each folded word form (any inflection listed) adds the general word of its language.
# Not "kara", "kar": the diamonds' forms are also the penalty's ("kara za renons"); not "as",
# "ten": they are function words of the other language, which no engine reads.

def _calls(strains: str, but: str = "") -> list[str]:
    """A call as players write it, a level and a strain's letters in one word ("1nt", "4s"),
    but the forms `but` lists."""
    return [form for level in range(1, 8) for strain in strains.split()
            if (form := f"{level}{strain}") not in but.split()]


JARGON_PL: dict[str, str] = {
    # a call written as players write it ("1BA", "2P", "3Ki") is a bid of the auction
    **dict.fromkeys(_calls("ba nt t k ki p"), "odzywka"),
    **dict.fromkeys(
        "pik piki pika pikow pikach kier kiery kiera kierow kierach karo "
        "trefl trefle trefla trefli treflach".split(),
        "kolor",
    ),
    **dict.fromkeys(
        "asa asem krol krola krolem dama dame damy walet waleta dziesiatka".split(), "honor"
    ),
    # "ze stołu", "stół wziął" mean dummy; "na stole" is just where a card lies
    **dict.fromkeys("stol stolu".split(), "dziadek"),
    **dict.fromkeys("zamienic zamienil zamiana wymienic".split(), "zmienic"),
    # the second-last trick is the twelfth
    **dict.fromkeys("12 przedostatniej przedostatnia".split(), "dwunastej"),
    **dict.fromkeys("kazal kazala kaze kazac".split(), "nakazac"),
    **dict.fromkeys(
        "zrzekl zrzekla zrzeklem zrzeklismy zrzekli zrzec zrzeka zrzekam".split(),
        "zrzeczenie",
    ),
    **dict.fromkeys("przebil przebila przebicie przebitka".split(), "renons"),
    # how players say what happened to a card, in the law's word for it, in a form whose
    # beginning the law's other forms share
    # not "wypadł": a king "falls" under the ace, a suit "falls" 3-3, in play
    **dict.fromkeys("upuscil upuscila upuscilem upuscilam wypadla wypadly wylecial "
                    "wyleciala".split(), "upuszczenia"),
    # "dotknięta" (45C3), not "dotknął": the site asks Pagefind for the word's beginning
    **dict.fromkeys("zlapal zlapala chwycil chwycila ruszyl ruszyla ruszylem przesunal "
                    "przesunela przesunalem".split(), "dotknieta"),
    # not "odwrócił": a card turned over may be one turned face up, exposed
    **dict.fromkeys("zakryl zakryla zakrylem zakrylam".split(), "zakrywac"),
    **dict.fromkeys("lezy leza lezal lezala".split(), "lezec"),
    # "wołać kartę" is how players say declarer names dummy's card (45D1: "wskazywał")
    **dict.fromkeys("wolal wolala wolac zawolal zawolala".split(), "wskazywal"),
}
JARGON_EN: dict[str, str] = {
    # a call written as players write it ("1NT", "4S") is a bid; not "1C", "6D", "7C"...: they
    # also name sections of Laws 1, 6 and 7, which a citation typed means
    **dict.fromkeys(_calls("c d h s n nt", but="1c 6c 6d 7c 7d"), "bid"),
    **dict.fromkeys("club clubs diamond diamonds heart hearts spade spades".split(), "suit"),
    **dict.fromkeys("ace king queen jack".split(), "honour"),
    **dict.fromkeys("swap swapped replace replaced exchange".split(), "change"),
    **dict.fromkeys("fix fixed".split(), "correct"),
    **dict.fromkeys("grab grabbed grabs".split(), "touched"),
    **dict.fromkeys("top highest".split(), "high"),
    **dict.fromkeys("12 12th penultimate".split(), "twelfth"),
    **dict.fromkeys("ruff ruffed trumped".split(), "revoke"),
}
JARGON = {"pl": JARGON_PL, "en": JARGON_EN}


def jargon_words(text: str) -> list[str]:
    """The general words the table-talk words of `text` stand for, in either language (see
    JARGON): "12" -> "dwunastej", "twelfth"."""
    return list(dict.fromkeys(JARGON[lang][w] for w in _WORD.findall(fold(text.lower()))
                              for lang in LANGS if w in JARGON[lang]))


def expand_jargon(text: str) -> str:
    """The text followed by the general words its table-talk words stand for."""
    return " ".join([text, *jargon_words(text)])


def jargon_table() -> dict[str, dict[str, list[str]]]:
    """JARGON as the site reads it, per language: each general word with its table-talk forms
    (the same table, smaller in the spec each search loads)."""
    table: dict[str, dict[str, list[str]]] = {}
    for lang, forms in JARGON.items():
        for form, general in sorted(forms.items()):
            table.setdefault(lang, {}).setdefault(general, []).append(form)
    return {lang: dict(sorted(table[lang].items())) for lang in sorted(table)}
