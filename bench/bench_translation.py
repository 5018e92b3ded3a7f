"""Measure the translation check on SYNTHETIC Polish/English pairs with planted disagreements.

Prints, per kind, how many disagreements were planted and found, recall and precision (targets:
recall 1.0 for citations, numbers and missing units; precision >= 0.9 overall), the findings on
the same pairs with nothing planted (each one a false alarm), and the time for the whole 93-law
pair (target < 2 s). Pairs: tests/helpers/translation_pairs.py, several seeds.

    .venv/bin/python bench/bench_translation.py [--seeds N] [--rate PERCENT] [--imitation]

--imitation also scrapes the imitation of the source sites (tests/imitation/, clean markup) and
prints what the check finds there: its texts are independent placeholders, not translations of
each other, so every finding there is a true difference of wording; nothing is planted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers.translation_pairs import (  # noqa: E402
    Planted,  # noqa: E402
    base_specs,
    build,
    synthetic_pairs,
)
from tools.config import Config  # noqa: E402
from tools.normalize.glossary import load_glossary  # noqa: E402
from tools.normalize.outline import load_outline  # noqa: E402
from tools.translation.check import KINDS, check_translation  # noqa: E402

TARGET_RECALL = {"citation": 1.0, "number": 1.0, "missing": 1.0}
TARGET_PRECISION = 0.9
TARGET_SECONDS = 2.0


def score(found: set, truth: set) -> dict[str, tuple[int, int, int]]:
    """Per kind: (planted, found, right)."""
    return {kind: (sum(1 for t in truth if t[0] == kind), sum(1 for f in found if f[0] == kind),
                   sum(1 for f in found if f[0] == kind and f in truth)) for kind in KINDS}


def main() -> int:
    """Run the measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--rate", type=int, default=25, help="percent of units planted")
    parser.add_argument("--imitation", action="store_true")
    args = parser.parse_args()
    config = Config()
    outline = load_outline(config.outline_file)
    glossary = load_glossary(config.glossary_file)
    known = outline.all_ids()
    totals: Counter = Counter()
    seconds: list[float] = []
    wrong: list[str] = []
    for n in range(args.seeds):
        seed = f"s{n}"
        corpus, truth = synthetic_pairs(outline, seed, args.rate)
        began = time.perf_counter()
        check = check_translation(corpus, glossary, [], known)
        seconds.append(time.perf_counter() - began)
        found = {(f.kind, f.edition, f.unit) for f in check.findings}
        for kind, (planted, got, right) in score(found, truth).items():
            totals[(kind, "planted")] += planted
            totals[(kind, "found")] += got
            totals[(kind, "right")] += right
        wrong += [f"{seed} {f.kind} {f.unit}: only_pl={f.only_pl} only_en={f.only_en} "
                  f"{f.other}{f.ratio or ''}" for f in check.findings
                  if (f.kind, f.edition, f.unit) not in truth][:3]
        wrong += [f"{seed} missed {t[0]} {t[2]}" for t in sorted(truth - found)][:3]
    clean = build(outline, Planted(base_specs(outline, "s0")))
    alarms = check_translation(clean, glossary, [], known).findings

    print(f"synthetic 93-law pairs, {args.seeds} seeds, {args.rate}% of units planted")
    print(f"{'kind':<10}{'planted':>8}{'found':>7}{'right':>7}{'recall':>8}{'precision':>10}"
          f"{'target':>16}")
    all_found = all_right = 0
    for kind in KINDS:
        planted, got, right = (totals[(kind, k)] for k in ("planted", "found", "right"))
        all_found, all_right = all_found + got, all_right + right
        recall = right / planted if planted else float("nan")
        precision = right / got if got else float("nan")
        target = f"recall {TARGET_RECALL[kind]:.1f}" if kind in TARGET_RECALL else ""
        print(f"{kind:<10}{planted:>8}{got:>7}{right:>7}{recall:>8.3f}{precision:>10.3f}"
              f"{target:>16}")
    overall = all_right / all_found if all_found else float("nan")
    print(f"{'overall':<10}{'':>8}{all_found:>7}{all_right:>7}{'':>8}{overall:>10.3f}"
          f"{'precision 0.9':>16}")
    print(f"findings on the pair with nothing planted (false alarms): {len(alarms)}"
          + (f" ({', '.join(f'{f.kind} {f.unit}' for f in alarms[:6])})" if alarms else ""))
    median = statistics.median(seconds)
    print(f"time for the whole 93-law pair: median {median:.3f} s, worst {max(seconds):.3f} s "
          f"(target < {TARGET_SECONDS:.0f} s)")
    if wrong:
        print("first differences from the plan:\n  " + "\n  ".join(wrong[:12]))
    if args.imitation:
        imitation_report(glossary, known)
    met = all(totals[(k, "right")] == totals[(k, "planted")] for k in TARGET_RECALL)
    met = met and overall >= TARGET_PRECISION and max(seconds) < TARGET_SECONDS
    print("targets met" if met else "targets NOT met")
    return 0 if met else 1


def imitation_report(glossary: list, known: set[str]) -> None:
    """Scrape the imitation (clean markup) and print what the check finds per kind."""
    import tempfile

    from imitation import build as build_imitation
    from imitation import run_scrape, serve

    with tempfile.TemporaryDirectory() as tmp, serve(build_imitation("clean")) as served:
        run = run_scrape(served, Path(tmp), "toc")
    if run.corpus is None:
        print(f"imitation: the scrape failed: {run.error}")
        return
    for edition in (2017, 1997):
        check = check_translation(run.corpus, glossary, [], known, editions=(edition,))
        counts = Counter(f.kind for f in check.findings)
        units = len({f.unit for f in check.findings})
        print(f"imitation {edition}: {len(check.compared.get(edition, []))} laws in both "
              f"languages, {len(check.findings)} findings on {units} units ("
              + ", ".join(f"{k} {counts[k]}" for k in KINDS) + ")")


if __name__ == "__main__":
    sys.exit(main())
