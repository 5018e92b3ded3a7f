"""The content paths of the law pages are written once (tools/render/base.py: LAW_PAGE,
LAWS_INDEX_PAGE): renderers build them and the home pages' hook reads them back through that
module. This test fails on a law page's content path spelt anywhere else in tools/, assistant/
or site_overrides/."""

from __future__ import annotations

import re
from pathlib import Path

from tools.render.base import law_page, law_page_parts, laws_index_page

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("tools", "assistant", "site_overrides")
ALLOWED = {"tools/render/base.py"}  # the one place
# a law page's content path in a string: "pl/laws/2017/64.md", f"{lang}/laws/{edition}/..md",
# r"^(pl|en)/laws/(\d{4})/(\d+)\.md$", "laws/index.md"
_CONTENT_PATH = re.compile(r"""laws/[^"'\s]*\\?\.md""")


def spelt_paths(text: str) -> list[str]:
    """The lines of a source text that spell a law page's content path."""
    return [f"{n}: {line.strip()[:90]}" for n, line in enumerate(text.splitlines(), start=1)
            if _CONTENT_PATH.search(line)]


def test_the_scanner_finds_a_content_path_spelt_out() -> None:
    assert spelt_paths('page = f"{lang}/laws/{edition}/{number}.md"')
    assert spelt_paths('_LAW = re.compile(r"^(pl|en)/laws/(\\d{4})/(\\d+)\\.md$")')
    assert spelt_paths('toc = "pl/laws/index.md"')
    assert not spelt_paths('url = "laws/2017/64/"  # a site path, not a content path')


def test_no_law_content_path_outside_the_one_place() -> None:
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in ALLOWED and (lines := spelt_paths(path.read_text(encoding="utf-8"))):
                found[rel] = lines
    assert not found, f"law content paths spelt outside {ALLOWED}: {found}"


def test_a_law_page_path_reads_back_to_its_parts() -> None:
    for lang, edition, number in (("pl", 2017, 64), ("en", 1997, 9)):
        assert law_page_parts(law_page(edition, lang, number)) == (lang, edition, number)
    assert law_page_parts(laws_index_page("pl")) is None
    assert law_page_parts("pl/situations/board-turned-round.md") is None
