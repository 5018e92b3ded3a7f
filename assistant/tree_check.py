"""Checking loaded decision trees: ids, translations, citations, dangling answers, unreachable
nodes and cycles, each reported as a Problem naming the tree file and the node."""

from __future__ import annotations

import re

from assistant.tree import DecisionTree, Text
from tools.model import LANGS, Problem
from tools.normalize.citation_id import id_sort_key, is_citation_id

_NODE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _reachable(tree: DecisionTree) -> list[str]:
    seen: list[str] = []
    stack = [tree.start]
    while stack:
        node_id = stack.pop()
        if node_id in seen or node_id not in tree.nodes:
            continue
        seen.append(node_id)
        stack.extend(answer.next for answer in reversed(tree.nodes[node_id].answers))
    return seen


def _cycle(tree: DecisionTree) -> list[str]:
    """A cycle reachable from the start as a list of node ids, or []."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished

    def visit(node_id: str, path: list[str]) -> list[str]:
        if node_id not in tree.nodes or state.get(node_id) == 2:
            return []
        if state.get(node_id) == 1:
            return path[path.index(node_id):] + [node_id]
        state[node_id] = 1
        for answer in tree.nodes[node_id].answers:
            found = visit(answer.next, path + [node_id])
            if found:
                return found
        state[node_id] = 2
        return []

    return visit(tree.start, [])


def _missing_langs(text: Text | None) -> list[str]:
    return [] if text is None else [lang for lang in LANGS if not text.get(lang)]


def tree_problems(
    tree: DecisionTree, known_ids: set[str], outline_ids: set[str]
) -> list[Problem]:
    """Everything wrong with one tree; each Problem names the tree file and the node."""
    problems: list[Problem] = []

    def report(kind: str, node: str, message: str) -> None:
        where = f"{tree.source or tree.id}#{node}" if node else (tree.source or tree.id)
        problems.append(Problem(kind, where, f"tree {tree.id}, node {node or '-'}: {message}"))

    if not _NODE_ID.match(tree.id):
        report("tree-id", "", f"tree id {tree.id!r} must be lowercase words joined by dashes")
    for lang in _missing_langs(tree.title):
        report("missing-translation", "", f"title has no {lang} text")
    if tree.start not in tree.nodes:
        report("dangling-next", "", f"start {tree.start!r} is not a node")
    for node in tree.nodes.values():
        if not _NODE_ID.match(node.id):
            report("tree-node-id", node.id, "node ids are lowercase words joined by dashes")
        for lang in _missing_langs(node.question):
            report("missing-translation", node.id, f"question has no {lang} text")
        for lang in _missing_langs(node.help):
            report("missing-translation", node.id, f"help has no {lang} text")
        for number, answer in enumerate(node.answers, start=1):
            for lang in _missing_langs(answer.label):
                report("missing-translation", node.id, f"answer {number} has no {lang} text")
            if answer.next not in tree.nodes:
                message = f"answer {number} leads to unknown node {answer.next!r}"
                report("dangling-next", node.id, message)
        cites = list(node.cites)
        if node.outcome is not None:
            for lang in _missing_langs(node.outcome.ruling):
                report("missing-translation", node.id, f"ruling has no {lang} text")
            if not node.outcome.cites:
                report("missing-citation", node.id, "an outcome must cite the ids it rests on")
            cites += node.outcome.cites
        for cite in cites:
            if cite in known_ids or cite in outline_ids:
                continue  # the outline's own ids win over the pattern
            if not is_citation_id(cite):
                message = f"{cite!r} is not a citation id like 64A1, 50D2a or 71.1"
                report("bad-citation", node.id, message)
            else:
                message = f"{cite} is neither in the corpus nor in the outline"
                report("unknown-citation", node.id, message)
    reachable = set(_reachable(tree))
    for node_id in tree.nodes:
        if node_id not in reachable and tree.start in tree.nodes:
            report("unreachable-node", node_id, "no path from the start leads here")
    cycle = _cycle(tree)
    if cycle:
        report("tree-cycle", cycle[0], "cycle " + " -> ".join(cycle))
    return problems


def validate_trees(
    trees: dict[str, DecisionTree], known_ids: set[str], outline_ids: set[str]
) -> list[Problem]:
    """Problems of every tree, in tree order; [] when all trees are sound."""
    return [
        problem
        for tree in trees.values()
        for problem in tree_problems(tree, known_ids, outline_ids)
    ]


def tree_cites(trees: dict[str, DecisionTree]) -> set[str]:
    """Every id the trees cite, in their questions and their outcomes."""
    return {
        cite
        for tree in trees.values()
        for node in tree.nodes.values()
        for cite in node.cites + (node.outcome.cites if node.outcome else [])
    }


def outline_only_cites(trees: dict[str, DecisionTree], known_ids: set[str]) -> list[str]:
    """Cited ids the corpus has no text for (known only from the official outline), sorted."""
    return sorted(tree_cites(trees) - known_ids, key=id_sort_key)
