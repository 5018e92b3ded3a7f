"""YAML of our own data files (glossary, trees, situations, interface strings), read safely and
fast: libyaml's loader where PyYAML has it (ten times the pure-Python one), else the same rules
in Python."""

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


def read_data_file(path: Path, what: str) -> str:
    """The UTF-8 text of one of our data files, or a SourceError naming it and saying whether it
    is missing or not UTF-8 (`what` names the kind of file: "glossary", "word pairs")."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(str(path), f"{what} file not found") from None
    except UnicodeDecodeError as error:
        raise SourceError(str(path), f"not UTF-8: {error}") from None
