"""Decision trees: the typed model, the YAML loader, validation and walking a tree by answers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tools.citation_id import is_citation_id
from tools.config import ROOT
from tools.errors import BridgelawError, SourceError
from tools.model import Problem

LANGS = ("pl", "en")
_NODE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


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


def _text(value: Any, where: str) -> Text:
    if isinstance(value, str):
        raise SourceError(where, "expected {pl: ..., en: ...}, found a plain string")
    if not isinstance(value, dict):
        raise SourceError(where, f"expected {{pl: ..., en: ...}}, found {type(value).__name__}")
    unknown = sorted(set(value) - set(LANGS))
    if unknown:
        raise SourceError(where, f"unknown language keys {unknown}")
    return Text(pl=str(value.get("pl") or "").strip(), en=str(value.get("en") or "").strip())


def _cites(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(c, str | int) for c in value):
        raise SourceError(where, "cites must be a list of citation ids like \"64A1\"")
    return [str(c) for c in value]


def _outcome(data: Any, where: str) -> Outcome:
    if not isinstance(data, dict):
        raise SourceError(where, "outcome must be a mapping with ruling and cites")
    unknown = sorted(set(data) - {"ruling", "cites", "tricks", "adjust"})
    if unknown:
        raise SourceError(where, f"unknown outcome keys {unknown}")
    tricks = data.get("tricks")
    if tricks is not None and (type(tricks) is not int or tricks < 0):
        raise SourceError(where, f"tricks must be a whole number >= 0, found {tricks!r}")
    adjust = data.get("adjust")
    if adjust is not None and not isinstance(adjust, bool):
        raise SourceError(where, f"adjust must be true or false, found {adjust!r}")
    return Outcome(
        ruling=_text(data.get("ruling"), f"{where}: ruling"),
        cites=_cites(data.get("cites"), where),
        tricks=tricks,
        adjust=adjust,
    )


def _node(node_id: str, data: Any, where: str) -> Node:
    if not isinstance(data, dict):
        raise SourceError(where, "a node must be a mapping")
    unknown = sorted(set(data) - {"question", "help", "cites", "answers", "outcome"})
    if unknown:
        raise SourceError(where, f"unknown node keys {unknown}")
    if ("question" in data) == ("outcome" in data):
        raise SourceError(where, "a node has either question + answers, or outcome")
    if "outcome" in data:
        if "answers" in data:
            raise SourceError(where, "an outcome node has no answers")
        return Node(id=node_id, outcome=_outcome(data["outcome"], f"{where}: outcome"))
    answers = data.get("answers")
    if not isinstance(answers, list) or len(answers) < 2:
        raise SourceError(where, "a question needs a list of two or more answers")
    parsed = []
    for number, answer in enumerate(answers, start=1):
        at = f"{where}: answer {number}"
        if not isinstance(answer, dict) or set(answer) != {"label", "next"}:
            raise SourceError(at, "an answer is {label: {pl, en}, next: <node id>}")
        parsed.append(Answer(label=_text(answer["label"], at), next=str(answer["next"])))
    return Node(
        id=node_id,
        question=_text(data["question"], f"{where}: question"),
        help=_text(data["help"], f"{where}: help") if "help" in data else None,
        cites=_cites(data.get("cites"), where),
        answers=parsed,
    )


def tree_from_dict(data: Any, source: str) -> DecisionTree:
    """The tree described by parsed YAML `data`; SourceError naming `source` if malformed."""
    if not isinstance(data, dict):
        raise SourceError(source, "a tree file must hold a mapping")
    missing = [key for key in ("id", "laws", "title", "start", "nodes") if key not in data]
    if missing:
        raise SourceError(source, f"missing keys {missing}")
    unknown = sorted(set(data) - {"id", "laws", "title", "summary", "start", "nodes"})
    if unknown:
        raise SourceError(source, f"unknown keys {unknown}")
    nodes = data["nodes"]
    if not isinstance(nodes, dict) or not nodes:
        raise SourceError(source, "nodes must be a non-empty mapping of node id -> node")
    laws = data["laws"]
    if not isinstance(laws, list) or not laws:
        raise SourceError(source, "laws must be a non-empty list like [\"64\"]")
    return DecisionTree(
        id=str(data["id"]),
        laws=[str(law) for law in laws],
        title=_text(data["title"], f"{source}: title"),
        summary=_text(data.get("summary", {}), f"{source}: summary"),
        start=str(data["start"]),
        nodes={
            str(key): _node(str(key), value, f"{source}: node {key}")
            for key, value in nodes.items()
        },
        source=source,
    )


def _display(path: Path) -> str:
    """The path relative to the project root when it is inside it (shorter messages)."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def load_tree(path: Path) -> DecisionTree:
    """Read one tree file; SourceError naming the file on unreadable or malformed YAML."""
    shown = _display(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise SourceError(shown, f"cannot read: {error}") from error
    except yaml.YAMLError as error:
        raise SourceError(shown, f"not valid YAML: {error}") from error
    tree = tree_from_dict(data, shown)
    if tree.id != path.stem:
        raise SourceError(shown, f"id {tree.id!r} must equal the file name {path.stem!r}")
    return tree


def load_trees(directory: Path) -> dict[str, DecisionTree]:
    """Every assistant/trees/*.yaml, keyed by tree id, in id order."""
    paths = sorted(directory.glob("*.yaml"), key=lambda path: path.stem)
    return {path.stem: load_tree(path) for path in paths}


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


def outline_only_cites(trees: dict[str, DecisionTree], known_ids: set[str]) -> list[str]:
    """Cited ids the corpus has no text for (known only from the official outline), sorted."""
    cited = {
        cite
        for tree in trees.values()
        for node in tree.nodes.values()
        for cite in node.cites + (node.outcome.cites if node.outcome else [])
    }
    return sorted(cited - known_ids, key=_cite_sort_key)


def _cite_sort_key(cite: str) -> tuple[int, str]:
    match = re.match(r"^(\d+)(.*)$", cite)
    return (int(match.group(1)), match.group(2)) if match else (999, cite)


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
