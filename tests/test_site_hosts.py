"""Self-containment read from the built files (tests/helpers/hosts.py): no page, stylesheet,
script, SVG or manifest of the session's site loads anything from another host, and every file a
page or stylesheet loads by a relative path is in the site. A link the reader clicks may point
to PZBS. tests/browser/test_network.py opens one page of each kind in Chromium and records its
requests; this scan covers every page of both languages without a browser."""

from __future__ import annotations

import shutil
from pathlib import Path

from helpers.hosts import scan_site


def test_no_built_file_loads_from_another_host(site_dir: Path) -> None:
    """Every HTML, SVG, CSS, JavaScript and manifest file: nothing loaded from another host, no
    local file loaded that the build lacks."""
    scan = scan_site(site_dir)
    assert len(scan.pages) > 80 and sum(p.startswith("en/") for p in scan.pages) > 40
    assert all(scan.files.get(suffix) for suffix in (".html", ".svg", ".css", ".js",
                                                      ".webmanifest")), scan.files
    assert [str(found) for found in scan.found] == []
    assert [str(found) for found in scan.missing] == []


def _copy_with(site_dir: Path, tmp_path: Path, plants: dict[str, tuple[str, str]]) -> Path:
    """A copy of the session's site with text planted: {file: (before this, insert this)}."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    for rel, (anchor, planted) in plants.items():
        path = site / rel
        text = path.read_text(encoding="utf-8")
        assert anchor in text, (rel, anchor)
        path.write_text(text.replace(anchor, planted + anchor, 1), encoding="utf-8")
    return site


def test_the_scan_fails_on_a_planted_external_script(site_dir: Path, tmp_path: Path) -> None:
    """One <script src="https://..."> in one page of a copy is found, and only it."""
    site = _copy_with(site_dir, tmp_path, {"laws/2017/64/index.html": (
        "</head>", '<script src="https://cdn.example.org/planted.js"></script>')})
    scan = scan_site(site)
    assert [str(found) for found in scan.found] == [
        "laws/2017/64/index.html: <script src> https://cdn.example.org/planted.js"]


def test_the_scan_finds_every_kind_of_load_and_lets_links_be(site_dir: Path,
                                                              tmp_path: Path) -> None:
    """Each way a file can load from another host is found where it was planted; a link the
    reader clicks (to PZBS) is not; a stylesheet the build lacks is missing."""
    site = _copy_with(site_dir, tmp_path, {
        "index.html": ("</head>", '<link rel="preconnect" href="//fonts.gstatic.com">'
                                  '<link rel="stylesheet" href="assets/no-such.css">'),
        "en/index.html": ("</body>", '<img alt="" srcset="../assets/bridgelaw/icon-192.png 1x, '
                                     'https://img.example.org/b.png 2x">'
                                     '<a href="https://www.pzbs.pl/sedziowie/">PZBS</a>'),
        "glossary/index.html": ("</head>", "<style>@import 'https://css.example.org/a.css';"
                                           "</style>"),
        "wizard/index.html": ("</body>", '<script>fetch("https://api.example.org/q")</script>'),
        "assets/bridgelaw/site.css": ("", "body{background:url(https://img.example.org/bg.png)}"),
        "assets/bridgelaw/bundle.js": ("", 'import("https://esm.example.org/m.js");'),
        "manifest.webmanifest": ('"icons"', '"shortcuts": [{"url": "https://app.example.org/"}],'),
    })
    scan = scan_site(site)
    assert sorted(str(found) for found in scan.found) == sorted([
        "index.html: <link href> //fonts.gstatic.com",
        "en/index.html: <img srcset> https://img.example.org/b.png",
        "glossary/index.html: <style> @import https://css.example.org/a.css",
        "wizard/index.html: <script> script load https://api.example.org/q",
        "assets/bridgelaw/site.css: url() https://img.example.org/bg.png",
        "assets/bridgelaw/bundle.js: script load https://esm.example.org/m.js",
        "manifest.webmanifest: manifest url https://app.example.org/",
    ])
    assert [str(found) for found in scan.missing] == [
        "index.html: <link href> assets/no-such.css"]
