"""Listing the checkout's files, so a test run can tell whether a test wrote into it."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Folders tools and interpreters own; nothing a test writes is left out.
NOT_CHECKOUT = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", "node_modules"}


def checkout_files(root: Path = ROOT) -> dict[str, tuple[int, int]]:
    """Every file of the checkout with its size and modification time."""
    files: dict[str, tuple[int, int]] = {}
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        dirs[:] = [d for d in dirs if d not in NOT_CHECKOUT and not d.endswith(".egg-info")]
        for name in names:
            stat = (here / name).stat()
            files[str((here / name).relative_to(root))] = (stat.st_size, stat.st_mtime_ns)
    return files


def changed_files(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]
                  ) -> list[str]:
    """Files added, removed or rewritten between two listings, each marked +, - or ~."""
    added = [f"+ {path}" for path in after.keys() - before.keys()]
    removed = [f"- {path}" for path in before.keys() - after.keys()]
    rewritten = [f"~ {path}" for path in before.keys() & after.keys()
                 if before[path] != after[path]]
    return sorted(added + removed + rewritten, key=lambda line: line[2:])
