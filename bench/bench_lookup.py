"""Lookup quality and speed on the development set: prints a table and lists the misses.

Usage: .venv/bin/python bench/bench_lookup.py [tests/data/lookup_dev.tsv]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from assistant.lookup import expected_found, lookup
from tools.config import ROOT, Config


def read_dev_set(path: Path) -> list[tuple[str, str, str]]:
    """(lang, expected id, description) rows of a dev-set TSV, comments skipped."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, expected, text = line.split("\t", 2)
            rows.append((lang, expected, text))
    return rows


def main() -> None:
    """Run every description through lookup and print hit rates by language and the misses."""
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "data" / "lookup_dev.tsv"
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


if __name__ == "__main__":
    main()
