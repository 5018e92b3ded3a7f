"""The interface strings of every page, command and script, from one table
(tools/data/interface.yaml): one section per place that shows them, both languages alike."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tools.errors import SourceError

INTERFACE_FILE = Path(__file__).resolve().parent / "data" / "interface.yaml"


@cache
def _table() -> dict[str, dict[str, dict[str, str]]]:
    import yaml

    try:
        data = yaml.safe_load(INTERFACE_FILE.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise SourceError(str(INTERFACE_FILE), f"cannot read the interface strings: {error}"
                          ) from error
    for section, langs in data.items():
        if set(langs) != {"pl", "en"}:
            raise SourceError(str(INTERFACE_FILE), f"section {section}: languages {sorted(langs)}"
                                                   ", want en and pl")
        if set(langs["pl"]) != set(langs["en"]):
            differ = sorted(set(langs["pl"]) ^ set(langs["en"]))
            raise SourceError(str(INTERFACE_FILE), f"section {section}: keys in one language "
                                                   f"only: {', '.join(differ)}")
    return data


def interface(section: str) -> dict[str, dict[str, str]]:
    """One section of the table: {"pl": {key: text}, "en": {key: text}}."""
    table = _table()
    if section not in table:
        raise SourceError(str(INTERFACE_FILE), f"no section {section!r}")
    return table[section]
