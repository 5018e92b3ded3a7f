"""Finding one law or unit by citation in the built model, and printing it."""

from __future__ import annotations

import difflib
import textwrap
from dataclasses import dataclass, field
from typing import Any

from tools.citation_id import parse_citation_query
from tools.config import Config
from tools.model import Corpus, Law, Unit, corpus_from_json, unit_ids, walk
from tools.urls import law_number


class ShowError(Exception):
    """A citation that names nothing in the model (the message lists the nearest ids)."""


@dataclass
class Found:
    """A law and, unless the citation names the whole law, the unit inside it with its parents."""

    law: Law
    unit: Unit | None
    parents: list[Unit] = field(default_factory=list)


def load_corpus(config: Config) -> Corpus:
    """The model written by the scrape stage."""
    if not config.model_file.exists():
        raise ShowError(
            f"{config.model_file}: no model yet; run `bridgelaw scrape` or `bridgelaw build`"
        )
    return corpus_from_json(config.model_file.read_text(encoding="utf-8"))


def _path_to(units: list[Unit], unit_id: str) -> list[Unit] | None:
    for unit in units:
        if unit.id == unit_id:
            return [unit]
        below = _path_to(unit.children, unit_id)
        if below:
            return [unit, *below]
    return None


def find_citation(
    config: Config, query: str, *, lang: str = "pl", edition: int | None = None
) -> Found:
    """The unit a query names in one language and edition (default: the newest that has it)."""
    corpus = load_corpus(config)
    unit_id = parse_citation_query(query)
    if unit_id is None:
        raise ShowError(
            f"{query!r} is not a citation (try forms like 64, 64B3, L50D2a, 'przepis 50D2')"
        )
    editions = [edition] if edition else sorted({law.edition for law in corpus.laws}, reverse=True)
    number = law_number(unit_id)
    candidates = [corpus.law(ed, lang, number) for ed in editions]
    laws = [law for law in candidates if law is not None]
    for law in laws:
        if unit_id == law.id:
            return Found(law=law, unit=None)
        path = _path_to(law.sections, unit_id)
        if path:
            return Found(law=law, unit=path[-1], parents=path[:-1])
    known = [
        i
        for law in corpus.laws
        if law.lang == lang and law.edition in editions
        for i in unit_ids(law)
    ]
    nearest = difflib.get_close_matches(unit_id, known, n=5, cutoff=0.5)
    where = f"{'/'.join(str(e) for e in editions)} {lang}"
    if not laws:
        have = sorted(
            {law.number for law in corpus.laws if law.lang == lang and law.edition in editions}
        )
        raise ShowError(
            f"no law {number} in the {where} text of this build (laws present: "
            f"{', '.join(map(str, have)) or 'none'})"
            + (f"; nearest ids: {', '.join(nearest)}" if nearest else "")
        )
    raise ShowError(
        f"no unit {unit_id} in the {where} text; nearest ids: {', '.join(nearest) or 'none'}"
    )


def _children_json(unit: Unit) -> dict[str, Any]:
    return {
        "id": unit.id,
        "title": unit.title,
        "text": unit.text,
        "children": [_children_json(child) for child in unit.children],
    }


def unit_json(found: Found) -> dict[str, Any]:
    """{"id", "law", "lang", "edition", "title", "text", "source_url", "children"} for --json."""
    law, unit = found.law, found.unit
    return {
        "id": unit.id if unit else law.id,
        "law": law.number,
        "lang": law.lang,
        "edition": law.edition,
        "title": title_path(found),
        "text": unit.text if unit else law.text,
        "source_url": law.source_url,
        "children": [_children_json(c) for c in (unit.children if unit else law.sections)],
    }


def title_path(found: Found) -> str:
    """ "64 Postępowanie ... › 64B Brak automatycznego przekazania lew › 64B3"."""
    parts = [f"{found.law.id} {found.law.title}".strip()]
    for unit in [*found.parents, *([found.unit] if found.unit else [])]:
        parts.append(f"{unit.id} {unit.title}".strip())
    return " › ".join(parts)


def unit_text(found: Found) -> str:
    """The unit and everything below it as indented plain text, under its title path."""
    law = found.law
    lines = [title_path(found), f"[{law.edition}, {law.lang}] {law.source_url}", ""]
    if found.unit is None:
        if law.text:
            lines += [*textwrap.wrap(law.text, 88), ""]
        units = law.sections
    else:
        units = [found.unit]
    base = units[0].level if units else 1
    for unit in walk(units):
        indent = "  " * (unit.level - base)
        head = f"{indent}{unit.id}" + (f" {unit.title}" if unit.title else "")
        lines.append(head)
        for paragraph in unit.text.split("\n\n") if unit.text else []:
            lines += textwrap.wrap(
                paragraph, 88, initial_indent=indent + "  ", subsequent_indent=indent + "  "
            )
    if found.unit is None:
        lines += [f"{note.marker} {note.text}" for note in law.footnotes]
        lines += law.notes
    return "\n".join(lines).rstrip() + "\n"
