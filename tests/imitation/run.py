"""Run the project's scrape stage against a served imitation, and compare two runs."""

from __future__ import annotations

import contextlib
import io
import time
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tools.build import scrape
from tools.config import Config, FetchConfig

from .expected import _walk
from .serve import Served


def online_config(tmp: Path, start_2017: str, start_1997: str) -> Config:
    """The project's Config for an online scrape with no politeness wait, all in `tmp`."""
    fetch = FetchConfig(contact="http://127.0.0.1/imitation-tests", min_interval=0.0,
                        timeout=2.0, retries=1, backoff=0.0, cache_dir=tmp / "cache")
    return replace(Config().starting({"pzbs-2017": start_2017, "pzbs-1997": start_1997}),
                   offline=False, build_dir=tmp / "build", content_dir=tmp / "content",
                   fetch=fetch)


@dataclass
class Run:
    """One scrape: the corpus (None if it raised), the error, time, replies sent."""

    corpus: Any = None
    error: str = ""
    seconds: float = 0.0
    sent: list = field(default_factory=list)
    output: str = ""


def run_scrape(served: Served, tmp: Path, start: str = "toc") -> Run:
    """Scrape the imitation with `tools.scrape.scrape`; exceptions are caught and kept."""
    start_2017 = served.start_toc if start == "toc" else served.start_law
    config = online_config(tmp, start_2017, served.start_1997)
    mark = len(served.log)
    out = io.StringIO()
    began = time.perf_counter()
    run = Run()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            run.corpus = scrape(config)
    except Exception as error:  # the scraper is being rewritten: count, go on
        run.error = f"{type(error).__name__}: {error}"
        run.output = traceback.format_exc(limit=3)
    run.seconds = time.perf_counter() - began
    run.sent = served.sent_since(mark)
    run.output = out.getvalue() + run.output
    return run


def law_units(corpus: Any, hosts: tuple[str, ...]) -> dict[tuple, dict[str, tuple[str, str]]]:
    """Per law key read from `hosts`: unit id -> (title, text)."""
    if corpus is None:
        return {}
    return {law.key: {u.id: (u.title, u.text) for u in _walk(law.sections)}
            for law in corpus.laws if law.source_url.startswith(hosts)}


@dataclass
class Kept:
    """What a re-run kept of the first run."""

    laws_before: int
    laws_after: int
    units_before: int
    units_after: int  # units of the first run found again with the same title and text
    lost: list[str]


def compare_runs(first: Any, second: Any, hosts: tuple[str, ...]) -> Kept:
    """Laws and units of the first run that the second still has, unchanged."""
    before, after = law_units(first, hosts), law_units(second, hosts)
    lost: list[str] = []
    units_after = 0
    for key, units in before.items():
        if key not in after:
            lost.append(f"law {key}")
            continue
        for uid, value in units.items():
            if after[key].get(uid) == value:
                units_after += 1
            else:
                lost.append(f"{key} {uid}")
    return Kept(len(before), sum(1 for k in before if k in after),
                sum(len(u) for u in before.values()), units_after, lost)


def named(first: Any, second: Any, markers: tuple[str, ...]) -> list[str]:
    """Problems of the second run, new since the first, that mention one of `markers`."""
    if second is None:
        return []
    old = {(p.kind, p.where, p.message) for p in (first.problems if first else [])}
    return [f"{p.kind}: {p.where}: {p.message}" for p in second.problems
            if (p.kind, p.where, p.message) not in old
            and any(m in p.where or m in p.message for m in markers)]
