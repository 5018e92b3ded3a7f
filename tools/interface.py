"""The interface strings of every page, command and script, from one table
(tools/data/interface.yaml): one section per place that shows them, both languages alike."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.yaml_data import YAMLError, load_yaml

INTERFACE_FILE = Path(__file__).resolve().parent / "data" / "interface.yaml"
# The sections the site's page scripts read, from the one generated script (SCRIPT_FILE, written
# by the site stage and loaded first by site_overrides/main.html) under the global SCRIPT_GLOBAL.
SCRIPT_SECTIONS = ("script_site", "script_offline", "script_wizard", "script_search")
# Keys of other sections the scripts show too: the same words as the Python side, held once.
SCRIPT_SHARED = {"editions": ("laws", "not_in_build", "not_in_build_short", "official_short",
                              "counterpart_short", "uncertain", "title_en", "title_pl",
                              "no_title")}
WORKER_SECTION = "script_worker"  # the service worker's, written into sw.js (tools/site/offline.py)
SCRIPT_FILE = "assets/bridgelaw/interface.js"
SCRIPT_GLOBAL = "bridgelawText"


def _key_paths(texts: dict[str, Any], prefix: str = "") -> set[str]:
    """Every key of a language's texts, a nested table's keys as "table.key"."""
    paths = set()
    for key, value in texts.items():
        paths.add(prefix + key)
        if isinstance(value, dict):
            paths |= _key_paths(value, f"{prefix}{key}.")
    return paths


@cache
def _table() -> dict[str, dict[str, dict[str, Any]]]:
    try:
        data = load_yaml(INTERFACE_FILE.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as error:
        raise SourceError(str(INTERFACE_FILE), f"cannot read the interface strings: {error}"
                          ) from error
    for section, langs in data.items():
        if set(langs) != {"pl", "en"}:
            raise SourceError(str(INTERFACE_FILE), f"section {section}: languages {sorted(langs)}"
                                                   ", want en and pl")
        differ = sorted(_key_paths(langs["pl"]) ^ _key_paths(langs["en"]))
        if differ:
            raise SourceError(str(INTERFACE_FILE), f"section {section}: keys in one language "
                                                   f"only: {', '.join(differ)}")
    return data


def interface(section: str) -> dict[str, dict[str, Any]]:
    """One section of the table: {"pl": {key: text}, "en": {key: text}} (a script's section may
    nest a table of its own: {key: {key: text}})."""
    table = _table()
    if section not in table:
        raise SourceError(str(INTERFACE_FILE), f"no section {section!r}")
    return table[section]


def plural(n: int, forms: dict[str, str]) -> str:
    """The form of a noun for `n` things, from its forms by count (interface.yaml): "one" for
    one, "few" for 2-4 (12-14 aside, as Polish counts; English gives the same word as "many"),
    "many" otherwise."""
    if n == 1:
        return forms["one"]
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return forms["few"]
    return forms["many"]


def script_strings() -> dict[str, dict[str, dict[str, Any]]]:
    """What the page scripts read, per language: {lang: {name: texts}}, each SCRIPT_SECTIONS
    section by its name without "script_", and the SCRIPT_SHARED keys by their section's name."""
    out: dict[str, dict[str, dict[str, Any]]] = {"pl": {}, "en": {}}
    for lang, sections in out.items():
        for section in SCRIPT_SECTIONS:
            sections[section.removeprefix("script_")] = interface(section)[lang]
        for section, keys in SCRIPT_SHARED.items():
            sections[section] = {key: interface(section)[lang][key] for key in keys}
    return out


def script_source() -> str:
    """The generated SCRIPT_FILE: one global object holding script_strings(), in both languages
    (a page reads its own; a second language is a few hundred bytes of one cached file)."""
    data = json.dumps(script_strings(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return (f"/* bridgelaw: the site scripts' words, generated from tools/data/interface.yaml "
            f"by the site stage */\nwindow.{SCRIPT_GLOBAL} = {data};\n")
