"""The phone's language toggle on a law page that has both texts: two radio buttons before the
rows, so CSS alone shows one language or the other (no script, nothing moves as the page loads).
On a wide screen both texts stand side by side and the toggle is hidden (assets/bridgelaw/site.css).
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.markup import MARKUP as M
from tools.model import Law, Unit, walk
from tools.render.base import LANG_NAMES, UI


def lang_toggle(page_lang: str, primary_lang: str, other_lang: str) -> str:
    """The toggle's inputs and labels: the page's own text first, the other one tap away."""
    inputs = (
        f'<input type="radio" class="{M.lang_pick_input}" name="bl-text-lang" id="bl-show-main" '
        'value="main" checked>'
        f'<input type="radio" class="{M.lang_pick_input}" name="bl-text-lang" id="bl-show-other" '
        'value="other">'
    )
    labels = (
        f'<div class="{M.lang_pick}" role="group" aria-label="{UI[page_lang]["text_language"]}">'
        f'<label for="bl-show-main" lang="{primary_lang}">{LANG_NAMES[primary_lang]}</label>'
        f'<label for="bl-show-other" lang="{other_lang}">{LANG_NAMES[other_lang]}</label></div>'
    )
    return inputs + labels


@dataclass
class Row:
    """One aligned row: the unit's id and its version in each language (None if absent)."""

    id: str
    level: int
    label: str
    units: dict[str, Unit | None]


def _row(unit: Unit, primary: Unit | None, other: Unit | None) -> Row:
    return Row(unit.id, unit.level, unit.label, {"primary": primary, "other": other})


def align_languages(primary: Law, other: Law | None) -> list[Row]:
    """The units of both languages aligned by id, in the primary text's order."""
    primary_units = list(walk(primary.sections))
    other_units = list(walk(other.sections)) if other is not None else []
    other_by_id = {unit.id: unit for unit in other_units}
    primary_ids = {unit.id for unit in primary_units}
    rows: list[Row] = []
    pending_other = [u for u in other_units if u.id not in primary_ids]
    other_pos = {unit.id: index for index, unit in enumerate(other_units)}
    for unit in primary_units:
        # other-language-only units go before the first primary unit that follows them there
        here = other_pos.get(unit.id)
        if here is not None:
            while pending_other and other_pos[pending_other[0].id] < here:
                extra = pending_other.pop(0)
                rows.append(_row(extra, None, extra))
        rows.append(_row(unit, unit, other_by_id.get(unit.id)))
    for extra in pending_other:
        rows.append(_row(extra, None, extra))
    return rows
