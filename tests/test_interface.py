"""One table of interface strings (tools/data/interface.yaml), read by every page, command and
hook; both languages alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import interface as interface_module
from tools.errors import SourceError
from tools.interface import (
    SCRIPT_GLOBAL,
    SCRIPT_SECTIONS,
    SCRIPT_SHARED,
    WORKER_SECTION,
    interface,
    script_source,
)

ROOT = Path(__file__).resolve().parents[1]


# Texts left empty on purpose: the wizard adds nothing after a Polish page's title.
EMPTY = {("script_wizard", "pl", "polishText")}


def _leaves(texts: dict, prefix: str = "") -> dict[str, object]:
    """A language's texts by key, a nested table's as "table.key"."""
    out: dict[str, object] = {}
    for key, value in texts.items():
        out.update(_leaves(value, f"{prefix}{key}.") if isinstance(value, dict)
                   else {prefix + key: value})
    return out


def test_every_section_has_both_languages_with_the_same_keys() -> None:
    table = interface_module._table()
    assert {"pages", "editions", "situation_pages", "rule_command", "app"} <= set(table)
    for section, langs in table.items():
        pl, en = _leaves(langs["pl"]), _leaves(langs["en"])
        assert set(pl) == set(en), section
        for lang, texts in (("pl", pl), ("en", en)):
            for key, text in texts.items():
                assert isinstance(text, str), (section, lang, key)
                assert text.strip() or (section, lang, key) in EMPTY, (section, lang, key)


@pytest.mark.parametrize("text, section, error", [
    ("pages:\n  pl: {law: Przepis, edition: Wydanie}\n  en: {law: Law}\n", "pages",
     r"interface\.yaml.*pages.*edition"),
    ("script_x:\n  pl: {kinds: {a: A, b: B}}\n  en: {kinds: {a: A}}\n", "script_x",
     r"interface\.yaml.*script_x.*kinds\.b"),  # a script's nested table is checked too
])
def test_a_key_in_one_language_only_names_the_file_and_key(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           text: str, section: str, error: str
                                                           ) -> None:
    broken = tmp_path / "interface.yaml"
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(interface_module, "INTERFACE_FILE", broken)
    interface_module._table.cache_clear()
    try:
        with pytest.raises(SourceError, match=error):
            interface(section)
    finally:
        interface_module._table.cache_clear()


def test_no_python_module_keeps_a_table_of_its_own() -> None:
    table_start = re.compile(r'^\s{4}"pl": \{', re.M)
    owners = [str(path.relative_to(ROOT))
              for folder in ("tools", "assistant", "site_overrides/hooks")
              for path in sorted((ROOT / folder).rglob("*.py"))
              if table_start.search(path.read_text(encoding="utf-8"))]
    assert owners == []


# A pl/en table in a script: `pl: {`, `"en": "`, `{ en: "` (not a `? "en" : "pl"` choice).
SCRIPT_TABLE = re.compile(r"""(^|[{,])\s*["']?(pl|en)["']?\s*:\s*[{"'\[]""", re.M)


def test_no_site_script_keeps_a_strings_table_of_its_own() -> None:
    """The scripts' words are in the one table: a script holding its own pl/en table fails."""
    assert SCRIPT_TABLE.search('  var T = {\n    pl: { go: "Idź" },\n    en: { go: "Go" }\n  };')
    assert SCRIPT_TABLE.search('x = { en: "English", "": "none" }')
    assert not SCRIPT_TABLE.search('var LANG = lang === "en" ? "en" : "pl";')
    scripts = sorted((ROOT / "site_overrides" / "assets").rglob("*.js"))
    scripts.append(ROOT / "tools" / "site" / "offline_sw.js")
    assert len(scripts) > 5
    owners = [str(path.relative_to(ROOT)) for path in scripts
              if SCRIPT_TABLE.search(path.read_text(encoding="utf-8"))]
    assert owners == []


def test_the_generated_script_holds_every_script_section_in_both_languages() -> None:
    """assets/bridgelaw/interface.js: one global object, each script's section in both
    languages, and the words the scripts share with the Python side."""
    source = script_source()
    head = f"window.{SCRIPT_GLOBAL} = "
    assert source.count(head) == 1 and source.endswith(";\n")
    data = json.loads(source.split(head, 1)[1].split(";\n", 1)[0])
    scripts = {name for name in interface_module._table() if name.startswith("script_")}
    assert scripts == {*SCRIPT_SECTIONS, WORKER_SECTION}
    assert set(data) == {"pl", "en"}
    for lang, sections in data.items():
        assert set(sections) == {s.removeprefix("script_") for s in SCRIPT_SECTIONS} | set(
            SCRIPT_SHARED)
        for section in SCRIPT_SECTIONS:
            assert sections[section.removeprefix("script_")] == interface(section)[lang]
        for section, keys in SCRIPT_SHARED.items():
            assert sections[section] == {key: interface(section)[lang][key] for key in keys}
    assert script_source() == source  # deterministic
