"""The offline pack (tools/site/offline.py): what is kept and in which tier, a version derived
from the kept files' contents only, the same bytes for the same build, and the web app manifests."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tools.config import Config
from tools.errors import BridgelawError
from tools.interface import WORKER_SECTION, interface
from tools.site.offline import ICONS, classify, collect, version_of, web_manifest, write_offline
from tools.site.scripts import BUNDLE_FILE

ROOT = Path(__file__).resolve().parents[1]
FILES = {
    "index.html": "home", "404.html": "404", "en/index.html": "home en",
    "laws/index.html": "toc", "laws/2017/64/index.html": "law 64",
    "laws/1997/62/index.html": "law 62 (1997)", "situations/revoke/index.html": "situation",
    "en/laws/2017/64/index.html": "law 64 en", "en/wizard/index.html": "wizard en",
    "assets/bridgelaw/site.css": "css", "assets/bridgelaw/site.css.map": "map",
    "assets/stylesheets/main.57a0d79d.min.css": "material", "assets/javascripts/bundle.js": "x",
    "assets/assistant/assistant.json": "{}", "assets/assistant/flowcharts/revoke.pl.svg": "<svg/>",
    "pagefind/pagefind.js": "pf", "pagefind/pagefind-entry.json": "{}",
    "pagefind/wasm.pl.pagefind": "w", "pagefind/wasm.unknown.pagefind": "w",
    "pagefind/pagefind.en_e8b9e1ab2b.pf_meta": "m", "pagefind/index/pl_7426fb5.pf_index": "i",
    "pagefind/pagefind-ui.js": "ui", "assets/search/synonyms-pl-6b.json": "{}",
    "sitemap.xml": "<urlset/>",
}



def fragment(meta: dict[str, str]) -> bytes:
    """A Pagefind fragment as Pagefind writes it: gzip of its mark and the record's JSON."""
    return gzip.compress(b"pagefind_dcd" + json.dumps({"url": "/u/1.html", "meta": meta}).encode())


FRAGMENTS = {
    "pagefind/fragment/en_116482c.pf_fragment": fragment({"law": "64", "titles_only": ""}),
    "pagefind/fragment/pl_2a0e5b1.pf_fragment": fragment({"law": "53", "titles_only": "1"}),
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A tiny built site with every kind of file."""
    root = tmp_path / "site"
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for name, data in FRAGMENTS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_a_title_page_fragment_is_kept_with_the_pages(site) -> None:
    """A law known by its titles only is searched offline once its title page is kept."""
    tiers = {entry.path: entry.tier for entry in collect(site)}
    assert tiers["pagefind/fragment/en_116482c.pf_fragment"] == "core-en"
    assert tiers["pagefind/fragment/pl_2a0e5b1.pf_fragment"] == "pages-pl"


def test_an_unreadable_fragment_is_named(site) -> None:
    broken = site / "pagefind/fragment/pl_2a0e5b1.pf_fragment"
    broken.write_bytes(b"not gzip")
    with pytest.raises(BridgelawError, match="pl_2a0e5b1.pf_fragment: unreadable search fragment"):
        collect(site)


def test_tiers() -> None:
    assert classify("index.html") == ("", "core-pl")
    assert classify("en/wizard/index.html") == ("en/wizard/", "core-en")
    assert classify("laws/2017/64/index.html") == ("laws/2017/64/", "pages-pl")
    assert classify("en/situations/revoke/index.html") == ("en/situations/revoke/", "pages-en")
    assert classify("404.html") == ("404.html", "shell")
    assert classify("assets/assistant/assistant.json")[1] == "shell"
    for script in (BUNDLE_FILE, "assets/wizard/state.js", "assets/wizard/render.js"):
        assert classify(script) == (script, "shell"), script  # the page scripts, the wizard
    # every script the pages load (mkdocs.yml), the search box's parts among them, works offline
    loaded = re.findall(r"path: (assets/\S+\.js)", (ROOT / "mkdocs.yml").read_text("utf-8"))
    assert {"assets/search/find.js", "assets/search/cite.js", "assets/search/search.js"} <= set(
        loaded)
    for script in loaded:
        assert classify(script) == (script, "shell"), script
    # the typo vocabulary follows the core: search is offline sooner, typos corrected later
    # and so do the glossary pairs that read English queries in the Polish text
    for shard in ("assets/search/vocabulary-72.json", "assets/search/translations-72.json"):
        assert classify(shard) == (shard, "pages-pl"), shard
    # the players' words ("karta karna") come with their language's search, not in the shell
    # every reader waits for
    assert classify("assets/search/spec-pl.json")[1] == "shell"
    for shard, tier in (("assets/search/synonyms-pl-6b.json", "core-pl"),
                        ("assets/search/synonyms-en-70.json", "core-en")):
        assert classify(shard) == (shard, tier), shard
    assert classify("assets/search/synonyms-xx-70.json") is None
    assert classify("pagefind/wasm.pl.pagefind")[1] == "core-pl"
    assert classify("pagefind/fragment/en_116482c.pf_fragment")[1] == "core-en"
    assert classify("pagefind/filter/pl_21e3e07.pf_filter")[1] == "core-pl"  # the edition filter
    assert classify("pagefind/pagefind.en_e8b9e1ab2b.pf_meta")[1] == "core-en"
    for left_out in ("sitemap.xml", "assets/javascripts/bundle.js", "pagefind/pagefind-ui.js",
                     "assets/bridgelaw/site.css.map", "pagefind/wasm.unknown.pagefind",
                     "assets/assistant/flowcharts/revoke.pl.svg", "sw.js"):
        assert classify(left_out) is None, left_out


def test_order_shell_then_each_languages_core_and_pages(site) -> None:
    tiers = [entry.tier for entry in collect(site)]
    assert tiers == sorted(tiers, key=["shell", "core-pl", "pages-pl", "core-en",
                                       "pages-en"].index)
    pages = [e.path for e in collect(site) if e.tier == "pages-pl"]
    assert pages.index("laws/2017/64/") < pages.index("situations/revoke/") < pages.index(
        "laws/1997/62/")  # the laws in force first, the superseded edition last
    # the players' words lead their language's core: its search reads them with the index
    assert [e.path for e in collect(site) if e.tier == "core-pl"][0] == \
        "assets/search/synonyms-pl-6b.json"


def test_version_follows_content_only(site) -> None:
    first = write_offline(site)
    worker = (site / "sw.js").read_bytes()
    assert write_offline(site) == first and (site / "sw.js").read_bytes() == worker
    (site / "sitemap.xml").write_text("changed", encoding="utf-8")  # not kept: same version
    assert version_of(collect(site)) == version_of(first)
    (site / "laws/2017/64/index.html").write_text("law 64, rebuilt", encoding="utf-8")
    second = write_offline(site)
    assert version_of(second) != version_of(first)
    assert f"offline pack {version_of(second)}" in (site / "sw.js").read_text(encoding="utf-8")
    pack = json.loads((site / "sw.js").read_text(encoding="utf-8").split("self.BL_PACK = ")[1]
                      .split(";\n", 1)[0])
    assert pack["version"] == version_of(second)
    assert [tuple(f) for f in pack["files"]] == [(e.path, e.hash, e.tier) for e in second]
    words = json.loads((site / "sw.js").read_text(encoding="utf-8").split("self.BL_TEXT = ")[1]
                       .split(";\n", 1)[0])
    assert words == interface(WORKER_SECTION)  # the page it shows when a page is not kept yet


@pytest.mark.parametrize("lang, start, scope", [("pl", "./", "./"), ("en", "./", "../")])
def test_manifests(site, lang, start, scope) -> None:
    write_offline(site)
    where = site / ("" if lang == "pl" else "en") / "manifest.webmanifest"
    manifest = json.loads(where.read_text(encoding="utf-8"))
    assert manifest == web_manifest(lang)
    assert manifest["start_url"] == start and manifest["scope"] == scope
    assert manifest["lang"] == lang and manifest["display"] == "standalone"
    theme = Config().root / "site_overrides"
    for src, _, _ in ICONS:  # every icon the manifest names ships with the theme
        assert (theme / src).is_file(), src
