"""No citation-id pattern outside the one place: the id's shape is described once
(tools/data/citation_ids.json) and composed once (tools/normalize/citation_id.py); code that
needs an id's law, parts or levels asks that module (the browser: assets/bridgelaw/ids.js, which
takes the composed pattern from the page-script bundle). This test fails on a new regular
expression of the id's shape anywhere else in tools/, assistant/ or site_overrides/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("tools", "assistant", "site_overrides")
SUFFIXES = (".py", ".js", ".html")
ALLOWED = {"tools/normalize/citation_id.py"}  # the one place

# Pieces of a pattern as written in source (an f-string's "{{1,2}}" too): a digit ("\d",
# "\d{1,2}", "\d+"), the letters of an id's level ("[A-Z]", "[a-k]", "[A-Za-z]", roman "[ivx]"),
# and what may stand between two of them without breaking the shape: groups, quantifiers,
# lookarounds.
_DIGIT = r"(?:\\d|\[0-9\])(?:\{\{?\d*,?\d*\}?\}|[?*+])?"
_LETTERS = r"\[(?:(?:[A-Za-z]-[A-Za-z])+|[ivxlIVXL]+)\]"
_GLUE = r"(?:\(\?:|\(\?P?<\w+>|\(\?<?[=!](?:[^()]|\([^()]*\))*\)|[()?*+]|\{\{?\d*,?\d*\}?\})*"
SHAPES = {
    # a number next to a level's letters: 64B, B3, 2a, a1 ("\d{1,2}[A-Z]", "[A-H]\d{0,2}")
    "number and letters": rf"{_DIGIT}{_GLUE}{_LETTERS}|{_LETTERS}{_GLUE}{_DIGIT}",
    # an item that hangs from a law: 71.1 ("\d{1,2}\.\d{1,2}")
    "law item": rf"{_DIGIT}{_GLUE}\\\.{_GLUE}{_DIGIT}",
    # a law's footnote: 64* ("\d{1,2}(?:\*+)")
    "footnote": rf"{_DIGIT}{_GLUE}\\\*",
    # one level's label on its own, as a table of levels writes it ("[A-Z]", "\d{1,2}")
    "one level": rf"""r?(["'])(?:\\d\{{1,2\}}|{_LETTERS}(?:[+*?]|\{{\d*,?\d*\}})?)\1""",
}
# a script reading a law number off the front of an id: /^\d+/.exec(id)
JS_LAW_NUMBER = r"/\^\(?\\d"
_FOUND = re.compile("|".join(f"(?:{shape})" for shape in SHAPES.values()))
_JS_FOUND = re.compile(JS_LAW_NUMBER)


def id_patterns(text: str, script: bool) -> list[str]:
    """The id-shaped patterns in a file's text, each with its line number."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        hits = [m.group(0) for m in _FOUND.finditer(line)]
        if script:
            hits += [m.group(0) for m in _JS_FOUND.finditer(line)]
        found += [f"{number}: {hit}   ({line.strip()[:90]})" for hit in hits]
    return found


def source_files() -> list[Path]:
    """Our code and templates in the scanned folders."""
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*")
                  if path.suffix in SUFFIXES and "__pycache__" not in path.parts)


def test_no_citation_id_pattern_outside_the_one_place() -> None:
    found = {}
    for path in source_files():
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        hits = id_patterns(path.read_text(encoding="utf-8"), path.suffix == ".js")
        if hits:
            found[name] = hits
    assert not found, ("a citation id's shape written outside tools/normalize/citation_id.py: "
                       "ask that module (parse_id, leading_id, LEVEL; ids.js in the browser) "
                       f"instead: {found}")


# The patterns this issue replaced, each of which the scan must catch.
REPLACED = [
    (r'_PARTS = re.compile(r"(\d{1,2})(?:\.(\d{1,2})([a-z])?"', False),
    (r'_UNIT_ID = re.compile(r"(\d{1,2})(?:\.(\d{1,2})([a-z])?|([A-Z])?(\d{1,2})?([a-z])?)")',
     False),
    (r'_TOKEN = (r"\d{1,3}(?:\.\d{1,2}(?![\d.]))?"', False),
    (r'_ABS_SEP = rf"(?:{_LIST_SEP}(?=\d)|\s+(?=\d{{1,2}}[A-Z]))"', False),
    (r'_REL = r"(?:[A-H]\d{0,2}(?:\([a-k]\)|[a-k](?![\w]))?|\([a-h]\))"', False),
    (r'_LEVEL_SUFFIX = {1: re.compile(r"[A-Z]"), 2: re.compile(r"\d{1,2}")}', False),
    (r'4: re.compile(r"[ivx]+")}', False),
    (r'_UNIT = re.compile(r"\d{1,2}(?:\*+)?$")', False),
    (r'_LAW = re.compile(r"\d{1,2}")', False),
    (r'rf"(?:p|law)?[-_]?{number}([A-Za-z])(\d+)?([a-z])?"', False),
    (r'(/\d[a-z]$/.test(id) && /[ivx]/.test(next));', True),
    (r'url: unitUrl("2017", /^\d+[A-Z]?/.exec(cited)[0]) });', True),
    (r'var match = /^(\d+)/.exec(id);', True),
]
# Patterns of other things the scan must leave alone.
OTHERS = [
    (r'ITEM = re.compile(r"^(\d{1,2})\.\s*(\S.*)$")', False),  # a printed list number "3."
    (r'r"^[\s\u00a0]*(?:(?P<number>\d{1,2})[.)]|(?P<letter>[a-z])\)"', False),  # "1." "a)"
    (r'LAW_PAGE = re.compile(r"/([pl])(\d{1,2})\.html?$")', False),  # a page's address
    (r'PRINTED_LETTER = re.compile(r"([A-Z])[.)]\s+(?=\S)")', False),  # a section's "B."
    (r'.replace(/^\D*\d+\.\s*/, "")', True),  # a title's "Law 64. "
]


@pytest.mark.parametrize(("line", "script"), REPLACED)
def test_the_scan_catches_an_id_pattern(line: str, script: bool) -> None:
    assert id_patterns(line, script)


@pytest.mark.parametrize(("line", "script"), OTHERS)
def test_the_scan_leaves_other_patterns_alone(line: str, script: bool) -> None:
    assert not id_patterns(line, script)
