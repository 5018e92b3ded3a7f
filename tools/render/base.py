"""What every page renderer shares: the interface words, the content paths and links between
pages, the render context, law titles and the small escapes of HTML, Markdown and front matter."""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import yaml

from tools.model import Corpus
from tools.urls import lang_root

if TYPE_CHECKING:
    from tools.normalize.concordance import Concordance
    from tools.normalize.glossary import Term
    from tools.normalize.outline import Outline

LANG_NAMES = {"pl": "Polski", "en": "English"}

# Interface words in both languages; written by us.
UI: dict[str, dict[str, str]] = {
    "pl": {
        "law": "Przepis",
        "edition": "Wydanie",
        "source": "Źródło",
        "fetched": "pobrano",
        "other_lang": "English",
        "other_lang_label": "Ten sam przepis po angielsku",
        "prev": "Poprzedni przepis",
        "next": "Następny przepis",
        "toc": "Spis przepisów",
        "compare": "Porównaj wydania 1997 i 2017",
        "no_text": "Tekstu tego przepisu w tym języku nie ma w tej kompilacji serwisu.",
        "no_text_link": "Tekst na stronie źródłowej",
        "shown_instead": "Poniżej tekst angielski.",
        "not_in_build": "Tego przepisu nie ma w tej kompilacji serwisu",
        "unresolved": "Nie udało się ustalić, do którego przepisu odnosi się to odwołanie",
        "footnotes": "Przypisy",
        "notes": "Uwagi",
        "flowcharts": "Schematy orzekania",
        "chapter_unknown": "Rozdział nie podany w źródle",
        "titles_only": "sam tytuł i części: tekstu nie ma w tej kompilacji",
        "laws_title": "Spis przepisów",
        "laws_intro": "Przepisy według wydania, rozdziału i części; z wydania 2017 wszystkie, "
        "także te, których tekstu nie ma w tej kompilacji.",
        "compare_title": "Porównanie wydań",
        "compare_intro": "Te same przepisy w wydaniu 1997 i 2017, zestawione punkt po punkcie. "
        "Skreślone słowa są przekreślone, dodane podkreślone.",
        "status_same": "bez zmian",
        "status_changed": "zmieniony",
        "status_added": "nowy w 2017",
        "status_removed": "usunięty w 2017",
        "status_moved": "przeniesiony",
        "terms_title": "Indeks terminów",
        "terms_intro": "Terminy w obu językach, alfabetycznie, z odpowiednikiem i przepisem.",
        "glossary_title": "Słownik",
        "glossary_intro": "Terminy brydżowe po polsku i angielsku, z krótkim objaśnieniem.",
        "term_pl": "polski",
        "term_en": "angielski",
        "see_glossary": "w słowniku",
        "empty_glossary": "Słownik nie został jeszcze dołączony do tej kompilacji.",
    },
    "en": {
        "law": "Law",
        "edition": "Edition",
        "source": "Source",
        "fetched": "fetched",
        "other_lang": "Polski",
        "other_lang_label": "The same law in Polish",
        "prev": "Previous law",
        "next": "Next law",
        "toc": "Table of laws",
        "compare": "Compare the 1997 and 2017 editions",
        "no_text": "The English text of this law is not in this build of the site.",
        "no_text_link": "English text on the source site",
        "shown_instead": "The Polish text follows.",
        "not_in_build": "This law is not in this build of the site",
        "unresolved": "Could not tell which law this reference points to",
        "footnotes": "Footnotes",
        "notes": "Notes",
        "flowcharts": "Ruling flowcharts",
        "chapter_unknown": "Chapter not given by the source",
        "titles_only": "title and sections only: the text is not in this build",
        "laws_title": "Table of laws",
        "laws_intro": "The laws by edition, chapter and part; every law of the 2017 edition, "
        "also those whose text is not in this build.",
        "compare_title": "Edition compare",
        "compare_intro": "The same laws in the 1997 and 2017 editions, unit by unit. "
        "Removed words are struck through, added words underlined.",
        "status_same": "unchanged",
        "status_changed": "changed",
        "status_added": "new in 2017",
        "status_removed": "removed in 2017",
        "status_moved": "moved",
        "terms_title": "Index of terms",
        "terms_intro": "Terms in both languages, alphabetically, with their pair and law.",
        "glossary_title": "Glossary",
        "glossary_intro": "Bridge terms in Polish and English, each with a short explanation.",
        "term_pl": "Polish",
        "term_en": "English",
        "see_glossary": "in the glossary",
        "empty_glossary": "The glossary is not part of this build yet.",
    },
}

_POLISH_ALPHABET = "aąbcćdeęfghijklłmnńoóprsśtuvwxyzźż"
_ORDER = {letter: index for index, letter in enumerate(_POLISH_ALPHABET)}


def polish_sort_key(text: str) -> tuple[tuple[int, str], ...]:
    """A sort key that puts "ł" after "l" and "ż" last, as a Polish index does."""
    return tuple((_ORDER.get(ch, 100 + ord(ch)), ch) for ch in text.casefold())


# ---------------------------------------------------------------- paths


def site_path(content_path: str) -> str:
    """The site URL path of a content page ("pl/laws/2017/64.md" -> "laws/2017/64/")."""
    lang, _, rest = content_path.partition("/")
    prefix = lang_root(lang)
    stem = rest[: -len(".md")]
    if stem == "index":
        return prefix
    if stem.endswith("/index"):
        stem = stem[: -len("/index")]
    return f"{prefix}{stem}/"


def relative_url(from_content: str, to_content: str, anchor: str = "") -> str:
    """A relative link between two content pages as the built site serves them."""
    start = site_path(from_content) or "."
    target = site_path(to_content) or "."
    rel = posixpath.relpath(target, start)
    rel = "./" if rel == "." else rel + "/"
    return rel + (f"#{anchor}" if anchor else "")


def md_link(from_content: str, to_content: str, anchor: str = "") -> str:
    """A Markdown link target between two content files (MkDocs resolves and validates it)."""
    rel = posixpath.relpath(to_content, posixpath.dirname(from_content) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def law_page(edition: int, lang: str, number: int) -> str:
    """The content path of a law page."""
    return f"{lang}/laws/{edition}/{number}.md"


# ---------------------------------------------------------------- context


@dataclass
class Context:
    """What every page renderer may look up."""

    corpus: Corpus
    outline: Outline | None
    laws_by_edition: dict[int, list[int]]
    glossary: list[Term] | None = None
    concordance: Concordance | None = None  # None: the project's (tools.render.edition)


def laws_by_edition(corpus: Corpus) -> dict[int, list[int]]:
    found: dict[int, set[int]] = {}
    for law in corpus.laws:
        found.setdefault(law.edition, set()).add(law.number)
    return {edition: sorted(numbers) for edition, numbers in sorted(found.items())}


def law_title(ctx: Context, edition: int, number: int, lang: str) -> str:
    """The law's title in `lang`: the official outline for 2017, else the source's own title;
    "" when the build has no title in that language."""
    if ctx.outline is not None and edition == 2017:
        title = ctx.outline.title(number, lang)
        if title:
            return title
    law = ctx.corpus.law(edition, lang, number)
    return law.title if law is not None else ""


def shown_title(ctx: Context, edition: int, number: int, lang: str) -> tuple[str, str]:
    """The title to show on a `lang` page and the language it is in (the other language's title
    when the build has none in `lang`)."""
    other = "en" if lang == "pl" else "pl"
    title = law_title(ctx, edition, number, lang)
    if title:
        return title, lang
    return law_title(ctx, edition, number, other), other


def esc(text: str) -> str:
    return html.escape(text, quote=True)

def front_matter(data: dict[str, Any]) -> str:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=True, width=1000)
    return f"---\n{text}---\n"


def md_escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#])", r"\\\1", text)


def page_head(lang: str, name: str) -> list[str]:
    """A generated page's front matter, heading and intro: UI[lang][name + "_title"] and
    UI[lang][name + "_intro"]."""
    title = UI[lang][f"{name}_title"]
    return [front_matter({"title": title, "language": lang}), f"# {title}", "",
            UI[lang][f"{name}_intro"], ""]


def unit_label(unit_id: str, lang: str) -> str:
    """A unit's id as the link to its own row ("64B3", read out as "Przepis 64B3")."""
    return (f'<a class="unit-id" href="#{esc(unit_id)}" '
            f'aria-label="{UI[lang]["law"]} {esc(unit_id)}">{esc(unit_id)}</a>')
