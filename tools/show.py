"""Finding one law or unit by citation in the built model, and printing it with its edition
(2017, the edition in force, unless asked otherwise)."""

from __future__ import annotations

import difflib
import textwrap
from dataclasses import dataclass, field
from typing import Any

from tools.config import Config
from tools.errors import BridgelawError
from tools.model import Corpus, Law, Unit, read_model, unit_ids, walk
from tools.normalize.citation_id import law_number, parse_citation_query
from tools.normalize.cite2017 import IN_FORCE, Cite, new_counterparts, resolve, sources
from tools.render.cite_text import EDITION_UI, cite_json, cite_line, edition_label, missing_lines


class ShowError(Exception):
    """A citation that names nothing in the model (the message lists the nearest ids)."""


@dataclass
class Found:
    """A law and, unless the citation names the whole law, the unit inside it with its parents."""

    law: Law
    unit: Unit | None
    parents: list[Unit] = field(default_factory=list)


def load_corpus(config: Config) -> Corpus:
    """The model written by the render stage (tools.model.read_model), a ShowError when none."""
    try:
        return read_model(config.model_file)
    except BridgelawError as error:
        raise ShowError(str(error)) from error


def _path_to(units: list[Unit], unit_id: str) -> list[Unit] | None:
    for unit in units:
        if unit.id == unit_id:
            return [unit]
        below = _path_to(unit.children, unit_id)
        if below:
            return [unit, *below]
    return None


@dataclass
class Missing:
    """A 2017 id the official outline has but whose text is not in the build."""

    cite: Cite


def _find_in(corpus: Corpus, edition: int, lang: str, unit_id: str) -> Found | None:
    """The unit in the `lang` text of `edition`, else in the other language's text."""
    number = law_number(unit_id)
    for text_lang in dict.fromkeys((lang, "pl", "en")):
        law = corpus.law(edition, text_lang, number)
        if law is None:
            continue
        if unit_id == law.id:
            return Found(law=law, unit=None)
        path = _path_to(law.sections, unit_id)
        if path:
            return Found(law=law, unit=path[-1], parents=path[:-1])
    return None


def find_citation(
    config: Config, query: str, *, lang: str = "pl", edition: int | None = None
) -> Found | Missing:
    """The unit a query names in one edition (default: 2017, the edition in force), in `lang`
    when the build has that text, else in the other language; Missing when the 2017 outline
    has the id but the build has no 2017 text of it."""
    corpus = load_corpus(config)
    unit_id = parse_citation_query(query)
    if unit_id is None:
        raise ShowError(
            f"{query!r} is not a citation (try forms like 64, 64B3, L50D2a, 'przepis 50D2', "
            "71.1 or 'Law 71 item 1')"
        )
    edition = edition or IN_FORCE
    found = _find_in(corpus, edition, lang, unit_id)
    if found is not None:
        return found
    src = sources(corpus, config.outline_file)
    official = src.outline.all_ids() if src.outline is not None else set()
    if edition == IN_FORCE and unit_id in official:
        return Missing(resolve(src, lang, unit_id))
    known = {i for law in corpus.laws if law.edition == edition for i in unit_ids(law)}
    if edition == IN_FORCE:
        known |= official
    nearest = difflib.get_close_matches(unit_id, sorted(known), n=5, cutoff=0.5)
    have = sorted({law.number for law in corpus.laws if law.edition == edition})
    where = f"the {edition} text of this build" + (
        "" if edition == IN_FORCE else f" (laws present: {', '.join(map(str, have)) or 'none'})")
    raise ShowError(
        f"no unit {unit_id} in {where}"
        + (" nor in the official 2017 outline" if edition == IN_FORCE else "")
        + f"; nearest ids: {', '.join(nearest) or 'none'}"
    )


def _children_json(unit: Unit) -> dict[str, Any]:
    return {
        "id": unit.id,
        "title": unit.title,
        "text": unit.text,
        "children": [_children_json(child) for child in unit.children],
    }


def unit_json(found: Found, config: Config | None = None) -> dict[str, Any]:
    """{"id", "law", "lang", "edition", "in_force", "title", "text", "source_url", "children"}
    for --json; a 1997 unit also lists its 2017 counterparts (through the concordance)."""
    law, unit = found.law, found.unit
    data: dict[str, Any] = {
        "id": unit.id if unit else law.id,
        "law": law.number,
        "lang": law.lang,
        "edition": law.edition,
        "in_force": law.edition == IN_FORCE,
        "title": title_path(found),
        "text": unit.text if unit else law.text,
        "source_url": law.source_url,
        "children": [_children_json(c) for c in (unit.children if unit else law.sections)],
    }
    if law.edition != IN_FORCE and config is not None:
        data["counterparts_2017"] = [cite_json(c) for c in _new_counterparts(found, config)]
    return data


def missing_json(missing: Missing) -> dict[str, Any]:
    """--json of a 2017 id whose text is not in the build: text null, where to read it."""
    return {**cite_json(missing.cite), "lang": missing.cite.lang, "text": None, "in_force": True}


def _new_counterparts(found: Found, config: Config) -> list[Cite]:
    unit_id = found.unit.id if found.unit else found.law.id
    return new_counterparts(sources(load_corpus(config), config.outline_file), found.law.lang,
                            unit_id)


def title_path(found: Found) -> str:
    """ "64 Postępowanie ... › 64B Brak automatycznego przekazania lew › 64B3"."""
    parts = [f"{found.law.id} {found.law.title}".strip()]
    for unit in [*found.parents, *([found.unit] if found.unit else [])]:
        parts.append(f"{unit.id} {unit.title}".strip())
    return " › ".join(parts)


def _edition_lines(found: Found, config: Config | None, ui_lang: str) -> list[str]:
    """The edition line under the title, and for a 1997 text its warning and 2017 counterparts."""
    law = found.law
    ui = EDITION_UI[ui_lang]
    lines = [f"[{edition_label(law.edition, ui_lang)}, {law.lang}] {law.source_url}"]
    if law.lang != ui_lang:
        lines.append(ui["other_text"])
    if law.edition == IN_FORCE or config is None:
        return lines
    lines.append(ui["same_id_warning"])
    cites = _new_counterparts(found, config)
    if not cites:
        return [*lines, ui["no_new_counterpart"]]
    lines.append(f"{ui['new_counterpart']}:")
    for cite in cites:
        where = f"bridgelaw show {cite.id}" if cite.in_build else cite.official_url
        lines.append(f"  {IN_FORCE} {cite_line(cite, ui_lang).splitlines()[0]}")
        lines.append(f"    {ui['see']}: {where}")
    return lines


def unit_text(found: Found, config: Config | None = None, ui_lang: str = "pl") -> str:
    """The unit and everything below it as indented plain text, under its title path and
    its edition."""
    law = found.law
    lines = [title_path(found), *_edition_lines(found, config, ui_lang), ""]
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


def missing_text(missing: Missing) -> str:
    """What `show` prints for a 2017 id whose text is not in the build."""
    return "\n".join(missing_lines(missing.cite, missing.cite.lang)).rstrip() + "\n"
