"""What every page renderer shares: the interface words, the content paths and links between
pages, the render context, law titles and the small escapes of HTML, Markdown and front matter."""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import yaml

from tools.interface import interface
from tools.markup import MARKUP as M
from tools.model import Corpus
from tools.urls import lang_root

if TYPE_CHECKING:
    from tools.normalize.concordance import Concordance
    from tools.normalize.glossary import Term
    from tools.normalize.outline import Outline

LANG_NAMES = {"pl": "Polski", "en": "English"}

# Interface words of the site pages (tools/data/interface.yaml).
UI = interface("pages")

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


# The content paths of the law pages and of their table, written once: the renderers build
# them, the home pages' hook reads the law pages back by them (law_page_parts).
LAW_PAGE = "{lang}/laws/{edition}/{number}.md"
LAWS_INDEX_PAGE = "{lang}/laws/index.md"
_LAW_PAGE_PARTS = re.compile("^" + re.escape(LAW_PAGE).replace(r"\{lang\}", r"(?P<lang>[a-z]+)")
                             .replace(r"\{edition\}", r"(?P<edition>\d{4})")
                             .replace(r"\{number\}", r"(?P<number>\d+)") + "$")


def law_page(edition: int, lang: str, number: int) -> str:
    """The content path of a law page ("pl/laws/2017/64.md")."""
    return LAW_PAGE.format(lang=lang, edition=edition, number=number)


def law_page_parts(content_path: str) -> tuple[str, int, int] | None:
    """(lang, edition, number) of a law page's content path; None for any other page."""
    match = _LAW_PAGE_PARTS.match(content_path)
    if not match:
        return None
    return match["lang"], int(match["edition"]), int(match["number"])


def laws_index_page(lang: str) -> str:
    """The content path of the table of laws in `lang` ("pl/laws/index.md")."""
    return LAWS_INDEX_PAGE.format(lang=lang)


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
    return (f'<a class="{M.unit_id}" href="#{esc(unit_id)}" '
            f'aria-label="{UI[lang]["law"]} {esc(unit_id)}">{esc(unit_id)}</a>')
