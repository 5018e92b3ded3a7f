"""The Graphviz source of a decision tree's flowchart: fonts, wrapped box texts, node links and
the edge weights that keep the chart narrow and a chain of questions in one straight column.

Outcomes hang below their question one per row. Drawing the source as SVG, and splitting a chart
too wide for a phone, is assistant.flowchart.
"""

from __future__ import annotations

import re
import textwrap

from assistant.links import cite_info
from assistant.tree import DecisionTree, Node
from tools.interface import interface
from tools.model import Corpus
from tools.normalize.cite2017 import Sources

FONT = "DejaVu Sans"
FONT_STACK = "DejaVu Sans,Verdana,Arial,sans-serif"  # the fallbacks are narrower, so text fits
NODE_FONT_SIZE = 14
EDGE_FONT_SIZE = 12
MIN_FONT_SIZE = 12
NODE_WRAP = 28
EDGE_WRAP = 22
LIST_FROM = 3  # a question with this many answers lists them in its box and stacks its children

UI = interface("flowchart")


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


def first_sentence(text: str) -> str:
    """The text up to its first full stop, "!" or "?" that ends a sentence (not "np." or "e.g.")."""
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
    ui = UI[lang]
    lines = _wrap(first_sentence(outcome.ruling.get(lang)), NODE_WRAP)
    if outcome.tricks:
        lines += _wrap(ui["tricks"].format(n=outcome.tricks), NODE_WRAP)
    if outcome.adjust:
        lines += _wrap(ui["adjust"], NODE_WRAP)
    lines.append("[" + ", ".join(outcome.cites) + "]")
    return lines


def _href(node: Node, lang: str, corpus: Corpus | Sources, link_base: str) -> str:
    """The node's link: the first cited id whose 2017 text is on this site (a chart links only
    within the site; never to a 1997 page by the same id)."""
    cites = node.outcome.cites if node.outcome is not None else node.cites
    for cite in cites:
        info = cite_info(corpus, lang, cite)
        if info.in_build:
            return link_base + info.site_url
    return ""


def flowchart_dot(
    tree: DecisionTree,
    lang: str,
    corpus: Corpus | Sources,
    link_base: str,
    start: str | None = None,
    stubs: dict[str, int] | None = None,
) -> str:
    """The Graphviz source of the chart from `start`; `stubs` maps node ids drawn as a
    "continued in chart N" box (linking to #<tree>-<lang>-N) instead of their subtree."""
    start = start or tree.start
    stubs = stubs or {}
    ui = UI[lang]
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
