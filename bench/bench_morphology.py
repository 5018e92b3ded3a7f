"""Polish morphology for search: the Snowball stemmer against real lemmatizers, measured.

Each variant adds its terms to every Polish word, in the index and in the query alike:
"snowball" is what the project uses (folded form, Snowball stems, a light stem, the fleeting
"e"); "+simplemma" and "+morfeusz2" add the word's lemmas from simplemma or from Morfeusz 2
(the SGJP dictionary), folded. Quality is `bridgelaw search` on the snapshot, counted by law and
by clause (bench_search's rules) on bench/data/queries_public.tsv and, with --own, on a set of
your own; cost is the time to load the lemmatizer, which every cold query would pay.

The lemmatizers are not project dependencies: `pip install simplemma morfeusz2` into the venv
to measure them (a variant whose package is missing is reported and skipped).

Usage: .venv/bin/python bench/bench_morphology.py [--own FILE]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_search import (  # noqa: E402
    QUERIES,
    build_whoosh,
    cli_engine,
    evaluate,
    load_corpus,
    load_queries,
)

import tools.search.analysis as analysis  # noqa: E402

SNOWBALL = analysis.polish_terms.__wrapped__  # the project's own, without its cache


def lemmatizer(name: str) -> tuple[Callable[[str], list[str]], float] | None:
    """A word -> lemmas function and the seconds its first call took, or None if missing."""
    started = time.perf_counter()
    try:
        if name == "simplemma":
            import simplemma

            simplemma.lemmatize("kartę", lang="pl")

            def lemmas(word: str) -> list[str]:
                return [simplemma.lemmatize(word, lang="pl")]
        else:
            import morfeusz2

            morfeusz = morfeusz2.Morfeusz()
            morfeusz.analyse("kartę")

            def lemmas(word: str) -> list[str]:
                return [a[2][1].split(":")[0] for a in morfeusz.analyse(word)]
    except ImportError:
        return None
    return lemmas, time.perf_counter() - started


def use(lemmas: Callable[[str], list[str]] | None) -> None:
    """Make every engine analyse Polish words with Snowball plus these lemmas."""
    @lru_cache(maxsize=200_000)
    def terms(word: str) -> tuple[str, ...]:
        base = SNOWBALL(word)
        if not base or lemmas is None or not word.isalpha():
            return base
        extra = {analysis.fold(lemma.lower()) for lemma in lemmas(word) if lemma}
        return tuple(sorted(set(base) | extra))

    for module in ("tools.search.analysis", "tools.search.engine", "tools.search.reader",
                   "tools.search.score", "tools.search.query"):
        if module in sys.modules and hasattr(sys.modules[module], "polish_terms"):
            sys.modules[module].polish_terms = terms
    import tools.search.score

    tools.search.score.all_terms.cache_clear()


def summary(ranks: dict[str, list[int | None]]) -> str:
    """recall@1 / recall@3 / MRR of the total."""
    got = ranks["total"]
    n = len(got)
    r1 = sum(1 for r in got if r == 1) / n
    r3 = sum(1 for r in got if r and r <= 3) / n
    mrr = sum(1 / r for r in got if r) / n
    return f"{r1:.2f} / {r3:.2f} / {mrr:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--own", type=Path, help="clause-level queries of your own")
    args = parser.parse_args()
    import tools.search.engine  # noqa: F401 - loaded so that use() patches it too

    public = load_queries()
    own = load_queries(args.own) if args.own else []
    corpus, source = load_corpus()
    print(f"corpus: {source}; queries: {QUERIES.relative_to(ROOT)} ({len(public)})"
          + (f", own: {args.own} ({len(own)})" if own else ""))
    print("\n| analysis | load s | public by law R@1/R@3/MRR | public by clause | own by clause |")
    print("|---|---|---|---|---|")
    for name in ("snowball", "+simplemma", "+morfeusz2"):
        found = None if name == "snowball" else lemmatizer(name[1:])
        if name != "snowball" and found is None:
            print(f"| {name} | not installed | | | |")
            continue
        lemmas, load = found if found else (None, 0.0)
        use(lemmas)
        with tempfile.TemporaryDirectory() as tmp:
            config, _ = build_whoosh(corpus, Path(tmp) / "build")
            engine = cli_engine(config)
            by_law, by_clause = evaluate(engine, public)
            mine = summary(evaluate(engine, own)[1]) if own else "-"
        print(f"| {name} | {load:.2f} | {summary(by_law)} | {summary(by_clause)} | {mine} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
