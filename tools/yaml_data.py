"""Our own data files: read as UTF-8 with an error naming the file; YAML (glossary, word pairs,
trees, situations, interface strings) read safely and fast, libyaml's loader where PyYAML has it
(ten times the pure-Python one), else the same rules in Python; and the checks their text
fields share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tools.errors import SourceError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAMLError = yaml.YAMLError


def load_yaml(text: str) -> Any:
    """The data of a YAML document, with safe_load's rules (plain data, no Python objects)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader, C or Python


def entry_list(text: str, source: str, what: str) -> list[Any]:
    """The entries of a data file that is a YAML list (`what` names it: "glossary"), or a
    SourceError naming `source` when it is not valid YAML or no non-empty list."""
    try:
        data = load_yaml(text)
    except YAMLError as error:
        raise SourceError(source, f"not valid YAML: {error}") from None
    if not isinstance(data, list) or not data:
        raise SourceError(source, f"the {what} must be a non-empty list of entries")
    return data


def read_data_file(path: Path, what: str) -> str:
    """The UTF-8 text of one of our data files, or a SourceError naming it and saying whether it
    is missing or not UTF-8 (`what` names the kind of file: "glossary", "word pairs")."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(str(path), f"{what} file not found") from None
    except UnicodeDecodeError as error:
        raise SourceError(str(path), f"not UTF-8: {error}") from None


def text_value(value: Any, where: str, field: str) -> str:
    """A data file's text field: a non-empty string written trimmed, or a SourceError at
    `where` naming the field."""
    if not isinstance(value, str) or not value.strip():
        raise SourceError(where, f"{field} must be a non-empty string, got {value!r}")
    if value != value.strip():
        raise SourceError(where, f"{field} has leading or trailing spaces (write it trimmed): "
                                 f"{value!r}")
    return value


def text_list(value: Any, where: str, field: str) -> tuple[str, ...]:
    """A data file's list of text fields (text_value), none repeated; an absent list is empty."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise SourceError(where, f"{field} must be a list of strings, got {value!r}")
    items = tuple(text_value(item, where, f"{field} item") for item in value)
    if len(set(items)) != len(items):
        raise SourceError(where, f"{field} repeats a form: {list(items)!r}")
    return items
