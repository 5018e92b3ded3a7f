"""The build report: every problem of every stage, typed, in one list; only the CLI prints it.

A stage returns the problems it met (tools.model.Problem: kind, where, message); the build adds
them here under the stage's name, which gives each its severity. An error fails the strict build;
a warning is something a build of the bundled snapshot is expected to meet, and says why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from tools.errors import BridgelawError
from tools.model import Problem
from tools.pipeline import STAGE_NAMES as STAGES

ERROR = "error"
WARNING = "warning"

# (stage, kind) -> why it is only a warning. Anything not listed is an error.
WARNINGS: dict[tuple[str, str], str] = {
    ("scrape", "missing-translation"): (
        "the source has no page in the other language for this law (the bundled snapshot holds "
        "no English text); the law is shown in the language it has"),
    ("scrape", "outline-diff"): (
        "the 1997 edition numbers some units differently from the 2017 outline; the 1997 text is "
        "shown as history under its own ids"),
    ("scrape", "kept-last-good"): (
        "a source failed this run (reported as an error of its own); the last good version of "
        "its laws is published meanwhile"),
    ("scrape", "outline-differs"): (
        "the page's own consistent numbering differs from the outline; the page is the source, "
        "so its ids are published and both structures are given for review"),
    ("scrape", "charset"): (
        "the page declared one charset and was decoded by the one it is really written in"),
}


@dataclass(frozen=True)
class ReportedProblem:
    """One problem of the build, with the stage that met it and how much it matters."""

    stage: str  # one of STAGES
    subject: str  # the file, URL or id it concerns
    severity: str  # ERROR or WARNING
    kind: str  # "parse-error", "missing-translation", ...
    message: str
    why_warning: str = ""  # for a warning: why the build goes on


@dataclass
class BuildReport:
    """Every problem of a build, in the order the stages met them."""

    problems: list[ReportedProblem] = field(default_factory=list)

    def add(self, stage: str, problems: Iterable[Problem]) -> None:
        """Add a stage's problems, each with its severity."""
        if stage not in STAGES:
            raise ValueError(f"unknown build stage {stage!r}")
        for problem in problems:
            why = WARNINGS.get((stage, problem.kind), "")
            self.problems.append(ReportedProblem(
                stage=stage, subject=problem.where, severity=WARNING if why else ERROR,
                kind=problem.kind, message=problem.message, why_warning=why))

    @property
    def errors(self) -> list[ReportedProblem]:
        """The problems that fail a strict build."""
        return [problem for problem in self.problems if problem.severity == ERROR]

    def stop_if_strict(self, strict: bool) -> None:
        """Raise BridgelawError naming every error when the build is strict and has any."""
        if strict and self.errors:
            listing = "\n".join(f"  {line}" for line in lines(self.errors))
            raise BridgelawError(f"strict build: {len(self.errors)} error(s)\n{listing}")

    def summary(self) -> str:
        """One line per stage and severity with the count of each kind, for the terminal."""
        counts: dict[tuple[str, str], dict[str, int]] = {}
        for problem in self.problems:
            kinds = counts.setdefault((problem.stage, problem.severity), {})
            kinds[problem.kind] = kinds.get(problem.kind, 0) + 1
        if not counts:
            return "problems: none"
        out = []
        for (stage, severity), kinds in sorted(counts.items(), key=_stage_order):
            listed = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
            out.append(f"{stage} {severity}s: {listed}")
        return "\n".join(out)

    def to_json(self, facts: dict[str, object] | None = None) -> str:
        """The report as JSON, with what the build says of its corpus (sorted keys)."""
        data = {**(facts or {}), "errors": len(self.errors),
                "problems": [asdict(p) for p in self.problems],
                "warnings": len(self.problems) - len(self.errors)}
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def lines(problems: Iterable[ReportedProblem]) -> list[str]:
    """Each problem as one line: stage, severity, kind, subject and message."""
    return [f"{p.stage} {p.severity}: {p.kind}: {p.subject}: {p.message}" for p in problems]


def _stage_order(item: tuple[tuple[str, str], dict[str, int]]) -> tuple[int, str]:
    (stage, severity), _ = item
    return STAGES.index(stage), severity


def check_stage(stage: str, problems: Iterable[Problem], strict: bool) -> None:
    """Raise BridgelawError when a strict build meets an error in this stage's problems (for a
    stage run on its own; the whole build checks its BuildReport)."""
    report = BuildReport()
    report.add(stage, problems)
    report.stop_if_strict(strict)
