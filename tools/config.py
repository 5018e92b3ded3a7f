"""Build configuration, declared once, typed, with defaults."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tools.sources.adapters import DEFAULT_STARTS, with_starts

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bridgelaw")
    except PackageNotFoundError:
        return "0"


# The project and its version; the user's contact is added when given (--contact).
USER_AGENT = "bridgelaw/{version} (bilingual reference to the Laws of Duplicate Bridge{contact})"


@dataclass(frozen=True)
class FetchConfig:
    """How the fetcher behaves towards the source hosts."""

    contact: str = ""  # a URL or mailto: where the sites' operators reach whoever scrapes
    user_agent: str = ""  # "" = USER_AGENT with the contact
    min_interval: float = 1.0  # seconds between two requests to one host (--delay)
    timeout: float = 15.0  # seconds to connect, and between two reads of a response
    max_seconds: float = 60.0  # a whole response must arrive within this
    max_bytes: int = 4_000_000  # a law page is some 20 kB: anything this big is not one
    retries: int = 3
    backoff: float = 1.0  # first retry waits this long, then doubles
    cache_dir: Path = ROOT / ".cache" / "http"

    @property
    def agent(self) -> str:
        """The User-Agent sent: the project and its version, and the contact when given."""
        contact = f"; +{self.contact}" if self.contact else ""
        return self.user_agent or USER_AGENT.format(version=_version(), contact=contact)


@dataclass(frozen=True)
class Config:
    """Where every stage reads and writes."""

    root: Path = ROOT
    snapshot_dir: Path = ROOT / "tools" / "snapshot"
    outline_file: Path = ROOT / "tools" / "data" / "outline_2017.json"
    glossary_file: Path = ROOT / "tools" / "data" / "glossary.yaml"
    word_pairs_file: Path = ROOT / "tools" / "data" / "word_pairs.yaml"
    concordance_file: Path = ROOT / "tools" / "data" / "concordance_1997_2017.json"
    translation_acks_file: Path = ROOT / "tools" / "data" / "translation_acks.yaml"
    # (adapter name, start page) per source site, in the order they are walked; "" skips one
    sources: tuple[tuple[str, str], ...] = DEFAULT_STARTS
    build_dir: Path = ROOT / "build"  # model JSON, search index, reports
    content_dir: Path = ROOT / "content"
    site_dir: Path = ROOT / "site"
    assistant_dir: Path = ROOT / "assistant"
    offline: bool = True
    strict: bool = False
    fetch: FetchConfig = field(default_factory=FetchConfig)

    @classmethod
    def at(cls, folder: Path, **changes: Any) -> Config:
        """A build whose outputs (build/, content/, site/) go under `folder`, from the project's
        own sources (snapshot, data, assistant, mkdocs.yml): how tests and benches build."""
        return cls(build_dir=folder / "build", content_dir=folder / "content",
                   site_dir=folder / "site", **changes)

    def starting(self, starts: dict[str, str]) -> Config:
        """This config with the start pages of `starts` ({adapter name: URL}) put in."""
        return replace(self, sources=with_starts(self.sources, starts))

    @property
    def model_file(self) -> Path:
        """The corpus model as JSON."""
        return self.build_dir / "corpus.json"

    @property
    def report_file(self) -> Path:
        """What the scrape stage found: problems, citation counts, the nothing-lost check."""
        return self.build_dir / "report.json"

    @property
    def search_spec_file(self) -> Path:
        """How every engine reads a query (tools.search.query.spec), for the site's scripts."""
        return self.build_dir / "search_spec.json"

    @property
    def index_dir(self) -> Path:
        """The Whoosh index folder."""
        return self.build_dir / "index"
