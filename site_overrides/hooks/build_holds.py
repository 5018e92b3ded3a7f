"""MkDocs hook: the home pages say what the build at hand holds.

The hand-written home pages (content/*/index.md) carry the marker `<!-- bridgelaw:holds -->`; it
becomes a paragraph counting, per edition, the laws with Polish text, with English text and with
both side by side (read from the generated law pages' front matter), and the situations.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tools.interface import interface, plural
from tools.render.base import LAW_PAGE, law_page_parts

MARKER = "<!-- bridgelaw:holds -->"
_TEXT_LANG = re.compile(r"^text_language: (\w+)$", re.MULTILINE)
_ORIGIN = re.compile(r"^origin: (\w+)$", re.MULTILINE)
_FETCH_DATE = re.compile(r"^fetch_date: '?([\d-]+)'?$", re.MULTILINE)
ORIGIN_WORDS = interface("build_sources")
HOLDS_WORDS = interface("build_holds")


def law_heads(docs: Path) -> list[tuple[str, int, int, str]]:
    """(lang, edition, number, front matter) of every generated law page, read once."""
    heads = []
    for path in sorted(docs.glob(LAW_PAGE.format(lang="*", edition="*", number="*"))):
        parts = law_page_parts(path.relative_to(docs).as_posix())
        if parts:
            head = path.read_text(encoding="utf-8").split("\n---", 1)[0]
            heads.append((*parts, head))
    return heads


def holdings(heads: list[tuple[str, int, int, str]]) -> dict[int, dict[str, set[int]]]:
    """Per edition: the law numbers with text in each language ("pl", "en")."""
    found: dict[int, dict[str, set[int]]] = {}
    for lang, edition, number, head in heads:
        text_lang = _TEXT_LANG.search(head)
        edition_laws = found.setdefault(edition, {"pl": set(), "en": set()})
        if text_lang and text_lang.group(1) == lang:
            edition_laws[lang].add(number)
    return found


def origins(heads: list[tuple[str, int, int, str]]) -> dict[str, dict[str, set]]:
    """Per origin ("web", "snapshot"): the law texts (edition, lang, number) and their dates."""
    found: dict[str, dict[str, set]] = {}
    for lang, edition, number, head in heads:
        text_lang, origin = _TEXT_LANG.search(head), _ORIGIN.search(head)
        if not (text_lang and origin) or text_lang.group(1) != lang:
            continue  # a title page, or the other language's text shown here
        entry = found.setdefault(origin.group(1), {"laws": set(), "dates": set()})
        entry["laws"].add((edition, lang, number))
        date = _FETCH_DATE.search(head)
        if date:
            entry["dates"].add(date.group(1))
    return found


def describe_origins(found: dict[str, dict[str, set]], lang: str) -> str:
    """One paragraph (HTML): how many law texts came from the live pages and from the
    bundled snapshot, and when they were read."""
    words = ORIGIN_WORDS[lang]
    parts = [f"{len(entry['laws'])} {words.get(origin, origin)} "
             f"({words['read']} {', '.join(sorted(entry['dates']))})"
             for origin, entry in sorted(found.items(), key=lambda item: item[0] != "web")]
    if not parts:
        return ""
    return f'<p class="build-sources">{words["lead"]}: {"; ".join(parts)}.</p>'


def describe(found: dict[int, dict[str, set[int]]], situations: int, lang: str) -> str:
    """One paragraph (HTML) saying what the build holds, in `lang`."""
    words = HOLDS_WORDS[lang]
    parts = []
    both_total = 0
    for edition in sorted(found, reverse=True):
        pl, en = len(found[edition]["pl"]), len(found[edition]["en"])
        both = len(found[edition]["pl"] & found[edition]["en"])
        both_total += both
        parts.append(words["edition"].format(edition=edition, pl=pl, en=en, both=both,
                                             laws=plural(pl, words["laws"])))
    text = f"<strong>{words['lead']}</strong>: " + "; ".join(parts or [words["no_law"]])
    text += "; " + words["situations"].format(n=situations,
                                              situation=plural(situations, words["situation"]))
    if not both_total:
        text += " " + words["no_english"]
    return f'<p class="build-holds">{text}</p>'


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the marker on a home page."""
    if MARKER not in markdown:
        return markdown
    docs = Path(config["docs_dir"])
    lang = "en" if page.file.src_uri.startswith("en/") else "pl"
    situations = len([p for p in (docs / lang / "situations").glob("*.md")
                      if p.name != "index.md"])
    heads = law_heads(docs)
    return markdown.replace(MARKER, describe(holdings(heads), situations, lang)
                            + describe_origins(origins(heads), lang))
