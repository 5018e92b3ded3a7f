"""Site benchmarks; prints a table with the targets beside the figures.

- Full build time from the snapshot, stage by stage (the pipeline's: scrape offline, render,
  assistant, index, site), and the render + site stages on a synthetic corpus ten times larger
  (the snapshot's laws copied into nine more made-up editions, generated in a temp dir).
- Bytes transferred (gzip, served by tools/site/serve.py as `bridgelaw serve` serves them) for the
  first load of a law page and for a second law page afterwards, measured by Chromium (CDP
  encodedDataLength); first and largest contentful paint with the CPU throttled 4x and a slow
  network emulated by Chromium (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up).
- The offline pack (bench/site_offline.py): bytes the service worker keeps, per language and in
  total (gzip), for the snapshot and the 10x corpus; on a slow network emulated at the server
  (so the worker's fetches are slowed too) with the CPU throttled 4x: the time from the first
  visit to a law page until search and the wizard work offline and until every page does, and a
  law page's paints on the first and a second visit.

Run: .venv/bin/python bench/bench_site.py   (about five minutes on two cores)
"""

from __future__ import annotations

import http.server
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.config import Config, FetchConfig  # noqa: E402
from tools.model import Corpus, CrossRef, Law  # noqa: E402
from tools.reference import load_reference  # noqa: E402

LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
SLOW_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                "uploadThroughput": 750_000 / 8}


def prepare_root(root: Path) -> Config:
    """A temp folder for the build's outputs, with the home pages; its Config (offline, strict)."""
    root.mkdir(parents=True)
    for lang in ("pl", "en"):
        (root / "content" / lang).mkdir(parents=True)
        shutil.copy(ROOT / "content" / lang / "index.md", root / "content" / lang / "index.md")
    return Config.at(root, strict=True, fetch=FetchConfig(cache_dir=root / "cache"))


def timed(label: str, times: dict[str, float], func, *args):  # noqa: ANN001, ANN201
    """Run func(*args), record its wall time under label."""
    start = time.perf_counter()
    result = func(*args)
    times[label] = time.perf_counter() - start
    return result


def render_and_site(corpus: Corpus, config: Config, times: dict[str, float]) -> None:
    """The pipeline's stages after scrape (tools/pipeline.py: render, assistant, index, site),
    each timed under its name."""
    from tools.pipeline import STAGES, BuildState

    state = BuildState(config, load_reference(config), corpus)
    for stage in STAGES[1:]:
        timed(stage.name, times, stage.run, state)


def snapshot_build(root: Path) -> tuple[Corpus, dict[str, float], Config]:
    """The full build from the bundled snapshot, stage by stage."""
    from tools.scrape import scrape_corpus

    config = prepare_root(root)
    times: dict[str, float] = {}
    reference = load_reference(config)
    corpus = timed("scrape (offline)", times,
                   lambda: scrape_corpus(config, reference=reference).corpus)
    render_and_site(corpus, config, times)
    return corpus, times, config


def tenfold(corpus: Corpus) -> Corpus:
    """The corpus plus nine synthetic copies under made-up editions 3001..3009 (text as is)."""
    import copy

    laws, refs = list(corpus.laws), list(corpus.crossrefs)
    for k in range(1, 10):
        for law in corpus.laws:
            clone: Law = copy.deepcopy(law)
            clone.edition = 3000 + k
            clone.source_url = f"http://127.0.0.1/synthetic/{clone.edition}/{law.lang}/{law.number}"
            laws.append(clone)
        refs += [replace(ref, edition=3000 + k) for ref in corpus.crossrefs
                 if isinstance(ref, CrossRef)]
    return Corpus(laws=laws, crossrefs=refs, problems=list(corpus.problems))


def serve(site_dir: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The site on 127.0.0.1 as `bridgelaw serve` serves it (gzip, cache headers)."""
    from tools.site.serve import make_server

    server = make_server(site_dir, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser_figures(base: str) -> dict[str, float]:
    """Transfer sizes and throttled paint times measured in Chromium."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, float] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844},
                                      service_workers="block")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        sizes: list[int] = []
        cdp.on("Network.loadingFinished", lambda e: sizes.append(int(e["encodedDataLength"])))
        page.goto(base + "laws/2017/64/", wait_until="networkidle")
        figures["first load, law 64 (KB gz)"] = sum(sizes) / 1024
        sizes.clear()
        page.goto(base + "laws/2017/45/", wait_until="networkidle")
        figures["second page, law 45 (KB gz)"] = sum(sizes) / 1024
        context.close()

        for label, path in (("law 64", "laws/2017/64/"), ("compare 64", "compare/64/")):
            context = browser.new_context(viewport={"width": 390, "height": 844},
                                          service_workers="block")
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.goto(base + path, wait_until="load")
            page.wait_for_timeout(500)
            fcp = page.evaluate(
                "performance.getEntriesByName('first-contentful-paint')[0].startTime")
            lcp = page.evaluate("""() => new Promise(resolve => {
                new PerformanceObserver(list => {
                    const entries = list.getEntries();
                    resolve(entries[entries.length - 1].startTime);
                }).observe({type: 'largest-contentful-paint', buffered: true});
            })""")
            figures[f"first contentful paint, {label} (ms)"] = fcp
            figures[f"largest contentful paint, {label} (ms)"] = lcp
            context.close()
        browser.close()
    return figures


def offline_rows(site: Path, big_site: Path) -> list[tuple[str, str, str]]:
    """The offline pack's size (snapshot and 10x) and its timings on a slow network."""
    from bench.site_offline import first_paints, offline_timings, pack_bytes
    from bench.slow_host import SLOW_4G, SLOW_LINK

    rows: list[tuple[str, str, str]] = []
    for label, folder in (("snapshot", site), ("10x synthetic", big_site)):
        sizes = pack_bytes(folder)
        rows.append((f"offline pack, {label}: files kept", str(sizes["files"]), ""))
        for key in ("pack pl", "pack en", "total"):
            target = "<= 2 MB" if key.startswith("pack") and label == "snapshot" else ""
            rows.append((f"offline pack, {label}: {key} (MB gz)",
                         f"{sizes[key] / 1024 / 1024:.2f}", target))
    targets = {"offline-ready: shell, search, wizard (s)": "< 10 s",
               "offline-ready: every page (s)": "< 60 s",
               "second visit, same law: LCP (ms)": "< 1500 ms",
               "second visit, another law: LCP (ms)": "< 1500 ms"}
    for label, value in offline_timings(site, SLOW_4G).items():
        rows.append((f"{SLOW_4G.name}, CPU 4x: {label}", f"{value:.1f}", targets.get(label, "")))
    for label, value in first_paints(site, SLOW_LINK).items():
        rows.append((f"{SLOW_LINK.name}, CPU 4x: {label}", f"{value:.1f}", "was 5600 (FCP)"))
    return rows


def main() -> int:
    """Build, measure, print the table."""
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        corpus, times, config = snapshot_build(Path(tmp) / "snapshot")
        total = sum(times.values())
        for label, seconds in times.items():
            rows.append((f"snapshot build: {label}", f"{seconds:.1f} s", ""))
        rows.append(("snapshot build: total", f"{total:.1f} s", "< 30 s"))
        site_1x = times["render"] + times["site"]

        big = tenfold(corpus)
        big_config = prepare_root(Path(tmp) / "tenfold")
        big_times: dict[str, float] = {}
        render_and_site(big, big_config, big_times)
        site_10x = big_times["render"] + big_times["site"]
        pages_1x = sum(1 for _ in config.site_dir.rglob("index.html"))
        pages_10x = sum(1 for _ in big_config.site_dir.rglob("index.html"))
        rows.append(("laws / HTML pages, snapshot", f"{len(corpus.laws)} / {pages_1x}", ""))
        rows.append(("laws / HTML pages, 10x synthetic", f"{len(big.laws)} / {pages_10x}", ""))
        rows.append(("render + site stages, snapshot", f"{site_1x:.1f} s", ""))
        rows.append(("render + site stages, 10x synthetic", f"{site_10x:.1f} s",
                     "about linear"))
        per_1x, per_10x = site_1x / pages_1x, site_10x / pages_10x
        rows.append(("  seconds per page, snapshot -> 10x",
                     f"{per_1x * 1000:.0f} ms -> {per_10x * 1000:.0f} ms", "not growing"))
        for label, seconds in big_times.items():
            rows.append((f"  10x: {label}", f"{seconds:.1f} s", ""))

        server, base = serve(config.site_dir)
        try:
            figures = browser_figures(base)
        finally:
            server.shutdown()
            server.server_close()
        targets = {"first load, law 64 (KB gz)": "<= 70 KB",
                   "largest contentful paint, law 64 (ms)": "< 1500 ms"}
        for label, value in figures.items():
            rows.append((label, f"{value:.1f}", targets.get(label, "")))
        rows += offline_rows(config.site_dir, big_config.site_dir)

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>22}  target")
    print("-" * (width + 34))
    for label, value, target in rows:
        print(f"{label:<{width}}  {value:>22}  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
