"""Edition compare: align a law's 1997 and 2017 texts unit by unit and mark changed words."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tools.markup import MARKUP as M
from tools.model import Law, Unit, walk
from tools.normalize.concordance import Concordance
from tools.render.edition import edition_sources

if TYPE_CHECKING:
    from tools.render.base import Context

MOVED_MIN = 0.5  # different ids at least this alike: the text moved to a new id
SAME_ID_MIN = 0.3  # same id but less alike than this: look for where the text went
_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


@dataclass
class AlignedUnit:
    """One row of the compare view: a unit of the old edition, the new, or both."""

    old_id: str | None
    new_id: str | None
    old_text: str
    new_text: str
    status: str  # "same", "changed", "added", "removed", "moved"
    ratio: float
    old_title: str = ""
    new_title: str = ""


def unit_text(unit: Unit) -> str:
    """A unit's heading and own text as one string."""
    return " ".join(part for part in (unit.title, unit.text) if part)


def similarity(a: str, b: str) -> float:
    """How alike two texts are, word by word (0..1)."""
    if not a and not b:
        return 1.0
    return difflib.SequenceMatcher(None, _words(a), _words(b), autojunk=False).ratio()


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def _most_similar(
    text: str, units: list[tuple[str, str]], taken: set[int], minimum: float
) -> tuple[int, float] | None:
    """The index and ratio of the untaken unit most like `text`, if at least `minimum`."""
    best: tuple[int, float] | None = None
    for j, (_, other) in enumerate(units):
        if j in taken or not other:
            continue
        ratio = similarity(text, other)
        if ratio >= minimum and (best is None or ratio > best[1]):
            best = (j, ratio)
    return best


def _concordance_pairs(concordance: Concordance | None, old_ids: set[str],
                       new_ids: set[str]) -> dict[str, list[str]] | None:
    """Old id -> the new ids the concordance pairs it with (both present), or None without one."""
    if concordance is None:
        return None
    pairs: dict[str, list[str]] = {}
    for pair in concordance.pairs:
        if pair.old in old_ids and pair.new in new_ids:
            pairs.setdefault(pair.old, []).append(pair.new)
    return pairs


def align_editions(old: Law, new: Law, concordance: Concordance | None = None) -> list[AlignedUnit]:
    """The units of two editions of one law, matched through the concordance of ids when there
    is one (else by the same id), then by text similarity, in the new edition's order with
    removed units after their old predecessor."""
    old_units = [(old.id, old.text), *((u.id, unit_text(u)) for u in walk(old.sections))]
    new_units = [(new.id, new.text), *((u.id, unit_text(u)) for u in walk(new.sections))]
    old_parts = [("", old.text), *((u.title, u.text) for u in walk(old.sections))]
    new_parts = [("", new.text), *((u.title, u.text) for u in walk(new.sections))]
    new_index = {uid: i for i, (uid, _) in enumerate(new_units)}
    match: dict[int, int] = {}  # old index -> new index
    ratios: dict[int, float] = {}
    known = _concordance_pairs(concordance, {u for u, _ in old_units}, set(new_index))
    for i, (uid, text) in enumerate(old_units):
        # the concordance's first counterpart (the same id is not the same rule per se: 1997
        # 63C is 2017 63B); without a concordance, the same citation id, even when rewritten
        targets = [uid] if known is None else known.get(uid, [])
        j = next((new_index[t] for t in targets if new_index[t] not in match.values()), None)
        if j is None:
            continue
        match[i], ratios[i] = j, similarity(text, new_units[j][1])
    taken = set(match.values())
    for i, j in sorted(match.items()):
        # ...unless the text plainly moved to an id the old edition does not have
        if ratios[i] >= SAME_ID_MIN or not old_units[i][1]:
            continue
        best = _most_similar(old_units[i][1], new_units, taken, max(MOVED_MIN, ratios[i] + 0.2))
        if best is not None:
            taken.discard(j)
            taken.add(best[0])
            match[i], ratios[i] = best
    for i, (_, text) in enumerate(old_units):
        if i in match or not text:
            continue
        best = _most_similar(text, new_units, taken, MOVED_MIN)
        if best is not None:
            match[i], ratios[i] = best
            taken.add(best[0])

    by_new = {j: i for i, j in match.items()}
    rows: list[AlignedUnit] = []
    after_new: dict[int, list[int]] = {}  # removed old units, placed after a new row
    for i in range(len(old_units)):
        if i in match:
            continue
        prev = max((k for k in match if k < i), default=None)
        after_new.setdefault(match[prev] if prev is not None else -1, []).append(i)

    def removed(j: int) -> None:
        for i in after_new.get(j, []):
            title, text = old_parts[i]
            rows.append(AlignedUnit(old_units[i][0], None, text, "", "removed", 0.0, title, ""))

    removed(-1)
    for j, (new_id, new_text) in enumerate(new_units):
        i = by_new.get(j)
        new_title, new_own = new_parts[j]
        if i is None:
            rows.append(AlignedUnit(None, new_id, "", new_own, "added", 0.0, "", new_title))
        elif not old_units[i][1] and not new_text and old_units[i][0] == new_id == new.id:
            pass  # neither edition prints text before the law's first section
        else:
            old_id, old_text = old_units[i]
            if old_id != new_id:
                status = "moved"
            elif _words(old_text) == _words(new_text):
                status = "same"
            else:
                status = "changed"
            old_title, old_own = old_parts[i]
            rows.append(AlignedUnit(old_id, new_id, old_own, new_own, status, ratios[i],
                                    old_title, new_title))
        removed(j)
    return rows


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The two texts as (op, text) pieces: "=" kept, "-" only in old, "+" only in new."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    pieces: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pieces.append(("=", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(("-", "".join(a[i1:i2])))
        if j2 > j1:
            pieces.append(("+", "".join(b[j1:j2])))
    return pieces


def _diff_html(old: str, new: str) -> tuple[str, str]:
    from tools.render.base import esc

    old_html, new_html = [], []
    for op, text in word_diff(old, new):
        if op == "=":
            old_html.append(esc(text))
            new_html.append(esc(text))
        elif not text.strip():
            # a change in spacing only: not worth a mark
            (old_html if op == "-" else new_html).append(esc(text))
        elif op == "-":
            old_html.append(f"<del>{esc(text)}</del>")
        else:
            new_html.append(f"<ins>{esc(text)}</ins>")
    return "".join(old_html), "".join(new_html)


def _row_class(status: str) -> str:
    # a row's class is its status: declared in markup.yaml, but for "same", which no style reads
    declared = {"changed": M.changed, "moved": M.moved, "added": M.added, "removed": M.removed}
    return declared.get(status, status)


def render_compare_page(ctx: Context, lang: str, number: int) -> str:
    """The compare page of one law: 1997 and 2017 side by side, changes marked."""
    from tools.render.base import UI, esc, front_matter, law_page, law_title, relative_url

    ui = UI[lang]
    page = f"{lang}/compare/{number}.md"
    old = ctx.corpus.law(1997, "pl", number)
    new = ctx.corpus.law(2017, "pl", number)
    assert old is not None and new is not None
    title = f"{ui['compare_title']}: {ui['law']} {number}"
    out = [
        front_matter({"title": title, "language": lang, "number": number}),
        f"# {title}",
        "",
        f"<p class=\"compare-intro\">{esc(ui['compare_intro'])}</p>",
        "",
    ]
    rows = align_editions(old, new, edition_sources(ctx).concordance)
    counts = {s: sum(1 for r in rows if r.status == s) for s in
              ("same", "changed", "moved", "added", "removed")}
    summary = " · ".join(f"{ui['status_' + s]}: {n}" for s, n in counts.items())
    out.append(f'<p class="compare-summary">{esc(summary)}</p>')
    out.append("")
    old_page, new_page = law_page(1997, lang, number), law_page(2017, lang, number)
    body = [f'<div class="{M.compare}" lang="pl">',
            f'<div class="{M.crow} {M.heads}" aria-hidden="true">'
            f'<div class="{M.ccell}">1997: {esc(law_title(ctx, 1997, number, "pl"))}</div>'
            f'<div class="{M.ccell}">2017: {esc(law_title(ctx, 2017, number, "pl"))}</div></div>']
    for row in rows:
        old_html, new_html = _diff_html(row.old_text, row.new_text)
        if row.old_title or row.new_title:
            old_head, new_head = _diff_html(row.old_title, row.new_title)
            if row.old_title:
                old_html = f'<strong class="{M.unit_title}">{old_head}</strong> {old_html}'
            if row.new_title:
                new_html = f'<strong class="{M.unit_title}">{new_head}</strong> {new_html}'
        status = ui["status_" + row.status]
        anchor = row.new_id or f"old-{row.old_id}"
        cells = [f'<div class="{M.crow} {_row_class(row.status)}" id="c{esc(anchor)}">']
        for edition, uid, text_html, target in ((1997, row.old_id, old_html, old_page),
                                                (2017, row.new_id, new_html, new_page)):
            if uid is None:
                cells.append(f'<div class="{M.ccell} {M.empty}">'
                             f'<span class="{M.absent}">—</span></div>')
                continue
            href = relative_url(page, target, uid)
            cells.append(
                f'<div class="{M.ccell}"><span class="{M.ed}">{edition}</span> '
                f'<a class="{M.unit_id}" href="{href}">{esc(uid)}</a> '
                f'<span class="{M.status}" lang="{lang}">{esc(status)}</span> {text_html}</div>'
            )
        cells.append("</div>")
        body.append("".join(cells))
    body.append("</div>")
    out.append("\n".join(body))
    out.append("")
    return "\n".join(out)


def render_compare_index(ctx: Context, lang: str, numbers: list[int]) -> str:
    """The list of laws that have a compare page."""
    from tools.render.base import UI, md_escape, md_link, page_head, shown_title

    ui = UI[lang]
    page = f"{lang}/compare/index.md"
    out = page_head(lang, "compare")
    for number in numbers:
        href = md_link(page, f"{lang}/compare/{number}.md")
        title, _ = shown_title(ctx, 2017, number, lang)
        out.append(f"- [{ui['law']} {number}. {md_escape(title)}]({href})")
    out.append("")
    return "\n".join(out)
