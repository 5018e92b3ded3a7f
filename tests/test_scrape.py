"""The scrape stage end to end on the bundled snapshot and on broken copies of it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tools.build import scrape
from tools.config import Config
from tools.errors import BridgelawError, SourceError
from tools.reference import load_reference
from tools.scrape import scrape_corpus

SNAPSHOT = Config().snapshot_dir
GARBAGE = bytes(range(256)) * 8


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return replace(Config(), build_dir=tmp_path / "build", content_dir=tmp_path / "content")


def copy_snapshot(tmp_path: Path) -> Path:
    target = tmp_path / "snapshot"
    shutil.copytree(SNAPSHOT, target)
    return target


def test_offline_build_has_the_snapshot_laws(config: Config) -> None:
    corpus = scrape(config)
    keys = {(law.edition, law.lang, law.number) for law in corpus.laws}
    assert {(1997, "pl", n) for n in range(41, 72)} <= keys
    assert {(2017, "pl", n) for n in (45, 50, 64)} <= keys
    assert (config.content_dir / "pl/laws/2017/64.md").exists()
    assert (config.content_dir / "pl/laws/1997/41.md").exists()
    assert config.model_file.exists() and config.report_file.exists()


def test_output_is_deterministic(config: Config) -> None:
    scrape(config)
    first = config.model_file.read_bytes()
    page = (config.content_dir / "pl/laws/2017/45.md").read_bytes()
    scrape(config)
    assert config.model_file.read_bytes() == first
    assert (config.content_dir / "pl/laws/2017/45.md").read_bytes() == page


def test_every_citation_resolves_or_says_why(config: Config) -> None:
    corpus = scrape(config)
    assert corpus.crossrefs, "the snapshot cites other laws on almost every page"
    for ref in corpus.crossrefs:
        assert ref.status in {"resolved", "outline", "unresolved"}
        if ref.status != "resolved":
            assert ref.reason, ref
    unresolved = [r for r in corpus.crossrefs if r.status == "unresolved"]
    reported = [p for p in corpus.problems if p.kind == "unresolved-citation"]
    assert len(reported) == len(unresolved)


def test_failed_source_keeps_last_good_output(config: Config, tmp_path: Path) -> None:
    snapshot = copy_snapshot(tmp_path)
    scrape(replace(config, snapshot_dir=snapshot))
    page = config.content_dir / "pl/laws/2017/64.md"
    before = page.read_text(encoding="utf-8")

    (snapshot / "seeds/001_2a20fccb310888b1.txt").write_bytes(GARBAGE)
    corpus = scrape(replace(config, snapshot_dir=snapshot))

    errors = [p for p in corpus.problems if p.kind == "parse-error"]
    assert len(errors) == 1
    assert errors[0].where == "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p64.html"
    assert "001_2a20fccb310888b1.txt" in errors[0].message
    assert corpus.law(2017, "pl", 64) is not None, "law 64 kept from the last good build"
    assert page.read_text(encoding="utf-8") == before


def test_strict_build_stops_on_a_bad_source_and_writes_nothing(
    config: Config, tmp_path: Path
) -> None:
    snapshot = copy_snapshot(tmp_path)
    (snapshot / "seeds/002_c574df7fc22945a4.txt").write_text("", encoding="utf-8")
    with pytest.raises(BridgelawError, match="002_c574df7fc22945a4.txt"):
        scrape(replace(config, strict=True, snapshot_dir=snapshot))
    assert not config.model_file.exists()


def test_missing_manifest_names_the_file(config: Config, tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="manifest.json"):
        scrape_corpus(config, tmp_path, reference=load_reference(config))


def test_cli_verify_prints_zero_missing_per_page() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.cli", "scrape", "--check", "--verify"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "missing" in result.stdout
    rows = {
        line.split()[0]: line.split()[1:4] for line in result.stdout.splitlines() if "://" in line
    }
    for page in ("laws/nota9.htm", "2017/pl/p45.html", "2017/pl/p50.html", "2017/pl/p64.html"):
        (row,) = [counts for url, counts in rows.items() if url.endswith(page)]
        words_in, words_out, missing = map(int, row)
        assert words_in > 300 and words_out >= words_in and missing == 0
