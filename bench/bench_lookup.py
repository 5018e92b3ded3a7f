"""Lookup quality and speed on the development set: prints a table and lists the misses.

Usage: .venv/bin/python bench/bench_lookup.py [tests/data/lookup_dev.tsv] [--clauses FILE ...]

The development set counts the expected law among the first hits. The clause sets
(tests/data/lookup_first.tsv and tests/data/lookup_table.tsv by default, or the files named after
--clauses) count how often the FIRST situation cites the right sub-clause, per area of the book.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from assistant.lookup import cites_at_or_below, expected_found, lookup
from tools.config import ROOT, Config


def read_dev_set(path: Path) -> list[tuple[str, str, str]]:
    """(lang, expected id, description) rows of a dev-set TSV, comments skipped."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, expected, text = line.split("\t", 2)
            rows.append((lang, expected, text))
    return rows


def read_clause_set(path: Path) -> list[tuple[str, list[str], str]]:
    """(lang, sub-clauses the first hit must cite, description) rows of a clause-set TSV; the
    situation column of lookup_first.tsv, when present, is not needed for the count."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split("\t")
            rows.append((parts[0], parts[-2].split(","), parts[-1]))
    return rows


def area(clause: str) -> str:
    """The part of the book a clause belongs to, for the per-area count."""
    number = int(re.match(r"\d+", clause).group())  # type: ignore[union-attr]
    if number in (16, 20, 21, 40, 73, 75):
        return "information"
    if 17 <= number <= 39:
        return "auction"
    if 41 <= number <= 71:
        return "play"
    return "scoring and procedure"


def first_cites(path: Path, config: Config) -> None:
    """Print how often the first situation cites the expected sub-clauses, per area."""
    counts: dict[str, list[bool]] = {}
    misses = []
    for lang, clauses, text in read_clause_set(path):
        hits = lookup(text, config, limit=3)
        laws = hits[0].laws if hits else []
        ok = all(cites_at_or_below(c, laws) for c in clauses)
        counts.setdefault(area(clauses[0]), []).append(ok)
        if not ok:
            misses.append((lang, clauses, text, hits[0].id if hits else None))
    every = [ok for oks in counts.values() for ok in oks]
    print(f"\nclause set: {path.name}: first situation cites the clause in"
          f" {sum(every)}/{len(every)}")
    for name in sorted(counts):
        print(f"  {name:<22} {sum(counts[name]):>3}/{len(counts[name])}")
    for lang, clauses, text, got in misses:
        print(f"  miss [{lang}] {','.join(clauses)}: {text!r} -> {got}")


def main() -> None:
    """Run every description through lookup and print hit rates by language and the misses."""
    args = sys.argv[1:]
    clause_files = [Path(a) for a in args[args.index("--clauses") + 1:]] if "--clauses" in args \
        else [ROOT / "tests" / "data" / name for name in ("lookup_first.tsv", "lookup_table.tsv")]
    args = args[:args.index("--clauses")] if "--clauses" in args else args
    path = Path(args[0]) if args else ROOT / "tests" / "data" / "lookup_dev.tsv"
    config = Config()
    start = time.perf_counter()
    lookup("rozgrzewka", config)  # builds the in-memory index once
    build_ms = (time.perf_counter() - start) * 1000
    rows = read_dev_set(path)
    results: dict[str, list[bool]] = {"pl": [], "en": []}
    top1: dict[str, list[bool]] = {"pl": [], "en": []}
    misses = []
    start = time.perf_counter()
    for lang, expected, text in rows:
        hits = lookup(text, config, limit=5)
        found = expected_found(hits, expected, top=3)
        results[lang].append(found)
        top1[lang].append(expected_found(hits, expected, top=1))
        if not found:
            misses.append((lang, expected, text, [hit.id for hit in hits[:3]]))
    query_ms = (time.perf_counter() - start) * 1000 / max(len(rows), 1)
    print(f"dev set: {path}")
    print(f"| {'lang':<5} | {'n':>3} | {'top-3 hit':>9} | {'top-1 hit':>9} |")
    print(f"|{'-' * 7}|{'-' * 5}|{'-' * 11}|{'-' * 11}|")
    for lang in ("pl", "en"):
        n = len(results[lang])
        rate = sum(results[lang]) / n if n else 0.0
        rate1 = sum(top1[lang]) / n if n else 0.0
        print(f"| {lang:<5} | {n:>3} | {rate:>9.1%} | {rate1:>9.1%} |")
    every = results["pl"] + results["en"]
    every1 = top1["pl"] + top1["en"]
    print(
        f"| {'all':<5} | {len(every):>3} | {sum(every) / len(every):>9.1%} |"
        f" {sum(every1) / len(every1):>9.1%} |"
    )
    print(f"\nindex build (first call): {build_ms:.1f} ms; mean query: {query_ms:.2f} ms")
    print(f"\nmisses ({len(misses)}):")
    for lang, expected, text, got in misses:
        print(f"  [{lang}] expected {expected}: {text!r} -> {got}")
    for clause_file in clause_files:
        first_cites(clause_file, config)


if __name__ == "__main__":
    main()
