"""The build's one pipeline: its stages, named and in order, each a function of the build's state
returning the problems it met. `bridgelaw build` runs them all (tools/build.py), or those through
the stage `--until` names; `bridgelaw scrape` runs those through `render` (through `scrape` with
--check); the report names its stages from STAGE_NAMES; tests and benches that bring a corpus
of their own build the rest through build_from_corpus. The outline, glossary, concordance and
word pairs (Reference) are read once, before the first stage, and every stage is handed them.

    scrape     sources -> parsed, guarded, normalized, linked Corpus (tools/scrape.py; no writing)
    render     the model file and the law pages under content/ (tools/render/publish.py)
    assistant  trees, situations, flowcharts, their pages (assistant/, an entry point)
    index      the search index and the query spec (tools/search/index.py)
    site       MkDocs through the plugin `bridgelaw`, then the new site swapped in (tools/site/)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tools.config import Config
from tools.model import Corpus, Problem

if TYPE_CHECKING:
    from tools.reference import Reference
    from tools.report import BuildReport
    from tools.scrape import ScrapeResult


@dataclass
class BuildState:
    """What the stages hand on: the build's config and reference, and what each stage made."""

    config: Config
    reference: Reference
    corpus: Corpus = field(default_factory=Corpus)  # the scrape stage's, or one brought
    scraped: ScrapeResult | None = None  # the scrape stage's pages and verdicts (scrape --check)
    situations: list[Any] = field(default_factory=list)  # the assistant's, for the index


def scrape_stage(state: BuildState) -> list[Problem]:
    """Read the sources into the corpus; its problems are the corpus's own."""
    from tools.scrape import scrape_corpus
    from tools.sources.live import record_online_run

    scraped = scrape_corpus(state.config, reference=state.reference)
    if not state.config.offline and scraped.crawled:
        record_online_run(state.config)  # the next run of the day reads the cache, no request
    state.corpus, state.scraped = scraped.corpus, scraped
    return list(scraped.corpus.problems)


def render_stage(state: BuildState) -> list[Problem]:
    """Write the model file and the law pages."""
    from tools.render.publish import write_outputs

    write_outputs(state.corpus, state.reference, state.config)
    return []


def assistant_stage(state: BuildState) -> list[Problem]:
    """The ruling assistant, found by its entry point (tools/ never imports assistant/)."""
    from tools.plugins import STAGE_GROUP, plugin

    built = plugin(STAGE_GROUP, "assistant")(state.corpus, state.config, state.reference)
    state.situations = list(built.situations)
    return list(built.problems)


def index_stage(state: BuildState) -> list[Problem]:
    """The search index of the corpus, the glossary and the situations."""
    from tools.search.index import build_index

    build_index(state.corpus, state.config, state.situations, state.reference)
    return []  # a missing input stops the build first (load_reference)


def site_stage(state: BuildState) -> list[Problem]:
    """The static site."""
    from tools.site.build import build_site

    return build_site(state.config, state.corpus)


@dataclass(frozen=True)
class Stage:
    """One named stage of the pipeline."""

    name: str
    run: Callable[[BuildState], list[Problem]]


STAGES: tuple[Stage, ...] = (
    Stage("scrape", scrape_stage),
    Stage("render", render_stage),
    Stage("assistant", assistant_stage),
    Stage("index", index_stage),
    Stage("site", site_stage),
)
STAGE_NAMES = tuple(stage.name for stage in STAGES)


def stages_through(name: str) -> tuple[Stage, ...]:
    """The stages from the first through `name` (a STAGE_NAMES entry)."""
    if name not in STAGE_NAMES:
        raise ValueError(f"no stage {name!r} (have: {', '.join(STAGE_NAMES)})")
    return STAGES[:STAGE_NAMES.index(name) + 1]


def run_stages(state: BuildState, stages: tuple[Stage, ...] = STAGES) -> BuildReport:
    """Run `stages` in order, each one's problems added to the report under its name; a strict
    build stops at the first stage with an error, before the next one writes anything."""
    from tools.report import BuildReport

    report = BuildReport()
    for stage in stages:
        report.add(stage.name, stage.run(state))
        report.stop_if_strict(state.config.strict)
    return report


def build_from_corpus(corpus: Corpus, config: Config, reference: Reference) -> BuildReport:
    """Every stage after the scrape, on a corpus brought by the caller (tests, benches)."""
    return run_stages(BuildState(config, reference, corpus), STAGES[1:])
