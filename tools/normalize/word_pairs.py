"""The word pairs: the everyday words of the laws in English and the Polish words the Polish text
says them with, read by search the way it reads the glossary's term pairs (an English query
reading the Polish law text)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.errors import SourceError
from tools.yaml_data import entry_list, read_data_file, text_list


@dataclass(frozen=True)
class WordPair:
    """English forms of one word and the Polish words that say it, any one of them enough."""

    en: tuple[str, ...]
    pl: tuple[str, ...]


def _forms(value: Any, where: str, field: str) -> tuple[str, ...]:
    forms = text_list(value, where, field)
    if not forms:
        raise SourceError(where, f"{field} must be a non-empty list of words, got {value!r}")
    return forms


def parse_word_pairs(text: str, source: str) -> list[WordPair]:
    """The validated word pairs of a YAML text; `source` names it in errors."""
    data = entry_list(text, source, "word pairs")
    pairs = []
    seen: dict[str, int] = {}
    for number, entry in enumerate(data, start=1):
        where = f"{source}: entry {number}"
        if not isinstance(entry, dict) or set(entry) != {"en", "pl"}:
            raise SourceError(where, f"an entry must have exactly en and pl, got {entry!r}")
        pair = WordPair(_forms(entry["en"], where, "en"), _forms(entry["pl"], where, "pl"))
        for form in pair.en:
            if form.casefold() in seen:
                earlier = seen[form.casefold()]
                raise SourceError(where, f"en form {form!r} is already in entry {earlier}")
            seen[form.casefold()] = number
        pairs.append(pair)
    return pairs


def load_word_pairs(path: Path) -> list[WordPair]:
    """The validated word pairs of the file, in file order."""
    text = read_data_file(path, "word pairs")
    return parse_word_pairs(text, str(path))
