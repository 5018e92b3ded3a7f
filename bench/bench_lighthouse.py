"""Lighthouse (npm `lighthouse`, its default mobile preset: simulated slow 4G and a 4x slower CPU)
on Debian's Chromium against `bridgelaw serve`: a law page, a situation page and the wizard,
each run three times (the median run by performance is shown). Prints the scores and metrics
beside the issue's targets and the figures measured before (issue 15).

Needs the bench tools: `bash tools/setup.sh --bench` (Node, bench/node_modules/).

Run: .venv/bin/python bench/bench_lighthouse.py [--site DIR] [--runs N]
     (without --site it builds the snapshot site in a temp folder first; about three minutes)
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIGHTHOUSE = ROOT / "bench" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --no-first-run")
PAGES = {"law page": "laws/2017/64/", "situation page": "situations/revoke-offender-won-trick/",
         "wizard": "wizard/"}
BEFORE = {"law page": (93, 2.4, None), "situation page": (93, 2.4, None),
          "wizard": (65, 3.7, 0.63)}  # performance, LCP (s), CLS, from the issue
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_lighthouse(url: str, out: Path) -> dict[str, float]:
    """One Lighthouse run: category scores (0-100) and the metrics."""
    env = dict(os.environ, CHROME_PATH="/usr/bin/chromium")
    subprocess.run([str(LIGHTHOUSE), url, f"--chrome-flags={CHROME_FLAGS}", "--output=json",
                    f"--output-path={out}", "--quiet",
                    f"--only-categories={','.join(CATEGORIES)}"],
                   check=True, env=env, timeout=300)
    report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    result = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    for key, audit in (("FCP (s)", "first-contentful-paint"),
                       ("LCP (s)", "largest-contentful-paint"), ("SI (s)", "speed-index")):
        result[key] = audits[audit]["numericValue"] / 1000
    result["TBT (ms)"] = audits["total-blocking-time"]["numericValue"]
    result["CLS"] = audits["cumulative-layout-shift"]["numericValue"]
    return result


def build_site(tmp: Path) -> Path:
    """The snapshot site, built as bench/bench_site.py builds it."""
    from bench.bench_site import snapshot_build

    _, _, config = snapshot_build(tmp / "root")
    return config.site_dir


def main() -> int:
    """Serve, run Lighthouse, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build the snapshot)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE}: not found; run `bash tools/setup.sh --bench` first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp_name:
        tmp = Path(tmp_name)
        site = args.site or build_site(tmp)
        port = free_port()
        server = subprocess.Popen([str(ROOT / ".venv/bin/bridgelaw"), "serve", "--site",
                                   str(site), "--port", str(port), "--quiet"],
                                  stdout=subprocess.DEVNULL)
        try:
            time.sleep(1.5)
            results: dict[str, dict[str, float]] = {}
            for name, path in PAGES.items():
                runs = [run_lighthouse(f"http://127.0.0.1:{port}/{path}", tmp / f"{i}.json")
                        for i in range(args.runs)]
                median = statistics.median_low(r["performance"] for r in runs)
                results[name] = next(r for r in runs if r["performance"] == median)
                results[name]["runs"] = " ".join(str(r["performance"]) for r in runs)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print_table(results, args.runs)
    return 0


def print_table(results: dict[str, dict[str, float]], runs: int) -> None:
    """Scores and metrics per page, then each target met or not."""
    columns = [*CATEGORIES, "FCP (s)", "LCP (s)", "SI (s)", "TBT (ms)", "CLS"]
    print(f"Lighthouse 12, mobile preset, Debian chromium, `bridgelaw serve`; median of {runs}")
    print(f"{'page':<16}" + "".join(f"{c[:13]:>14}" for c in columns) + "   performance runs")
    for name, result in results.items():
        cells = "".join(f"{result[c]:>14.3f}" if c == "CLS" else f"{result[c]:>14.2f}"
                        if c.endswith("(s)") else f"{result[c]:>14.0f}" for c in columns)
        print(f"{name:<16}{cells}   {result['runs']}")
    print()
    print(f"{'target':<34}" + "".join(f"{n:>16}" for n in results) + "   before (issue 15)")
    checks = [("performance >= 98", "performance", lambda v: v >= 98, 0),
              ("CLS < 0.05", "CLS", lambda v: v < 0.05, 2),
              ("accessibility = 100", "accessibility", lambda v: v == 100, None),
              ("best practices = 100", "best-practices", lambda v: v == 100, None),
              ("SEO = 100", "seo", lambda v: v == 100, None)]
    for label, key, ok, before in checks:
        cells = "".join(f"{result[key]:>9.3g} {'met' if ok(result[key]) else 'SHORT':>6}"
                        for result in results.values())
        was = "" if before is None else " / ".join(
            "-" if BEFORE[n][before] is None else f"{BEFORE[n][before]:g}" for n in results)
        print(f"{label:<34}{cells}   {was}")
    lcp = " / ".join(f"{results[n]['LCP (s)']:.1f}" for n in results)
    print(f"{'largest contentful paint (s)':<34}{lcp:>48}   "
          + " / ".join(f"{BEFORE[n][1]:g}" for n in results))


if __name__ == "__main__":
    sys.exit(main())
