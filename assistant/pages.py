"""Situation pages, the situation index and the wizard page, as Markdown in both languages.

Links that point at site URLs (law anchors, the wizard with a preset in its hash) are written as
raw HTML anchors, relative to the page: MkDocs validates only links to .md files, and a hash like
"#tree=revoke" is wizard state, not a heading anchor. Links between our own pages use .md paths
so the strict build checks them.
"""

from __future__ import annotations

import html
import json
import posixpath
from collections.abc import Mapping

from assistant.situations import Situation
from assistant.tree import DecisionTree
from tools.interface import interface
from tools.markup import MARKUP as M
from tools.model import LANGS, Corpus
from tools.normalize.citation_id import law_number
from tools.normalize.cite2017 import (
    IN_FORCE,
    Sources,
    as_sources,
    laws_without_text,
    official_title,
    resolve,
)
from tools.render.cite_html import cite_html
from tools.render.cite_text import EDITION_UI
from tools.urls import lang_root, situation_path

UI = interface("situation_pages")


def _md(text: str) -> str:
    """Text safe inside Markdown and HTML: markup characters escaped, words untouched."""
    escaped = html.escape(text, quote=False)
    for char in "\\`*_[]#|":
        escaped = escaped.replace(char, "\\" + char)
    return escaped


def _html(text: str) -> str:
    """Text inside a raw HTML block, which Markdown leaves alone: HTML escaping only."""
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    return html.escape(text, quote=True)


def _page_dir(lang: str, rel: str) -> str:
    """The site directory a situation-style page is served from (for relative links)."""
    return lang_root(lang) + rel


def _relative(target: str, from_dir: str) -> str:
    """A site-root path ("laws/2017/64/#64B3") relative to the page directory `from_dir`."""
    path, _, anchor = target.partition("#")
    rel = posixpath.relpath(path or ".", from_dir or ".")
    rel = "./" if rel == "." else rel.rstrip("/") + "/"
    return rel + (f"#{anchor}" if anchor else "")


# Where the site stage copies build/assistant.json, relative to the site root.
ASSISTANT_JSON = "assets/assistant/assistant.json"
WIZARD_ASSETS = "assets/wizard/"
# The wizard's scripts in the order they run (deferred: document order); wizard.js, which starts
# it, last. Their words come from assets/bridgelaw/interface.js, loaded in every page's <head>.
WIZARD_SCRIPTS = ("state.js", "match.js", "render.js", "wizard.js")


def _assets(page_dir: str, script: bool = True) -> list[str]:
    """The wizard's stylesheet (and scripts), linked from the pages that use them (so they load
    on those pages only, whatever the theme configuration)."""
    base = _relative(WIZARD_ASSETS, page_dir)
    lines = [f'<link rel="stylesheet" href="{base}wizard.css">']
    if script:
        lines += [f'<script src="{base}{name}" defer></script>' for name in WIZARD_SCRIPTS]
    return lines


def _tree_title(trees: Mapping[str, DecisionTree], tree_id: str, lang: str) -> str:
    tree = trees.get(tree_id)
    return tree.title.get(lang) if tree is not None else tree_id


def _law_links(situation: Situation, src: Sources, lang: str, page_dir: str) -> list[str]:
    """The cited ids as a list: each links to its 2017 text when the build has it; else its
    official title, the source site's page and the 1997 counterpart, labelled."""
    return [
        "- " + cite_html(resolve(src, lang, cite), lang, lambda url: _relative(url, page_dir), _md)
        for cite in situation.laws
    ]


def render_situation(
    situation: Situation, trees: Mapping[str, DecisionTree], corpus: Corpus | Sources, lang: str,
    titles_only: set[int] | None = None,
) -> str:
    """The Markdown page of one situation in `lang`; `titles_only`, the 2017 laws the build
    knows by their titles only, when the caller has them."""
    ui = UI[lang]
    src = as_sources(corpus)
    if titles_only is None:
        titles_only = set(laws_without_text(src))
    page_dir = situation_path(lang, situation.id)
    title = situation.title.get(lang)
    wizard = _relative(_page_dir(lang, "wizard/"), page_dir)
    preset = f"{wizard}#tree={situation.tree}&s={situation.id}"
    # The answer comes first (a player at the table wants it before anything else), then the
    # laws it rests on, the wizard and the flowchart; the players' phrasings close the page.
    quote = "„{}”" if lang == "pl" else "“{}”"
    lines = [
        "---",
        f"title: {json.dumps(_html(title), ensure_ascii=False)}",
        "---",
        "",
        f"# {_md(title)}",
        "",
        f"## {ui['answer']}",
        "",
        f'<div class="{M.situation_answer}" markdown="1">',
        "",
        _md(situation.answer.get(lang)),
        "",
        "</div>",
        "",
        f"## {EDITION_UI[lang]['laws'].format(edition=IN_FORCE)}",
        "",
        f'<div class="{M.situation_laws_list}" markdown="1">',
        "",
        *_law_links(situation, src, lang, page_dir),
        "",
        "</div>",
        "",
    ]
    if situation.edition_note is not None:
        lines += [f"## {ui['edition']}", "", _md(situation.edition_note.get(lang)), ""]
    tree_title = _tree_title(trees, situation.tree, lang)
    lines += [
        f"## {ui['wizard']}",
        "",
        f'<p><a class="md-button md-button--primary {M.wizard_preset}" href="{_attr(preset)}">'
        f"{_html(ui['wizard_link'].format(tree=tree_title))}</a></p>",
        "",
        f"## {ui['flowchart']}",
        "",
        f'<div class="{M.flowchart}" data-tree="{_attr(situation.tree)}"></div>',
        "",
        f"## {ui['phrases']}",
        "",
        *[f"- {quote.format(_md(p))}" for p in situation.phrases[lang]],
        "",
        f'<p class="{M.situation_back}"><a href="../">{_html(ui["back"])}</a></p>',
        "",
        *_assets(page_dir, script=False),
        "",
        *_rests_on(situation, src, lang, titles_only),
    ]
    return "\n".join(lines)


def _rests_on(situation: Situation, src: Sources, lang: str, titles_only: set[int]) -> list[str]:
    """Hidden search metadata naming the law the situation rests on (its first) and its title,
    and the clause it cites first when the build holds that law's text (not in `titles_only`):
    the search box lists the law with the situation when its search found no page of that law,
    as the CLI lists a title with its situation (title_pointed_to in tools/search/engine.py)
    and a law's clauses with the situations resting on it (rank.py rank_by_law)."""
    if not situation.laws:
        return []
    number = law_number(situation.laws[0])
    meta = {"rests_on": str(number),  # every situation says it: the best one is looked for
            "rests_on_title": official_title(src, lang, str(number)).text,
            # every law it cites, first the one it rests on: each is lifted by it (order.js)
            "cites_laws": ",".join(dict.fromkeys(str(law_number(cid)) for cid in situation.laws))}
    if number not in titles_only:
        meta["rests_on_unit"] = situation.laws[0]
    # every id it cites, as a filter value: the best situation found lists these clauses first
    # in their law (order.js citedByBest, as cited_by_best in tools/search/pointers.py). Not as
    # metadata: Pagefind indexes metadata values as words, and the ids' words ("29a", "36a")
    # lifted the page for a query typing a number
    return [f'<div hidden data-pagefind-meta="{key}[data-value]" data-value="{_attr(value)}">'
            "</div>" for key, value in meta.items()] + [
        f'<div hidden data-pagefind-filter="cites[data-value]" data-value="{_attr(cid)}"></div>'
        for cid in dict.fromkeys(situation.laws)]


def _group_key(situation: Situation) -> int:
    return law_number(situation.laws[0])


def render_situation_index(
    situations: list[Situation], corpus: Corpus | Sources, lang: str
) -> str:
    """The browsable list of situations grouped by their first law (2017 numbering and official
    titles), with a filter box."""
    ui = UI[lang]
    src = as_sources(corpus)
    groups: dict[int, list[Situation]] = {}
    for situation in situations:
        groups.setdefault(_group_key(situation), []).append(situation)
    lines = [
        "---",
        f"title: {json.dumps(ui['index_title'], ensure_ascii=False)}",
        "---",
        "",
        f"# {_md(ui['index_title'])}",
        "",
        _md(ui["index_intro"]),
        "",
        f'<div class="{M.situation_filter}">',
        f'<label for="situation-filter">{_html(ui["filter_label"])}</label>',
        f'<input type="search" id="situation-filter" autocomplete="off" '
        f'placeholder="{_attr(ui["filter_placeholder"])}">',
        f'<p class="{M.situation_filter_none}" hidden>{_html(ui["filter_none"])}</p>',
        "</div>",
        "",
        *_assets(_page_dir(lang, "situations/")),
        "",
    ]
    for number in sorted(groups):
        title = official_title(src, lang, str(number))  # 2017: the grouping is by 2017 law
        name = title.text.removeprefix(f"{number}. ") if title.lang else ""
        heading = _md(f"{ui['law']} {number}" + (". " if name else ""))
        if name:  # in another language when the outline has none in this one: marked so
            heading += _md(name) if title.lang == lang else (
                f'<span lang="{title.lang}">{_md(name)}</span>')
        lines += [f'<section class="{M.situation_group}" markdown="1">', "", f"## {heading}", ""]
        for situation in groups[number]:
            words = " ".join(
                [situation.title.pl, situation.title.en, *situation.phrases["pl"],
                 *situation.phrases["en"], *situation.laws]
            )
            other = "en" if lang == "pl" else "pl"
            names = "|".join([*situation.phrases[lang], situation.title.get(other),
                              *situation.phrases[other]])
            lines.append(
                f'- <a class="{M.situation_link}" href="{_attr(situation.id)}/" '
                f'data-words="{_attr(words)}" data-names="{_attr(names)}">'
                f"{_md(situation.title.get(lang))}</a> "
                f'<span class="{M.situation_laws}">{_md(", ".join(situation.laws))}</span>'
            )
        lines += ["", "</section>", ""]
    return "\n".join(lines)


def render_wizard(lang: str) -> str:
    """The wizard page: the mount point, its assets and a message for browsers without script
    (wizard.js fetches the data from ASSISTANT_JSON, relative to the site root)."""
    ui = UI[lang]
    return "\n".join(
        [
            "---",
            f"title: {json.dumps(ui['wizard_title'], ensure_ascii=False)}",
            "---",
            "",
            f"# {_md(ui['wizard_title'])}",
            "",
            _md(ui["wizard_intro"]),
            "",
            f'<div id="wizard" data-lang="{lang}" data-assistant="{ASSISTANT_JSON}"></div>',
            "",
            *_assets(_page_dir(lang, "wizard/")),
            "",
            "<noscript>",
            f'<p class="wizard-noscript">{_html(ui["noscript"])} '
            f'<a href="../situations/">{_html(ui["situations_link"])}</a></p>',
            "</noscript>",
            "",
        ]
    )


def render_assistant_pages(
    situations: list[Situation], trees: Mapping[str, DecisionTree], corpus: Corpus | Sources,
    retired: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Every assistant page in both languages: relative content path -> Markdown; `retired`
    (old situation id -> the id answering it now) leaves a page at each old id."""
    from assistant.retired_page import render_retired

    pages: dict[str, str] = {}
    src = as_sources(corpus)
    titles_only = set(laws_without_text(src))
    by_id = {situation.id: situation for situation in situations}
    for lang in LANGS:
        pages[f"{lang}/situations/index.md"] = render_situation_index(situations, src, lang)
        for situation in situations:
            pages[f"{lang}/situations/{situation.id}.md"] = render_situation(
                situation, trees, src, lang, titles_only
            )
        for old_id, new_id in sorted((retired or {}).items()):
            pages[f"{lang}/situations/{old_id}.md"] = render_retired(
                old_id, by_id[new_id], lang, UI[lang]
            )
        pages[f"{lang}/wizard.md"] = render_wizard(lang)
    return pages
