"""The main job: every stage in order, from the sources to the site in site/."""

from __future__ import annotations

from tools.config import Config
from tools.reference import load_reference
from tools.report import BuildReport


def build(config: Config) -> BuildReport:
    """Scrape (offline by default), the assistant, the search index, then the site; return the
    report of every problem met (a strict build stops at the first stage with an error). The
    outline, glossary and concordance are read once, first: a missing one stops the build."""
    from tools.plugins import STAGE_GROUP, plugin
    from tools.scrape import publish, scrape_corpus, write_report
    from tools.search.index import build_index
    from tools.site.build import build_site
    from tools.sources.live import record_online_run

    reference = load_reference(config)
    scraped = scrape_corpus(config, reference=reference)
    if not config.offline and scraped.crawled:
        record_online_run(config)  # the next run of the day reads the cache, no request
    report = publish(scraped, config)  # the model and content/
    corpus = scraped.corpus
    assistant = plugin(STAGE_GROUP, "assistant")(corpus, config, reference)
    report.add("assistant", assistant.problems)
    report.add("index", build_index(corpus, config, assistant.situations, reference))
    report.stop_if_strict(config.strict)
    report.add("site", build_site(config, corpus))
    write_report(report, corpus, config)
    return report
