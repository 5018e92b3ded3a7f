"""The build report: one typed list of problems from every stage; strict fails on errors only."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tools.build import build
from tools.config import Config
from tools.errors import BridgelawError, SourceError
from tools.model import Problem
from tools.reference import load_reference
from tools.report import ERROR, WARNING, BuildReport, check_stage
from tools.scrape import scrape_corpus

ROOT = Path(__file__).resolve().parents[1]


def test_the_snapshots_expected_problems_are_warnings_that_say_why() -> None:
    report = BuildReport()
    scraped = scrape_corpus(Config(), reference=load_reference(Config()))
    report.add("scrape", scraped.corpus.problems)
    kinds = {problem.kind for problem in report.problems}
    assert kinds == {"missing-translation", "outline-diff"}  # no English text; 1997 numbering
    assert all(p.severity == WARNING and p.why_warning for p in report.problems)
    assert report.errors == []
    report.stop_if_strict(True)  # warnings never fail the strict build


def test_severity_depends_on_the_stage() -> None:
    """A law without its English page is expected; a tree without its English text is ours."""
    report = BuildReport()
    missing = Problem("missing-translation", "x", "no en text")
    report.add("scrape", [missing])
    report.add("assistant", [missing])
    report.add("scrape", [Problem("parse-error", "http://pzbs.invalid/p64.html", "no laws")])
    assert [p.severity for p in report.problems] == [WARNING, ERROR, ERROR]
    with pytest.raises(BridgelawError) as error:
        report.stop_if_strict(True)
    assert "2 error(s)" in str(error.value) and "p64.html" in str(error.value)
    report.stop_if_strict(False)
    with pytest.raises(ValueError, match="unknown build stage"):
        report.add("publish", [missing])
    with pytest.raises(BridgelawError, match="assistant error: missing-translation"):
        check_stage("assistant", [missing], strict=True)


def test_the_main_job_reports_every_stage_in_one_file(main_job_build) -> None:
    """`bridgelaw build --strict` on the snapshot (the session's main-job build): no error, one
    report file, the site built."""
    written, config = main_job_build.report, main_job_build.config
    assert written["errors"] == 0 and written["warnings"] == len(written["problems"]) > 0
    assert {p["stage"] for p in written["problems"]} == {"scrape"}
    assert "2017/pl/64" in written["laws"] and written["citations"]["resolved"] > 0
    assert (config.site_dir / "laws/2017/64/index.html").is_file()
    assert (config.site_dir / "pagefind/pagefind.js").is_file()


@pytest.mark.build  # the stages before the site, end to end
def test_the_reference_is_read_once_for_every_stage(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The outline, glossary and concordance are each read once (tools.reference), not per
    stage: through the index stage, in this process (the site stage's MkDocs runs in a process
    of its own, whose plugin reads them once before any page, tools/site/plugin.py)."""
    config = Config.at(tmp_path / "root", strict=True)
    reference = (config.outline_file, config.glossary_file, config.concordance_file)
    reads: Counter[Path] = Counter()
    read_text = Path.read_text

    def counted(path: Path, *args: Any, **kwargs: Any) -> str:
        if path in reference:
            reads[path] += 1
        return read_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counted)
    report, _ = build(config, until="index")
    monkeypatch.undo()
    assert reads == dict.fromkeys(reference, 1)
    assert report.errors == [] and (config.index_dir / "vocabulary.json").is_file()


@pytest.mark.build  # the stages before the site, end to end
def test_a_broken_tree_stops_the_strict_build_before_the_site(tmp_path: Path) -> None:
    """A broken tree is an error of the assistant stage: the strict build stops there, and the
    site that was there stays as it was."""
    config = Config.at(tmp_path / "root", strict=True)
    assistant = tmp_path / "assistant"
    shutil.copytree(ROOT / "assistant" / "trees", assistant / "trees")
    shutil.copy(ROOT / "assistant" / "situations.yaml", assistant / "situations.yaml")
    tree = assistant / "trees" / "revoke.yaml"
    tree.write_text(tree.read_text(encoding="utf-8").replace("next: two-tricks",
                                                             "next: three-tricks"),
                    encoding="utf-8")
    config.site_dir.mkdir(parents=True)
    (config.site_dir / "index.html").write_text("the last good site", encoding="utf-8")
    with pytest.raises(BridgelawError, match="assistant error: dangling-next"):
        build(replace(config, assistant_dir=assistant))
    assert [p.name for p in config.site_dir.iterdir()] == ["index.html"]
    assert (config.site_dir / "index.html").read_text(encoding="utf-8") == "the last good site"
    assert not config.index_dir.exists(), "it stopped before the index stage"


@pytest.mark.parametrize("field", ["outline_file", "glossary_file", "concordance_file"])
def test_a_missing_reference_file_stops_the_build_before_anything_is_written(
        tmp_path: Path, field: str) -> None:
    config = replace(Config.at(tmp_path / "root"), **{field: tmp_path / "missing"})
    with pytest.raises(SourceError, match=f"^{tmp_path / 'missing'}: .*not found"):
        build(config)
    assert not (tmp_path / "root").exists()
    # a folder where the file should be: the same clear error, naming it
    with pytest.raises(SourceError, match=f"^{tmp_path}: cannot read the file"):
        load_reference(replace(config, **{field: tmp_path}))


def test_the_build_command_stops_after_the_stage_named(tmp_path: Path, capsys) -> None:
    from tools.cli import main
    from tools.pipeline import STAGE_NAMES

    out = tmp_path / "out"
    assert main(["build", "--offline", "--out", str(out), "--until", "render"]) == 0
    assert "stopped after the render stage" in capsys.readouterr().out
    assert (out / "content" / "pl" / "laws" / "2017" / "64.md").is_file()
    assert (out / "build" / "corpus.json").is_file()
    assert not (out / "build" / "index").exists() and not (out / "site").exists()
    written = json.loads((out / "build" / "report.json").read_text(encoding="utf-8"))
    assert {p["stage"] for p in written["problems"]} <= set(STAGE_NAMES[:2])
    assert main(["build", "--offline", "--out", str(out), "--until", "index", "--serve"]) == 1
    assert "--serve needs the site" in capsys.readouterr().err
    assert not (out / "build" / "index").exists(), "it stops before it builds anything"
    with pytest.raises(SystemExit):
        main(["build", "--until", "publish"])
    assert "invalid choice: 'publish'" in capsys.readouterr().err
