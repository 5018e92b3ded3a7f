"""The class names of our pages, from one table (tools/data/markup.yaml): Python writes
`M.law_text`, the page scripts read the same table from the page-script bundle, and the
site stage checks the stylesheets against it (tools/site/markup_check.py)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from tools.errors import SourceError
from tools.yaml_data import YAMLError, load_yaml

MARKUP_FILE = Path(__file__).resolve().parent / "data" / "markup.yaml"
SCRIPT_GLOBAL = "bridgelawMarkup"  # in the page-script bundle, beside bridgelawText
FAMILY = "*"  # a class ending in it is a prefix the writer completes (lvl* -> lvl0 … lvl4)
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_CLASS = re.compile(r"-?[_a-zA-Z][\w-]*\Z")


@cache
def _load() -> tuple[dict[str, str], frozenset[str]]:
    try:
        data = load_yaml(MARKUP_FILE.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as error:
        raise SourceError(str(MARKUP_FILE), f"cannot read the markup names: {error}") from error
    if not isinstance(data, dict) or not data:
        raise SourceError(str(MARKUP_FILE), "want a table of name: class")
    for name, value in data.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise SourceError(str(MARKUP_FILE), f"name {name!r}: want lower_case_with_underscores")
        if not isinstance(value, str) or not _CLASS.match(value.removesuffix(FAMILY)):
            raise SourceError(str(MARKUP_FILE), f"{name}: {value!r} is not a class name")
    table = {name: value.removesuffix(FAMILY) for name, value in data.items()}
    twice = sorted({v for v in table.values() if list(table.values()).count(v) > 1})
    if twice:
        raise SourceError(str(MARKUP_FILE), f"declared twice: {', '.join(twice)}")
    return table, frozenset(table[n] for n, v in data.items() if v.endswith(FAMILY))


def markup_table() -> dict[str, str]:
    """The declared names: {name: class}, a family's class without its "*"."""
    return _load()[0]


def families() -> frozenset[str]:
    """The prefixes declared as families (their class ends in "*" in the file)."""
    return _load()[1]


def is_declared(class_name: str) -> bool:
    """Whether a class is a declared name or a declared family's prefix plus a value."""
    if class_name in markup_table().values():
        return True
    return any(class_name.startswith(prefix) and class_name != prefix for prefix in families())


class _Markup:
    """The table by attribute (`M.law_text`), read on first use, so a bad file is reported as a
    SourceError by the stage that renders, not at import."""

    def __getattr__(self, name: str) -> str:
        try:
            return markup_table()[name]
        except KeyError:
            raise AttributeError(f"{MARKUP_FILE}: no markup name {name!r}") from None


MARKUP = _Markup()


def script_line() -> str:
    """The markup table as the scripts' global, one line of the page-script bundle
    (tools/site/scripts.py)."""
    data = json.dumps(markup_table(), separators=(",", ":"), sort_keys=True)
    return f"window.{SCRIPT_GLOBAL} = {data};\n"
