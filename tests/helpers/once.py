"""A build made once per test run, however many pytest-xdist workers share the run.

Each worker runs the session's fixtures itself; a build made through `once_per_run` is made by
the first worker that asks for it, under a file lock in the run's own temp folder, and the
others wait for it and read the same folder. Without xdist it is simply made in the session's
temp folder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

DONE = ".built"  # written last: a folder without it is a build that failed half-way


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temp folder of the whole run: the workers' common parent under xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str,
                 make: Callable[[Path], None]) -> Path:
    """The folder `name` of this run, made by `make(folder)` unless a worker made it already;
    a build that failed half-way is made again from an empty folder."""
    folder = run_folder(tmp_path_factory) / name
    with FileLock(str(folder) + ".lock"):
        if not (folder / DONE).exists():
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True)
            make(folder)
            (folder / DONE).write_text("", encoding="utf-8")
    return folder
