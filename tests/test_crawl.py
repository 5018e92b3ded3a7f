"""crawl_sources against the fixtures served as a tiny site from a local HTTP server."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers.saved_pages import SAVED_STARTS, WEB, fetcher, saved_pages
from httpserver import Reply
from tools.config import Config
from tools.model import law_to_json, unit_ids
from tools.normalize.outline import load_outline
from tools.sources.crawl import crawl_sources
from tools.sources.fetch import Fetcher

pytestmark = pytest.mark.network

TOC = SAVED_STARTS["pzbs-2017"]
CHAPTER = SAVED_STARTS["pzbs-1997"]


@pytest.fixture
def site():
    """Every saved page at its relative path, plus a robots.txt."""
    with saved_pages() as server:
        yield server


FULL_OUTLINE = load_outline(Config().outline_file)


def outline(*numbers: int):
    """The official outline cut down to the laws the fixture site has (the crawler tries
    every outline law it did not reach at its URL by the site's pattern)."""
    return replace(FULL_OUTLINE, by_number={n: FULL_OUTLINE.by_number[n] for n in numbers})


FIXTURE_LAWS = outline(45, 50, 64)


def crawl(fetch: Fetcher, starts: dict[str, str], outline=FIXTURE_LAWS):
    """crawl_sources on the fixture laws' outline, without a progress bar."""
    return crawl_sources(fetch, starts, outline=outline, progress=False)


def both_sites(site) -> dict[str, str]:
    """Both adapters, from the fixture site's table of contents and chapter page."""
    return {"pzbs-2017": site.base + TOC, "pzbs-1997": site.base + CHAPTER}


def keys(result) -> list[tuple[int, str, int]]:
    return [law.key for law in result.laws]


def test_toc_to_polish_pages_to_english_pages_and_the_1997_chapter(site, tmp_path):
    result = crawl(fetcher(tmp_path), both_sites(site))
    assert keys(result) == [
        (1997, "en", 41), (1997, "en", 42),
        (1997, "pl", 41), (1997, "pl", 42), (1997, "pl", 43), (1997, "pl", 44),
        (2017, "en", 45), (2017, "en", 50),
        (2017, "pl", 45), (2017, "pl", 50),
    ]
    pl45 = next(law for law in result.laws if law.key == (2017, "pl", 45))
    en45 = next(law for law in result.laws if law.key == (2017, "en", 45))
    assert pl45.counterpart_url == site.base + "/sedziowie/mpb/2017/en/l45.html"
    assert en45.title == FULL_OUTLINE.title(45, "en")  # the English pages print no title
    assert en45.counterpart_url == site.base + "/sedziowie/mpb/2017/pl/p45.html"
    assert "45C4a" in unit_ids(pl45) and pl45.fetch_date == pl45.fetch_date[:10]
    en41 = next(law for law in result.laws if law.key == (1997, "en", 41))
    assert en41.counterpart_url == site.base + "/laws/nota9.htm"  # from its "wersja polska"
    # The arrows of 45 and 50 are followed too (their neighbours do not exist here). The
    # Law 43 English page is missing (404), the Law 44 one is not a law page.
    assert [(p.kind, p.where.removeprefix(site.base)) for p in result.problems] == [
        ("fetch-error", "/sedziowie/mpb/2017/pl/p44.html"),
        ("fetch-error", "/sedziowie/mpb/2017/pl/p46.html"),
        ("fetch-error", "/sedziowie/mpb/2017/pl/p49.html"),
        ("fetch-error", "/sedziowie/mpb/2017/pl/p51.html"),
        ("fetch-error", "/laws/node9/law43.htm"),
        ("parse-error", "/laws/node9/law44.htm"),
    ]
    assert all("HTTP 404" in p.message for p in result.problems[:-1])
    # Each page once: the TOC is not fetched twice, p50.html#50D is the same page.
    pages = [p for p in site.paths() if p != "/robots.txt"]
    assert len(pages) == len(set(pages)), pages
    assert len(pages) == 14, pages


def test_without_a_contents_page_the_outline_laws_no_link_reached_are_tried(site, tmp_path):
    # The walk from 64 dies at once (63 and 65 do not exist): the laws of the outline that
    # no link reached are tried at their pNN.html, so 45 and 50 are still read.
    result = crawl(fetcher(tmp_path), {"pzbs-2017": site.base + "/sedziowie/mpb/2017/pl/p64.html"})
    assert [law.key for law in result.laws if law.lang == "pl"] == [
        (2017, "pl", 45), (2017, "pl", 50), (2017, "pl", 64)]


def test_second_run_offline_reads_the_cache_and_gives_the_same_laws(site, tmp_path):
    online = crawl(fetcher(tmp_path), both_sites(site), outline=None)
    count = len(site.hits)
    offline = crawl(fetcher(tmp_path, offline=True), both_sites(site), outline=None)
    assert len(site.hits) == count
    assert [law_to_json(law) for law in offline.laws] == [law_to_json(law) for law in online.laws]
    assert [p.where for p in offline.problems] == [p.where for p in online.problems]


def test_walk_from_a_law_page_follows_arrows_both_ways(site, tmp_path):
    start = site.base + "/sedziowie/mpb/2017/pl/p64.html"
    result = crawl(fetcher(tmp_path), {"pzbs-2017": start, "pzbs-1997": ""}, outline=None)
    assert keys(result) == [(2017, "pl", 64)]
    assert sorted((p.kind, p.where.removeprefix(site.base)) for p in result.problems) == [
        ("fetch-error", "/sedziowie/mpb/2017/en/l64.html"),  # no English fixture for 64
        ("fetch-error", "/sedziowie/mpb/2017/pl/p63.html"),
        ("fetch-error", "/sedziowie/mpb/2017/pl/p65.html"),
    ]


def test_walk_reaches_neighbours_that_exist(site, tmp_path):
    # Serve Law 45 as the page "← 44" of an imaginary Law 46 so the walk goes one step left.
    p46 = (WEB / "sedziowie/mpb/2017/pl/p45.html").read_text(encoding="utf-8")
    p46 = (p46.replace("← 44", "← 45").replace("p44.html", "p45.html")
           .replace("→ 46", "→ 47").replace("p46.html", "p47.html")
           .replace("EN: Law 45", "EN: Law 46").replace("../en/l45.html", "../en/l46.html"))
    site.routes["/sedziowie/mpb/2017/pl/p46.html"] = Reply(200, p46.encode("utf-8"))
    start = site.base + "/sedziowie/mpb/2017/pl/p46.html"
    result = crawl(fetcher(tmp_path), {"pzbs-2017": start, "pzbs-1997": ""}, outline=None)
    assert [law.key for law in result.laws if law.lang == "pl"] == [(2017, "pl", 45),
                                                                  (2017, "pl", 46)]
    assert "/sedziowie/mpb/2017/pl/p44.html" in site.paths()  # and on from 45 to 44


def test_unreachable_or_wrong_start_pages_are_problems_not_crashes(site, tmp_path):
    result = crawl(fetcher(tmp_path), {"pzbs-2017": site.base + "/nothing.html",
                                       "pzbs-1997": site.base + "/sedziowie/mpb/2017/pl/p45.html"},
                   outline=None)
    assert result.laws == []
    assert [p.kind for p in result.problems] == ["fetch-error", "parse-error"]
    assert "no law titles" in result.problems[1].message


def test_offline_with_an_empty_cache_reports_every_start_page(tmp_path):
    starts = {"pzbs-2017": "http://127.0.0.1:9/a", "pzbs-1997": "http://127.0.0.1:9/b"}
    result = crawl(fetcher(tmp_path, offline=True), starts, outline=None)
    assert [(p.kind, p.where) for p in result.problems] == [
        ("fetch-error", "http://127.0.0.1:9/a"), ("fetch-error", "http://127.0.0.1:9/b")]


def test_progress_bar_is_shown(site, tmp_path, capsys):
    crawl_sources(fetcher(tmp_path), {"pzbs-2017": "", "pzbs-1997": site.base + CHAPTER},
                  progress=True)
    assert "crawl" in capsys.readouterr().err


def test_crawled_laws_round_trip_through_the_corpus_json(site, tmp_path):
    from tools.model import Corpus, corpus_from_json, corpus_to_json

    result = crawl(fetcher(tmp_path), both_sites(site), outline=None)
    corpus = Corpus(laws=result.laws, problems=result.problems)
    text = corpus_to_json(corpus)
    assert corpus_to_json(corpus_from_json(text)) == text
    assert "przygwożdżoną" in text and "\\u" not in text  # UTF-8 kept, no escapes
