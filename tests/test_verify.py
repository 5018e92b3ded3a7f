"""The nothing-lost check on the real seed pages, and that it catches real losses."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tools.model import Law, Stripped, find_unit
from tools.normalize.law_ids import normalize
from tools.normalize.outline import load_outline
from tools.normalize.verify import format_checks, verify_nothing_lost, words
from tools.parse.capture import parse_capture

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tools" / "snapshot"


def _sources() -> list[dict]:
    manifest = json.loads((SNAPSHOT / "manifest.json").read_text(encoding="utf-8"))
    return [s for s in manifest["sources"] if s["adapter"].startswith("capture-")]


SOURCES = _sources()
OUTLINE = load_outline(ROOT / "tools" / "data" / "outline_2017.json")


def _page(source: dict) -> tuple[str, list[Law]]:
    text = (SNAPSHOT / source["file"]).read_text(encoding="utf-8")
    laws, _ = normalize(parse_capture(text, source), OUTLINE)
    return text, laws


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: Path(s["file"]).stem)
def test_zero_words_missing_on_every_seed_page(source: dict) -> None:
    text, laws = _page(source)
    (check,) = verify_nothing_lost(text, laws)
    assert check.page == source["url"]
    assert check.missing == [] and check.extra == [] and check.chrome_not_found == []
    assert check.words_in == check.words_out
    # chrome words are not counted: the check really compares law text
    assert check.words_in < len(words(text))
    assert check.ok


def test_chapter_page_counts_every_law() -> None:
    text, laws = _page(SOURCES[0])
    (check,) = verify_nothing_lost(text, laws)
    chrome = sum(len(words(s.text)) for law in laws for s in law.stripped)
    assert check.words_in == len(words(text)) - chrome
    assert check.words_in > 6000


def test_a_lost_unit_text_is_reported_with_positions() -> None:
    text, laws = _page(SOURCES[1])  # Law 64 (2017)
    broken = copy.deepcopy(laws)
    unit = find_unit(broken[0], "64B3")
    lost = words(unit.text)
    unit.text = ""
    (check,) = verify_nothing_lost(text, broken)
    assert [m.word for m in check.missing] == lost
    positions = [m.position for m in check.missing]
    assert positions == list(range(positions[0], positions[0] + len(lost)))
    assert not check.ok


def test_a_dropped_note_and_a_reordered_section_are_reported() -> None:
    text, laws = _page(SOURCES[0])
    broken = copy.deepcopy(laws)
    law_45 = next(law for law in broken if law.number == 45)
    law_45.notes = []
    (check,) = verify_nothing_lost(text, broken)
    assert [m.word for m in check.missing] == words(
        "Pierwszego wyjścia dokonuje się kartą zakrytą."
    )
    reordered = copy.deepcopy(laws)
    law_41 = reordered[0]
    law_41.sections = list(reversed(law_41.sections))
    (check,) = verify_nothing_lost(text, reordered)
    assert check.missing and check.extra


def test_an_added_word_is_reported() -> None:
    text, laws = _page(SOURCES[2])
    changed = copy.deepcopy(laws)
    changed[0].title += " poprawione"
    (check,) = verify_nothing_lost(text, changed)
    assert check.missing == [] and [m.word for m in check.extra] == ["poprawione"]


def test_stripped_text_that_is_not_in_the_source_is_reported() -> None:
    text, laws = _page(SOURCES[3])
    changed = copy.deepcopy(laws)
    changed[0].stripped.append(Stripped("nie ma tego w źródle", "nav", ""))
    (check,) = verify_nothing_lost(text, changed)
    assert check.chrome_not_found == ["2017/pl/50: 'nie ma tego w źródle'"]


def test_format_checks_prints_a_table() -> None:
    checks = [c for source in SOURCES for c in verify_nothing_lost(*_page(source))]
    table = format_checks(checks).splitlines()
    assert table[0].split() == ["page", "words", "in", "words", "out", "missing", "extra"]
    assert set(table[1]) == {"-", " "}
    assert len(table) == 2 + len(SOURCES)
    for line, source in zip(table[2:], SOURCES, strict=True):
        cells = line.split()
        assert cells[0] == source["url"] and cells[3:] == ["0", "0"]
        assert cells[1] == cells[2]
    broken = copy.deepcopy(_page(SOURCES[1])[1])
    broken[0].footnotes = []
    text = (SNAPSHOT / SOURCES[1]["file"]).read_text(encoding="utf-8")
    report = format_checks(verify_nothing_lost(text, broken))
    assert "missing in https://www.pzbs.pl/sedziowie/mpb/2017/pl/p64.html: Dla@" in report
