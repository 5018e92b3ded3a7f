"""`bridgelaw rule` (walk a decision tree) and `bridgelaw lookup` (find a situation)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tools.model import LANGS

EXIT_BAD_INPUT = 2


def _words(lang: str) -> dict[str, str]:
    """The rule command's words (read when it runs: no other command pays for the table)."""
    from tools.interface import interface

    return interface("rule_command")[lang]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the rule and lookup subcommands."""
    rule = subparsers.add_parser("rule", help="walk a ruling decision tree in the terminal")
    rule.add_argument("tree", nargs="?", help="tree id (omit to list the trees)")
    rule.add_argument("--lang", choices=LANGS, default="pl")
    rule.add_argument("--answers", help="answer numbers for scripts, e.g. 1,2,1")
    rule.add_argument("--json", action="store_true", help="print the walk as JSON")
    rule.add_argument("--build-dir", help="read the law titles from this build folder (build/)")
    rule.set_defaults(func=run_rule)

    lookup = subparsers.add_parser("lookup", help="find situations from a free-text description")
    lookup.add_argument("text", nargs="+", help="what happened at the table, in Polish or English")
    lookup.add_argument("--limit", type=int, default=5)
    lookup.add_argument("--json", action="store_true", help="print the hits as JSON")
    lookup.add_argument("--build-dir", help="read the index from this build folder (build/)")
    lookup.set_defaults(func=run_lookup)


def _fail(message: str) -> int:
    print(f"bridgelaw: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _parse_answers(text: str) -> list[int] | None:
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts or not all(part.isdigit() for part in parts):
        return None
    return [int(part) for part in parts]


def _config(build_dir: str | None) -> Any:
    """The project's config, reading the build from `build_dir` when one is given."""
    from dataclasses import replace
    from pathlib import Path

    from tools.config import Config

    return replace(Config(), build_dir=Path(build_dir)) if build_dir else Config()


def _load_corpus(config: Any) -> Any:
    """The built corpus, or an empty one (with a note) when it is not built yet: every cite
    then shows its official title and source page."""
    from tools.model import Corpus, corpus_from_json

    if not config.model_file.exists():
        print(
            f"note: {config.model_file} not found; no law text is in the build "
            "(run `bridgelaw scrape`)",
            file=sys.stderr,
        )
        return Corpus(laws=[])
    return corpus_from_json(config.model_file.read_text(encoding="utf-8"))


def walk_json(result: Any, tree: Any, lang: str, corpus: Any) -> dict[str, Any]:
    """The JSON-ready record of a walk: tree, lang, path of answers, outcome (or None). An
    outcome names the edition of its cites (2017) and, per cite, its official title and where
    to read it (tools.render.cite_text.cite_json)."""
    from assistant.links import cite_info
    from tools.normalize.cite2017 import IN_FORCE
    from tools.render.cite_text import cite_json, title_text

    data: dict[str, Any] = {
        "tree": tree.id,
        "lang": lang,
        "path": [
            {
                "node": step.node,
                "question": step.question.get(lang),
                "answer": step.answer,
                "label": step.label.get(lang),
            }
            for step in result.steps
        ],
        "outcome": None,
    }
    outcome = result.outcome
    if outcome is None:
        node = result.node
        data["question"] = {
            "node": node.id,
            "question": node.question.get(lang),
            "answers": [answer.label.get(lang) for answer in node.answers],
        }
        return data
    cites = {cite: cite_info(corpus, lang, cite) for cite in outcome.cites}
    data["outcome"] = {
        "node": result.node.id,
        "ruling": outcome.ruling.get(lang),
        "tricks": outcome.tricks,
        "adjust": outcome.adjust,
        "edition": IN_FORCE,
        "cites": list(outcome.cites),
        "titles": {cite: title_text(info, lang) for cite, info in cites.items()},
        "cite_details": {cite: cite_json(info) for cite, info in cites.items()},
    }
    return data




def _print_outcome(data: dict[str, Any], lang: str, corpus: Any) -> None:
    from assistant.links import cite_info
    from tools.render.cite_text import cite_line

    ui = _words(lang)
    outcome = data["outcome"]
    print(f"\n{ui['ruling']}\n{outcome['ruling']}")
    if outcome["tricks"] is not None:
        print(ui["tricks"].format(n=outcome["tricks"]))
    if outcome["adjust"] is not None:
        print(ui["adjust"].format(v=ui["yes"] if outcome["adjust"] else ui["no"]))
    print(ui["cites"].format(edition=outcome["edition"]))
    for cite in outcome["cites"]:
        print(f"  {cite_line(cite_info(corpus, lang, cite), lang)}")


def _interactive(tree: Any, lang: str, answers: list[int]) -> list[int] | None:
    """Ask the open questions on the terminal; the full answer list, or None on quit."""
    from assistant.tree import walk

    ui = _words(lang)
    answers = list(answers)
    while True:
        result = walk(tree, answers)
        if result.outcome is not None:
            return answers
        node = result.node
        print(f"\n{node.question.get(lang)}")
        if node.help is not None:
            print(f"  ({node.help.get(lang)})")
        for number, answer in enumerate(node.answers, start=1):
            print(f"  {number}. {answer.label.get(lang)}")
        try:
            reply = input(ui["prompt"]).strip().lower()
        except EOFError:
            return None
        if reply == "q":
            return None
        if reply == "b":
            answers = answers[:-1]
        elif reply.isdigit() and 1 <= int(reply) <= len(node.answers):
            answers.append(int(reply))
        else:
            print(ui["bad"].format(n=len(node.answers)))


def run_rule(args: argparse.Namespace) -> int:
    """List the trees, or walk one by --answers and/or interactively, ending with the ruling."""
    from assistant.tree import WalkError, walk
    from assistant.tree_load import load_trees

    config = _config(args.build_dir)
    trees = load_trees(config.assistant_dir / "trees")
    lang = args.lang
    if args.tree is None:
        if args.json:
            listing = [
                {"id": t.id, "laws": t.laws, "title": t.title.get(lang)} for t in trees.values()
            ]
            print(json.dumps(listing, ensure_ascii=False, indent=1))
        else:
            print(_words(lang)["trees"])
            for tree in trees.values():
                print(f"  {tree.id:32} {', '.join(tree.laws):14} {tree.title.get(lang)}")
        return 0
    if args.tree not in trees:
        return _fail(f"unknown tree {args.tree!r}; known trees: {', '.join(trees)}")
    tree = trees[args.tree]
    answers: list[int] = []
    if args.answers is not None:
        parsed = _parse_answers(args.answers)
        if parsed is None:
            return _fail(f"--answers must be numbers separated by commas, got {args.answers!r}")
        answers = parsed
    try:
        result = walk(tree, answers)
    except WalkError as error:
        return _fail(str(error))
    if result.outcome is None and not args.json:
        completed = _interactive(tree, lang, answers)
        if completed is None:
            print(_words(lang)["quit"])
            return 0
        result = walk(tree, completed)
    corpus = _load_corpus(config)
    data = walk_json(result, tree, lang, corpus)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        _print_outcome(data, lang, corpus)
    return 0


def run_lookup(args: argparse.Namespace) -> int:
    """Print the situations that best match a description."""
    from assistant.lookup import lookup
    from tools.errors import BadInput
    from tools.search.engine import check_query

    if args.limit < 1:
        return _fail("--limit must be at least 1")
    if not " ".join(args.text).strip():
        return _fail("lookup needs a description, e.g. `bridgelaw lookup wist z niewłaściwej ręki`")
    try:
        text = check_query(" ".join(args.text))
    except BadInput as error:
        return _fail(f"lookup: {error}")
    config = _config(args.build_dir)
    from tools.normalize.cite2017 import IN_FORCE

    hits = lookup(text, config, limit=args.limit)
    situations = [
        {
            "id": hit.id,
            "title_pl": hit.title_pl,
            "title_en": hit.title_en,
            "laws": list(hit.laws),
            "edition": IN_FORCE,
            "url": hit.url,
        }
        for hit in hits
    ]
    if args.json:
        print(json.dumps({"query": text, "situations": situations}, ensure_ascii=False, indent=1))
        return 0 if situations else 1
    if not situations:
        print(f"no situation matches {text!r}", file=sys.stderr)
        return 1
    for hit in situations:
        laws = ", ".join(hit["laws"])
        print(f"{hit['id']}\n  {hit['title_pl']} / {hit['title_en']}\n"
              f"  przepisy / laws ({IN_FORCE}): {laws}")
    return 0
