"""Flowcharts drawn from the decision trees with Graphviz: static SVG, top to bottom, linked.

Sizes are in CSS pixels: the SVG's width and height are written in px with the viewBox in the
same units, so a 14-unit font shows at 14 px when the chart is shown at its natural width.
Charts wider than MAX_WIDTH are split into parts (the biggest branches become charts of their
own), so a 390-pixel phone scrolls at most a little sideways and no text is scaled below 12 px.
Outcomes hang below their question one per row, and a chain of questions runs straight down.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
from dataclasses import dataclass

from assistant.links import cite_info
from assistant.tree import DecisionTree, Node
from tools.errors import BridgelawError
from tools.model import Corpus

FONT = "DejaVu Sans"
FONT_STACK = "DejaVu Sans,Verdana,Arial,sans-serif"  # the fallbacks are narrower, so text fits
NODE_FONT_SIZE = 14
EDGE_FONT_SIZE = 12
MIN_FONT_SIZE = 12
NODE_WRAP = 28
EDGE_WRAP = 22
MAX_WIDTH = 700
LIST_FROM = 3  # a question with this many answers lists them in its box and stacks its children

_UI = {
    "pl": {"tricks": "lewy dla strony niewykraczającej: {n}", "adjust": "możliwy wynik rozjemczy",
           "cont": "dalej: schemat {n}", "part": "część {n}"},
    "en": {"tricks": "tricks to the non-offending side: {n}", "adjust": "adjusted score possible",
           "cont": "continued: chart {n}", "part": "part {n}"},
}


@dataclass(frozen=True)
class Chart:
    """One rendered chart: its SVG text and the node it starts from."""

    start: str
    svg: str
    width: float
    height: float


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width, break_long_words=False, break_on_hyphens=False) or [""]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _label(lines: list[str]) -> str:
    return _quote("\n".join(lines)).replace("\n", "\\n")


# A full stop after these does not end a sentence ("np. karta", "e.g. the card").
_ABBREVIATIONS = ("np", "zob", "tzn", "tj", "itp", "itd", "por", "ok", "pkt", "e.g", "i.e", "cf",
                  "etc", "vs")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def _first_sentence(text: str) -> str:
    for match in _SENTENCE_END.finditer(text):
        word = re.search(r"([\w.]+)$", text[: match.start()])
        if match.group() == "." and word and word.group(1).lower() in _ABBREVIATIONS:
            continue
        return text[: match.end()]
    return text


def _node_lines(node: Node, lang: str) -> list[str]:
    if node.outcome is None:
        assert node.question is not None
        lines = _wrap(node.question.get(lang), NODE_WRAP)
        if len(node.answers) >= LIST_FROM:
            for number, answer in enumerate(node.answers, start=1):
                wrapped = _wrap(answer.label.get(lang), NODE_WRAP - 3)
                lines += [f"{number}. {wrapped[0]}", *(f"   {rest}" for rest in wrapped[1:])]
        if node.cites:
            lines.append("[" + ", ".join(node.cites) + "]")
        return lines
    outcome = node.outcome
    ui = _UI[lang]
    lines = _wrap(_first_sentence(outcome.ruling.get(lang)), NODE_WRAP)
    if outcome.tricks:
        lines += _wrap(ui["tricks"].format(n=outcome.tricks), NODE_WRAP)
    if outcome.adjust:
        lines += _wrap(ui["adjust"], NODE_WRAP)
    lines.append("[" + ", ".join(outcome.cites) + "]")
    return lines


def _href(node: Node, lang: str, corpus: Corpus, link_base: str) -> str:
    """The node's link: the first cited id whose 2017 text is on this site (a chart links only
    within the site; never to a 1997 page by the same id)."""
    cites = node.outcome.cites if node.outcome is not None else node.cites
    for cite in cites:
        info = cite_info(corpus, lang, cite)
        if info.in_build:
            return link_base + info.site_url
    return ""


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


def flowchart_dot(
    tree: DecisionTree,
    lang: str,
    corpus: Corpus,
    link_base: str,
    start: str | None = None,
    stubs: dict[str, int] | None = None,
) -> str:
    """The Graphviz source of the chart from `start`; `stubs` maps node ids drawn as a
    "continued in chart N" box (linking to #<tree>-<lang>-N) instead of their subtree."""
    start = start or tree.start
    stubs = stubs or {}
    ui = _UI[lang]
    lines = [
        f"digraph {_quote(tree.id)} {{",
        "  graph [rankdir=TB, nodesep=0.25, ranksep=0.35, margin=0.05, pad=0.1,"
        f" fontname={_quote(FONT)}];",
        f"  node [shape=box, style=\"rounded,filled\", fontname={_quote(FONT)},"
        f" fontsize={NODE_FONT_SIZE}, margin=\"0.12,0.06\", color=\"#1f4e79\","
        " fillcolor=\"#ffffff\", fontcolor=\"#111111\"];",
        f"  edge [fontname={_quote(FONT)}, fontsize={EDGE_FONT_SIZE}, color=\"#444444\","
        " fontcolor=\"#222222\", arrowsize=0.7];",
    ]
    order: list[str] = []
    stack = [start]
    while stack:  # breadth-first from start, stopping at stubs
        node_id = stack.pop(0)
        if node_id in order:
            continue
        order.append(node_id)
        if node_id in stubs and node_id != start:
            continue
        stack.extend(answer.next for answer in tree.nodes[node_id].answers)
    for node_id in order:
        node = tree.nodes[node_id]
        attrs: dict[str, str] = {}
        if node_id in stubs and node_id != start:
            text = _wrap(node.question.get(lang) if node.question else "", NODE_WRAP)
            attrs["label"] = _label([ui["cont"].format(n=stubs[node_id]), *text])
            attrs["style"] = _quote("rounded,dashed")
            attrs["href"] = _quote(f"#{tree.id}-{lang}-{stubs[node_id]}")
        else:
            attrs["label"] = _label(_node_lines(node, lang))
            href = _href(node, lang, corpus, link_base)
            if href:
                attrs["href"] = _quote(href)
                attrs["target"] = _quote("_top")
            cites = node.outcome.cites if node.outcome is not None else node.cites
            if cites:
                attrs["tooltip"] = _quote(", ".join(cites))
            if node.outcome is not None:
                attrs["fillcolor"] = _quote("#e3f1e6")
                attrs["color"] = _quote("#1e6b34")
                attrs["penwidth"] = "2"
                attrs["shape"] = "box"
                attrs["style"] = _quote("filled,bold")
            if node_id == start:
                attrs["penwidth"] = "2.5"
        lines.append(f"  {_quote(node_id)} [{', '.join(f'{k}={v}' for k, v in attrs.items())}];")
    for node_id in order:
        if node_id in stubs and node_id != start:
            continue
        node = tree.nodes[node_id]
        listed = len(node.answers) >= LIST_FROM
        stacked: list[str] = []  # outcome children stacked one per row keep the chart narrow
        leaves = [a.next for a in node.answers if tree.nodes[a.next].outcome or a.next in stubs]
        stack = listed or len(set(leaves)) >= 2
        for index, answer in enumerate(node.answers):
            child = tree.nodes[answer.next]
            leaf = child.outcome is not None or answer.next in stubs
            if listed:  # the answers are in the box; edges carry only their numbers
                label = _quote(str(index + 1))
            else:
                label = _label(_wrap(f"{index + 1}. {answer.label.get(lang)}", EDGE_WRAP))
            if stack and leaf and answer.next not in stacked:
                extra = f", minlen={len(stacked) + 1}, weight=0"
                stacked.append(answer.next)
            elif leaf:
                extra = ""
            else:  # a heavy edge keeps a chain of questions in a straight column
                extra = ", weight=6"
            lines.append(
                f"  {_quote(node_id)} -> {_quote(answer.next)} [label={label}{extra}];"
            )
        for above, below in zip(stacked, stacked[1:], strict=False):
            lines.append(f"  {_quote(above)} -> {_quote(below)} [style=invis, weight=10];")
    lines.append("}")
    return "\n".join(lines) + "\n"


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


def _render(tree: DecisionTree, lang: str, corpus: Corpus, link_base: str, start: str,
            stubs: dict[str, int], number: int, total_title: str) -> Chart:
    source = flowchart_dot(tree, lang, corpus, link_base, start, stubs)
    chart_id = f"{tree.id}-{lang}-{number}"
    svg, width, height = clean_svg(run_dot(source), total_title, chart_id)
    return Chart(start=start, svg=svg, width=width, height=height)


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
    tree: DecisionTree, lang: str, corpus: Corpus, link_base: str, max_width: float = MAX_WIDTH
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
            part = f"{title} ({_UI[lang]['part'].format(n=numbers[start])})"
            chart = _render(tree, lang, corpus, link_base, start, stubs, numbers[start], part)
        charts.append(chart)
    return charts


def render_flowchart_svg(tree: DecisionTree, lang: str, corpus: Corpus, link_base: str) -> str:
    """The tree's flowchart as SVG: one chart, or its parts one after another when split."""
    charts = render_flowchart_parts(tree, lang, corpus, link_base)
    return "".join(chart.svg for chart in charts)
