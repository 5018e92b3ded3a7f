"""Search benchmark: quality of three engines side by side, and speed; prints tables.

Engines: `bridgelaw search` (tools.search.engine, the function the CLI calls), the site search
(Pagefind behind our search box) driven in headless Chromium on the site as the main job builds it
(law pages, situations, glossary, wizard: tests/helpers/site_build.py), and MkDocs Material's stock
search on the same content as the baseline. Quality: recall@1, recall@3 and MRR per kind of query
and in total, on bench/data/queries_public.tsv (a result counts by its law; other pages in the list
are skipped), and, over the queries about Laws 45, 50 and 64, whether a 2017 clause that answers
is listed before any 1997 text (the edition order). Speed: index build time, CLI latency (warm in
one process and cold processes), first-search bytes and time to results with the CPU throttled 4x
(typed, and the whole query in one event), on the snapshot corpus and on a synthetic corpus ten
times larger (copies of every law under made-up editions with some words perturbed; generated
here, never committed). With --real-en PATH, search is measured once more on the real text: the
public 2017 English Laws read from PATH (a plain-text extraction of the ACBL printing, kept outside
the repository: bench/real_text.py) as all 93 English laws of the build, over the English queries.

Usage: .venv/bin/python bench/bench_search.py [--quick] [--no-browser] [--own FILE]
       [--real-en PATH]
"""

from __future__ import annotations

import argparse
import copy
import functools
import gzip
import http.server
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the tests' helpers package

from tools.config import Config  # noqa: E402
from tools.model import Corpus, walk  # noqa: E402
from tools.reference import load_reference  # noqa: E402
from tools.search.query import MAX_QUERY_CHARS  # noqa: E402

DATA = ROOT / "bench" / "data"
QUERIES = DATA / "queries_public.tsv"
# Query sets over the whole book (query, clauses, lang, area), written before any tuning by a
# writer who did not see the engine; the held-out one is read by this bench only.
BOOK_SETS = {"book tune": DATA / "queries_book_tune.tsv",
             "book tune 2": DATA / "queries_book_tune2.tsv",
             "book tune 3": DATA / "queries_book_tune3.tsv",
             "book held-out": DATA / "queries_book_heldout.tsv",
             "book held-out 2": DATA / "queries_book_heldout2.tsv",
             "book held-out 3": DATA / "queries_book_heldout3.tsv",
             "book held-out 4": DATA / "queries_book_heldout4.tsv",
             "book held-out 5": DATA / "queries_book_heldout5.tsv",
             "book held-out 6": DATA / "queries_book_heldout6.tsv",
             "book held-out 7": DATA / "queries_book_heldout7.tsv",
             "book held-out 8": DATA / "queries_book_heldout8.tsv",
             "book held-out 9": DATA / "queries_book_heldout9.tsv",
             "book held-out 10": DATA / "queries_book_heldout10.tsv",
             "book held-out 11": DATA / "queries_book_heldout11.tsv",
             "book held-out 12": DATA / "queries_book_heldout12.tsv",
             "book held-out 13": DATA / "queries_book_heldout13.tsv",
             "book held-out 14": DATA / "queries_book_heldout14.tsv",
             "book held-out 15": DATA / "queries_book_heldout15.tsv",
             "book held-out 16": DATA / "queries_book_heldout16.tsv",
             "book held-out 17": DATA / "queries_book_heldout17.tsv",
             "book held-out 18": DATA / "queries_book_heldout18.tsv",
             "book held-out 19": DATA / "queries_book_heldout19.tsv",
             "book held-out 20": DATA / "queries_book_heldout20.tsv",
             "book held-out 21": DATA / "queries_book_heldout21.tsv",
             "book held-out 22": DATA / "queries_book_heldout22.tsv",
             "book held-out 23": DATA / "queries_book_heldout23.tsv",
             "book held-out 24": DATA / "queries_book_heldout24.tsv"}
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
KINDS = ("term", "inflected", "no-diacritics", "question", "colloquial", "number")


def load_queries(path: Path = QUERIES) -> list[tuple[str, list[str], str, str, list[str]]]:
    """(query, relevant laws, lang, kind, relevant clauses) rows of a queries file; a file of
    clause-level queries only (query, clauses, lang, kind) gives the laws of its clauses."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) == 5:
            query, relevant, lang, kind, clauses = cells
        else:
            query, clauses, lang, kind = cells
            relevant = ",".join(dict.fromkeys(re.match(r"\d+", c).group() for c in
                                              clauses.split(",")))
        rows.append((query, relevant.split(","), lang, kind, clauses.split(",")))
    return rows


def load_corpus() -> tuple[Corpus, str]:
    """The snapshot's corpus as the scrape stage reads it (offline), the one the site is built
    from."""
    from helpers.site_build import real_corpus

    return real_corpus(), "the bundled snapshot (scrape stage, offline)"


def synthetic(corpus: Corpus, times: int = 10) -> Corpus:
    """The corpus plus times-1 perturbed copies under made-up editions 3001, 3002, ..."""
    rng = random.Random(7)
    words = [w for law in corpus.laws for u in walk(law.sections) for w in u.text.split()]
    laws = list(corpus.laws)
    for k in range(1, times):
        for law in corpus.laws:
            twin = copy.deepcopy(law)
            twin.edition = 3000 + k
            for unit in walk(twin.sections):
                parts = unit.text.split()
                for i in range(0, len(parts), 7):
                    parts[i] = rng.choice(words)
                unit.text = " ".join(parts)
            laws.append(twin)
    return Corpus(laws=laws, crossrefs=list(corpus.crossrefs))


def ranks(found: list[str], relevant: list[str]) -> int | None:
    """Rank of the first hit of a relevant law ("edition/id" hits, counted by their law)."""
    laws = list(dict.fromkeys(m.group() for ref in found if (m := re.search(r"(?<=/)\d+", ref))))
    return next((i + 1 for i, law in enumerate(laws) if law in relevant), None)


def clause_rank(found: list[str], clauses: list[str]) -> int | None:
    """Rank of the first hit that is a relevant clause in force: a 2017 unit that is one of
    `clauses` or lies inside one (64B3 for "64B"; any unit or heading of 61 for "61")."""
    from tools.normalize.citation_id import at_or_inside

    refs = list(dict.fromkeys(ref for ref in found if ref))
    for index, ref in enumerate(refs, 1):
        edition, _, unit = ref.partition("/")
        if edition == "2017" and any(at_or_inside(c, unit) for c in clauses):
            return index
    return None


def quality_table(results: dict[str, dict[str, list[int | None]]], kinds: list[str]) -> str:
    """Markdown table: engine x kind -> R@1 / R@3 / MRR."""
    lines = ["| engine | kind | n | recall@1 | recall@3 | MRR |", "|---|---|---|---|---|---|"]
    for engine, by_kind in results.items():
        for kind in [*kinds, "total"]:
            got = by_kind.get(kind, [])
            if not got:
                continue
            n = len(got)
            r1 = sum(1 for r in got if r == 1) / n
            r3 = sum(1 for r in got if r and r <= 3) / n
            mrr = sum(1 / r for r in got if r) / n
            lines.append(f"| {engine} | {kind} | {n} | {r1:.2f} | {r3:.2f} | {mrr:.2f} |")
    return "\n".join(lines)


def book_rows(engine: Callable[..., list[str]], queries: list, with_text: set[str]
              ) -> list[tuple[str, int | None, int | None]]:
    """(area, law rank, clause rank or -1 where the build holds no 2017 text of the law); the
    engine is given each query with its language (the site searches it on that language's
    pages)."""
    rows = []
    for query, relevant, lang, area, clauses in queries:
        found = engine(query, lang)
        textual = [c for c in clauses if re.match(r"\d+", c).group() in with_text]
        rows.append((area, ranks(found, relevant),
                     clause_rank(found, textual) if textual else -1))
    return rows


def book_table(results: dict[tuple[str, str], list[tuple[str, int | None, int | None]]]) -> str:
    """Markdown table: engine x set x area -> law first, law in the first three, the 2017
    clause in the top three (over the queries whose law's text the build holds)."""
    lines = ["| engine | set | area | n | law first | law in top 3 | clause in top 3 (n) |",
             "|---|---|---|---|---|---|---|"]
    for (engine, name), rows in results.items():
        areas = sorted({row[0] for row in rows})
        for area in [*areas, "total"]:
            got = [row for row in rows if area in ("total", row[0])]
            n = len(got)
            first = sum(1 for _, law, _ in got if law == 1) / n
            top3 = sum(1 for _, law, _ in got if law and law <= 3) / n
            text = [clause for _, _, clause in got if clause != -1]
            clause = (f"{sum(1 for c in text if c and c <= 3)}/{len(text)}" if text else "–")
            lines.append(f"| {engine} | {name} | {area} | {n} | {first:.2f} | {top3:.2f} | "
                         f"{clause} |")
    return "\n".join(lines)


def evaluate(engine: Callable[[str], list[str]], queries: list
             ) -> tuple[dict[str, list[int | None]], dict[str, list[int | None]]]:
    """Ranks per kind, counted by law and by clause."""
    by_law: dict[str, list[int | None]] = {}
    by_clause: dict[str, list[int | None]] = {}
    for query, relevant, _, kind, clauses in queries:
        found = engine(query)
        for table, rank in ((by_law, ranks(found, relevant)),
                            (by_clause, clause_rank(found, clauses))):
            table.setdefault(kind, []).append(rank)
            table.setdefault("total", []).append(rank)
    return by_law, by_clause


# the laws whose 2017 text the snapshot holds: a query about one of them must find its 2017
# clause before any 1997 text (issue 12)
LAWS_IN_FORCE_WITH_TEXT = ("45", "50", "64")


def edition_order(engine: Callable[[str], list[str]], queries: list) -> dict[str, int]:
    """Over the queries about LAWS_IN_FORCE_WITH_TEXT: how many list a relevant 2017 clause
    before any 1997 text, how many list 1997 text before it, how many list no such clause."""
    counts = {"queries": 0, "2017 clause first": 0, "1997 text before it": 0,
              "clause not listed": 0}
    for query, relevant, _, _, clauses in queries:
        if not set(relevant) & set(LAWS_IN_FORCE_WITH_TEXT):
            continue
        counts["queries"] += 1
        found = [ref for ref in dict.fromkeys(engine(query)) if ref]
        rank = clause_rank(found, clauses)
        first_1997 = next((i for i, ref in enumerate(found, 1) if ref.startswith("1997/")), None)
        if rank is None:
            counts["clause not listed"] += 1
        elif first_1997 is not None and first_1997 < rank:
            counts["1997 text before it"] += 1
        else:
            counts["2017 clause first"] += 1
    return counts


def order_table(results: dict[str, dict[str, dict[str, int]]]) -> str:
    """Markdown table: engine x query set -> edition_order's counts."""
    names = ["queries", "2017 clause first", "1997 text before it", "clause not listed"]
    lines = ["| engine | set | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
    for engine, by_set in results.items():
        for name, counts in by_set.items():
            lines.append(f"| {engine} | {name} | " + " | ".join(str(counts[k]) for k in names)
                         + " |")
    return "\n".join(lines)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# ------------------------------------------------------------------ CLI engine


def build_whoosh(corpus: Corpus, build_dir: Path) -> tuple[Config, float]:
    from assistant.situations import load_situations
    from tools.search.index import build_index

    config = replace(Config(), build_dir=build_dir)
    started = time.perf_counter()
    build_index(corpus, config, load_situations(config), load_reference(config))
    return config, time.perf_counter() - started


def cli_engine(config: Config) -> Callable[..., list[str]]:
    from tools.errors import BadInput
    from tools.search.engine import search

    def run(query: str, lang: str | None = None) -> list[str]:
        # the CLI reads the query's language itself, as a reader at a terminal types it
        try:
            hits = search(query, config, limit=10).hits
        except BadInput:
            # a query over the limit is refused, a miss, as the site's box refuses it (main
            # reports them); any other refusal is the bench's error
            if len(query) <= MAX_QUERY_CHARS:
                raise
            return []
        return [f"{hit.edition}/{hit.id}" for hit in hits if hit.kind in ("unit", "law", "title")]

    return run


def bridgelaw_command() -> list[str]:
    """The project's `bridgelaw` script, or this interpreter running this checkout's tools.cli
    (a git worktree has no .venv of its own; cwd=ROOT makes it import this checkout's code)."""
    script = ROOT / ".venv" / "bin" / "bridgelaw"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tools.cli"]


def cli_latency(config: Config, queries: list, rounds: int, cold: int) -> dict[str, float]:
    from tools.search.engine import search

    search("renons", config)  # open the index once: warm means an open index
    warm, cpu = [], []
    for _ in range(rounds):
        for query, *_ in queries:
            started, used = time.perf_counter(), time.process_time()
            search(query, config, limit=10)
            warm.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - used) * 1000)
    cold_ms = []
    for query, *_ in queries[:cold]:
        started = time.perf_counter()
        subprocess.run(
            [
                *bridgelaw_command(),
                "search",
                "--build-dir",
                str(config.build_dir),
                "--json",
                query,
            ],
            capture_output=True,
            check=False,
            cwd=ROOT,
        )
        cold_ms.append((time.perf_counter() - started) * 1000)
    return {
        "warm p50 ms": statistics.median(warm),
        "warm p95 ms": percentile(warm, 0.95),
        "warm CPU p50 ms": statistics.median(cpu),
        "warm CPU p95 ms": percentile(cpu, 0.95),
        "cold p50 ms": statistics.median(cold_ms),
        "cold p95 ms": percentile(cold_ms, 0.95),
    }


# ------------------------------------------------------------------ sites


# Text files a static host (GitHub Pages, Netlify, nginx with gzip on) sends gzipped; Pagefind's
# own files (.pagefind, .pf_*) are gzipped already and go as they are.
_TEXT = (".html", ".js", ".json", ".css", ".svg")


class _Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site as stored and counts the body bytes it sends (workers' fetches
    included, which the page's DevTools session does not see): as stored, and as a static
    host that gzips text would send them."""

    def log_message(self, *args: object) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001
        data = source.read()
        outputfile.write(data)
        text = self.path.split("?")[0].endswith(_TEXT)
        wire = len(gzip.compress(data, 6)) if text else len(data)
        self.server.sent.append((self.path, len(data), wire))


@contextmanager
def serve(site: Path) -> Iterator[tuple[str, list]]:
    handler = functools.partial(_Counting, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.sent = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", server.sent
    finally:
        server.shutdown()


def build_our_site(corpus: Corpus, root: Path) -> Path:
    """The site as the main job builds it (render, assistant, site with Pagefind), in `root`."""
    from helpers.site_build import build_test_site

    root.mkdir(parents=True)
    return build_test_site(root, corpus, english=False)


def build_stock_site(root: Path, work: Path) -> Path:
    """The same content (the test site in `root`) built with Material's stock search
    (lang: pl) instead of ours: its script block back in the theme, our search assets out."""
    import yaml

    # the hooks are named relative to mkdocs.yml: the theme folder sits next to the copy
    shutil.copytree(ROOT / "site_overrides", root / "site_overrides", dirs_exist_ok=True)
    overrides = root / "stock-overrides"
    shutil.copytree(ROOT / "site_overrides", overrides)
    main = overrides / "main.html"
    text = main.read_text(encoding="utf-8")
    main.write_text(re.sub(r"{% block scripts %}.*?{% endblock %}", "", text, flags=re.S), "utf-8")
    # the toc slugify tag needs the unsafe loader; the file is the project's own
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.UnsafeLoader)  # noqa: S506
    config["theme"]["custom_dir"] = overrides.name
    for key in ("extra_css", "extra_javascript"):
        config[key] = [asset for asset in config.get(key, []) if "search" not in asset]
    plugins = [{"search": {"lang": "pl"}}]
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            plugin = copy.deepcopy(plugin)
            plugin["i18n"]["reconfigure_search"] = True
        plugins.append(plugin)
    config["plugins"] = plugins
    config_file = root / "mkdocs-stock.yml"
    config_file.write_text(yaml.dump(config, allow_unicode=True), "utf-8")
    site = work / "stock-site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config_file), "-d", str(site)],
        cwd=root,
        check=True,
        capture_output=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PYTHONUTF8": "1", "PATH": "/usr/bin:/bin"},
    )
    return site


_LAW_URL = re.compile(r"/laws/(\d+)/(\d+)/(?:#([\w.]+))?")


def laws_of(hrefs: list[str]) -> list[str]:
    """Law-page links as "edition/id" hits ("2017/64B3"); other links as ""."""
    refs = []
    for href in hrefs:
        match = _LAW_URL.search(href or "")
        refs.append(f"{match.group(1)}/{match.group(3) or match.group(2)}" if match else "")
    return refs


def our_site_engine(page, origin: str, lang: str = "pl"  # noqa: ANN001
                    ) -> Callable[..., list[str]]:
    """Our search box (it searches the language of its page) on Law 64's page in `lang`, or in
    the language a query is given in (its `lang`), as a reader of that language's site types it."""
    from tools.render.base import law_page, site_path

    def start_of(language: str) -> str:
        return site_path(law_page(2017, language, 64))

    shown = ""  # the page the search box is open on

    def open_on(path: str) -> None:
        nonlocal shown
        if shown == path:
            return
        page.goto(f"{origin}/{path}")
        page.keyboard.press("/")
        page.wait_for_selector(".bl-search__input", state="visible")
        shown = path

    def run(query: str, query_lang: str | None = None) -> list[str]:
        open_on(start_of(query_lang or lang))
        page.fill(".bl-search__input", query)
        page.wait_for_function(
            "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
            arg=query,
            timeout=15_000,
        )
        links = page.query_selector_all(".bl-search__result a")
        return laws_of([a.get_attribute("href") for a in links])

    return run


def stock_site_engine(page, origin: str) -> Callable[..., list[str]]:  # noqa: ANN001
    page.goto(f"{origin}/laws/2017/64/")

    def run(query: str, lang: str | None = None) -> list[str]:
        page.keyboard.press("Escape")
        page.keyboard.press("/")  # the stock search's own shortcut
        page.fill("input.md-search__input", query)
        page.wait_for_timeout(600)  # the stock UI has no completion signal; it answers in ~ms
        links = page.query_selector_all(".md-search-result__link")
        return laws_of([a.get_attribute("href") for a in links])

    return run


def open_search(browser, origin: str, first: str, sent: list):  # noqa: ANN001, ANN201
    """A fresh browser context (empty cache) on Law 64 with the search open and the first query
    answered, so Pagefind itself is loaded; returns the context, the page, its DevTools session
    and what the server sent from opening the search to the first results. Service workers are
    blocked: the offline pack's worker fills its cache in the background after the first page
    loads (the whole search index among it), and the server cannot tell those requests from the
    search's, so the count would depend on how far that fill had got."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    page.goto(f"{origin}/laws/2017/64/")
    page.wait_for_load_state("networkidle")
    before = len(sent)
    page.keyboard.press("/")
    page.fill(".bl-search__input", first)
    page.wait_for_function(
        "q => document.querySelector('.bl-search').getAttribute('data-searched') === q",
        arg=first,
        timeout=15_000,
    )
    page.wait_for_load_state("networkidle")
    return context, page, cdp, sent[before:]


def site_costs(
    browser,  # noqa: ANN001
    served: tuple[str, list],
    queries: list[str],
    rounds: int,
) -> dict[str, float]:
    """First-search bytes (everything loaded after opening the search, up to the first results)
    and the time to results with the CPU throttled 4x, for our site search, in two ways:
    - typed: the query typed a character at a time (TYPING_DELAY_MS apart; a search runs on
      every keystroke), timed from the last keystroke to its results;
    - whole query: the query set in one input event (pasted, or picked from the keyboard's
      suggestions), so every index chunk and fragment it needs is loaded cold.
    Each round is a fresh browser context (empty cache); its first query loads Pagefind."""
    origin, sent = served
    pasted, typed, first = [], [], []
    for mode in ["whole"] * rounds + ["typed"] * max(1, rounds - 1):
        context, page, cdp, loads = open_search(browser, origin, queries[0], sent)
        first.append(loads)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        for query in queries[1:]:
            if mode == "whole":
                pasted.append(page.evaluate(WHOLE_QUERY_TO_RESULTS, query))
            else:
                typed.append(page.evaluate(TYPED_QUERY_TO_RESULTS, [query, TYPING_DELAY_MS]))
        context.close()
    loads = first[0]  # every round loads the same files for its first query
    return {
        "first search KB (files as stored)": sum(s for _, s, _ in loads) / 1024,
        "first search KB (text gzipped, as static hosts send)": sum(w for _, _, w in loads) / 1024,
        "first search files": len(loads),
        "last keystroke→results p50 ms (typed, 4x CPU)": statistics.median(typed),
        "last keystroke→results p95 ms (typed, 4x CPU)": percentile(typed, 0.95),
        "whole query→results p50 ms (4x CPU)": statistics.median(pasted),
        "whole query→results p95 ms (4x CPU)": percentile(pasted, 0.95),
        "whole query→results max ms (4x CPU)": max(pasted),
        "samples typed": len(typed),
        "samples whole query": len(pasted),
    }


TYPING_DELAY_MS = 150  # a brisk thumb typist on a phone: about 7 characters a second

# Both resolve with the ms from the (last) input event until the result list answers the query
# (the box marks the query it answered in data-searched once the list is filled).
_ANSWERED = """new Promise(resolve => {
      const panel = document.querySelector('.bl-search');
      const t0 = performance.now();
      const seen = new MutationObserver(() => {
        if (panel.getAttribute('data-searched') === q) {
          seen.disconnect(); resolve(performance.now() - t0);
        }
      });
      seen.observe(panel, {attributes: true, attributeFilter: ['data-searched']});
      input.value = q;
      input.dispatchEvent(new Event('input'));
    })"""
WHOLE_QUERY_TO_RESULTS = (
    "q => { const input = document.querySelector('.bl-search__input'); return " + _ANSWERED + "; }"
)
TYPED_QUERY_TO_RESULTS = (
    """async ([q, delay]) => {
    const input = document.querySelector('.bl-search__input');
    const sleep = ms => new Promise(r => setTimeout(r, ms));
    input.value = ''; input.dispatchEvent(new Event('input')); await sleep(delay);
    for (let i = 1; i < q.length; i++) {
      input.value = q.slice(0, i); input.dispatchEvent(new Event('input')); await sleep(delay);
    }
    return await """
    + _ANSWERED
    + "; }"
)


Rows = list[tuple[str, int | None, int | None]]


def real_text_rows(corpus: Corpus, laws: list, queries: dict[str, list], work: Path,
                   browser: bool) -> dict[tuple[str, str], Rows]:
    """book_rows of each engine and query set, on the build whose English 2017 laws are `laws`
    (the real text): the CLI index, and our site search opened on an English page."""
    from real_text import with_real_english

    from tools.normalize.outline import load_outline

    outline = load_outline(Config().outline_file)
    real = with_real_english(corpus, laws, outline.all_ids())
    with_text = {str(law.number) for law in real.laws if law.edition == 2017}
    results: dict[tuple[str, str], Rows] = {}
    config, _ = build_whoosh(real, work / "build-real")
    engine = functools.cache(cli_engine(config))
    for name, rows in queries.items():
        results[("bridgelaw search", name)] = book_rows(engine, rows, with_text)
    if browser:
        from playwright.sync_api import sync_playwright

        site = build_our_site(real, work / "site-real")
        with sync_playwright() as p, serve(site) as ours:
            chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = chromium.new_page(viewport={"width": 1280, "height": 900})
            engine = functools.cache(our_site_engine(page, ours[0], "en"))
            for name, rows in queries.items():
                results[("site search (Pagefind)", name)] = book_rows(engine, rows, with_text)
            chromium.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer latency rounds, no 10x site")
    parser.add_argument("--no-browser", action="store_true", help="CLI engine only")
    parser.add_argument("--own", type=Path, help="a set of clause-level queries of your own "
                        "(query, clauses, lang, kind), kept outside the repository")
    parser.add_argument("--real-en", type=Path, metavar="PATH", help="the public 2017 English "
                        "text (a plain-text extraction of the ACBL printing, never stored in the "
                        "repository): also measure the English queries with its 93 laws built")
    args = parser.parse_args()
    real_laws = None
    if args.real_en:  # read first: a file that cannot be read fails before the long runs
        from real_text import read_laws

        real_laws = read_laws(args.real_en)
    queries = load_queries()
    own = load_queries(args.own) if args.own else []
    corpus, source = load_corpus()
    big = synthetic(corpus)
    kinds = [k for k in KINDS if any(q[3] == k for q in queries)]
    print(f"corpus: {source}; {len(corpus.laws)} laws, 10x synthetic: {len(big.laws)} laws")
    print(f"queries: {QUERIES.relative_to(ROOT)} ({len(queries)})")
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(f"machine: {os.cpu_count()} CPUs, load average {load} at start\n")

    quality: dict[str, dict[str, list[int | None]]] = {}
    clauses: dict[str, dict[str, list[int | None]]] = {}
    own_clauses: dict[str, dict[str, list[int | None]]] = {}
    book: dict[tuple[str, str], list[tuple[str, int | None, int | None]]] = {}
    book_sets = {name: load_queries(path) for name, path in BOOK_SETS.items() if path.exists()}
    with_text = {str(law.number) for law in corpus.laws if law.edition == 2017}
    order: dict[str, dict[str, dict[str, int]]] = {}

    def measure(name: str, engine: Callable[[str], list[str]]) -> None:
        engine = functools.cache(engine)  # the edition order reads the same answers
        quality[name], clauses[name] = evaluate(engine, queries)
        order[name] = {"public": edition_order(engine, queries)}
        if own:
            own_clauses[name] = evaluate(engine, own)[1]
            order[name]["own"] = edition_order(engine, own)
        for set_name, rows in book_sets.items():
            book[(name, set_name)] = book_rows(engine, rows, with_text)

    speed: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        config, took = build_whoosh(corpus, work / "build")
        big_config, big_took = build_whoosh(big, work / "build10")
        measure("bridgelaw search", cli_engine(config))
        rounds = 3 if args.quick else 20
        speed["CLI, snapshot"] = {
            "index build s": took,
            **cli_latency(config, queries, rounds, 5 if args.quick else 20),
        }
        speed["CLI, 10x"] = {
            "index build s": big_took,
            **cli_latency(big_config, queries, rounds, 5 if args.quick else 20),
        }
        if not args.no_browser:
            from playwright.sync_api import sync_playwright

            started = time.perf_counter()
            site = build_our_site(corpus, work / "site-small")
            site_took = time.perf_counter() - started
            stock = build_stock_site(work / "site-small", work)
            with sync_playwright() as p, serve(site) as ours, serve(stock) as theirs:
                stock_index = (stock / "search" / "search_index.json").stat().st_size / 1024
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                measure("site search (Pagefind)", our_site_engine(page, ours[0]))
                page.close()
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                measure("stock Material search", stock_site_engine(page, theirs[0]))
                speed["stock Material search"] = {
                    "index KB loaded on every first page": stock_index
                }
                page.close()
                words = [q[0] for q in queries if q[3] != "number"]
                speed["site, snapshot"] = {
                    "site build s (render, assistant, MkDocs, Pagefind)": site_took,
                    **site_costs(browser, ours, words, 1 if args.quick else 3),
                }
                if not args.quick:
                    started = time.perf_counter()
                    big_site = build_our_site(big, work / "site-big")
                    big_site_took = time.perf_counter() - started
                    with serve(big_site) as big_origin:
                        speed["site, 10x"] = {
                            "site build s (render, assistant, MkDocs, Pagefind)": big_site_took,
                            **site_costs(browser, big_origin, words, 3),
                        }
                browser.close()
        if real_laws is not None:
            english = {f"{name} (en)": [q for q in rows if q[2] == "en"]
                       for name, rows in book_sets.items()}
            english["public (en)"] = [q for q in queries if q[2] == "en"]
            real_book = real_text_rows(corpus, real_laws, english, work, not args.no_browser)

    print("## Quality, counted by law\n")
    print(quality_table(quality, kinds))
    print("\n## Quality, counted by clause (a 2017 clause in force; 1997 text never counts)\n")
    print(quality_table(clauses, kinds))
    if own:
        own_kinds = list(dict.fromkeys(q[3] for q in own))
        print(f"\n## Own clause-level queries ({args.own}, {len(own)})\n")
        print(quality_table(own_clauses, own_kinds))
    if book:
        print("\n## The whole book, per set and area (law: distinct laws; clause: 2017 ids, "
              "where the build holds the law's text)\n")
        print(book_table(book))
        refused = sorted(len(row[0]) for rows in book_sets.values() for row in rows
                         if len(row[0]) > MAX_QUERY_CHARS)
        if refused:
            lengths = ", ".join(map(str, refused))
            print(f"\nRefused by both engines as over {MAX_QUERY_CHARS} characters, counted as "
                  f"misses: {len(refused)} queries ({lengths} characters)")
    if real_laws is not None:
        from real_text import outline_differences

        from tools.normalize.outline import load_outline

        units = sum(1 for law in real_laws for _ in walk(law.sections))
        differ = outline_differences(real_laws, load_outline(Config().outline_file))
        print(f"\n## The real English text ({args.real_en}: {len(real_laws)} laws, {units} units; "
              f"ids as the outline's in {len(real_laws) - len(differ)}), English queries, per "
              "set and area (clause: 2017 ids, every query: all 93 laws have text)\n")
        for number, how in differ.items():
            print(f"- Law {number} differs from the outline: {how}")
        print(book_table(real_book))
    print(f"\n## Edition order: queries about laws {', '.join(LAWS_IN_FORCE_WITH_TEXT)}, "
          "the 2017 clause before any 1997 text\n")
    print(order_table(order))
    print("\n## Speed\n")
    print("| setting | measure | value |\n|---|---|---|")
    for setting, values in speed.items():
        for name, value in values.items():
            print(f"| {setting} | {name} | {value:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
