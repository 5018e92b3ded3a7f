"""MkDocs hook: inline the assistant's flowchart SVGs into law pages and situation pages.

The assistant stage writes build/assistant.json and build/flowcharts/<tree-id>.<lang>.svg after
the scrape stage wrote content/, so the pages carry placeholders that this hook fills at build time.
A placeholder that cannot be filled is logged as a warning (the strict build fails on it) and shown
as a visible note: never silently left empty.
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.flowcharts")

_LAW_SLOT = re.compile(
    r'<div class="flowcharts" data-law="(\d+)" data-edition="(\d+)" data-lang="(\w+)"></div>'
)
_TREE_SLOT = re.compile(r'<div class="flowchart" data-tree="([a-z0-9-]+)"></div>')
_INNER_ID = re.compile(r'\bid="((?:graph|node|a_node|edge|a_edge|clust|a_clust)\d+)"')
_XML_PROLOG = re.compile(r"^\s*(<\?xml[^>]*\?>)?\s*(<!DOCTYPE[^>]*>)?\s*", re.DOTALL)

TEXT = {
    "pl": {"heading": "Schematy orzekania (wydanie 2017)",
           "missing": "Schemat „{tree}” nie został zbudowany.",
           "open": "Przejdź do asystenta"},
    "en": {"heading": "Ruling flowcharts (2017 edition)",
           "missing": "The flowchart “{tree}” was not built.",
           "open": "Open the assistant"},
}

_state: dict[str, Any] = {}


def _build_dir(config: Any) -> Path:
    env = os.environ.get("BRIDGELAW_BUILD_DIR")
    if env:
        return Path(env)
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
    _state["svg_dir"] = build / "flowcharts"
    _state["trees"] = []
    _state["flowcharts"] = {}
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            _state["trees"] = _trees(data)
            _state["flowcharts"] = data.get("flowcharts", {}) if isinstance(data, dict) else {}
        except ValueError as error:
            log.warning("%s: not valid JSON (%s); no flowcharts on law pages", path, error)
    else:
        log.warning("%s: not found; run the assistant stage first; law pages show no flowcharts",
                    path)
    return config


def _svg(path: Path, title: str, root: str) -> str:
    svg = _XML_PROLOG.sub("", path.read_text(encoding="utf-8"), count=1)
    # The charts link from the site root ("/laws/2017/64/#64A2"); made relative to the page so
    # the site works when served below a path (a project page) or opened from disk.
    svg = svg.replace('href="/', f'href="{root}')
    # Graphviz's inner ids (graph0, node1, edge1...) repeat in every chart; one page may hold
    # several, so they get the file's name in front. The <svg>'s own id is kept: "continued"
    # boxes of a split chart link to it.
    stem = path.name.removesuffix(".svg").replace(".", "-")
    svg = _INNER_ID.sub(lambda m: f'id="{stem}-{m.group(1)}"', svg)
    if "aria-label=" not in svg.split(">", 1)[0]:
        svg = svg.replace("<svg ", f'<svg role="group" aria-label="{html.escape(title)}" ', 1)
    return svg


def _chart_files(tree_id: str, lang: str) -> list[str]:
    listed = _state.get("flowcharts", {}).get(tree_id, {}).get(lang)
    return list(listed) if listed else [f"{tree_id}.{lang}.svg"]


def _figure(tree: dict[str, Any], lang: str, page_src: str, root: str,
            open_link: bool = False) -> str:
    title = tree.get("title", {})
    title = title.get(lang, "") if isinstance(title, dict) else str(title)
    parts = []
    for name in _chart_files(tree["id"], lang):
        path = _state["svg_dir"] / name
        if path.exists():
            svg = _svg(path, title or tree["id"], root)
            # the box scrolls sideways on a phone: keyboard users must be able to focus it
            parts.append(f'<div class="flowchart-svg" tabindex="0" role="region" '
                         f'aria-label="{html.escape(title or tree["id"])}">{svg}</div>')
        else:
            log.warning("%s: flowchart %s missing from %s", page_src, name, _state["svg_dir"])
            note = TEXT[lang]["missing"].format(tree=tree["id"])
            parts.append(f'<p class="missing">{html.escape(note)}</p>')
    caption = f"<figcaption>{html.escape(title or tree['id'])}</figcaption>"
    prefix = "" if lang == "pl" else f"{lang}/"
    wizard = (f'<p class="flowchart-open"><a href="{root}{prefix}wizard/#tree={tree["id"]}">'
              f'{TEXT[lang]["open"]}</a></p>') if open_link else ""
    return (f'<figure class="flowchart" id="flowchart-{tree["id"]}">{caption}'
            f'{"".join(parts)}{wizard}</figure>')


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """Replace the flowchart placeholders of one page."""
    if "flowchart" not in html_text:
        return html_text
    src = page.file.src_uri
    root = "../" * page.url.count("/") or "./"

    def law_slot(match: re.Match[str]) -> str:
        number, edition, lang = match.group(1), int(match.group(2)), match.group(3)
        if edition != 2017:  # the trees rule by the 2017 laws only
            return ""
        trees = [t for t in _state.get("trees", [])
                 if any(str(law) == number or _law_of(str(law)) == number
                        for law in t.get("laws", []))]
        if not trees:
            return ""
        figures = "".join(_figure(tree, lang, src, root, open_link=True)
                          for tree in trees)
        return (f'<section class="flowcharts" aria-labelledby="flowcharts-{number}">'
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


def _law_of(unit_id: str) -> str:
    match = re.match(r"\d+", unit_id)
    return match.group(0) if match else ""
