"""The checkout guard (tests/conftest.py) sees a file added, rewritten or removed."""

from __future__ import annotations

import os
from pathlib import Path

from helpers.checkout_files import changed_files, checkout_files


def test_the_guard_reports_every_kind_of_write(tmp_path: Path) -> None:
    (tmp_path / "kept.md").write_text("a", encoding="utf-8")
    (tmp_path / "gone.md").write_text("b", encoding="utf-8")
    (tmp_path / ".venv").mkdir()
    before = checkout_files(tmp_path)
    assert sorted(before) == ["gone.md", "kept.md"]
    assert changed_files(before, checkout_files(tmp_path)) == []
    (tmp_path / "gone.md").unlink()
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "corpus.json").write_text("{}", encoding="utf-8")
    (tmp_path / ".venv" / "ignored.py").write_text("", encoding="utf-8")
    os.utime(tmp_path / "kept.md", ns=(1, 1))  # rewritten with the same bytes
    assert changed_files(before, checkout_files(tmp_path)) == [
        "+ build/corpus.json", "- gone.md", "~ kept.md"]
