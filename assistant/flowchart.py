"""Flowcharts drawn from the decision trees with Graphviz: static SVG, top to bottom, linked.

Sizes are in CSS pixels: the SVG's width and height are written in px with the viewBox in the
same units, so a 14-unit font shows at 14 px when the chart is shown at its natural width.
Charts wider than MAX_WIDTH are split into parts (the biggest branches become charts of their
own), so a 390-pixel phone scrolls at most a little sideways and no text is scaled below 12 px.
The Graphviz source itself is written by assistant.flowchart_dot.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass

from assistant.flowchart_dot import FONT, FONT_STACK, UI, flowchart_dot
from assistant.tree import DecisionTree
from tools.errors import BridgelawError
from tools.model import Corpus
from tools.normalize.cite2017 import Sources

MAX_WIDTH = 700


@dataclass(frozen=True)
class Chart:
    """One rendered chart: its SVG text and the node it starts from."""

    start: str
    svg: str
    width: float
    height: float


def run_dot(source: str) -> str:
    """SVG text from Graphviz `dot`; BridgelawError if it is missing or fails."""
    if shutil.which("dot") is None:
        raise BridgelawError("graphviz `dot` not found; install graphviz to draw the flowcharts")
    done = subprocess.run(
        ["dot", "-Tsvg"], input=source.encode("utf-8"), capture_output=True, check=False
    )
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip()
        raise BridgelawError(f"graphviz failed: {message}")
    return done.stdout.decode("utf-8")


_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"')


def clean_svg(svg: str, title: str, chart_id: str) -> tuple[str, float, float]:
    """Embeddable SVG (no prolog, doctype or comments, sizes in px) and its width and height."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg)
    svg = re.sub(r"<!--.*?-->\s*", "", svg, flags=re.S)
    match = _SIZE.search(svg)
    if not match:
        raise BridgelawError(f"unexpected graphviz output for {chart_id}: no size")
    width, height = float(match.group(1)), float(match.group(2))
    svg = _SIZE.sub(
        # "group", not "img": an img hides its children, and the chart's boxes are links
        f'<svg id="{chart_id}" class="flowchart" role="group" aria-label="{_attr(title)}" '
        f'width="{width:g}px" height="{height:g}px"',
        svg,
        count=1,
    )
    svg = svg.replace(f'font-family="{FONT}"', f'font-family="{FONT_STACK}"')
    return svg.strip() + "\n", width, height


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _render(tree: DecisionTree, lang: str, corpus: Corpus | Sources, link_base: str, start: str,
            stubs: dict[str, int], number: int, total_title: str) -> Chart:
    source = flowchart_dot(tree, lang, corpus, link_base, start, stubs)
    chart_id = f"{tree.id}-{lang}-{number}"
    svg, width, height = clean_svg(run_dot(source), total_title, chart_id)
    return Chart(start=start, svg=svg, width=width, height=height)


def _subtree(tree: DecisionTree, start: str) -> list[str]:
    """Node ids reachable from `start`, in the tree file's order."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        node_id = stack.pop()
        if node_id in seen or node_id not in tree.nodes:
            continue
        seen.add(node_id)
        stack.extend(answer.next for answer in tree.nodes[node_id].answers)
    return [node_id for node_id in tree.nodes if node_id in seen]


def _drawn(tree: DecisionTree, start: str, stubs: set[str]) -> list[str]:
    """Node ids a chart from `start` draws (stubs drawn as boxes, not followed), in file order."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        node_id = stack.pop()
        if node_id in seen:
            continue
        seen.add(node_id)
        if node_id not in stubs or node_id == start:
            stack.extend(answer.next for answer in tree.nodes[node_id].answers)
    return [node_id for node_id in tree.nodes if node_id in seen]


def render_flowchart_parts(
    tree: DecisionTree, lang: str, corpus: Corpus | Sources, link_base: str,
    max_width: float = MAX_WIDTH,
) -> list[Chart]:
    """The tree as one chart if it fits `max_width`, else as several: the biggest branches are
    cut off one by one, drawn as "continued: chart N" boxes, and become charts of their own."""
    title = tree.title.get(lang)
    numbers = {tree.start: 1}
    queue = [tree.start]
    charts: list[Chart] = []
    while queue:
        start = queue.pop(0)
        stubs: dict[str, int] = {}
        while True:  # stub out the biggest drawn subtree until the chart fits
            chart = _render(tree, lang, corpus, link_base, start, stubs, numbers[start], title)
            drawn = _drawn(tree, start, set(stubs))
            candidates = [
                node_id
                for node_id in drawn
                if node_id != start and node_id not in stubs and tree.nodes[node_id].outcome is None
            ]
            if chart.width <= max_width or not candidates:
                break
            biggest = max(candidates, key=lambda node_id: len(_subtree(tree, node_id)))
            stubs[biggest] = 0
        if stubs:  # number the continuation charts, then draw this one with the numbers
            for node_id in stubs:
                if node_id not in numbers:
                    numbers[node_id] = len(numbers) + 1
                    queue.append(node_id)
            stubs = {node_id: numbers[node_id] for node_id in stubs}
            part = f"{title} ({UI[lang]['part'].format(n=numbers[start])})"
            chart = _render(tree, lang, corpus, link_base, start, stubs, numbers[start], part)
        charts.append(chart)
    return charts


def render_flowchart_svg(tree: DecisionTree, lang: str, corpus: Corpus | Sources,
                         link_base: str) -> str:
    """The tree's flowchart as SVG: one chart, or its parts one after another when split."""
    charts = render_flowchart_parts(tree, lang, corpus, link_base)
    return "".join(chart.svg for chart in charts)
