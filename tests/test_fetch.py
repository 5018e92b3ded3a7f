"""Fetcher against a real HTTP server on 127.0.0.1: robots, retries, timeouts, cache, 304."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from httpserver import Hit, LocalServer, Reply
from tools.config import FetchConfig
from tools.errors import SourceError
from tools.sources.cache import cache_key
from tools.sources.fetch import Fetcher

pytestmark = pytest.mark.network

PAGE = "<html><body><p>Przepis 45 — Karta zagrana: ąćęłńóśźż</p></body></html>".encode()
ROBOTS = b"User-agent: *\nDisallow: /private/\n"


def config(tmp_path: Path, **changes: object) -> FetchConfig:
    """A fast test configuration with its own cache folder."""
    values: dict[str, object] = dict(
        user_agent="bridgelaw-test/1.0", min_interval=0.0, timeout=2.0, retries=2,
        backoff=0.05, cache_dir=tmp_path / "cache",
    )
    values.update(changes)
    return FetchConfig(**values)  # type: ignore[arg-type]


@pytest.fixture
def server():
    with LocalServer() as running:
        running.routes["/robots.txt"] = Reply(200, ROBOTS, {"Content-Type": "text/plain"})
        yield running


def test_fetch_stores_body_and_meta_and_sends_user_agent(server: LocalServer, tmp_path: Path):
    server.routes["/p45.html"] = Reply(200, PAGE, {"Content-Type": "text/html; charset=utf-8"})
    url = server.base + "/p45.html"
    page = Fetcher(config(tmp_path)).fetch(url)
    assert (page.status, page.body, page.final_url, page.from_cache) == (200, PAGE, url, False)
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.fetched_at.endswith("+00:00")
    assert server.paths() == ["/robots.txt", "/p45.html"]
    assert server.hits[1].headers["user-agent"] == "bridgelaw-test/1.0"
    stem = tmp_path / "cache" / cache_key(url)
    assert stem.with_suffix(".body").read_bytes() == PAGE
    meta = json.loads(stem.with_suffix(".json").read_text(encoding="utf-8"))
    assert meta["url"] == url and meta["status"] == 200 and meta["fetched_at"] == page.fetched_at
    assert not list((tmp_path / "cache").glob(".*.tmp"))  # no temp files left behind


def test_robots_txt_disallow_is_honoured(server: LocalServer, tmp_path: Path):
    server.routes["/private/p1.html"] = Reply(200, PAGE)
    url = server.base + "/private/p1.html"
    with pytest.raises(SourceError) as error:
        Fetcher(config(tmp_path)).fetch(url)
    assert error.value.where == url and "robots.txt" in error.value.message
    assert "/private/p1.html" not in server.paths()


def test_robots_txt_is_read_once_per_host(server: LocalServer, tmp_path: Path):
    server.routes["/a.html"] = Reply(200, PAGE)
    server.routes["/b.html"] = Reply(200, PAGE)
    fetcher = Fetcher(config(tmp_path))
    fetcher.fetch(server.base + "/a.html")
    fetcher.fetch(server.base + "/b.html")
    assert server.paths() == ["/robots.txt", "/a.html", "/b.html"]


def test_missing_robots_txt_allows_everything(tmp_path: Path):
    with LocalServer() as server:
        server.routes["/private/x.html"] = Reply(200, PAGE)
        page = Fetcher(config(tmp_path)).fetch(server.base + "/private/x.html")
    assert page.body == PAGE


def test_rerun_sends_conditional_request_and_304_gives_cached_body(
    server: LocalServer, tmp_path: Path
):
    def page_or_304(hit: Hit, before: int) -> Reply:
        if hit.headers.get("if-none-match") == '"v1"':
            return Reply(304, headers={"ETag": '"v1"'})
        return Reply(200, PAGE, {"ETag": '"v1"', "Last-Modified": "Thu, 06 Dec 2001 10:00:00 GMT"})

    server.routes["/p64.html"] = page_or_304
    url = server.base + "/p64.html"
    first = Fetcher(config(tmp_path)).fetch(url)
    second = Fetcher(config(tmp_path)).fetch(url)  # a new run
    assert first.from_cache is False
    assert second.from_cache is True and second.body == PAGE and second.status == 200
    conditional = server.hits[-1].headers
    assert conditional["if-none-match"] == '"v1"'
    assert conditional["if-modified-since"] == "Thu, 06 Dec 2001 10:00:00 GMT"
    assert [h.path for h in server.hits].count("/p64.html") == 2


def test_changed_page_replaces_the_cache(server: LocalServer, tmp_path: Path):
    server.routes["/p.html"] = lambda hit, before: Reply(
        200, PAGE + str(before).encode(), {"ETag": f'"v{before}"'}
    )
    url = server.base + "/p.html"
    Fetcher(config(tmp_path)).fetch(url)
    second = Fetcher(config(tmp_path)).fetch(url)
    assert second.body == PAGE + b"1" and not second.from_cache
    assert Fetcher(config(tmp_path), offline=True).fetch(url).body == PAGE + b"1"


def test_500_then_200_is_retried(server: LocalServer, tmp_path: Path):
    server.routes["/flaky.html"] = lambda hit, before: (
        Reply(500, b"oops") if before == 0 else Reply(200, PAGE)
    )
    page = Fetcher(config(tmp_path)).fetch(server.base + "/flaky.html")
    assert page.body == PAGE
    assert server.paths().count("/flaky.html") == 2


def test_persistent_500_is_an_error_after_all_attempts_with_backoff(
    server: LocalServer, tmp_path: Path
):
    server.routes["/down.html"] = Reply(503, b"down")
    url = server.base + "/down.html"
    with pytest.raises(SourceError) as error:
        Fetcher(config(tmp_path, retries=2, backoff=0.1)).fetch(url)
    assert error.value.where == url
    assert "HTTP 503" in error.value.message and "3 attempts" in error.value.message
    times = [hit.at for hit in server.hits if hit.path == "/down.html"]
    assert len(times) == 3
    # Exponential backoff: 0.1 s, then 0.2 s.
    assert times[1] - times[0] >= 0.09 and times[2] - times[1] >= 0.19


def test_timeout_is_retried_then_reported(server: LocalServer, tmp_path: Path):
    server.routes["/slow.html"] = Reply(200, PAGE, delay=1.0)
    url = server.base + "/slow.html"
    started = time.monotonic()
    with pytest.raises(SourceError) as error:
        Fetcher(config(tmp_path, timeout=0.2, retries=1)).fetch(url)
    assert "timed out after 0.2 s" in error.value.message and "2 attempts" in error.value.message
    assert time.monotonic() - started < 1.5
    assert server.paths().count("/slow.html") == 2


def test_404_is_a_source_error(server: LocalServer, tmp_path: Path):
    url = server.base + "/nothing.html"
    with pytest.raises(SourceError) as error:
        Fetcher(config(tmp_path)).fetch(url)
    assert error.value.where == url and "HTTP 404" in error.value.message


def test_redirect_is_followed_and_final_url_recorded(server: LocalServer, tmp_path: Path):
    server.routes["/old/p45.html"] = Reply(301, headers={"Location": "/new/p45.html"})
    server.routes["/new/p45.html"] = Reply(200, PAGE)
    url = server.base + "/old/p45.html"
    page = Fetcher(config(tmp_path)).fetch(url)
    assert page.url == url and page.final_url == server.base + "/new/p45.html"
    assert page.body == PAGE
    cached = Fetcher(config(tmp_path), offline=True).fetch(url)
    assert cached.final_url == server.base + "/new/p45.html"


def test_redirect_into_a_disallowed_path_is_refused(server: LocalServer, tmp_path: Path):
    server.routes["/go.html"] = Reply(302, headers={"Location": "/private/secret.html"})
    server.routes["/private/secret.html"] = Reply(200, PAGE)
    with pytest.raises(SourceError, match="robots.txt"):
        Fetcher(config(tmp_path)).fetch(server.base + "/go.html")
    assert "/private/secret.html" not in server.paths()


def test_requests_to_one_host_are_min_interval_apart(server: LocalServer, tmp_path: Path):
    server.routes["/a.html"] = Reply(200, PAGE)
    server.routes["/b.html"] = Reply(200, PAGE)
    fetcher = Fetcher(config(tmp_path, min_interval=0.3))
    fetcher.fetch(server.base + "/a.html")
    fetcher.fetch(server.base + "/b.html")
    times = [hit.at for hit in server.hits]
    assert [h.path for h in server.hits] == ["/robots.txt", "/a.html", "/b.html"]
    gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
    assert min(gaps) >= 0.29


def test_offline_cache_hit_and_miss(server: LocalServer, tmp_path: Path):
    server.routes["/p50.html"] = Reply(200, PAGE)
    url = server.base + "/p50.html"
    Fetcher(config(tmp_path)).fetch(url)
    count = len(server.hits)
    offline = Fetcher(config(tmp_path), offline=True)
    hit = offline.fetch(url)
    assert hit.from_cache and hit.body == PAGE
    missing = server.base + "/p51.html"
    with pytest.raises(SourceError) as error:
        offline.fetch(missing)
    assert error.value.where == missing and "offline" in error.value.message
    assert len(server.hits) == count  # offline never touches the network


def test_damaged_cache_entry_is_a_clear_error(server: LocalServer, tmp_path: Path):
    url = server.base + "/p1.html"
    server.routes["/p1.html"] = Reply(200, PAGE)
    Fetcher(config(tmp_path)).fetch(url)
    (tmp_path / "cache" / f"{cache_key(url)}.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(SourceError, match="damaged cache entry"):
        Fetcher(config(tmp_path), offline=True).fetch(url)


def test_connection_refused_is_reported(tmp_path: Path):
    with LocalServer() as server:
        url = server.base + "/p1.html"
    with pytest.raises(SourceError) as error:
        Fetcher(config(tmp_path, retries=1)).fetch(url)
    assert "connection failed" in error.value.message


def test_fragment_is_not_sent_and_shares_the_cache_entry(server: LocalServer, tmp_path: Path):
    server.routes["/p50.html"] = Reply(200, PAGE)
    fetcher = Fetcher(config(tmp_path))
    fetcher.fetch(server.base + "/p50.html#50D")
    fetcher.fetch(server.base + "/p50.html")
    assert server.paths() == ["/robots.txt", "/p50.html"]


def test_redirected_robots_txt_is_followed(tmp_path: Path):
    with LocalServer() as server:
        server.routes["/robots.txt"] = Reply(301, headers={"Location": "/real-robots.txt"})
        server.routes["/real-robots.txt"] = Reply(200, b"User-agent: *\nDisallow: /x/\n")
        server.routes["/x/p1.html"] = Reply(200, PAGE)
        with pytest.raises(SourceError, match="robots.txt"):
            Fetcher(config(tmp_path)).fetch(server.base + "/x/p1.html")


def test_robots_txt_for_another_user_agent_does_not_block_us(tmp_path: Path):
    with LocalServer() as server:
        server.routes["/robots.txt"] = Reply(200, b"User-agent: evilbot\nDisallow: /\n")
        server.routes["/p1.html"] = Reply(200, PAGE)
        assert Fetcher(config(tmp_path)).fetch(server.base + "/p1.html").body == PAGE


def test_unwritable_cache_is_a_clear_error(server: LocalServer, tmp_path: Path):
    server.routes["/p1.html"] = Reply(200, PAGE)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SourceError, match="cannot write the fetch cache"):
        Fetcher(config(tmp_path, cache_dir=blocker / "cache")).fetch(server.base + "/p1.html")


def test_non_http_url_is_refused(tmp_path: Path):
    with pytest.raises(SourceError, match="unsupported URL scheme 'ftp'"):
        Fetcher(config(tmp_path)).fetch("ftp://127.0.0.1/p1.html")


def test_robots_crawl_delay_is_honoured_when_longer_than_min_interval(tmp_path: Path):
    with LocalServer() as server:
        server.routes["/robots.txt"] = Reply(200, b"User-agent: *\nCrawl-delay: 1\n")
        server.routes["/a.html"] = Reply(200, PAGE)
        server.routes["/b.html"] = Reply(200, PAGE)
        fetcher = Fetcher(config(tmp_path, min_interval=0.0))
        fetcher.fetch(server.base + "/a.html")
        fetcher.fetch(server.base + "/b.html")
        a, b = (hit.at for hit in server.hits if hit.path in ("/a.html", "/b.html"))
    assert b - a >= 0.99


def test_a_host_that_stopped_answering_is_not_asked_again(server: LocalServer, tmp_path: Path):
    for n in range(6):
        server.routes[f"/p{n}.html"] = Reply(200, PAGE, delay=0.6)
    server.routes["/ok.html"] = Reply(200, PAGE)
    fetcher = Fetcher(config(tmp_path, timeout=0.2, retries=0))
    assert fetcher.fetch(server.base + "/ok.html").body == PAGE
    for n in range(3):
        with pytest.raises(SourceError, match="timed out"):
            fetcher.fetch(server.base + f"/p{n}.html")
    started = time.monotonic()
    with pytest.raises(SourceError, match="stopped answering"):
        fetcher.fetch(server.base + "/p4.html")
    # under one timeout (0.2 s): the error comes without a wait, with room for a loaded machine
    assert time.monotonic() - started < 0.2
    assert "/p4.html" not in server.paths()
