"""The situation catalogue: typed model, loader and validation of assistant/situations.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.tree import Text
from tools.config import Config
from tools.errors import SourceError
from tools.model import LANGS, Problem
from tools.normalize.citation_id import is_citation_id
from tools.yaml_data import YAMLError, load_yaml

_SITUATION_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_KEYS = {"id", "title", "phrases", "answer", "tree", "laws", "edition_note"}


@dataclass(frozen=True)
class Situation:
    """Something that happened at the table, as players describe it, and where its ruling is."""

    id: str
    title: Text
    phrases: dict[str, list[str]]  # lang -> the words players use for it
    answer: Text
    tree: str
    laws: list[str]  # 2017 citation ids
    edition_note: Text | None = None


def situations_file(config: Config) -> Path:
    """Where the catalogue lives."""
    return config.assistant_dir / "situations.yaml"


def retired_file(config: Config) -> Path:
    """Where the ids of situations folded into others live, with the ids that answer them now."""
    return config.assistant_dir / "retired.yaml"


def _text(value: Any, where: str) -> Text:
    if not isinstance(value, dict):
        raise SourceError(where, "expected {pl: ..., en: ...}")
    unknown = sorted(set(value) - set(LANGS))
    if unknown:
        raise SourceError(where, f"unknown language keys {unknown}")
    return Text(pl=str(value.get("pl") or "").strip(), en=str(value.get("en") or "").strip())


def _phrases(value: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise SourceError(where, "phrases must be {pl: [...], en: [...]}")
    unknown = sorted(set(value) - set(LANGS))
    if unknown:
        raise SourceError(where, f"unknown language keys {unknown}")
    phrases: dict[str, list[str]] = {}
    for lang in LANGS:
        items = value.get(lang) or []
        if not isinstance(items, list) or not all(isinstance(p, str) for p in items):
            raise SourceError(where, f"phrases.{lang} must be a list of strings")
        phrases[lang] = [p.strip() for p in items if p.strip()]
    return phrases


def situation_from_dict(data: Any, where: str) -> Situation:
    """One situation from parsed YAML; SourceError naming `where` if it is malformed."""
    if not isinstance(data, dict):
        raise SourceError(where, "a situation must be a mapping")
    missing = sorted({"id", "title", "phrases", "answer", "tree", "laws"} - set(data))
    if missing:
        raise SourceError(where, f"missing keys {missing}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SourceError(where, f"unknown keys {unknown}")
    where = f"{where} ({data['id']})"
    laws = data["laws"]
    if not isinstance(laws, list) or not laws:
        raise SourceError(where, 'laws must be a non-empty list like ["64A1"]')
    note = data.get("edition_note")
    return Situation(
        id=str(data["id"]),
        title=_text(data["title"], f"{where}: title"),
        phrases=_phrases(data["phrases"], f"{where}: phrases"),
        answer=_text(data["answer"], f"{where}: answer"),
        tree=str(data["tree"]),
        laws=[str(law) for law in laws],
        edition_note=_text(note, f"{where}: edition_note") if note is not None else None,
    )


def parse_situations(text: str, source: str) -> list[Situation]:
    """The situations in YAML `text`; SourceError naming `source` and the entry on bad input."""
    try:
        data = load_yaml(text)
    except YAMLError as error:
        raise SourceError(source, f"not valid YAML: {error}") from error
    if not isinstance(data, list):
        raise SourceError(source, "the catalogue must be a list of situations")
    situations = [
        situation_from_dict(item, f"{source}: entry {number}")
        for number, item in enumerate(data, start=1)
    ]
    seen: set[str] = set()
    for situation in situations:
        if situation.id in seen:
            raise SourceError(source, f"duplicate situation id {situation.id!r}")
        seen.add(situation.id)
    return situations


def load_situations(config: Config) -> list[Situation]:
    """The catalogue in file order; SourceError naming the file if unreadable or malformed."""
    path = situations_file(config)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SourceError(str(path), f"cannot read: {error}") from error
    return parse_situations(text, str(path))


def validate_situations(
    situations: list[Situation], tree_ids: set[str], known_ids: set[str]
) -> list[Problem]:
    """Problems of the catalogue: unknown trees, unknown or malformed law ids, missing text."""
    problems: list[Problem] = []

    def report(kind: str, situation: Situation, message: str) -> None:
        where = f"assistant/situations.yaml#{situation.id}"
        problems.append(Problem(kind, where, f"situation {situation.id}: {message}"))

    for situation in situations:
        if not _SITUATION_ID.match(situation.id):
            report("situation-id", situation, "ids are lowercase words joined by dashes")
        if situation.tree not in tree_ids:
            report("unknown-tree", situation, f"tree {situation.tree!r} does not exist")
        for part, text in (("title", situation.title), ("answer", situation.answer)):
            for lang in LANGS:
                if not text.get(lang):
                    report("missing-translation", situation, f"{part} has no {lang} text")
        if situation.edition_note is not None:
            for lang in LANGS:
                if not situation.edition_note.get(lang):
                    report("missing-translation", situation, f"edition_note has no {lang} text")
        for lang in LANGS:
            if not situation.phrases.get(lang):
                report("missing-translation", situation, f"no {lang} phrases")
        for law in situation.laws:
            if law in known_ids:  # the outline's own ids win over the pattern
                continue
            if not is_citation_id(law):
                report("bad-citation", situation, f"{law!r} is not a citation id like 64A1 or 71.1")
            else:
                message = f"{law} is neither in the corpus nor the outline"
                report("unknown-citation", situation, message)
    return problems


def load_retired(config: Config) -> dict[str, str]:
    """Old situation id -> the id that answers it now (none when the file is absent);
    SourceError naming the file if it is unreadable or not such a mapping."""
    path = retired_file(config)
    if not path.exists():
        return {}
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, YAMLError) as error:
        raise SourceError(str(path), f"cannot read: {error}") from error
    data = {} if data is None else data
    if not isinstance(data, dict) or not all(
        isinstance(old, str) and isinstance(new, str) for old, new in data.items()
    ):
        raise SourceError(str(path), "must map each old situation id to the id that answers it now")
    return dict(sorted(data.items()))


def validate_retired(retired: dict[str, str], situation_ids: set[str]) -> list[Problem]:
    """Problems of the retired ids: an old id that is a situation again, or one pointing to an
    id that is no situation."""
    problems: list[Problem] = []
    for old, new in retired.items():
        where = f"assistant/retired.yaml#{old}"
        if old in situation_ids:
            problems.append(Problem("retired-id-in-use", where,
                                    f"retired situation {old} is a situation again"))
        if new not in situation_ids:
            message = f"retired situation {old} points to {new}, which is no situation"
            problems.append(Problem("retired-id-target", where, message))
    return problems
