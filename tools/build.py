"""The main job: the stages of the pipeline in order (tools/pipeline.py), from the sources to
the site in site/, and the report of what each met."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.config import Config

if TYPE_CHECKING:
    from tools.model import Corpus
    from tools.pipeline import BuildState
    from tools.report import BuildReport


def build(config: Config, until: str | None = None) -> tuple[BuildReport, BuildState]:
    """Run the stages from the scrape (offline by default) through `until` (by default all of
    them: render, the assistant, the search index, the site), write the report of every problem met
    (a strict build stops at the first stage with an error) and return it with what the stages
    made. The outline, glossary and concordance are read once, first: a missing one stops
    the build."""
    from tools.pipeline import STAGES, BuildState, run_stages, stages_through
    from tools.reference import load_reference
    from tools.scrape import write_report

    state = BuildState(config, load_reference(config))
    report = run_stages(state, stages_through(until) if until else STAGES)
    write_report(report, state.corpus, config)
    return report, state


def scrape(config: Config) -> Corpus:
    """The pipeline through its render stage (the model, content/ and the report): the corpus."""
    return build(config, until="render")[1].corpus
