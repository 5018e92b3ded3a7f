"""MkDocs hook: draw the assistant's flowcharts into law pages and situation pages.

The assistant stage writes build/assistant.json after the scrape stage wrote content/, so the
pages carry placeholders that this hook fills at build time with HTML flowcharts drawn from the
trees (assistant/flow_html.py: top to bottom, wrapped to any width, so a phone never scrolls
sideways). The Graphviz SVGs of the assistant stage are still written and copied to
assets/assistant/flowcharts/ as pictures, but no page inlines them. A placeholder that cannot
be filled is logged as a warning (the strict build fails on it) and shown as a visible note:
never silently left empty.
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path
from typing import Any

from tools.interface import interface
from tools.markup import MARKUP as M
from tools.normalize.citation_id import law_of
from tools.site.plugin import BUILD_DIR_KEY

log = logging.getLogger("mkdocs.hooks.flowcharts")

# the placeholders tools/render/content.py and assistant/pages.py write
_LAW_SLOT = re.compile(
    f'<div class="{re.escape(M.flowcharts)}" '
    r'data-law="(\d+)" data-edition="(\d+)" data-lang="(\w+)"></div>'
)
_TREE_SLOT = re.compile(
    f'<div class="{re.escape(M.flowchart)}" ' r'data-tree="([a-z0-9-]+)"></div>'
)

TEXT = interface("flowchart_hook")

_state: dict[str, Any] = {}


def _build_dir(config: Any) -> Path:
    given = config["extra"].get(BUILD_DIR_KEY)  # the build's folder (tools.site.plugin)
    if given:
        return Path(given)
    return Path(config["config_file_path"]).resolve().parent / "build"


def _trees(data: Any) -> list[dict[str, Any]]:
    trees = data.get("trees", []) if isinstance(data, dict) else []
    if isinstance(trees, dict):
        trees = [dict(tree, id=tree.get("id", key)) for key, tree in sorted(trees.items())]
    return [tree for tree in trees if isinstance(tree, dict) and "id" in tree]


def on_config(config: Any) -> Any:
    """Read the assistant's tree list once per build."""
    build = _build_dir(config)
    path = build / "assistant.json"
    _state.clear()
    _state["trees"] = []
    _state["flowcharts"] = {}
    _state["cites"] = {}
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            _state["trees"] = _trees(data)
            _state["flowcharts"] = data.get("flowcharts", {}) if isinstance(data, dict) else {}
            _state["cites"] = data.get("cites", {}) if isinstance(data, dict) else {}
        except ValueError as error:
            log.warning("%s: not valid JSON (%s); no flowcharts on law pages", path, error)
    else:
        log.warning("%s: not found; run the assistant stage first; law pages show no flowcharts",
                    path)
    return config


def _figure(tree: dict[str, Any], lang: str, page_src: str, root: str,
            open_link: bool = False) -> str:
    from assistant.flow_html import render_flow

    title = tree.get("title", {})
    title = title.get(lang, "") if isinstance(title, dict) else str(title)
    if tree.get("nodes") and tree.get("start") in tree["nodes"]:
        body = render_flow(tree, lang, _state.get("cites", {}).get(lang, {}), root)
    else:
        log.warning("%s: flowchart of tree %s cannot be drawn: no nodes in assistant.json",
                    page_src, tree["id"])
        note = TEXT[lang]["missing"].format(tree=tree["id"])
        body = f'<p class="{M.missing}">{html.escape(note)}</p>'
    caption = f"<figcaption>{html.escape(title or tree['id'])}</figcaption>"
    prefix = "" if lang == "pl" else f"{lang}/"
    wizard = (f'<p class="{M.flowchart_open}"><a href="{root}{prefix}wizard/#tree={tree["id"]}">'
              f'{TEXT[lang]["open"]}</a></p>') if open_link else ""
    # Left out of the search index: the same chart hangs on every situation of its tree, and
    # its words would outrank the law text they come from.
    return (f'<figure class="{M.flowchart}" id="flowchart-{tree["id"]}" data-pagefind-ignore>'
            f'{caption}{body}{wizard}</figure>')


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """Replace the flowchart placeholders of one page."""
    if M.flowchart not in html_text:
        return html_text
    src = page.file.src_uri
    root = "../" * page.url.count("/") or "./"

    def law_slot(match: re.Match[str]) -> str:
        number, edition, lang = match.group(1), int(match.group(2)), match.group(3)
        if edition != 2017:  # the trees rule by the 2017 laws only
            return ""
        trees = [t for t in _state.get("trees", [])
                 if any(str(law) == number or str(law_of(str(law))) == number
                        for law in t.get("laws", []))]
        if not trees:
            return ""
        figures = "".join(_figure(tree, lang, src, root, open_link=True)
                          for tree in trees)
        return (f'<section class="{M.flowcharts}" aria-labelledby="flowcharts-{number}">'
                f'<h2 id="flowcharts-{number}">{TEXT[lang]["heading"]}</h2>{figures}</section>')

    def tree_slot(match: re.Match[str]) -> str:
        tree_id = match.group(1)
        lang = "en" if src.startswith("en/") else "pl"
        tree = next((t for t in _state.get("trees", []) if t["id"] == tree_id), None)
        if tree is None:
            log.warning("%s: flowchart placeholder names tree %r, not in assistant.json",
                        src, tree_id)
            tree = {"id": tree_id}
        return _figure(tree, lang, src, root)

    html_text = _LAW_SLOT.sub(law_slot, html_text)
    return _TREE_SLOT.sub(tree_slot, html_text)

