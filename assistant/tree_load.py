"""Reading decision trees from assistant/trees/*.yaml into the typed model; SourceError on a
malformed file. Whether a well-formed tree makes sense is assistant.tree_check's job."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.tree import Answer, DecisionTree, Node, Outcome, Text
from tools.config import ROOT
from tools.errors import SourceError
from tools.model import LANGS
from tools.yaml_data import YAMLError, load_yaml


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
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise SourceError(shown, f"cannot read: {error}") from error
    except YAMLError as error:
        raise SourceError(shown, f"not valid YAML: {error}") from error
    tree = tree_from_dict(data, shown)
    if tree.id != path.stem:
        raise SourceError(shown, f"id {tree.id!r} must equal the file name {path.stem!r}")
    return tree


def load_trees(directory: Path) -> dict[str, DecisionTree]:
    """Every assistant/trees/*.yaml, keyed by tree id, in id order."""
    paths = sorted(directory.glob("*.yaml"), key=lambda path: path.stem)
    return {path.stem: load_tree(path) for path in paths}
