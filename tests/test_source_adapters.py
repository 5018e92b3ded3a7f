"""Each source adapter of the registry (tools/sources/adapters.py) against its saved pages.

The saved pages are tests/fixtures/html/web, laid out as the sites are and served on 127.0.0.1;
each adapter walks from its own start page there, alone, and what it read (laws, pages and
problems; the server's address and the day made neutral) must equal its reviewed golden file,
tests/golden/sources/<adapter>.json. An adapter added to the registry fails here until it has
a start page among the saved pages and a golden file. Regenerate after a reviewed change with
`UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_source_adapters.py`, and read the diff.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

import pytest

from helpers.saved_pages import SAVED_STARTS, fetcher, saved_pages
from tools.config import Config
from tools.errors import BridgelawError
from tools.normalize.outline import load_outline
from tools.sources.adapters import ADAPTERS, DEFAULT_STARTS, SITES, read_starts, with_starts
from tools.sources.crawl import crawl_sources

GOLDEN = Path(__file__).resolve().parent / "golden" / "sources"
SERVER = "http://saved-pages"  # what the golden files say for the local server's address


def test_every_adapter_has_saved_pages_and_a_golden_file() -> None:
    assert set(SAVED_STARTS) == set(ADAPTERS)
    assert {path.stem for path in GOLDEN.glob("*.json")} == set(ADAPTERS)
    assert [name for name, _ in DEFAULT_STARTS] == [site.name for site in SITES]
    assert len({site.capture for site in SITES}) == len(SITES)


def _read_by(name: str, tmp_path: Path) -> str:
    """What adapter `name` reads from the saved pages, as neutral JSON text."""
    outline = load_outline(Config().outline_file)
    with saved_pages() as server:
        result = crawl_sources(fetcher(tmp_path), {name: server.base + SAVED_STARTS[name]},
                               outline=outline, progress=False)
        base = server.base
    data = {
        "laws": [asdict(law) for law in result.laws],
        "pages": [{"url": page.url, "kind": page.kind, "encoding": page.encoding,
                   "charset": page.charset, "reading": page.reading,
                   "laws": [law.key for law in page.laws]} for page in result.pages],
        "problems": [asdict(problem) for problem in result.problems],
    }
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).replace(base, SERVER)
    for law in result.laws:
        text = text.replace(f'"fetch_date": "{law.fetch_date}"', '"fetch_date": "(the day)"')
    return text + "\n"


@pytest.mark.network  # a local server on 127.0.0.1
@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_adapter_reads_its_saved_pages_as_its_golden_file(name: str, tmp_path: Path) -> None:
    text = _read_by(name, tmp_path)
    golden = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"{golden} missing: run with UPDATE_GOLDEN=1 and review it"
    assert text == golden.read_text(encoding="utf-8")
    read = json.loads(text)
    editions = {law["edition"] for law in read["laws"]}
    assert editions == {ADAPTERS[name].edition}, "an adapter reads its own edition only"
    assert {law["lang"] for law in read["laws"]} == {"pl", "en"}


def test_start_options_name_an_adapter_and_a_url() -> None:
    assert read_starts(["pzbs-2017=http://a/spis.html", "pzbs-1997="]) == {
        "pzbs-2017": "http://a/spis.html", "pzbs-1997": ""}
    with pytest.raises(BridgelawError, match="NAME=URL"):
        read_starts(["http://a/spis.html"])
    with pytest.raises(BridgelawError, match="no source adapter 'pzbs-2007'.*pzbs-2017"):
        read_starts(["pzbs-2007=http://a/"])


def test_a_start_page_given_replaces_that_site_s_only() -> None:
    config = Config().starting({"pzbs-1997": "http://b/nota9.htm"})
    assert config.sources == (("pzbs-2017", dict(DEFAULT_STARTS)["pzbs-2017"]),
                              ("pzbs-1997", "http://b/nota9.htm"))
    assert with_starts((("pzbs-1997", "x"),), {"pzbs-2017": "y"}) == (
        ("pzbs-1997", "x"), ("pzbs-2017", "y"))


@pytest.mark.network  # a local server on 127.0.0.1
def test_the_command_line_s_start_pages_reach_the_crawl(tmp_path: Path, capsys) -> None:
    from tools.cli import main

    with saved_pages() as server:
        status = main(["scrape", "--online", "--check", "--delay", "0",
                       "--cache", str(tmp_path / "cache"),
                       "--start", f"pzbs-2017={server.base}{SAVED_STARTS['pzbs-2017']}",
                       "--start", "pzbs-1997="])
        asked = server.paths()
    out = capsys.readouterr().out
    assert SAVED_STARTS["pzbs-2017"] in asked and "/sedziowie/mpb/2017/pl/p50.html" in asked
    assert not any(path.startswith("/laws/") for path in asked), "pzbs-1997= leaves it out"
    assert "nothing was published" in out and status == 0
