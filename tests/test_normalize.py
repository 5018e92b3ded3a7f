"""Official ids rebuilt from the printed structure, language pairing, the outline file, goldens.

Regenerate the golden files with `UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_normalize.py`
and review the diff before committing.
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tools.errors import SourceError
from tools.model import Law, Unit, find_unit, law_to_json, walk
from tools.normalize.law_ids import align_law, normalize, pair_languages
from tools.normalize.outline import Outline, load_outline, parse_outline
from tools.parse.capture import parse_capture

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tools" / "snapshot"
OUTLINE_FILE = ROOT / "tools" / "data" / "outline_2017.json"
GOLDEN = Path(__file__).resolve().parent / "golden" / "model"


def _sources() -> list[dict]:
    manifest = json.loads((SNAPSHOT / "manifest.json").read_text(encoding="utf-8"))
    return [s for s in manifest["sources"] if s["adapter"].startswith("capture-")]


SOURCES = _sources()


@pytest.fixture(scope="module")
def outline() -> Outline:
    return load_outline(OUTLINE_FILE)


def _parse(source: dict) -> list[Law]:
    return parse_capture((SNAPSHOT / source["file"]).read_text(encoding="utf-8"), source)


@pytest.fixture(scope="module")
def normalized(outline: Outline) -> tuple[dict[tuple[int, int], Law], list]:
    laws = [law for source in SOURCES for law in _parse(source)]
    result, problems = normalize(laws, outline)
    return {(law.edition, law.number): law for law in result}, problems


def _unit(laws: dict, edition: int, unit_id: str) -> Unit:
    number = int(re.match(r"\d+", unit_id).group(0))
    unit = find_unit(laws[(edition, number)], unit_id)
    assert unit is not None, f"{unit_id} missing"
    return unit


# --- official ids of the 2017 captures -----------------------------------------------------


def test_law_45_dropped_empty_item_restored(normalized) -> None:
    laws, _ = normalized
    c4 = _unit(laws, 2017, "45C4")
    assert (c4.level, c4.label, c4.title, c4.text) == (2, "4", "", "")
    assert [u.id for u in c4.children] == ["45C4a", "45C4b"]
    assert c4.children[0].text.startswith("Karta jest zagrana, jeśli gracz nazwał ją")
    assert c4.children[1].text.startswith("Rozgrywający może poprawić niezamierzone")
    c5 = _unit(laws, 2017, "45C5")  # printed "4."
    assert c5.label == "5" and c5.text.startswith("Może zaistnieć obowiązek zagrania")
    assert _unit(laws, 2017, "45C3").children == []
    assert [u.id for u in _unit(laws, 2017, "45C2").children] == ["45C2a", "45C2b"]


def test_law_50_items_before_any_numbered_item(normalized) -> None:
    laws, _ = normalized
    d1 = _unit(laws, 2017, "50D1")
    assert d1.text == "" and [u.id for u in d1.children] == ["50D1a", "50D1b"]
    assert _unit(laws, 2017, "50D1a").text.startswith("Z\xa0wyjątkiem przypadku opisanego")
    assert _unit(laws, 2017, "50D1b").text.startswith("Obowiązek dodania do koloru")
    d2 = _unit(laws, 2017, "50D2")
    assert d2.text.startswith("Gdy kolejność wyjścia przypada na obrońcę")
    assert [u.id for u in d2.children] == ["50D2a", "50D2b"]
    assert _unit(laws, 2017, "50D2a").text.startswith("Nakazać* albo zakazać*")
    assert _unit(laws, 2017, "50D").text.startswith("Dopóki obrońca ma normalną kartę")


def test_law_64_ids(normalized) -> None:
    laws, _ = normalized
    assert "niezagranie karty przygwożdżonej lub karty dziadka" in _unit(laws, 2017, "64B3").text
    c2 = _unit(laws, 2017, "64C2")
    assert c2.text == "" and [u.id for u in c2.children] == ["64C2a", "64C2b"]
    assert _unit(laws, 2017, "64C2a").text.startswith("Jeżeli ten sam gracz popełnił")
    assert _unit(laws, 2017, "64C2b").text.startswith("Gdy obie strony popełniły")
    assert [u.id for u in walk(laws[(2017, 64)].sections)][-4:] == [
        "64C1",
        "64C2",
        "64C2a",
        "64C2b",
    ]


def test_2017_captures_match_the_outline_exactly(normalized, outline: Outline) -> None:
    laws, problems = normalized
    assert [p for p in problems if p.kind == "outline-mismatch"] == []
    for number in (45, 50, 64):
        ids = [u.id for u in walk(laws[(2017, number)].sections)]
        assert ids == outline.ids(number)
        for unit in walk(laws[(2017, number)].sections):
            assert outline.is_empty(unit.id) == (unit.level > 1 and not unit.text), unit.id


def test_1997_ids_are_kept_and_differences_are_informational(normalized) -> None:
    laws, problems = normalized
    assert _unit(laws, 1997, "43B2b").title == "Zapobiega fałszywemu renonsowi"
    assert _unit(laws, 1997, "62D2").text.startswith("jeżeli fałszywy renons popełnił obrońca")
    assert _unit(laws, 1997, "64B6").title == "Fałszywy renons w dwunastej lewie"
    diffs = {p.where: p.message for p in problems if p.kind == "outline-diff"}
    assert "63C" in diffs["1997/pl/63"]
    assert all(where.startswith("1997/") for where in diffs)


# --- mismatches are reported, never guessed ------------------------------------------------


def _outline_without(outline: Outline, number: int, drop: set[str]) -> Outline:
    law = outline.law(number)
    units = tuple(u for u in law.units if u.id not in drop)
    by_number = dict(outline.by_number)
    by_number[number] = replace(law, units=units)
    return replace(outline, by_number=by_number)


def test_units_the_outline_lacks_keep_the_pages_numbering_and_are_reported(
        outline: Outline) -> None:
    # The page is the source: 45D1 and 45D2, printed but missing from this outline, keep
    # the ids their place gives them, and each difference is reported.
    law = _parse(SOURCES[2])[0]  # Law 45
    wrong = _outline_without(outline, 45, {"45D1", "45D2"})
    aligned, problems = align_law(law, wrong)
    right, none = align_law(law, outline)
    assert none == [] and [u.id for u in walk(aligned.sections)] == [
        u.id for u in walk(right.sections)]
    assert [p.kind for p in problems] == ["outline-mismatch"] * 2
    assert problems[0].where == "2017/pl/45"
    assert [p.message.split(" (")[0] for p in problems] == ["printed unit 45D1",
                                                           "printed unit 45D2"]


def test_a_printing_far_from_the_outline_leaves_the_ids_as_printed(outline: Outline) -> None:
    law = _parse(SOURCES[2])[0]  # Law 45
    wrong = _outline_without(outline, 45, {u.id for u in outline.units(45) if u.level > 1})
    aligned, problems = align_law(law, wrong)
    assert aligned is law
    assert problems[-1].kind == "outline-unaccounted"


def test_heading_taken_for_paragraph_is_reported(outline: Outline) -> None:
    source = SOURCES[1]  # Law 64
    text = (SNAPSHOT / source["file"]).read_text(encoding="utf-8")
    text = text.replace("\nRekompensata szkody\n", "\nRekompensata szkody.\n")
    with pytest.raises(SourceError, match="2 section headings found .*the official outline has 3"):
        parse_capture(text, source, outline)


def test_truncated_after_an_item_is_reported(outline: Outline) -> None:
    source = SOURCES[1]
    text = (SNAPSHOT / source["file"]).read_text(encoding="utf-8")
    text = text[: text.index("\n 6. ")]  # ends after 64B5, a full sentence
    _, problems = align_law(parse_capture(text, source)[0], outline)
    assert any("64B6 of the outline is not printed" in p.message for p in problems)


def test_law_missing_from_the_outline(outline: Outline) -> None:
    law = _parse(SOURCES[1])[0]
    smaller = replace(outline, by_number={n: v for n, v in outline.by_number.items() if n != 64})
    aligned, problems = align_law(law, smaller)
    assert aligned is law and "not in the outline" in problems[0].message


# --- language pairing ----------------------------------------------------------------------


def _synthetic_english(law: Law) -> Law:
    """A SYNTHETIC English counterpart for the test (no English text is in the snapshot)."""
    english = copy.deepcopy(law)
    english.lang = "en"
    english.title = "SYNTHETIC test title"
    for unit in walk(english.sections):
        unit.text = f"SYNTHETIC test text of {unit.id}." if unit.text else ""
    return english


def test_missing_translation_per_law_and_per_id(normalized) -> None:
    laws, problems = normalized
    single = [p for p in problems if p.kind == "missing-translation"]
    assert len(single) == len(laws)  # every law of the snapshot is Polish only: once per law
    assert any(p.where == "2017/pl/64" and "no en text" in p.message for p in single)
    polish = laws[(2017, 64)]
    english = _synthetic_english(polish)
    english.sections[1].children.pop()  # drop 64B8 from the English side
    english.sections.append(Unit("64D", 1, "D", title="SYNTHETIC extra section"))
    found = pair_languages([polish, english])
    assert [(p.where, p.message) for p in found] == [
        ("2017/pl/64D", "64D exists in en but not in pl"),
        ("2017/en/64B8", "64B8 exists in pl but not in en"),
    ]


def test_normalize_is_deterministic(outline: Outline) -> None:
    laws = [law for source in SOURCES for law in _parse(source)]
    first, problems1 = normalize(laws, outline)
    second, problems2 = normalize(list(reversed(laws)), outline)
    assert [law_to_json(law) for law in first] == [law_to_json(law) for law in second]
    assert problems1 == problems2


# --- golden files: the normalized laws of each seed page -----------------------------------


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: Path(s["file"]).stem)
def test_golden_model(source: dict, outline: Outline) -> None:
    laws, _ = normalize(_parse(source), outline)
    data = json.dumps(
        [json.loads(law_to_json(law)) for law in laws], ensure_ascii=False, indent=1, sort_keys=True
    )
    golden = GOLDEN / f"{Path(source['file']).stem}.json"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(data + "\n", encoding="utf-8")
    assert golden.exists(), f"{golden} missing: run with UPDATE_GOLDEN=1 and review it"
    assert golden.read_text(encoding="utf-8") == data + "\n"


# --- the outline file ----------------------------------------------------------------------

REQUIRED = {9, 10, 11, 12, 13, 16, 20, 40, 72, 73, 74, 90, *range(41, 72)}


def test_outline_covers_laws_41_71_and_every_cited_law(outline: Outline) -> None:
    cited: set[int] = set()
    for path in sorted((SNAPSHOT / "seeds").glob("00*.txt")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"przepis[^\W\d]*\s*(\d{1,2})(?!\d)", text):
            cited.add(int(match.group(1)))
        for match in re.finditer(r"przepisów ((?:\d{1,2}, )*\d{1,2} i \d{1,2})", text):
            cited.update(int(n) for n in re.findall(r"\d+", match.group(1)))
    assert cited >= {12, 16, 20, 24, 40, 72, 79, 90}
    missing = (REQUIRED | cited) - set(outline.laws())
    assert missing == set()
    for number in outline.laws():
        assert outline.title(number, "en")
    assert outline.title(64, "pl") == "Postępowanie po uprawomocnieniu fałszywego renonsu"


def test_outline_has_the_ids_the_seeds_cite(outline: Outline) -> None:
    for unit_id in ("12B1", "16C", "47D", "50D2a", "57A", "62C3", "64B7", "64C", "72C"):
        assert outline.has(unit_id), unit_id
    for unit_id in ("45C4", "50D1", "64C2"):
        assert outline.is_empty(unit_id)
    assert not outline.is_empty("45C3") and not outline.has("45C6")


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "outline.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _law(*units: tuple[str, int]) -> dict:
    return {
        "edition": 2017,
        "laws": {
            "45": {"title_en": "Card Played", "units": [{"id": i, "level": lv} for i, lv in units]}
        },
    }


@pytest.mark.parametrize(
    "data, message",
    [
        ("{not json", "not valid JSON (line 1"),
        ([], "the top level must be an object"),
        ({"edition": 2017, "laws": {}}, "'laws' must be a non-empty object"),
        ({"edition": "2017", "laws": {"1": {}}}, "'edition' must be a number"),
        ({"edition": 2017, "laws": {"x": {"title_en": "X"}}}, "law key 'x' is not a law number"),
        ({"edition": 2017, "laws": {"45": {"units": []}}}, "law 45: 'title_en' is missing"),
        (_law(("45A", 1), ("45A1a", 3)), "unit 45A1a (level 3) does not follow its parent"),
        (_law(("45A", 1), ("45B1", 2)), "unit 45B1 (level 2) does not follow its parent (45A)"),
        (_law(("45A", 1), ("45A", 1)), "unit 45A appears twice"),
        (_law(("45A", 1), ("45Ab", 2)), "unit 45Ab: label does not fit level 2"),
        (_law(("45A", 5)), "unit 45A: 'level' must be 1, 2, 3 or 4"),
    ],
)
def test_malformed_outline_names_the_file(tmp_path: Path, data: object, message: str) -> None:
    path = _write(tmp_path, data)
    with pytest.raises(SourceError) as error:
        load_outline(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


def test_outline_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="outline file not found"):
        load_outline(tmp_path / "nope.json")


def test_parse_outline_accepts_law_level_items() -> None:
    parsed = parse_outline(
        {
            "edition": 2017,
            "laws": {
                "71": {
                    "title_en": "Concession Cancelled",
                    "units": [{"id": "71.1", "level": 2}, {"id": "71.2", "level": 2}],
                }
            },
        },
        "inline",
    )
    assert parsed.ids(71) == ["71.1", "71.2"] and parsed.all_ids() == {"71", "71.1", "71.2"}
