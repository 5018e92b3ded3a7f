"""Placeholder law documents (markup-free trees) for the imitation site; deterministic."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

# Every page carries this, and every law text names its unit id and says SYNTHETIC.
SYNTHETIC = "SYNTHETIC"
# All nine Polish letters with diacritics, small and capital: a wrong charset shows at once.
PANGRAM = "zażółć gęślą jaźń"
PANGRAM_CAPS = "ZAŻÓŁĆ GĘŚLĄ JAŹŃ"

PL_HEADINGS = (
    "Źródło zasad", "Łódź", "Zażółć gęślą jaźń", "Ćma i świeca", "Ósma lewa zastępcza",
    "Żółw, Ćma i Łoś na łące przy źródle", "Śnieg w marcu", "Gęś", "Nagłówek zastępczy",
    "Ćwiczenie z kartą przygwożdżoną", "Źdźbło", "Łąka i Ńemen",
)
EN_HEADINGS = (
    "Placeholder Heading", "Stand-in", "Synthetic Heading for the Test Site", "Short One",
    "Heading Without Meaning", "Another Placeholder Heading", "Filler Words Here",
    "Test Heading", "Longer Placeholder Heading for Variety", "Stub",
)
PL_TAILS = (", wyjście i lewa", " – ŻÓŁW, ŚLĄSK I ĆMA", ", Łódź i Źródło",
            ", dziadek oraz ósma lewa", "", ", Ąa Ęe Ńn")
EN_TAILS = ("", ", declarer and dummy", " – a stand-in sentence", ", the defender’s card",
            ", nothing more")
TITLE_WORDS = ("żółta łódź", "ślad gęsi", "źródło ćmy", "łąka", "Ósmy wiersz", "jaźń")
TITLE_CAPS = ("ŻÓŁĆ", "GĘŚLĄ JAŹŃ", "ŁÓDŹ I ŹRÓDŁO", "ŚNIEG", "ĆMA", "ŃEMEN")
EN_TITLE_CAPS = ("STAND-IN WORDING", "PLACEHOLDER", "FILLER", "TEST TITLE WORDS")
# Laws with a footnote: how many markers ("*", "**") their text carries.
FOOTNOTES_2017 = {12: 1, 45: 1, 50: 2, 64: 1, 81: 1}


def pick(key: str, n: int) -> int:
    """A deterministic choice in range(n) for `key` (no random state)."""
    return int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % n


@dataclass(frozen=True)
class Link:
    """A citation printed as a link to a law page (the text is the cited id)."""

    text: str
    law: int


@dataclass(frozen=True)
class Emph:
    """An emphasised word (<i>, <em>): text like any other."""

    text: str


@dataclass(frozen=True)
class Mark:
    """A footnote marker in the text ("*", "**"): kept in the unit's text."""

    text: str


Inline = str | Link | Emph | Mark
Para = tuple[Inline, ...]


def plain(para: Para) -> str:
    """The text a browser shows for a paragraph, whitespace normalised."""
    text = "".join(part if isinstance(part, str) else part.text for part in para)
    return " ".join(text.split())


@dataclass
class Node:
    """One unit as the page prints it (a section, item or sub-item)."""

    id: str
    level: int  # 1 section, 2 item, 3 sub-item
    label: str  # "A", "3", "a"
    title: str = ""
    paras: list[Para] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    empty: bool = False  # 2017: not printed, only its children are
    screens: bool = False  # 1997 Polish: a "zasłony" link follows its text


@dataclass
class LawDoc:
    """One law on one page in one language, before markup."""

    edition: int
    lang: str
    number: int
    title: str  # what a correct scrape calls the law
    printed_title: str  # "" when the page prints no title (2017 English)
    intro: list[Para] = field(default_factory=list)
    units: list[Node] = field(default_factory=list)  # sections, or items hanging from the law
    footnotes: list[tuple[str, str]] = field(default_factory=list)
    notes: list[Para] = field(default_factory=list)  # 1997: trailing paragraphs of no unit


def walk(nodes: list[Node]) -> list[Node]:
    """Every node below `nodes`, depth first, in document order."""
    out: list[Node] = []
    for node in nodes:
        out.append(node)
        out.extend(walk(node.children))
    return out


def heading(uid: str, lang: str) -> str:
    """A short placeholder heading without final punctuation."""
    pool = PL_HEADINGS if lang == "pl" else EN_HEADINGS
    return pool[pick("heading" + uid + lang, len(pool))]


def citation(uid: str, lang: str, targets: list[str]) -> tuple[Inline, ...]:
    """None, one or two neighbouring citation links for a unit's first paragraph."""
    if not targets:
        return ()
    number = int("".join(ch for ch in uid[:2] if ch.isdigit()))
    others = [t for t in targets if int("".join(ch for ch in t[:2] if ch.isdigit())) != number]

    def link(salt: str) -> Link:
        target = others[pick(salt + uid, len(others))]
        return Link(target, int("".join(ch for ch in target[:2] if ch.isdigit())))

    if pick("cite2" + uid, 13) == 0:
        words = " (patrz przepisy " if lang == "pl" else " (see Laws "
        return (words, link("a"), link("b"), ")")
    if pick("cite" + uid, 6) == 0:
        return (" (patrz przepis " if lang == "pl" else " (see Law ", link("c"), ")")
    return ()


def unit_text(uid: str, lang: str, targets: list[str], marker: str = "",
              caps: bool = False) -> Para:
    """A unit's first paragraph, naming its id; `caps` adds the capitals ĄĆĘŁŃÓŚŹŻ."""
    emph = pick("emph" + uid, 7) == 0
    if lang == "pl":
        word: Inline = Emph("gęślą") if emph else "gęślą"
        tail = f", {PANGRAM_CAPS}" if caps else PL_TAILS[pick("tail" + uid, len(PL_TAILS))]
        head: tuple[Inline, ...] = (f"Tekst zastępczy {uid} ({SYNTHETIC}): zażółć ", word,
                                    " jaźń", Mark(marker), tail)
    else:
        word = Emph("only") if emph else "only"
        tail = EN_TAILS[pick("tail" + uid, len(EN_TAILS))]
        head = (f"Placeholder text {uid} ({SYNTHETIC}), for the test site ", word, Mark(marker),
                tail)
    parts = (*head, *citation(uid, lang, targets), ".")
    return tuple(p for p in parts if p != "" and p != Mark(""))


def second_text(uid: str, lang: str) -> Para:
    """A second paragraph of a unit."""
    if lang == "pl":
        return (f"Drugi akapit {uid} ({SYNTHETIC}): Łączność, Ósemka i Ślad.",)
    return (f"Second paragraph {uid} ({SYNTHETIC}), still placeholder wording.",)


def lead_in(uid: str, lang: str) -> Para:
    """An intro sentence printed before a unit's list."""
    if lang == "pl":
        return (f"Wstęp zastępczy {uid} ({SYNTHETIC}), gdy zachodzi źdźbło:",)
    return (f"Placeholder lead-in {uid} ({SYNTHETIC}), when:",)


def law_text(number: int, lang: str, before_units: bool) -> Para:
    """A paragraph of the law's own text (before section A, or the whole law)."""
    if lang == "pl":
        where = " przed punktem A" if before_units else ""
        return (f"Tekst zastępczy przepisu {number}{where} ({SYNTHETIC}): {PANGRAM}, "
                f"{PANGRAM_CAPS}.",)
    where = " before the first section" if before_units else ""
    return (f"Placeholder text of Law {number}{where} ({SYNTHETIC}), not law text.",)


def footnote_text(number: int, lang: str, marker: str) -> str:
    """The text of a footnote (without its marker)."""
    nth = len(marker)
    if lang == "pl":
        return f"Przypis zastępczy {nth} do przepisu {number} ({SYNTHETIC}): źle ułożona lewa."
    return f"Placeholder footnote {nth} to Law {number} ({SYNTHETIC})."


def note_text(number: int, lang: str, nth: int) -> Para:
    """A trailing note of a 1997 law."""
    if lang == "pl":
        return (f"Uwaga zastępcza {nth} do przepisu {number} ({SYNTHETIC}): Źdźbło i Łza.",)
    return (f"Placeholder note {nth} to Law {number} ({SYNTHETIC}).",)


def fill_units(nodes: list[Node], lang: str, targets: list[str], markers: list[str],
               titled: bool) -> None:
    """Give every printed node its paragraphs; `markers` are footnote marks still to place."""
    caps = True
    for node in walk(nodes):
        if node.empty:
            continue
        if node.level == 1 and titled:
            node.title = heading(node.id, lang)
        if node.children and node.level == 1:
            if pick("lead" + node.id, 2) == 0:
                node.paras = [lead_in(node.id, lang)]
            continue
        marker = markers.pop(0) if markers else ""
        node.paras = [unit_text(node.id, lang, targets, marker, caps)]
        caps = False
        if pick("two" + node.id, 15) == 0:
            node.paras.append(second_text(node.id, lang))
