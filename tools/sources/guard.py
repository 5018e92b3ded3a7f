"""The guard between the web and the model.

A fetched page enters the model only when nothing of its text was lost in parsing and, for a
2017 law, its ids are the official outline's. A page that fails is reported and its law keeps
its last good version; a law this run did not reach keeps its last good version too; and a
fetched law never replaces a last good version that had more units.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tools.errors import SourceError
from tools.model import Corpus, Law, Problem, unit_ids, walk
from tools.normalize.law_ids import normalize_law, numbering_breaks, structures
from tools.normalize.outline import Outline
from tools.normalize.verify import check_page
from tools.parse.html import shown_text
from tools.parse.typed_labels import labels_left
from tools.sources.crawl import SourcePage


@dataclass
class PageReport:
    """What the guard found on one fetched page (printed by `scrape --check`)."""

    url: str
    kind: str
    laws: list[str]  # "2017/pl/64"
    units: int  # units parsed
    expected: int  # units the outline has for these laws (0 when it has none)
    words: int  # words of the page once chrome is taken out
    lost: list[str]  # words of the page that reached no law
    chrome: list[str]  # what was stripped as navigation and link chrome
    charset: str
    problems: list[str] = field(default_factory=list)
    reading: str = ""  # how the page's lists were read (2017: "markup" or "typed labels")

    @property
    def accepted(self) -> bool:
        """Whether the page's laws enter the model."""
        return not self.problems


def review_page(page: SourcePage, outline: Outline
                ) -> tuple[list[Law], PageReport, list[Problem]]:
    """The page's laws with official ids, the verdict on the page, and what is reported
    without rejecting it (differences where the outline itself is uncertain)."""
    laws: list[Law] = []
    reasons: list[str] = []
    notes: list[Problem] = []
    for law in page.laws:
        normalized, found = normalize_law(law, outline)
        laws.append(normalized)
        mismatch = [p.message for p in found if p.kind == "outline-mismatch"]
        unaccounted = [p.message for p in found if p.kind == "outline-unaccounted"]
        notes += [p for p in found if p.kind not in ("outline-mismatch", "outline-unaccounted")]
        left = labels_left(normalized.sections)
        if left:
            reasons.append(f"law {law.number}: typed list labels left inside the text of "
                           f"{', '.join(left[:8])} (a list read as text)")
        if not (mismatch or unaccounted):
            continue
        broken = numbering_breaks(normalized) + unaccounted
        if broken or left:
            reasons += mismatch + broken  # neither the outline nor the page accounts for it
            continue
        # The page's own numbering is consistent: the page is the source, the outline a check.
        notes.append(Problem("outline-differs", page.url, structures(normalized, outline)
                             + "; " + "; ".join(mismatch[:4])))
    try:
        check = check_page(page.url, shown_text(page.text, page.url), laws)
        # A word the alignment misses but the laws hold elsewhere was moved (a notice printed
        # before the title is kept as the law's text), not lost.
        moved = Counter(m.word for m in check.extra)
        lost = []
        for missing in check.missing:
            if moved[missing.word]:
                moved[missing.word] -= 1
            else:
                lost.append(missing.word)
        words = check.words_in
        if lost:
            reasons.append(f"{len(lost)} words of the page reached no law: "
                           + " ".join(lost[:12]))
        reasons += [f"recorded chrome not found on the page: {c}" for c in check.chrome_not_found]
    except SourceError as error:
        lost, words = [], 0
        reasons.append(error.message)
    expected = sum(len(outline.ids(law.number)) for law in laws if law.edition == 2017)
    report = PageReport(
        url=page.url, kind=page.kind, laws=[law.text_key for law in laws],
        units=sum(len(unit_ids(law)) - 1 for law in laws), expected=expected, words=words,
        lost=lost, chrome=[s.text for law in laws for s in law.stripped],
        charset=f"{page.encoding} ({page.charset.split(':')[0]})",
        problems=reasons, reading=page.reading)
    return laws, report, notes


def review_pages(pages: list[SourcePage], outline: Outline
                 ) -> tuple[list[Law], list[Problem], list[PageReport]]:
    """The laws of every page that passes, a Problem for every page that does not, and a
    report per page."""
    accepted: list[Law] = []
    problems: list[Problem] = []
    reports: list[PageReport] = []
    for page in pages:
        laws, report, notes = review_page(page, outline)
        reports.append(report)
        problems += notes
        if report.accepted:
            accepted += laws
            continue
        for reason in report.problems:
            problems.append(Problem(_reason_kind(reason), page.url, reason))
        problems.append(Problem("rejected-page", page.url,
                                f"not taken into the model ({', '.join(report.laws)}): "
                                "its last good version is kept"))
    return accepted, problems, reports


def _reason_kind(reason: str) -> str:
    if "typed list labels" in reason:
        return "typed-labels"
    if "words of the page reached no law" in reason or "chrome not found" in reason:
        return "nothing-lost"
    return "outline-mismatch"


def units(law: Law) -> int:
    """How many units a law has (its own id not counted)."""
    return sum(1 for _ in walk(law.sections))


def keep_last_good(fetched: list[Law], present: set[tuple[int, str, int]], failed: set[str],
                   previous: Corpus | None) -> tuple[list[Law], list[Law], list[Problem]]:
    """(fetched laws to publish, last good laws kept, Problems). Kept: a previous law from
    the web that this run did not fetch again or would replace with fewer units, and a
    previous law whose source failed this run and that nothing else gave (`present`)."""
    if previous is None:
        return fetched, [], []
    web = {law.key: law for law in previous.laws if previous.origins.get(law.text_key) == "web"}
    publish: list[Law] = []
    kept: list[Law] = []
    problems: list[Problem] = []
    for law in fetched:
        old = web.pop(law.key, None)
        if old is not None and units(law) < units(old):
            kept.append(old)
            problems.append(Problem("kept-last-good", law.text_key,
                                    f"this run found {units(law)} units, the last good version "
                                    f"has {units(old)}: the last good version is kept"))
        else:
            publish.append(law)
    for key in sorted(web):
        kept.append(web[key])
        problems.append(Problem("kept-last-good", web[key].text_key,
                                "not read in this run: the last good version is kept"))
    taken = present | {law.key for law in publish + kept}
    for law in previous.laws:
        if law.source_url in failed and law.key not in taken:
            kept.append(law)
            problems.append(Problem("kept-last-good", law.text_key,
                                    f"its source failed ({law.source_url}): the last good "
                                    "version is kept"))
    return publish, kept, problems


def format_reports(reports: list[PageReport]) -> str:
    """The per-page table `scrape --check` prints, then each problem in full."""
    header = ("page", "laws", "units/outline", "words", "lost", "chrome", "charset", "reading",
              "verdict")
    rows = []
    for report in reports:
        laws = report.laws[0] if len(report.laws) == 1 else (
            f"{report.laws[0]}..{report.laws[-1].rsplit('/', 1)[-1]}" if report.laws else "-")
        units = f"{report.units}/{report.expected}" if report.expected else str(report.units)
        rows.append((report.url.rsplit("/", 1)[-1], laws, units, str(report.words),
                     str(len(report.lost)), str(len(report.chrome)), report.charset,
                     report.reading or "-", "taken" if report.accepted else "REJECTED"))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
             for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    for report in reports:
        lines += [f"{report.url}: {problem}" for problem in report.problems]
    return "\n".join(lines) + "\n"
