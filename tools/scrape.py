"""The scrape stage: sources -> laws -> normalized ids -> cross-references -> model, content."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tools.config import Config
from tools.errors import SourceError
from tools.model import Corpus, Finding, Law, Problem, unit_ids
from tools.normalize.glossary import Term
from tools.normalize.outline import Outline
from tools.reference import Reference
from tools.sources.crawl import CrawlResult, SourcePage
from tools.sources.guard import PageReport

if TYPE_CHECKING:
    from tools.report import BuildReport


@dataclass
class SnapshotPage:
    """One bundled source page and the laws parsed from it."""

    file: str
    text: str
    laws: list[Law]


@dataclass
class ScrapeResult:
    """What the scrape stage produced, before it is written."""

    corpus: Corpus
    reference: Reference  # the outline, glossary and concordance it was normalized against
    pages: list[SnapshotPage] = field(default_factory=list)
    crawled: list[SourcePage] = field(default_factory=list)  # fetched this run
    reports: list[PageReport] = field(default_factory=list)  # the guard's verdict per page


def read_manifest(snapshot_dir: Path) -> list[dict]:
    """The source entries of a snapshot folder's manifest.json."""
    path = snapshot_dir / "manifest.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return list(data["sources"])
    except FileNotFoundError as error:
        raise SourceError(str(path), "no manifest.json in the snapshot folder") from error
    except (ValueError, KeyError, TypeError) as error:
        raise SourceError(str(path), f"not a valid snapshot manifest ({error})") from error


def parse_snapshot(snapshot_dir: Path, outline: Outline | None = None
                   ) -> tuple[list[SnapshotPage], list[Problem]]:
    """Parse every law capture listed in the snapshot manifest; a bad page becomes a Problem
    whose `where` is the page's source URL, so its last good laws can be kept."""
    from tools.parse.capture import parse_capture
    from tools.sources.adapters import CAPTURES

    pages: list[SnapshotPage] = []
    problems: list[Problem] = []
    for source in read_manifest(snapshot_dir):
        if source.get("adapter", "") not in CAPTURES:
            continue  # the club guide and other reference material are not law text
        path = snapshot_dir / source["file"]
        try:
            text = path.read_bytes().decode("utf-8")
            laws = parse_capture(text, source, outline)
        except UnicodeDecodeError as error:
            problems.append(
                Problem("parse-error", source["url"], f"{path}: not UTF-8 text: {error}")
            )
            continue
        except (OSError, SourceError) as error:
            problems.append(Problem("parse-error", source["url"], f"{path}: {error}"))
            continue
        pages.append(SnapshotPage(file=source["file"], text=text, laws=laws))
    return pages, problems


def crawl(config: Config, outline: Outline) -> tuple[CrawlResult, list[Problem]]:
    """Pages from the live sites (online) or from the fetch cache of an earlier online run."""
    from tools.sources.crawl import CrawlResult, crawl_sources
    from tools.sources.fetch import Fetcher

    fetcher = Fetcher(config.fetch, offline=config.offline)
    try:
        result = crawl_sources(fetcher, dict(config.sources), outline=outline,
                               progress=not config.offline)
    except SourceError as error:
        if config.offline:
            return CrawlResult(), []  # offline with an empty cache: the snapshot is the build
        return CrawlResult(), [Problem("fetch-error", error.where, error.message)]
    if config.offline:
        # Offline, pages never fetched before are simply not in the cache: not an error.
        return result, [p for p in result.problems if p.kind != "fetch-error"]
    return result, result.problems


def merge_laws(*layers: list[Law]) -> list[Law]:
    """One law per (edition, lang, number): a later layer wins over an earlier one."""
    by_key: dict[tuple[int, str, int], Law] = {}
    for layer in layers:
        by_key.update({law.key: law for law in layer})
    return [by_key[key] for key in sorted(by_key)]


def previous_corpus(config: Config) -> Corpus | None:
    """The model of the last build, whose web laws are the last good versions."""
    from tools.model import corpus_from_json

    if not config.model_file.exists():
        return None
    try:
        return corpus_from_json(config.model_file.read_text(encoding="utf-8"))
    except (ValueError, KeyError, TypeError) as error:
        raise SourceError(str(config.model_file), f"unreadable model of the last build: "
                                                  f"{error}; remove it to start afresh") from error


def scrape_corpus(config: Config, snapshot_dir: Path | None = None, *,
                  reference: Reference) -> ScrapeResult:
    """Parse, guard, normalize and link the sources into a Corpus (no writing), against
    `reference` (the outline, glossary and concordance `config` names, read once)."""
    from tools.normalize.citation_links import link_citations
    from tools.normalize.glossary import validate_glossary_laws
    from tools.normalize.law_ids import normalize_law, pair_languages
    from tools.normalize.verify import verify_nothing_lost
    from tools.sources.guard import keep_last_good, review_pages

    outline = reference.outline
    pages, problems = parse_snapshot(snapshot_dir or config.snapshot_dir, outline)
    for page in pages:
        normalized = [normalize_law(law, outline) for law in page.laws]
        page.laws = [law for law, _ in normalized]
        problems += [problem for _, found in normalized for problem in found]
        for check in verify_nothing_lost(page.text, page.laws):
            if check.missing:
                problems.append(
                    Problem("nothing-lost", page.file, f"{len(check.missing)} words missing")
                )
    crawled, crawl_problems = crawl(config, outline)
    problems += crawl_problems
    fetched, guard_problems, reports = review_pages(crawled.pages, outline)
    problems += guard_problems
    snapshot_laws = [law for page in pages for law in page.laws]
    failed = {p.where for p in problems if p.kind in ("parse-error", "fetch-error",
                                                      "rejected-page")}
    previous = previous_corpus(config)
    fetched, kept, keep_problems = keep_last_good(
        fetched, {law.key for law in snapshot_laws}, failed, previous)
    problems += keep_problems
    laws = merge_laws(snapshot_laws, kept, fetched)
    origins = {law.text_key: "snapshot" for law in snapshot_laws}
    previous_origins = previous.origins if previous else {}
    origins.update({law.text_key: "web" for law in fetched})
    for law in kept:
        key = law.text_key
        origins[key] = previous_origins.get(key, "web")
    corpus = Corpus(laws=laws, origins=origins)
    problems += pair_languages(laws)
    corpus.crossrefs, citation_problems = link_citations(corpus, outline.all_ids())
    glossary = reference.glossary
    known = outline.all_ids() | {i for law in corpus.laws for i in unit_ids(law)}
    corpus.problems = problems + citation_problems + validate_glossary_laws(glossary, known)
    corpus.consistency = translation_layer(corpus, glossary, known, config)
    return ScrapeResult(corpus=corpus, reference=reference, pages=pages, crawled=crawled.pages,
                        reports=reports)


def translation_layer(corpus: Corpus, glossary: list[Term], known: set[str],
                      config: Config) -> list[Finding]:
    """The translation check's findings, acknowledged ones included with their reason."""
    from tools.translation.acks import load_acks
    from tools.translation.check import check_translation

    check = check_translation(corpus, glossary, load_acks(config.translation_acks_file), known)
    return check.layer


def law_sources(corpus: Corpus) -> dict[str, dict[str, object]]:
    """Where the laws came from: per origin ("web" = the live pages, "snapshot" = the bundled
    captures), the law keys and the dates their pages were read."""
    found: dict[str, dict[str, object]] = {}
    for law in corpus.laws:
        key = law.text_key
        entry = found.setdefault(corpus.origins.get(key, "snapshot"), {"laws": [], "dates": []})
        entry["laws"].append(key)  # type: ignore[union-attr]
        if law.fetch_date and law.fetch_date not in entry["dates"]:  # type: ignore[operator]
            entry["dates"].append(law.fetch_date)  # type: ignore[union-attr]
    for entry in found.values():
        entry["dates"] = sorted(entry["dates"])  # type: ignore[arg-type]
    return dict(sorted(found.items()))


def sources_text(sources: dict[str, dict[str, object]]) -> str:
    """One line: how many laws came from the live pages and from the snapshot, read when."""
    words = {"web": "from the live pages", "snapshot": "from the bundled snapshot"}
    return "sources: " + "; ".join(
        f"{len(entry['laws'])} laws {words.get(origin, origin)} "  # type: ignore[arg-type]
        f"(read {', '.join(entry['dates'])})"  # type: ignore[arg-type]
        for origin, entry in sorted(sources.items()))


def corpus_facts(corpus: Corpus) -> dict[str, object]:
    """What the report says of the corpus besides its problems: laws, where they came from,
    citations by status."""
    by_status: dict[str, int] = {}
    for ref in corpus.crossrefs:
        by_status[ref.status] = by_status.get(ref.status, 0) + 1
    return {"citations": by_status,
            "laws": [law.text_key for law in corpus.laws],
            "sources": law_sources(corpus)}


def summary(corpus: Corpus) -> str:
    """Two lines for the terminal: laws by edition and language, citations by status."""
    editions: dict[str, int] = {}
    for law in corpus.laws:
        key = f"{law.edition} {law.lang}"
        editions[key] = editions.get(key, 0) + 1
    citations = corpus_facts(corpus)["citations"]
    return "\n".join([
        "laws: " + ", ".join(f"{k}: {v}" for k, v in sorted(editions.items())),
        sources_text(law_sources(corpus)),
        "citations: " + ", ".join(f"{k} {v}" for k, v in sorted(citations.items()))])


def write_report(report: BuildReport, corpus: Corpus, config: Config) -> None:
    """Write the report of a run, with what it says of the corpus, as config.report_file."""
    from tools.write import write_text

    write_text(config.report_file, report.to_json(corpus_facts(corpus)))
