"""YAML of our own data files (glossary, trees, situations, interface strings), read safely and
fast: libyaml's loader where PyYAML has it (ten times the pure-Python one), else the same rules
in Python."""

from __future__ import annotations

from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAMLError = yaml.YAMLError


def load_yaml(text: str) -> Any:
    """The data of a YAML document, with safe_load's rules (plain data, no Python objects)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader, C or Python
