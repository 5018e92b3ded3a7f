"""Every path through a decision tree, as the 1-based answer sequences that lead to an outcome."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.tree import DecisionTree, Outcome


@dataclass(frozen=True)
class TreePath:
    """One complete path: the answers taken, the node ids visited, and where it ended."""

    answers: list[int]
    nodes: list[str]
    outcome: Outcome | None  # None only for a broken path (dangling next or a cycle)
    problem: str = ""


def enumerate_paths(tree: DecisionTree) -> list[TreePath]:
    """All paths from the start in answer order; broken paths are kept with a problem text."""
    paths: list[TreePath] = []

    def visit(node_id: str, answers: list[int], nodes: list[str]) -> None:
        if node_id not in tree.nodes:
            paths.append(TreePath(answers, nodes, None, f"unknown node {node_id!r}"))
            return
        if node_id in nodes:
            paths.append(TreePath(answers, nodes + [node_id], None, f"cycle at {node_id!r}"))
            return
        node = tree.nodes[node_id]
        if node.outcome is not None:
            paths.append(TreePath(answers, nodes + [node_id], node.outcome))
            return
        for number, answer in enumerate(node.answers, start=1):
            visit(answer.next, answers + [number], nodes + [node_id])

    visit(tree.start, [], [])
    return paths
