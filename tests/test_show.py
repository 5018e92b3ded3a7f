"""`bridgelaw show` on the model built from the bundled snapshot (the issue's done-when list)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tools.build import scrape
from tools.config import Config, FetchConfig

BRIDGELAW = [sys.executable, "-m", "tools.cli"]
BUILD = Path()  # set by the model fixture


@pytest.fixture(scope="module", autouse=True)
def model(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The scrape stage's model of the bundled snapshot, in a temp build folder `show` reads."""
    global BUILD
    tmp = tmp_path_factory.mktemp("show")
    BUILD = tmp / "build"
    scrape(replace(Config(), build_dir=BUILD, content_dir=tmp / "content",
                   fetch=FetchConfig(cache_dir=tmp / "cache")))


def show(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BRIDGELAW, "show", "--build-dir", str(BUILD), *args],
                          capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    ("edition", "citation", "unit_id", "words"),
    [
        ("2017", "64B3", "64B3", "niezagranie karty przygwożdżonej lub karty dziadka"),
        ("2017", "45C4b", "45C4b", "poprawić niezamierzone określenie karty z dziadka"),
        ("2017", "45C5", "45C5", "karty przygwożdżonej"),
        ("2017", "50D1b", "50D1b", "Obowiązek dodania do koloru"),
        ("2017", "50D2a", "50D2a", "Nakazać* albo zakazać* obrońcy wyjścia"),
        ("2017", "64C2b", "64C2b", "obie strony popełniły fałszywe renonsy"),
        ("1997", "43B2b", "43B2b", "Zapobiega fałszywemu renonsowi"),
        ("1997", "62D2", "62D2", "Przed zagraniem partnera gracza wykraczającego"),
        ("2017", "przepis 50D2", "50D2", "Gdy kolejność wyjścia przypada na obrońcę"),
        ("2017", "L50D2a", "50D2a", "Nakazać"),
        ("2017", "64", "64", "Automatyczne przekazanie lew"),
    ],
)
def test_show_prints_the_right_unit(edition: str, citation: str, unit_id: str, words: str) -> None:
    result = show("--edition", edition, "--json", citation)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == unit_id
    assert data["edition"] == int(edition)
    assert data["lang"] == "pl"
    # The source pages use no-break spaces in places; the model keeps them as printed.
    flat = " ".join(json.dumps(data, ensure_ascii=False).replace("\u00a0", " ").split())
    assert words in flat
    assert data["source_url"].startswith("http")


def test_show_human_output_has_title_path() -> None:
    result = show("--edition", "2017", "64B3")
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("64 Postępowanie po uprawomocnieniu fałszywego renonsu")
    assert "64B Brak automatycznego przekazania lew" in first
    assert "niezagranie karty przygwożdżonej" in result.stdout


def test_without_edition_show_means_2017_and_says_when_its_text_is_not_in_the_build() -> None:
    # 43B2b's 2017 text is not in the snapshot: no 1997 text by the same id as the answer
    result = show("--json", "43B2b")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["edition"] == 2017 and data["in_build"] is False and data["text"] is None
    assert data["official_url"] == "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p43.html"
    assert [old["id"] for old in data["counterparts_1997"]] == ["43B2b"]  # the concordance says so


def test_show_63b_explains_and_offers_the_1997_counterpart_not_1997_63b() -> None:
    result = show("63B")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "63B · wydanie 2017 (obowiązujące)" in out.splitlines()[0]
    assert "Tekstu 63B z wydania 2017 nie ma w tej kompilacji." in out
    assert "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p63.html" in out
    # the official title (or its marked English fallback), and 1997 63C as the counterpart
    assert "Tytuł urzędowy: 63. " in out
    assert "Odpowiednik z wydania 1997" in out and "1997 63C" in out
    # 1997 63B is another rule (illegal attention drawn): neither its heading nor its text
    assert "Nielegalne zwrócenie uwagi" not in out and "naruszenie przepisu 61B" not in out
    english = show("--lang", "en", "63B").stdout
    assert "The 2017 text of 63B is not in this build." in english
    assert "https://www.pzbs.pl/sedziowie/mpb/2017/en/l63.html" in english
    assert "Establishment of a Revoke" in english


def test_show_1997_names_its_edition_and_its_2017_counterpart() -> None:
    result = show("--edition", "1997", "63C")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "wydanie 1997 (nieobowiązujące, zastąpione wydaniem 2017)" in lines[1]
    assert "Odpowiednik w wydaniu 2017:" in result.stdout and "2017 63B" in result.stdout
    data = json.loads(show("--edition", "1997", "--json", "63B").stdout)
    assert data["in_force"] is False and data["counterparts_2017"] == []


def test_every_show_output_names_its_edition() -> None:
    for args, edition in [(("64B3",), "2017"), (("--edition", "2017", "45C4b"), "2017"),
                          (("--edition", "1997", "43B2b"), "1997"), (("61",), "2017"),
                          (("--lang", "en", "64B3"), "2017"), (("71.1",), "2017")]:
        result = show(*args)
        assert result.returncode == 0, (args, result.stderr)
        head = "\n".join(result.stdout.splitlines()[:3])
        assert f"wydanie {edition}" in head or f"{edition} edition" in head, (args, head)


def test_english_reader_is_told_the_text_is_polish() -> None:
    result = show("--lang", "en", "64B3")
    assert result.returncode == 0, result.stderr
    assert "Polish text: the English text of this law is not in this build." in result.stdout
    assert "niezagranie karty przygwożdżonej" in result.stdout


@pytest.mark.parametrize("typed", ["71.1", "Law 71 item 1", "przepis 71 pkt 1", "71 punkt 1"])
def test_law_71_items_are_shown_as_printed(typed: str) -> None:
    data = json.loads(show("--json", typed).stdout)
    assert data["id"] == "71.1" and data["edition"] == 2017
    assert data["official_url"].endswith("/pl/p71.html")
    assert [old["id"] for old in data["counterparts_1997"]] == ["71A"]


def test_711_is_no_citation() -> None:
    result = show("711")
    assert result.returncode == 2 and "71.1" in result.stderr


def test_unknown_citation_lists_nearest_ids_and_exits_2() -> None:
    result = show("--edition", "2017", "64B9")
    assert result.returncode == 2
    assert "64B9" in result.stderr
    assert "64B8" in result.stderr


def test_law_not_in_build_gives_its_official_page() -> None:
    result = show("--edition", "2017", "61")
    assert result.returncode == 0, result.stderr
    assert "Tekstu 61 z wydania 2017 nie ma w tej kompilacji." in result.stdout
    assert "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p61.html" in result.stdout
    missing = show("--edition", "1997", "72")
    assert missing.returncode == 2 and "laws present: 41" in missing.stderr


def test_not_a_citation_is_a_clear_message() -> None:
    result = show("falszywy renons")
    assert result.returncode == 2
    assert "not a citation" in result.stderr
    assert "Traceback" not in result.stderr
