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
_XML_PROLOG = re.compile(r"^\s*(<\?xml[^>]*\?>)?\s*(<!DOCTYPE[^>]*>)?\s*", re.DOTALL)

TEXT = {
    "pl": {"heading": "Schematy orzekania", "missing": "Schemat „{tree}” nie został zbudowany.",
           "open": "Przejdź do asystenta"},
    "en": {"heading": "Ruling flowcharts", "missing": "The flowchart “{tree}” was not built.",
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
    _state["available"] = path.exists()
    if path.exists():
        try:
            _state["trees"] = _trees(json.loads(path.read_text(encoding="utf-8")))
        except ValueError as error:
            log.warning("%s: not valid JSON (%s); no flowcharts on law pages", path, error)
    else:
        log.warning("%s: not found; run the assistant stage first; law pages show no flowcharts",
                    path)
    return config


def _svg(tree_id: str, lang: str, title: str) -> str | None:
    path = _state["svg_dir"] / f"{tree_id}.{lang}.svg"
    if not path.exists():
        return None
    svg = _XML_PROLOG.sub("", path.read_text(encoding="utf-8"), count=1)
    # Graphviz ids (graph0, node1...) repeat in every SVG; prefix them so one page can hold many.
    svg = re.sub(r'id="([^"]+)"', lambda m: f'id="fc-{tree_id}-{m.group(1)}"', svg)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(title)}" ', 1)
    return f'<div class="flowchart-svg">{svg}</div>'


def _figure(tree: dict[str, Any], lang: str, page_src: str) -> str:
    title = tree.get("title", {})
    title = title.get(lang, "") if isinstance(title, dict) else str(title)
    svg = _svg(tree["id"], lang, title or tree["id"])
    if svg is None:
        log.warning("%s: flowchart %s.%s.svg missing from %s", page_src, tree["id"], lang,
                    _state["svg_dir"])
        note = TEXT[lang]["missing"].format(tree=tree["id"])
        body = f'<p class="missing">{html.escape(note)}</p>'
    else:
        body = svg
    caption = f"<figcaption>{html.escape(title or tree['id'])}</figcaption>"
    return f'<figure class="flowchart" id="flowchart-{tree["id"]}">{caption}{body}</figure>'


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """Replace the flowchart placeholders of one page."""
    if "flowchart" not in html_text:
        return html_text
    src = page.file.src_uri

    def law_slot(match: re.Match[str]) -> str:
        number, edition, lang = match.group(1), int(match.group(2)), match.group(3)
        if edition != 2017:  # the trees rule by the 2017 laws only
            return ""
        trees = [t for t in _state.get("trees", [])
                 if any(str(law) == number or _law_of(str(law)) == number
                        for law in t.get("laws", []))]
        if not trees:
            return ""
        figures = "".join(_figure(tree, lang, src) for tree in trees)
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
        return _figure(tree, lang, src)

    html_text = _LAW_SLOT.sub(law_slot, html_text)
    return _TREE_SLOT.sub(tree_slot, html_text)


def _law_of(unit_id: str) -> str:
    match = re.match(r"\d+", unit_id)
    return match.group(0) if match else ""
