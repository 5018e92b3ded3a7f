"""Scrape benchmark: how much of the imitation of the source sites (tests/imitation) the
scraper gets right, in every markup, under faults on a re-run, how fast it parses, and what a
conditional re-run costs. Prints tables; asserts nothing.

Every scrape goes through the project's entry point, tools.build.scrape(config), online
against the imitation served on 127.0.0.1 with no politeness wait, everything written into a
temporary folder. A unit is right when its id, title and text all match what a correct scrape
yields; a law when its title, own text, footnotes, notes and every unit do. Exceptions raised
by the scraper are counted and shown, never fatal.

Usage: .venv/bin/python bench/bench_scrape.py [--quick] [--markup NAME ...] [--fault NAME ...]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from tools.config import Config
from tools.reference import load_reference

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from imitation import (  # noqa: E402
    FAULTS,
    MARKUPS,
    START,
    Imitation,
    Page,
    build,
    compare_runs,
    named,
    run_scrape,
    score_corpus,
    serve,
)

PAIRS = ((2017, "pl"), (2017, "en"), (1997, "pl"), (1997, "en"))
QUICK_MARKUPS = ("clean", "nav-outside", "old-style")
QUICK_FAULTS = ("404-mid-walk", "truncated", "robots-disallow", "other-site")


def pct(right: int, total: int) -> str:
    """'right/total nn%'."""
    share = f"{100 * right / total:.0f}%" if total else "-"
    return f"{right}/{total} {share}"


def markup_table(names: list[str]) -> None:
    """One scrape per markup: units right per edition and language, laws, chrome, errors."""
    print("Markups: one online scrape each (2017 start: toc = table of contents, law = the "
          "← → walk from p64)")
    head = (f"{'markup':<17} {'start':<5} {'1997':<8}" + "".join(
        f" {f'{e} {lang} units':>15}" for e, lang in PAIRS)
            + f" {'laws right':>14} {'warned':>6} {'reject':>6} {'WRONG':>5} {'chrome':>6} "
              f"{'script':>6} {'raised':>6} {'secs':>5}")
    print(head)
    print("-" * len(head))
    totals = {pair: [0, 0] for pair in PAIRS}
    laws, raised = [0, 0], 0
    verdict_totals = [0, 0, 0]  # warned, rejected, published wrong
    for name in names:
        imitation = build(name)
        with serve(imitation) as served, tempfile.TemporaryDirectory() as tmp:
            run = run_scrape(served, Path(tmp), START[name])
            hosts = served.hosts
        if run.error:
            raised += 1
            print(f"{name:<17} {START[name]:<5} {imitation.variant97.name:<8} raised "
                  f"{run.error[:90]}")
            score = score_corpus([], imitation.expected(), hosts)
        else:
            score = score_corpus(run.corpus.laws, imitation.expected(), hosts)
        cells = ""
        for pair in PAIRS:
            right, total = score.units_right[pair], score.units_expected[pair]
            totals[pair][0] += right
            totals[pair][1] += total
            cells += f" {pct(right, total):>15}"
        right = sum(score.laws_right.values())
        total = sum(score.laws_expected.values())
        laws[0] += right
        laws[1] += total
        warned, rejected = verdicts(run.corpus, hosts)
        wrong = sum(score.laws_found.values()) - right
        verdict_totals[0] += warned
        verdict_totals[1] += rejected
        verdict_totals[2] += wrong
        print(f"{name:<17} {START[name]:<5} {imitation.variant97.name:<8}{cells} "
              f"{pct(right, total):>14} {warned:>6} {rejected:>6} {wrong:>5} "
              f"{len(score.chrome):>6} {len(score.scripts):>6} "
              f"{'yes' if run.error else '-':>6} {run.seconds:>5.1f}")
    cells = "".join(f" {pct(*totals[pair]):>15}" for pair in PAIRS)
    print("-" * len(head))
    print(f"{'all markups':<32}{cells} {pct(*laws):>14} {verdict_totals[0]:>6} "
          f"{verdict_totals[1]:>6} {verdict_totals[2]:>5} {'':>6} {'':>6} {raised:>6}")
    print("warned: laws published as printed with a structure that differs from the outline; "
          "reject: pages reported and kept at their last good version (a title page on a first "
          "run); WRONG: laws published with any unit, title or text not right (must be 0)")
    right = sum(v[0] for v in totals.values())
    total = sum(v[1] for v in totals.values())
    print(f"units right over all markups, editions and languages: {pct(right, total)}")
    print()


def verdicts(corpus: object, hosts: tuple[str, ...]) -> tuple[int, int]:
    """(laws published with an outline-differs warning, pages of the imitation rejected)."""
    if corpus is None:
        return 0, 0
    problems = corpus.problems  # type: ignore[attr-defined]
    warned = {p.where for p in problems if p.kind == "outline-differs"
              and p.where.startswith(hosts)}
    rejected = {p.where for p in problems if p.kind in ("rejected-page", "parse-error")
                and p.where.startswith(hosts)}
    return len(warned), len(rejected)


def fault_table(names: list[str]) -> None:
    """A clean run, then a re-run with each fault: what the re-run kept, whether it said so."""
    print("Faults: a clean run, then a re-run with the fault (clean markup); kept = laws / units "
          "of the first run found again unchanged; named = a new problem names the page")
    head = (f"{'fault':<20} {'start':<5} {'laws 1st':>8} {'laws 2nd':>8} {'units 1st':>9} "
            f"{'units 2nd':>9} {'named':>5} {'must':>4} {'raised':>6} {'secs':>5}  what")
    print(head)
    print("-" * len(head))
    for name in names:
        fault = FAULTS[name]
        with serve(build("clean")) as served, tempfile.TemporaryDirectory() as tmp:
            first = run_scrape(served, Path(tmp), fault.start)
            fault.apply(served)
            second = run_scrape(served, Path(tmp), fault.start)
            kept = compare_runs(first.corpus, second.corpus, served.hosts)
        said = "yes" if named(first.corpus, second.corpus, fault.paths) else "no"
        must = "yes" if fault.must_name else "no"
        errors = ",".join(n for n, r in (("1st", first), ("2nd", second)) if r.error) or "-"
        print(f"{name:<20} {fault.start:<5} {kept.laws_before:>8} {kept.laws_after:>8} "
              f"{kept.units_before:>9} {kept.units_after:>9} {said:>5} {must:>4} {errors:>6} "
              f"{second.seconds:>5.1f}  {fault.about}")
        for run in (first, second):
            if run.error:
                print(f"{'':<20} raised: {run.error[:110]}")
    print()


def _parsers() -> dict[str, Callable[[str, str], object]]:
    """The page parsers the crawler calls, by page kind, with the official outline."""
    from tools.normalize.outline import load_outline
    from tools.parse import html_1997, html_2017

    outline = load_outline(Config().outline_file)
    return {
        "2017-pl": lambda text, url: html_2017.parse_law_page_2017(text, url, "2017-09-19", "pl",
                                                               outline),
        "2017-en": lambda text, url: html_2017.parse_law_page_2017(text, url, "2017-09-19", "en",
                                                               outline),
        "1997-pl": lambda text, url: html_1997.parse_chapter_page_1997(text, url, "2001-12-06"),
        "1997-en": lambda text, url: html_1997.parse_law_page_1997_en(text, url, "1997-10-13"),
    }


def _kind(path: str) -> str | None:
    if re.fullmatch(r"/sedziowie/mpb/2017/pl/p\d+\.html", path):
        return "2017-pl"
    if re.fullmatch(r"/sedziowie/mpb/2017/en/l\d+\.html", path):
        return "2017-en"
    if path == "/laws/nota9.htm":
        return "1997-pl"
    if re.fullmatch(r"/laws/node9/law\d+\.htm", path):
        return "1997-en"
    return None


def throughput(names: list[str], rounds: int) -> None:
    """Decode and parse saved bodies of every law page, no network, no politeness wait."""
    print("Parse throughput: saved bodies of the law pages, decode + parse only")
    try:
        from tools.sources.decode import decode_page

        parsers = _parsers()
    except Exception as error:  # the rewrite may move these
        print(f"  n/a: the parser entry points moved ({type(error).__name__}: {error})")
        print()
        return
    pages: list[tuple[str, Page]] = []
    for name in names:
        imitation: Imitation = build(name)
        bodies = {**imitation.pages_2017(), **imitation.pages_1997("http://127.0.0.1:9")}
        pages += [(k, p) for p in bodies.values() if (k := _kind(p.path))]
    print(f"  {'pages':<8} {'parsed':>7} {'raised':>7} {'seconds':>8} {'pages/s':>8}  first error")
    total_count, total_seconds = 0, 0.0
    for kind in parsers:
        count, failed, first = 0, 0, ""
        began = time.perf_counter()
        for _ in range(rounds):
            for _, page in (item for item in pages if item[0] == kind):
                url = "http://127.0.0.1:9" + page.path
                try:
                    text = decode_page(page.body, page.headers(), url).text
                    parsers[kind](text, url)
                except Exception as error:  # any failure of the parser is counted
                    failed += 1
                    message = str(getattr(error, "message", error))[:70]
                    first = first or f"{type(error).__name__}: {message}"
                count += 1
        seconds = time.perf_counter() - began
        total_count, total_seconds = total_count + count, total_seconds + seconds
        print(f"  {kind:<8} {count:>7} {failed:>7} {seconds:>8.2f} {count / seconds:>8.0f}  "
              f"{first}")
    print(f"  {'all':<8} {total_count:>7} {'':>7} {total_seconds:>8.2f} "
          f"{total_count / total_seconds:>8.0f}  ({len(names)} markups x {rounds} rounds)")
    print()


def conditional_rerun() -> None:
    """Requests and bytes of a first run and of a re-run with the cache (304 expected)."""
    print("Conditional re-run (clean markup, table of contents start)")
    with serve(build("clean")) as served, tempfile.TemporaryDirectory() as tmp:
        first = run_scrape(served, Path(tmp), "toc")
        second = run_scrape(served, Path(tmp), "toc")
    for label, run in (("first run", first), ("re-run", second)):
        full = sum(1 for s in run.sent if s.status == 200)
        fresh = sum(1 for s in run.sent if s.status == 304)
        size = sum(s.size for s in run.sent)
        print(f"  {label:<10} {len(run.sent):>4} requests: {full:>4} x 200, {fresh:>4} x 304, "
              f"{size:>9,} body bytes, {run.seconds:.1f} s"
              + (f"  raised: {run.error[:80]}" if run.error else ""))
    print()


def sources_decision() -> None:
    """How fast the main command decides where the laws come from, and that a second run of
    the day asks nothing (tools.sources.live)."""
    import socket
    from dataclasses import replace

    from tools.config import FetchConfig
    from tools.scrape import scrape_corpus
    from tools.sources.live import choose_sources, record_online_run

    print("Sources of the main command (bridgelaw build --sources auto)")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with serve(build("clean")) as served, tempfile.TemporaryDirectory() as tmp:
        base = replace(Config.at(Path(tmp)), fetch=FetchConfig(cache_dir=Path(tmp) / "cache",
                                                               min_interval=0.0))
        cases = (("live pages answer", base.starting({"pzbs-2017": served.start_toc,
                                                      "pzbs-1997": served.start_1997})),
                 ("host refuses", base.starting({"pzbs-2017": f"http://127.0.0.1:{port}/p.html",
                                                 "pzbs-1997": f"http://127.0.0.1:{port}/n.htm"})))
        for label, config in cases:
            began = time.perf_counter()
            choice = choose_sources(config, "auto")
            print(f"  {label:<18} {time.perf_counter() - began:6.3f} s  "
                  f"{'online' if choice.online else 'offline'}: {choice.reason[:70]}")
        config = cases[0][1]
        scrape_corpus(replace(config, offline=False), reference=load_reference(config))
        record_online_run(config)
        mark = len(served.log)
        began = time.perf_counter()
        choice = choose_sources(config, "auto")
        corpus = scrape_corpus(choice.config, reference=load_reference(choice.config)).corpus
        laws = sum(1 for law in corpus.laws if law.source_url.startswith(served.hosts))
        print(f"  {'second run today':<18} {time.perf_counter() - began:6.3f} s  "
              f"{len(served.sent_since(mark))} requests, {laws} laws from the cache")
    print()


def main() -> None:
    """Parse options, run the sections."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markup", action="append", choices=list(MARKUPS),
                        help="only this markup (repeatable)")
    parser.add_argument("--fault", action="append", choices=list(FAULTS),
                        help="only this fault (repeatable)")
    parser.add_argument("--quick", action="store_true",
                        help=f"markups {', '.join(QUICK_MARKUPS)}; faults "
                             f"{', '.join(QUICK_FAULTS)}; one parse round")
    args = parser.parse_args()
    markups = args.markup or (list(QUICK_MARKUPS) if args.quick else list(MARKUPS))
    faults = args.fault or (list(QUICK_FAULTS) if args.quick else list(FAULTS))
    began = time.perf_counter()
    for section in (lambda: markup_table(markups), lambda: fault_table(faults),
                    lambda: throughput(markups, 1 if args.quick else 3), conditional_rerun,
                    sources_decision):
        try:
            section()
        except Exception:  # print and go on with the next table
            print("  the bench section failed:\n" + traceback.format_exc(limit=4))
    print(f"bench_scrape: {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
