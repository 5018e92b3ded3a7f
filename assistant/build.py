"""The assistant stage: load and check the trees and situations, write assistant.json and the
flowcharts.

Output, all under config.build_dir:
- assistant.json: trees, situations, what every cited id shows per language (its 2017 page here,
  or its official title, the source site's page and its 1997 counterparts), the list of
  flowchart files per tree and language, and the problems found (deterministic JSON).
- flowcharts/<tree-id>.<lang>.svg: the tree's chart (the whole tree when it fits 700 px);
  flowcharts/<tree-id>.<lang>.<n>.svg: further parts when it had to be split. Node links are
  site-root-absolute ("/laws/2017/64/#64A2", LINK_BASE "/"); "continued" boxes link to
  "#<tree-id>-<lang>-<n>", the id of part n's <svg>, so the parts are meant to be inlined on one
  page in the listed order. Call render_flowchart_parts with another link_base for relative links.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from assistant.tree import DecisionTree
from assistant.tree_check import outline_only_cites, tree_cites, validate_trees
from assistant.tree_load import load_tree
from tools.config import Config
from tools.errors import SourceError
from tools.model import LANGS, Corpus, Problem, unit_ids
from tools.normalize.cite2017 import IN_FORCE, Sources, as_sources, resolve
from tools.reference import Reference
from tools.report import check_stage
from tools.write import write_text, write_tree

LINK_BASE = "/"


@dataclass
class AssistantBuild:
    """What the assistant stage produced and found."""

    trees: dict[str, DecisionTree]
    situations: list[Any] = field(default_factory=list)
    retired: dict[str, str] = field(default_factory=dict)  # old situation id -> its successor
    problems: list[Problem] = field(default_factory=list)
    outline_only: list[str] = field(default_factory=list)  # cited ids with no text in the build
    flowcharts: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)


def corpus_ids(corpus: Corpus) -> set[str]:
    """Ids of every 2017 law and unit in the corpus (the numbering the trees cite)."""
    return {uid for law in corpus.laws if law.edition == 2017 for uid in unit_ids(law)}


def load_trees_reporting(directory: Path) -> tuple[dict[str, DecisionTree], list[Problem]]:
    """Every tree that loads, and a problem for each file that does not."""
    trees: dict[str, DecisionTree] = {}
    problems: list[Problem] = []
    for path in sorted(directory.glob("*.yaml"), key=lambda path: path.stem):
        try:
            trees[path.stem] = load_tree(path)
        except SourceError as error:
            problems.append(Problem("tree-file", error.where, f"tree {path.stem}: {error.message}"))
    return trees, problems


def _load_situations(
    config: Config, trees: dict[str, DecisionTree], known: set[str]
) -> tuple[list[Any], list[Problem]]:
    from assistant.situations import load_situations, validate_situations

    try:
        situations = load_situations(config)
    except SourceError as error:
        return [], [Problem("situations-file", error.where, error.message)]
    return situations, validate_situations(situations, set(trees), known)


def _load_retired(config: Config, situations: list[Any]) -> tuple[dict[str, str], list[Problem]]:
    from assistant.situations import load_retired, validate_retired

    try:
        retired = load_retired(config)
    except SourceError as error:
        return {}, [Problem("retired-file", error.where, error.message)]
    ids = {situation.id for situation in situations}
    # a page is written only for an old id that is no page of its own and leads to one
    usable = {old: new for old, new in retired.items() if old not in ids and new in ids}
    return usable, validate_retired(retired, ids)


def _text(value: Any) -> dict[str, str]:
    return {"pl": value.pl, "en": value.en}


def tree_to_dict(tree: DecisionTree) -> dict[str, Any]:
    """A JSON-ready dict of one tree in the schema's shape (plus the node order)."""
    nodes: dict[str, Any] = {}
    for node in tree.nodes.values():
        if node.outcome is not None:
            outcome: dict[str, Any] = {
                "ruling": _text(node.outcome.ruling),
                "cites": list(node.outcome.cites),
            }
            if node.outcome.tricks is not None:
                outcome["tricks"] = node.outcome.tricks
            if node.outcome.adjust is not None:
                outcome["adjust"] = node.outcome.adjust
            nodes[node.id] = {"outcome": outcome}
            continue
        assert node.question is not None
        data: dict[str, Any] = {
            "question": _text(node.question),
            "cites": list(node.cites),
            "answers": [{"label": _text(a.label), "next": a.next} for a in node.answers],
        }
        if node.help is not None:
            data["help"] = _text(node.help)
        nodes[node.id] = data
    return {
        "id": tree.id,
        "laws": list(tree.laws),
        "title": _text(tree.title),
        "summary": _text(tree.summary),
        "start": tree.start,
        "order": list(tree.nodes),
        "nodes": nodes,
    }


def _all_cites(trees: dict[str, DecisionTree], situations: list[Any]) -> list[str]:
    cites = tree_cites(trees)
    cites.update(law for situation in situations for law in situation.laws)
    return sorted(cites)


def _cite_entry(src: Sources, lang: str, cite: str) -> dict[str, Any]:
    """What the wizard shows for a cited id: its link ("url": a site path, or the source site's
    page when "external"), its official title and, without 2017 text, its 1997 counterparts."""
    info = resolve(src, lang, cite)
    return {
        "url": info.href,
        "external": info.external,
        "title": info.title.text,
        "title_lang": info.title.lang,
        "title_fallback": info.title.fallback,
        "polish_text": info.other_lang_text,
        "counterparts": [
            {"id": old.id, "url": old.site_url, "uncertain": old.uncertain}
            for old in info.counterparts
        ] if info.external else [],
    }


def assistant_json(build: AssistantBuild, corpus: Corpus | Sources) -> str:
    """Deterministic JSON text of the assistant data for the browser wizard and the site."""
    cites = _all_cites(build.trees, build.situations)
    src = as_sources(corpus)
    data = {
        "trees": {tree_id: tree_to_dict(tree) for tree_id, tree in build.trees.items()},
        "situations": [asdict(situation) for situation in build.situations],
        # a retired situation id -> the one that answers it now: a wizard link shared with the
        # old id in its hash (#s=) still names the situation (assistant/retired.yaml)
        "retired": build.retired,
        "edition": IN_FORCE,
        "cites": {lang: {cite: _cite_entry(src, lang, cite) for cite in cites} for lang in LANGS},
        "outline_only_cites": build.outline_only,
        "flowcharts": build.flowcharts,
        "problems": [asdict(problem) for problem in build.problems],
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_flowcharts(
    trees: dict[str, DecisionTree], corpus: Corpus | Sources, out_dir: Path
) -> tuple[dict[str, dict[str, list[str]]], list[str]]:
    """Render every tree in both languages into out_dir; the file lists and the paths changed."""
    from assistant.flowchart import render_flowchart_parts

    listing: dict[str, dict[str, list[str]]] = {}
    changed: list[str] = []
    wanted: set[str] = set()
    for tree in trees.values():
        listing[tree.id] = {}
        for lang in LANGS:
            names = []
            charts = render_flowchart_parts(tree, lang, corpus, LINK_BASE)
            for number, chart in enumerate(charts, start=1):
                name = f"{tree.id}.{lang}.svg" if number == 1 else f"{tree.id}.{lang}.{number}.svg"
                names.append(name)
                wanted.add(name)
                if write_text(out_dir / name, chart.svg):
                    changed.append(str(out_dir / name))
            listing[tree.id][lang] = names
    for old in sorted(out_dir.glob("*.svg")):  # charts of renamed or removed trees
        if old.name not in wanted:
            old.unlink()
            changed.append(str(old))
    return listing, changed


def build_assistant(corpus: Corpus, config: Config, reference: Reference) -> AssistantBuild:
    """Load, check and write the assistant data; its problems are in the result (a strict build
    stops on any before writing). Cites are checked and resolved against `reference`."""
    trees, problems = load_trees_reporting(config.assistant_dir / "trees")
    known = corpus_ids(corpus)
    outline = reference.outline.all_ids()
    src = reference.sources(corpus)
    problems += validate_trees(trees, known, outline)
    situations, situation_problems = _load_situations(config, trees, known | outline)
    problems += situation_problems
    retired, retired_problems = _load_retired(config, situations)
    problems += retired_problems
    build = AssistantBuild(
        trees=trees,
        situations=situations,
        retired=retired,
        problems=problems,
        outline_only=outline_only_cites(trees, known),
    )
    check_stage("assistant", problems, config.strict)
    unusable = {  # a tree whose arrows lead nowhere or in circles cannot be drawn
        problem.message.split(",")[0].removeprefix("tree ")
        for problem in problems
        if problem.kind in {"dangling-next", "tree-cycle"}
    }
    for tree_id in sorted(unusable):
        build.problems.append(
            Problem("flowchart-skipped", tree_id, f"tree {tree_id}: no flowchart, tree is broken")
        )
    drawable = {tree_id: tree for tree_id, tree in trees.items() if tree_id not in unusable}
    build.flowcharts, build.written = write_flowcharts(
        drawable, src, config.build_dir / "flowcharts"
    )
    target = config.build_dir / "assistant.json"
    if write_text(target, assistant_json(build, src)):
        build.written.append(str(target))
    build.written += write_assistant_pages(build, src, config)
    return build


def write_assistant_pages(build: AssistantBuild, corpus: Corpus | Sources,
                          config: Config) -> list[str]:
    """Write the situation pages and the wizard page of both languages under content/, removing
    situation pages that no longer exist. Returns the paths changed."""
    from assistant.pages import render_assistant_pages

    pages = render_assistant_pages(build.situations, build.trees, corpus, build.retired)
    changed = write_tree(config.content_dir, pages,
                         prune=tuple(f"{lang}/situations/" for lang in LANGS))
    return [str(config.content_dir / rel) for rel in changed]
