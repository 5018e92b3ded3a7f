"""The translation check's outputs: `bridgelaw check-translation`, the findings page per language
and the marks in the side-by-side view, on the bundled snapshot (no English text: the check says
so), on SYNTHETIC pairs and on a scrape of the imitation of the source sites."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from helpers.site_build import real_corpus
from helpers.translation_pairs import synthetic_pairs
from tools.cli import main
from tools.config import Config
from tools.model import Corpus, corpus_from_json, corpus_to_json
from tools.normalize.glossary import load_glossary
from tools.normalize.outline import load_outline
from tools.render.content import render_site_content
from tools.translation.check import check_translation


def run_cli(*args: str) -> tuple[int, str]:
    """`bridgelaw` with these arguments: exit status and what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(args))
    return status, out.getvalue()


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, Path]:
    """The scrape stage's corpus of the bundled snapshot and its model file in a temp folder."""
    corpus = real_corpus()
    path = tmp_path_factory.mktemp("snapshot") / "corpus.json"
    path.write_text(corpus_to_json(corpus), encoding="utf-8")
    return corpus, path


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, Path]:
    """A SYNTHETIC 93-law pair with planted disagreements and its layer, and its model file."""
    config = Config()
    outline = load_outline(config.outline_file)
    corpus, _ = synthetic_pairs(outline, "site")
    corpus.consistency = check_translation(corpus, load_glossary(config.glossary_file), [],
                                           outline.all_ids()).layer
    path = tmp_path_factory.mktemp("synthetic") / "corpus.json"
    path.write_text(corpus_to_json(corpus), encoding="utf-8")
    return corpus, path


def test_snapshot_says_no_english_text_is_present(snapshot) -> None:
    corpus, path = snapshot
    assert corpus.consistency == []
    status, text = run_cli("check-translation", "--model", str(path))
    assert status == 0
    assert "No English text is present" in text and "nothing was compared" in text
    assert "Polish only: 45, 50, 64" in text
    status, text = run_cli("check-translation", "--model", str(path), "--edition", "1997",
                           "--lang", "pl")
    assert "Brak tekstu angielskiego" in text and "tylko po polsku: 41–71" in text
    status, text = run_cli("check-translation", "--model", str(path), "--json")
    data = json.loads(text)
    assert (data["english_present"], data["compared"], data["findings"]) == (False, [], [])
    assert data["status"]["en"][0].startswith("No English text is present")


def test_cli_without_a_model_says_so(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["check-translation", "--model", str(tmp_path / "none.json")]) == 1
    assert "no such model file" in capsys.readouterr().err


def test_snapshot_site_page_says_no_english_text_is_present(snapshot) -> None:
    corpus, _ = snapshot
    config = Config()
    pages = render_site_content(corpus, load_outline(config.outline_file),
                                load_glossary(config.glossary_file))
    assert "Brak tekstu angielskiego" in pages["pl/translation.md"]
    assert "No English text is present" in pages["en/translation.md"]
    assert not any("tcheck" in text for path, text in pages.items() if "/laws/" in path)


def test_cli_prints_the_findings_of_one_law(synthetic) -> None:
    corpus, path = synthetic
    expected = [f for f in corpus.consistency if f.law == 64]
    assert expected, "nothing planted in law 64: pick another seed"
    status, text = run_cli("check-translation", "--model", str(path), "--law", "64", "--json")
    data = json.loads(text)
    assert status == 0 and data["compared"] == [64]
    assert [(f["unit"], f["kind"]) for f in data["findings"]] == [
        (f.unit, f.kind) for f in expected]
    status, text = run_cli("check-translation", "--model", str(path), "--law", "64")
    assert "laws in both languages: 1" in text and "Law 64 (2017)" in text
    for finding in expected:
        assert re.search(rf"^  {re.escape(finding.unit)}\s+{finding.kind}\s", text, re.M), text


def test_marks_and_findings_page(synthetic) -> None:
    corpus, _ = synthetic
    config = Config()
    glossary = load_glossary(config.glossary_file)
    pages = render_site_content(corpus, load_outline(config.outline_file), glossary)
    with_findings = {f.unit for f in corpus.consistency if f.law == 64}
    for lang in ("pl", "en"):
        page = pages[f"{lang}/laws/2017/64.md"]
        rows = re.findall(r'<div class="row lvl\d[^"]*" id="([^"]+)">(.*?)</div>\n', page)
        marked = {uid for uid, body in rows if 'class="tcheck"' in body}
        assert marked == with_findings & {uid for uid, _ in rows}
        listing = pages[f"{lang}/translation.md"]
        for unit in with_findings:
            assert f'id="t2017-{unit}"' in listing
            assert f"translation/#t2017-{unit}" in page or unit.endswith("*")
        assert 'data-pagefind-ignore' in listing and '<span lang="pl">' in listing
    assert render_site_content(corpus, load_outline(config.outline_file), glossary) == pages


@pytest.mark.build  # scrapes the imitation of the source sites
@pytest.mark.network
def test_imitation_pairs(tmp_path: Path) -> None:
    """A scrape of the imitation (clean markup) carries the layer into its model; its texts are
    independent placeholders, so the check finds real differences of wording in them."""
    from imitation import build, run_scrape, serve

    with serve(build("clean")) as served:
        run = run_scrape(served, tmp_path, "toc")
    assert not run.error, run.error
    model = tmp_path / "build" / "corpus.json"
    layer = corpus_from_json(model.read_text(encoding="utf-8")).consistency
    assert layer == run.corpus.consistency
    found = {f.kind for f in layer if f.edition == 2017}
    assert {"citation", "number", "term"} <= found
    # "ósma lewa" (eighth trick) is in some Polish placeholder tails, never in English ones
    assert any(f.kind == "number" and f.only_pl == ["8"] for f in layer)
    status, text = run_cli("check-translation", "--model", str(model))
    assert status == 0 and "laws in both languages: 93" in text
