"""`bridgelaw rule` and `bridgelaw lookup`, run as the installed command in a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.tree_load import load_trees
from tools.config import Config

ROOT = Config().root
BRIDGELAW = [sys.executable, "-m", "tools.cli"]
TREES = load_trees(Config().assistant_dir / "trees")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BRIDGELAW, *args], input=stdin, capture_output=True, text=True, cwd=ROOT,
        encoding="utf-8", timeout=60, check=False,
    )


def test_list_trees() -> None:
    done = run("rule", "--lang", "en")
    assert done.returncode == 0
    for tree in TREES.values():
        assert tree.id in done.stdout and tree.title.en in done.stdout
    listing = json.loads(run("rule", "--json").stdout)
    assert [item["id"] for item in listing] == list(TREES)
    assert listing[0]["title"] == next(iter(TREES.values())).title.pl


def test_answers_json_reaches_the_ruling() -> None:
    done = run("rule", "revoke", "--lang", "en", "--answers", "1,2,1,1,1,1,2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["tree"] == "revoke" and data["lang"] == "en"
    assert [step["answer"] for step in data["path"]] == [1, 2, 1, 1, 1, 1, 2]
    assert data["path"][0]["question"] == TREES["revoke"].nodes["twelfth-trick"].question.en
    outcome = data["outcome"]
    assert outcome["tricks"] == 1 and outcome["adjust"] is True
    assert "64A2" in outcome["cites"]
    assert outcome["ruling"] == TREES["revoke"].nodes["one-trick"].outcome.ruling.en


def test_polish_output_keeps_diacritics() -> None:
    done = run("rule", "revoke", "--answers", "1,1,2")
    assert done.returncode == 0
    assert "Orzeczenie:" in done.stdout and "przygwożdżoną" in done.stdout
    assert "62B1" in done.stdout


def test_partial_answers_json_shows_the_open_question() -> None:
    data = json.loads(run("rule", "card-played", "--answers", "3", "--json").stdout)
    assert data["outcome"] is None
    assert data["question"]["node"] == "dummy-card-how"
    assert len(data["question"]["answers"]) == 4


def test_interactive_walk_with_back_and_bad_input() -> None:
    # 1 (not trick 12), b (back), 2 (trick 12), x (bad), 1 (cards still at the table)
    done = run("rule", "revoke", "--lang", "en", stdin="1\nb\n2\nx\n1\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Did the revoke happen on the twelfth trick?") == 2
    assert "Type a number from 1 to 2, b or q." in done.stdout
    assert "Ruling:" in done.stdout and "62D1" in done.stdout


def test_interactive_quit() -> None:
    done = run("rule", "opening-lead", "--lang", "en", stdin="q\n")
    assert done.returncode == 0
    assert "Stopped." in done.stdout and "Ruling:" not in done.stdout


def test_bad_input_exits_2_with_a_clear_message() -> None:
    unknown = run("rule", "no-such-tree")
    assert unknown.returncode == 2 and "unknown tree 'no-such-tree'" in unknown.stderr
    assert "Traceback" not in unknown.stderr
    out_of_range = run("rule", "revoke", "--answers", "1,7")
    assert out_of_range.returncode == 2
    expected = "node established: answer 2 is 7, but the question has answers 1-2"
    assert expected in out_of_range.stderr
    garbled = run("rule", "revoke", "--answers", "1,a")
    assert garbled.returncode == 2 and "--answers must be numbers" in garbled.stderr
    too_many = run("rule", "revoke", "--answers", "2,1,1")
    assert too_many.returncode == 2 and "after the ruling" in too_many.stderr


def test_every_ruling_case_via_the_cli() -> None:
    """Every third ruling case, replayed through the command instead of the library (all of
    them run through the library in test_rulings.py)."""
    import yaml

    for path in sorted((Path(__file__).parent / "data").glob("rulings_revoke.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))[::3]:
            answers = ",".join(str(a) for a in case["answers"])
            done = run("rule", case["tree"], "--answers", answers, "--json")
            assert done.returncode == 0, (case["name"], done.stderr)
            outcome = json.loads(done.stdout)["outcome"]
            for cite in case["expect"].get("cites", []):
                assert cite in outcome["cites"], case["name"]
            if "tricks" in case["expect"]:
                assert outcome["tricks"] == case["expect"]["tricks"], case["name"]


@pytest.fixture(scope="module")
def index_dir(seed_index: Path) -> str:
    """A build folder with the one search index the lookup reads (the seed corpus's, built once
    per session)."""
    return str(seed_index)


def test_lookup_json_shape(index_dir: str) -> None:
    done = run("lookup", "--build-dir", index_dir, "--json", "partner nie dołożył do koloru")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["query"] == "partner nie dołożył do koloru"
    assert data["situations"], "no situation found"
    first = data["situations"][0]
    assert set(first) == {"id", "title_pl", "title_en", "laws", "edition", "url"}
    assert first["edition"] == 2017
    assert any(law.startswith(("61", "62", "63", "64")) for hit in data["situations"][:3]
               for law in hit["laws"])


def test_lookup_needs_text() -> None:
    done = run("lookup", " ")
    assert done.returncode == 2 and "lookup needs a description" in done.stderr


def test_ruling_shows_law_titles(tmp_path: Path) -> None:
    """Polish titles come from the built corpus (2017 page of Law 64); English ones, with no
    English text in the snapshot, from the official outline, marked as such."""
    from assistant.links import cite_title
    from tools.build import scrape
    from tools.config import FetchConfig

    config = replace(Config(), build_dir=tmp_path / "build", content_dir=tmp_path / "content",
                     fetch=FetchConfig(cache_dir=tmp_path / "cache"))
    corpus = scrape(config)  # the main job's first stage, offline, into a temp build folder
    built = str(config.build_dir)
    pl = json.loads(run("rule", "revoke", "--build-dir", built, "--answers", "1,2,1,1,1,1,2",
                        "--json").stdout)
    assert pl["outcome"]["titles"]["64A2"] == cite_title(corpus, "pl", "64A2")
    assert pl["outcome"]["titles"]["64A2"].startswith("64. ")
    en = json.loads(run("rule", "revoke", "--build-dir", built, "--lang", "en", "--answers",
                        "1,2,1,1,1,1,2", "--json").stdout)
    expected = cite_title(corpus, "en", "64A2") or "(outline)"
    assert expected in en["outcome"]["titles"]["64A2"]
