"""One table of interface strings (tools/data/interface.yaml), read by every page, command and
hook; both languages alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import interface as interface_module
from tools.errors import SourceError
from tools.interface import interface

ROOT = Path(__file__).resolve().parents[1]


def test_every_section_has_both_languages_with_the_same_keys() -> None:
    table = interface_module._table()
    assert {"pages", "editions", "situation_pages", "rule_command", "app"} <= set(table)
    for section, langs in table.items():
        assert set(langs["pl"]) == set(langs["en"]), section
        assert all(text.strip() for lang in langs.values() for text in lang.values()), section


def test_a_key_in_one_language_only_names_the_file_and_key(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    broken = tmp_path / "interface.yaml"
    broken.write_text("pages:\n  pl: {law: Przepis, edition: Wydanie}\n  en: {law: Law}\n",
                      encoding="utf-8")
    monkeypatch.setattr(interface_module, "INTERFACE_FILE", broken)
    interface_module._table.cache_clear()
    try:
        with pytest.raises(SourceError, match=r"interface\.yaml.*pages.*edition"):
            interface("pages")
    finally:
        interface_module._table.cache_clear()


def test_no_python_module_keeps_a_table_of_its_own() -> None:
    table_start = re.compile(r'^\s{4}"pl": \{', re.M)
    owners = [str(path.relative_to(ROOT))
              for folder in ("tools", "assistant", "site_overrides/hooks")
              for path in sorted((ROOT / folder).rglob("*.py"))
              if table_start.search(path.read_text(encoding="utf-8"))]
    assert owners == []
