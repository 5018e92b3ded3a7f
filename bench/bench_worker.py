"""Workbox or a worker of our own? Both keep the same files of the same built site; this prints
what each costs to set up and build, what the reader downloads for it, and how soon a first
visit on a slow network (150 ms, 1.6 Mbit/s, emulated at the server so the worker's fetches are
slowed too; CPU 4x) can search, use the wizard and read every page offline.

Workbox: workbox-build 7 (npm, Debian's nodejs) generateSW over the file list of
tools/site/offline.py, skipWaiting + clientsClaim + cleanupOutdatedCaches (the settings nearest to
ours). Own: tools/site/offline.py + tools/site/offline_sw.js, as the build writes them.

Needs the bench tools: `bash tools/setup.sh --bench`.
Run: .venv/bin/python bench/bench_worker.py [--site DIR]   (about three minutes)
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.site_offline import phone_on, throttled_page  # noqa: E402
from bench.slow_host import SLOW_4G  # noqa: E402
from tools.site.offline import collect, write_offline  # noqa: E402

NODE_MODULES = ROOT / "bench" / "node_modules"


def gz(path: Path) -> int:
    """Gzip size of a file."""
    return len(gzip.compress(path.read_bytes(), 9, mtime=0))


def lines(*paths: Path) -> int:
    """Lines of code (comments and blank lines included)."""
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)


def closure(package: str) -> tuple[int, float]:
    """(packages, MB on disk) that `package` brings in, itself included (npm ls)."""
    done = subprocess.run(["npm", "ls", "--prefix", str(ROOT / "bench"), "--all", "--json",
                           "--long"], capture_output=True, text=True, check=False)
    tree = json.loads(done.stdout or "{}").get("dependencies", {})
    found: dict[str, str] = {}

    def walk(name: str, node: dict) -> None:
        """Record a package and everything below it once."""
        key = f"{name}@{node.get('version')}"
        if key in found:
            return
        found[key] = node.get("path", "")
        for child, sub in (node.get("dependencies") or {}).items():
            walk(child, sub)

    if package in tree:
        walk(package, tree[package])
    size = sum(f.stat().st_size for path in set(found.values()) if path
               for f in Path(path).glob("*") if f.is_file())
    size += sum(f.stat().st_size for path in set(found.values()) if path
                for sub in Path(path).iterdir() if sub.is_dir() and sub.name != "node_modules"
                for f in sub.rglob("*") if f.is_file())
    return len(found), size / 1024 / 1024


def make_workbox(site: Path, tmp: Path) -> dict[str, object]:
    """Replace the site's sw.js with Workbox's, over the same files; returns what it did."""
    files = [e.path + "index.html" if e.path.endswith("/") or not e.path else e.path
             for e in collect(site)]
    listing = tmp / "files.json"
    listing.write_text(json.dumps(files), encoding="utf-8")
    began = time.perf_counter()
    done = subprocess.run(["node", str(ROOT / "bench/workbox_sw.js"), str(site), str(listing)],
                          capture_output=True, text=True, check=True,
                          env={"NODE_PATH": str(NODE_MODULES), "PATH": "/usr/bin:/bin"})
    result = json.loads(done.stdout)
    result["wall"] = time.perf_counter() - began
    return result


def first_visit(site: Path, ready: str, complete: str) -> dict[str, float]:
    """Seconds from a first visit until the JS tests `ready` and `complete` hold; bytes sent."""
    figures: dict[str, float] = {}
    with phone_on(site, SLOW_4G, "allow") as (context, base, pipe):
        page = throttled_page(context)
        began = time.perf_counter()
        page.goto(base + "laws/2017/64/", wait_until="load")
        page.wait_for_function(ready, timeout=900_000, polling=100)
        figures["search + wizard offline (s)"] = time.perf_counter() - began
        page.wait_for_function(complete, timeout=900_000, polling=100)
        figures["every page offline (s)"] = time.perf_counter() - began
        figures["sent until then (KB)"] = pipe.sent / 1024
        figures["files kept"] = page.evaluate("""async () => {
            let n = 0;
            for (const name of await caches.keys()) n += (await (await caches.open(name))
                .keys()).length;
            return n; }""")
    return figures


def main() -> int:
    """Build (or take) a site, measure both workers, print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build the snapshot)")
    args = parser.parse_args()
    if not (NODE_MODULES / "workbox-build").is_dir():
        print("bench/node_modules/workbox-build: not found; run `bash tools/setup.sh --bench`",
              file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="bench-worker-") as tmp_name:
        tmp = Path(tmp_name)
        if args.site:
            site = args.site
        else:
            from bench.bench_site import snapshot_build

            site = snapshot_build(tmp / "root")[2].site_dir
        own_site, box_site = tmp / "own", tmp / "workbox"
        shutil.copytree(site, own_site)
        shutil.copytree(site, box_site)
        began = time.perf_counter()
        write_offline(own_site)
        own_build = time.perf_counter() - began
        box = make_workbox(box_site, tmp)
        runtime = sorted(box_site.glob("workbox-*.js"))
        own = first_visit(own_site,
                          "['core', 'complete'].includes(document.documentElement.dataset.offline)",
                          "document.documentElement.dataset.offline === 'complete'")
        workbox = first_visit(box_site, "navigator.serviceWorker.controller !== null",
                              "navigator.serviceWorker.controller !== null")
        count, megabytes = closure("workbox-build")
        rows = [
            ("setup: what it needs", "Python only (in the build)",
             f"nodejs + npm, {count} npm packages, {megabytes:.0f} MB"),
            ("our code (lines)", str(lines(ROOT / "tools/site/offline.py",
                                           ROOT / "tools/site/offline_sw.js",
                                           ROOT / "site_overrides/assets/bridgelaw/offline.js")),
             f"{lines(ROOT / 'bench/workbox_sw.js')} (config) + offline.js"),
            ("build step (s)", f"{own_build:.2f}", f"{box['wall']:.2f} (generateSW "
             f"{float(box['ms']) / 1000:.2f})"),
            ("worker download (KB gz)", f"{gz(own_site / 'sw.js') / 1024:.1f}",
             f"{(gz(box_site / 'sw.js') + sum(gz(p) for p in runtime)) / 1024:.1f}"),
            ("files precached", str(len(collect(own_site))), str(box["count"])),
            ("reader's language first", "yes (shell, own core, own pages, then the other)",
             "no (one install of everything, one file at a time)"),
            ("a file of another build", "refused (content hash checked)",
             "kept (generateSW writes revisions, no integrity)"),
        ]
        for key in ("search + wizard offline (s)", "every page offline (s)",
                    "sent until then (KB)", "files kept"):
            rows.append((f"{SLOW_4G.name}, CPU 4x: {key}", f"{own[key]:.1f}",
                         f"{workbox[key]:.1f}"))
    width = max(len(r[0]) for r in rows)
    print(f"{'':<{width}}  {'own worker':<50}  Workbox")
    for label, mine, theirs in rows:
        print(f"{label:<{width}}  {mine:<50}  {theirs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
