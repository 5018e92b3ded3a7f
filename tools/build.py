"""The main job: every stage of the pipeline in order (tools/pipeline.py), from the sources to
the site in site/, and the report of what each met."""

from __future__ import annotations

from tools.config import Config
from tools.report import BuildReport


def build(config: Config) -> BuildReport:
    """Scrape (offline by default), render, the assistant, the search index, then the site;
    return the report of every problem met (a strict build stops at the first stage with an
    error). The outline, glossary and concordance are read once, first: a missing one stops
    the build."""
    from tools.pipeline import BuildState, run_stages
    from tools.reference import load_reference
    from tools.scrape import write_report

    state = BuildState(config, load_reference(config))
    report = run_stages(state)
    write_report(report, state.corpus, config)
    return report
