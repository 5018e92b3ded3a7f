"""The main job: every stage in order, from the sources to the site in site/."""

from __future__ import annotations

from tools.config import Config


def build(config: Config) -> None:
    """Scrape (offline by default), index, build the assistant, then the site."""
    from assistant.build import build_assistant
    from tools.index import build_index
    from tools.scrape import scrape
    from tools.site import build_site

    corpus = scrape(config)
    build_index(corpus, config)
    build_assistant(corpus, config)
    build_site(config, corpus)
