"""The suite builds in temporary folders: a test that writes into the checkout fails the run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "data"))
from checkout_files import changed_files, checkout_files  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def checkout_untouched() -> Iterator[None]:
    """Fail the run (an error at the last test's teardown) if any test wrote into the checkout."""
    before = checkout_files()
    yield
    changed = changed_files(before, checkout_files())
    assert not changed, "tests wrote into the checkout (build in a temp folder):\n" + "\n".join(
        changed[:40])
