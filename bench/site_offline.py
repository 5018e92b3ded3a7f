"""Offline figures for bench/bench_site.py: the bytes the service worker keeps (gzip, as a host
sends them), and, on a slow network with the CPU throttled 4x, the time from the first visit to
offline-ready and a law page's paints on the first and a second visit."""

from __future__ import annotations

import contextlib
import gzip
import time
from collections.abc import Iterator
from pathlib import Path

from bench.slow_host import SLOW_4G, Network, slow_server
from tools.model import LANGS
from tools.site.offline import collect
from tools.site.serve import COMPRESSIBLE

LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
PAINTS = """() => new Promise(resolve => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    new PerformanceObserver(list => {
        const entries = list.getEntries();
        resolve([fcp ? fcp.startTime : -1, entries[entries.length - 1].startTime]);
    }).observe({type: 'largest-contentful-paint', buffered: true});
})"""


def _file(site: Path, path: str) -> Path:
    return site / (path + "index.html" if path.endswith("/") or not path else path)


def sent_size(file: Path) -> int:
    """Bytes a gzip-serving host sends for a file (text compressed, the rest as it is)."""
    data = file.read_bytes()
    return len(gzip.compress(data, 9, mtime=0)) if file.suffix in COMPRESSIBLE else len(data)


def pack_bytes(site: Path) -> dict[str, int]:
    """Kept bytes (gzip) per tier, per language's pack (shell, its core, its pages) and total."""
    tiers: dict[str, int] = {}
    entries = collect(site)
    for entry in entries:
        tiers[entry.tier] = tiers.get(entry.tier, 0) + sent_size(_file(site, entry.path))
    out = {f"tier {name}": size for name, size in tiers.items()}
    for lang in LANGS:
        out[f"pack {lang}"] = (tiers.get("shell", 0) + tiers.get(f"core-{lang}", 0)
                               + tiers.get(f"pages-{lang}", 0))
    out["total"] = sum(tiers.values())
    out["files"] = len(entries)
    return out


@contextlib.contextmanager
def phone_on(site: Path, network: Network, service_workers: str
             ) -> Iterator[tuple[object, str, object]]:
    """A 390x844 Chromium context with `site` served over `network`: (context, base URL, the
    server's pipe, which counts the bytes sent)."""
    from playwright.sync_api import sync_playwright

    server, base, pipe = slow_server(site, network)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=LAUNCH_ARGS)
            try:
                yield browser.new_context(viewport={"width": 390, "height": 844},
                                          service_workers=service_workers), base, pipe
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def throttled_page(context: object) -> object:
    """A new tab with the CPU throttled 4x."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return page


def _paints(context: object, url: str) -> tuple[float, float]:
    """(FCP, LCP) in ms of one navigation in a new tab with the CPU throttled 4x."""
    page = throttled_page(context)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)
    fcp, lcp = page.evaluate(PAINTS)
    page.close()
    return fcp, lcp


def offline_timings(site: Path, network: Network = SLOW_4G, law: str = "laws/2017/64/",
                    other: str = "laws/2017/45/") -> dict[str, float]:
    """First visit (paints, seconds to offline-ready, bytes), then a second visit's paints."""
    figures: dict[str, float] = {}
    with phone_on(site, network, "allow") as (context, base, pipe):
        page = throttled_page(context)
        began = time.perf_counter()
        page.goto(base + law, wait_until="load")
        fcp, lcp = page.evaluate(PAINTS)
        figures["first visit: FCP (ms)"] = fcp
        figures["first visit: LCP (ms)"] = lcp
        page.wait_for_function("['core', 'complete'].includes("
                               "document.documentElement.dataset.offline)", timeout=600_000,
                               polling=100)
        figures["offline-ready: shell, search, wizard (s)"] = time.perf_counter() - began
        page.wait_for_function("document.documentElement.dataset.offline === 'complete'",
                               timeout=900_000, polling=250)
        figures["offline-ready: every page (s)"] = time.perf_counter() - began
        figures["bytes sent until every page is kept (KB)"] = pipe.sent / 1024
        page.close()
        fcp, lcp = _paints(context, base + law)
        figures["second visit, same law: FCP (ms)"] = fcp
        figures["second visit, same law: LCP (ms)"] = lcp
        fcp, lcp = _paints(context, base + other)
        figures["second visit, another law: FCP (ms)"] = fcp
        figures["second visit, another law: LCP (ms)"] = lcp
    return figures


def first_paints(site: Path, network: Network, law: str = "laws/2017/64/") -> dict[str, float]:
    """A law page's FCP and LCP on a first visit over `network` (CPU 4x, no worker yet)."""
    with phone_on(site, network, "block") as (context, base, _):
        fcp, lcp = _paints(context, base + law)
    return {"first visit: FCP (ms)": fcp, "first visit: LCP (ms)": lcp}
