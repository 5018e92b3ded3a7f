"""The 2017 navigation lines and page addresses, as REAL_PAGES.md describes them."""

from __future__ import annotations

from dataclasses import dataclass

BASE_2017 = "/sedziowie/mpb/2017"
FIRST, LAST = 1, 93
# Front matter pages (so every nav link resolves), in reading order before Law 1.
FRONT = ("title", "foreword", "toc", "intro", "definitions", "index")
FILES = {
    "pl": {"title": "index.html", "foreword": "przedmowa.html", "toc": "spis.html",
           "intro": "wstep.html", "definitions": "definicje.html", "index": "indeks.html"},
    "en": {"title": "index.html", "foreword": "foreword.html", "toc": "toc.html",
           "intro": "introduction.html", "definitions": "definitions.html",
           "index": "lawindex.html"},
}
WORDS = {
    "pl": {"title": "strona tytułowa", "foreword": "przedmowa", "toc": "spis treści",
           "intro": "wstęp", "definitions": "definicje", "index": "indeks"},
    "en": {"title": "home", "foreword": "foreword", "toc": "table of contents",
           "intro": "introduction", "definitions": "definitions", "index": "index"},
}
COUNTERPART_WORDS = {"toc": "TOC", "title": "Title page", "foreword": "Foreword",
                     "intro": "Introduction", "definitions": "Definitions", "index": "Index"}
CHAIN = ("foreword", "toc", "intro", "definitions")  # ← → order before Law 1


@dataclass(frozen=True)
class NavItem:
    """One link of a nav line; `prefix` ("← ", "EN: ") is part of what the reader sees."""

    text: str
    href: str
    prefix: str = ""

    @property
    def shown(self) -> str:
        """The item as a browser shows it."""
        return self.prefix + self.text


def law_file(number: int, lang: str) -> str:
    """File name of a 2017 law page: pNN.html (Polish), lNN.html (English: letter l)."""
    return f"{'p' if lang == 'pl' else 'l'}{number}.html"


def law_path(number: int, lang: str) -> str:
    """Site path of a 2017 law page."""
    return f"{BASE_2017}/{lang}/{law_file(number, lang)}"


def front_path(kind: str, lang: str) -> str:
    """Site path of a front-matter page."""
    return f"{BASE_2017}/{lang}/{FILES[lang][kind]}"


def _other(lang: str) -> str:
    return "en" if lang == "pl" else "pl"


def _neighbour(page: int | str, lang: str) -> NavItem | None:
    if isinstance(page, int):
        return NavItem(str(page), law_file(page, lang))
    return NavItem(WORDS[lang][page], FILES[lang][page])


def nav_items(page: int | str, lang: str) -> list[NavItem]:
    """The nav line of a law page (number) or front page (kind), in order."""
    order: list[int | str] = [*CHAIN, *range(FIRST, LAST + 1)]
    items = [NavItem(WORDS[lang][kind], FILES[lang][kind]) for kind in ("title", "toc", "index")]
    if page in order:
        at = order.index(page)
        before = _neighbour(order[at - 1], lang) if at > 0 else None
        after = _neighbour(order[at + 1], lang) if at + 1 < len(order) else None
        if before:
            items.append(NavItem(before.text, before.href, "← "))
        if after:
            items.append(NavItem(after.text, after.href, "→ "))
    other = _other(lang)
    if isinstance(page, int):
        text = f"Law {page}" if other == "en" else f"przepis {page}"
        href = f"../{other}/{law_file(page, other)}"
    else:
        text = COUNTERPART_WORDS[page] if other == "en" else WORDS["pl"][page]
        href = f"../{other}/{FILES[other][page]}"
    items.append(NavItem(text, href, f"{other.upper()}: "))
    return items


def nav_line(page: int | str, lang: str) -> str:
    """The nav line as a browser shows it: items joined by ' · '."""
    return " · ".join(item.shown for item in nav_items(page, lang))
