"""Count what the decision trees cover and time the flowchart rendering; prints tables.

    .venv/bin/python bench/bench_assistant.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.build import corpus_ids  # noqa: E402
from assistant.flowchart import render_flowchart_parts  # noqa: E402
from assistant.paths import enumerate_paths  # noqa: E402
from assistant.tree_check import outline_only_cites, validate_trees  # noqa: E402
from assistant.tree_load import load_trees  # noqa: E402
from tools.config import Config  # noqa: E402
from tools.model import Corpus, corpus_from_json  # noqa: E402
from tools.reference import load_reference  # noqa: E402

REQUIRED_LAWS = [41, 45, 46, 47, *range(49, 59), 61, 62, 63, 64, 66, 67, 68, 69, 70, 71]


def main() -> int:
    """Print the per-tree table, the totals and the laws still without a tree."""
    config = Config()
    corpus = (
        corpus_from_json(config.model_file.read_text(encoding="utf-8"))
        if config.model_file.exists()
        else Corpus()
    )
    trees = load_trees(config.assistant_dir / "trees")
    known = corpus_ids(corpus)
    outline = load_reference(config).outline.all_ids()
    problems = validate_trees(trees, known, outline)

    header = f"{'tree':30} {'laws':14} {'nodes':>5} {'quest':>5} {'outc':>5} {'paths':>5} " \
             f"{'charts pl/en':>12} {'max px':>6} {'ms':>6}"
    print(header)
    print("-" * len(header))
    totals = {"nodes": 0, "questions": 0, "outcomes": 0, "paths": 0, "charts": 0}
    for tree in trees.values():
        questions = sum(1 for node in tree.nodes.values() if node.outcome is None)
        outcomes = len(tree.nodes) - questions
        paths = enumerate_paths(tree)
        started = time.perf_counter()
        charts = {lang: render_flowchart_parts(tree, lang, corpus, "/") for lang in ("pl", "en")}
        elapsed = (time.perf_counter() - started) * 1000
        widest = max(chart.width for parts in charts.values() for chart in parts)
        print(
            f"{tree.id:30} {','.join(tree.laws):14} {len(tree.nodes):5} {questions:5} "
            f"{outcomes:5} {len(paths):5} {len(charts['pl']):>5}/{len(charts['en']):<6} "
            f"{widest:6.0f} {elapsed:6.0f}"
        )
        totals["nodes"] += len(tree.nodes)
        totals["questions"] += questions
        totals["outcomes"] += outcomes
        totals["paths"] += len(paths)
        totals["charts"] += len(charts["pl"]) + len(charts["en"])
    covered = sorted({int(law) for tree in trees.values() for law in tree.laws})
    missing = [law for law in REQUIRED_LAWS if law not in covered]
    only_outline = outline_only_cites(trees, known)
    print()
    print(f"{'trees':28} {len(trees)}")
    for key, value in totals.items():
        print(f"{key:28} {value}")
    print(f"{'laws covered':28} {len(covered)}: {', '.join(map(str, covered))}")
    print(f"{'required laws without tree':28} {', '.join(map(str, missing)) or 'none'}")
    print(f"{'validation problems':28} {len(problems)}")
    for problem in problems:
        print(f"  {problem.where}: {problem.message}")
    print(f"{'cites known only from outline':28} {len(only_outline)}"
          + ("" if config.model_file.exists() else " (no build/corpus.json: all count as outline)"))
    print(f"  {' '.join(only_outline)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
