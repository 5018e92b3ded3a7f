"""Decision trees: the typed model (a tree of questions, answers and outcomes) and walking a tree
by answers. Reading the YAML files is assistant.tree_load; checking them, assistant.tree_check."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.errors import BridgelawError


@dataclass(frozen=True)
class Text:
    """One piece of text in both languages ("" where a language is missing)."""

    pl: str = ""
    en: str = ""

    def get(self, lang: str) -> str:
        """The text in `lang` ("pl" or "en")."""
        return self.pl if lang == "pl" else self.en


@dataclass(frozen=True)
class Answer:
    """One numbered answer to a question and the node it leads to."""

    label: Text
    next: str


@dataclass(frozen=True)
class Outcome:
    """The ruling a path ends in, with the 2017 ids it rests on."""

    ruling: Text
    cites: list[str]
    tricks: int | None = None  # tricks transferred to the non-offending side, when stated
    adjust: bool | None = None  # may the director award an adjusted score, when stated


@dataclass(frozen=True)
class Node:
    """A question about facts at the table (with answers) or an outcome."""

    id: str
    question: Text | None = None
    help: Text | None = None
    cites: list[str] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    outcome: Outcome | None = None


@dataclass(frozen=True)
class DecisionTree:
    """One tree as written in assistant/trees/<id>.yaml; `nodes` keeps the file's order."""

    id: str
    laws: list[str]
    title: Text
    summary: Text
    start: str
    nodes: dict[str, Node]
    source: str = ""  # the file it was read from, for messages


@dataclass(frozen=True)
class Step:
    """One answered question on a walk."""

    node: str
    answer: int  # 1-based
    question: Text
    label: Text


@dataclass(frozen=True)
class WalkResult:
    """Where a walk ended: the answered steps and the outcome, or the question still open."""

    tree: str
    steps: list[Step]
    node: Node  # the outcome node, or the question waiting for an answer

    @property
    def outcome(self) -> Outcome | None:
        """The ruling reached, or None when the answers stopped at a question."""
        return self.node.outcome


class WalkError(BridgelawError):
    """An answer sequence that does not fit the tree."""


def walk(tree: DecisionTree, answers: list[int]) -> WalkResult:
    """Follow 1-based `answers` from the start; WalkError if one is out of range or too many."""
    node = tree.nodes[tree.start]
    steps: list[Step] = []
    for position, answer in enumerate(answers, start=1):
        if node.outcome is not None:
            raise WalkError(
                f"tree {tree.id}: answer {position} ({answer}) given after the ruling was reached"
            )
        assert node.question is not None
        if not 1 <= answer <= len(node.answers):
            raise WalkError(
                f"tree {tree.id}, node {node.id}: answer {position} is {answer}, "
                f"but the question has answers 1-{len(node.answers)}"
            )
        chosen = node.answers[answer - 1]
        steps.append(Step(node=node.id, answer=answer, question=node.question, label=chosen.label))
        node = tree.nodes[chosen.next]
    return WalkResult(tree=tree.id, steps=steps, node=node)
