"""Acceptance tests for the scraper against the imitation of the source sites: every markup read
completely and exactly, no chrome or script text in law text, faults on a re-run lose nothing
and are reported, robots.txt Crawl-delay honoured, re-runs conditional.

These are the targets of the parser rewrite; on the `imitation` branch many of them fail."""

from __future__ import annotations

import pytest

from imitation import (
    FAULTS,
    MARKUPS,
    SCRIPT_MARKERS,
    START,
    Score,
    build,
    compare_runs,
    named,
    run_scrape,
    score_corpus,
    serve,
)

# each test scrapes the imitation of the source sites end to end
pytestmark = [pytest.mark.network, pytest.mark.build]


@pytest.fixture(scope="module", params=list(MARKUPS))
def scraped(request, tmp_path_factory):
    """One online scrape of the imitation in one markup: (imitation, served hosts, run)."""
    imitation = build(request.param)
    with serve(imitation) as served:
        run = run_scrape(served, tmp_path_factory.mktemp(request.param), START[request.param])
        yield imitation, served.hosts, run, served.log


def _score(scraped: tuple) -> Score:
    """The scrape of one markup measured against the imitation's expected scrape."""
    imitation, hosts, run, _ = scraped
    assert not run.error, f"the scrape raised {run.error}\n{run.output[-2000:]}"
    return score_corpus(run.corpus.laws, imitation.expected(), hosts, limit=8)


@pytest.mark.parametrize("edition, lang", [(2017, "pl"), (2017, "en"), (1997, "en")])
def test_every_unit_is_read_exactly(scraped, edition: int, lang: str) -> None:
    # Every law right, or (only the laws a markup prints in a way nothing accounts for)
    # reported and not published: never published wrong.
    imitation, hosts, run, _ = scraped
    score = _score(scraped)
    key = (edition, lang)
    wrong = score.wrong.get(key, [])
    assert score.laws_found[key] == score.laws_right[key], (
        "laws published wrong; first differences:\n" + "\n".join(wrong))
    unaccounted = set(getattr(imitation.markup, "broken", ())) if edition == 2017 else set()
    published = {law.key for law in run.corpus.laws if law.source_url.startswith(hosts)}
    reported = {p.where for p in run.corpus.problems
                if p.kind in ("rejected-page", "parse-error")}
    for law_key, want in imitation.expected().items():
        if law_key[:2] != key or law_key in published:
            continue
        assert law_key[2] in unaccounted, f"{law_key} not read:\n" + "\n".join(wrong)
        assert any(url.endswith(want.path) for url in reported), f"{law_key} not reported"
    right = score.laws_expected[key] - len(unaccounted)
    assert score.laws_right[key] == right, "\n".join(wrong)


def test_no_chrome_in_law_text(scraped) -> None:
    score = _score(scraped)
    assert score.laws_found[(2017, "pl")], "nothing read: the check would be empty"
    assert not score.chrome, f"{len(score.chrome)} chrome strings in law text: {score.chrome[:8]}"


def test_no_script_style_or_handler_text_in_law_text(scraped) -> None:
    score = _score(scraped)
    assert not score.scripts, score.scripts[:8]


@pytest.fixture(scope="module")
def content_dirs(tmp_path_factory):
    """The content/ folder written by a scrape of the scripted markup."""
    imitation = build("scripted")
    tmp = tmp_path_factory.mktemp("scripted-content")
    with serve(imitation) as served:
        run = run_scrape(served, tmp, "toc")
    return run, tmp / "content"


def test_nothing_from_scripts_is_written_to_content(content_dirs) -> None:
    run, content = content_dirs
    assert not run.error, run.error
    files = list(content.rglob("*.md"))
    assert files, "the scrape wrote no law pages"
    for path in files:
        text = path.read_text(encoding="utf-8")
        for marker in (*SCRIPT_MARKERS, "javascript:", "onclick", "drukuj"):
            assert marker not in text, f"{marker!r} in {path.relative_to(content)}"


@pytest.fixture(scope="module", params=list(FAULTS))
def fault_runs(request, tmp_path_factory):
    """A clean run, then a re-run with the fault (clean markup, from the fault's start)."""
    fault = FAULTS[request.param]
    tmp = tmp_path_factory.mktemp(f"fault-{fault.name}")
    with serve(build("clean")) as served:
        first = run_scrape(served, tmp, fault.start)
        fault.apply(served)
        second = run_scrape(served, tmp, fault.start)
        yield fault, first, second, served.hosts


def test_a_fault_on_a_rerun_loses_no_law_and_no_unit(fault_runs) -> None:
    fault, first, second, hosts = fault_runs
    assert not first.error and not second.error, first.error or second.error
    kept = compare_runs(first.corpus, second.corpus, hosts)
    assert kept.laws_before, "the first run read nothing"
    assert not kept.lost, (f"{fault.name}: kept {kept.laws_after}/{kept.laws_before} laws, "
                           f"{kept.units_after}/{kept.units_before} units; lost {kept.lost[:10]}")


def test_a_fault_on_a_rerun_is_named_in_the_report(fault_runs) -> None:
    # A fault the scraper must report is named by a new problem; one it recovers from
    # (a retried 500, a redirect on the same site) is not reported as a failure.
    fault, first, second, _ = fault_runs
    assert second.corpus is not None, second.error
    found = named(first.corpus, second.corpus, fault.paths)
    assert bool(found) == fault.must_name, (
        f"{fault.name}: {found or 'no'} new problem names {fault.paths}")


@pytest.mark.parametrize("robots, delay", [("crawl-delay", 1.0), ("crawl-delay-fraction", 0.5)])
def test_crawl_delay_of_robots_txt_is_honoured(robots: str, delay: float, tmp_path) -> None:
    small = build("clean", robots=robots, variant97="plain", laws_2017=(44, 45, 46),
                  laws_1997=(41, 42))
    with serve(small) as served:
        run = run_scrape(served, tmp_path, "toc")
        times = sorted(hit.at for hit in served.server.hits)
    assert not run.error, run.error
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert len(times) >= 8 and min(gaps) >= delay * 0.95, (
        f"Crawl-delay {delay:g}: smallest gap {min(gaps):.2f} s over {len(times)} requests")


def test_a_rerun_asks_conditionally_and_gets_304s(tmp_path) -> None:
    with serve(build("clean")) as served:
        first = run_scrape(served, tmp_path, "toc")
        second = run_scrape(served, tmp_path, "toc")
    assert not first.error and not second.error, first.error or second.error
    pages = [s for s in second.sent if s.path.endswith((".html", ".htm"))]
    assert pages and all(s.status == 304 for s in pages), (
        f"{sum(s.status != 304 for s in pages)} of {len(pages)} pages sent again in full")
    assert sum(s.size for s in second.sent) < sum(s.size for s in first.sent) / 20
