"""The only code that touches the network: polite, cached, conditional HTTP GETs.

The cache on disk and its conditional requests are in `fetch_cache.py`; robots.txt rules
and the pace of requests per host in `fetch_politeness.py`. Here: the fetch itself, with
redirects, retries and limits on each response's size and time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urldefrag, urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import requests

from tools.config import FetchConfig
from tools.errors import SourceError
from tools.sources.cache import FetchedPage, conditional_headers, read_cached, store_page, utc_now
from tools.sources.politeness import HostPace, crawl_delay, robots_from_response

REDIRECTS = (301, 302, 303, 307, 308)
MAX_REDIRECTS = 10
HOST_DOWN_AFTER = 3  # requests in a row that failed (after their retries): the host is down


@dataclass
class _Response:
    status: int
    headers: dict[str, str]
    body: bytes


def same_site(first: str, second: str) -> bool:
    """Whether two URLs are on one site: the same host name, "www." aside (http -> https
    changes the scheme and the port, not the site)."""
    def site(url: str) -> str:
        return (urlsplit(url).hostname or "").lower().removeprefix("www.")
    return site(first) == site(second)


@dataclass
class Fetcher:
    """Fetch pages politely (robots.txt and its Crawl-delay, one request per min_interval per
    host, retries with backoff, conditional requests) through a cache on disk; offline, read
    the cache only."""

    config: FetchConfig
    offline: bool = False
    _session: requests.Session = field(default_factory=requests.Session, init=False, repr=False)
    _pace: HostPace = field(default_factory=HostPace, init=False, repr=False)
    _robots: dict[str, RobotFileParser] = field(default_factory=dict, init=False, repr=False)
    _checked: set[str] = field(default_factory=set, init=False, repr=False)
    _failures: dict[str, int] = field(default_factory=dict, init=False, repr=False)

    def fetch(self, url: str) -> FetchedPage:
        """The page at `url` (its #fragment ignored): from the cache if offline or already
        checked in this run, else from the network (304 Not Modified -> the cached body)."""
        url = urldefrag(url).url
        cached = read_cached(self.config.cache_dir, url)
        if self.offline or (cached and url in self._checked):
            if cached is None:
                raise SourceError(url, "not in the fetch cache (offline mode)")
            return cached
        final_url, response = self._get_following_redirects(url, conditional_headers(cached))
        self._checked.add(url)
        if response.status == 304 and cached:
            page = FetchedPage(url, cached.final_url, cached.status, cached.headers,
                               cached.body, utc_now(), from_cache=True)
            store_page(self.config.cache_dir, page)
            return page
        if not 200 <= response.status < 300:
            raise SourceError(url, f"HTTP {response.status} from {final_url}")
        page = FetchedPage(url, final_url, response.status, response.headers, response.body,
                           utc_now())
        store_page(self.config.cache_dir, page)
        return page

    def _get_following_redirects(self, url: str, headers: dict[str, str]
                                 ) -> tuple[str, _Response]:
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            self._check_robots(current)
            response = self._get(current, headers)
            location = response.headers.get("location")
            if response.status not in REDIRECTS or not location:
                return current, response
            target = urljoin(current, location)
            if not same_site(url, target):
                raise SourceError(url, f"redirected to another site: {target}")
            current = target
        raise SourceError(url, f"more than {MAX_REDIRECTS} redirects (last: {current})")

    def _check_robots(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            raise SourceError(url, f"unsupported URL scheme {parts.scheme!r}")
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self._robots:
            self._robots[origin] = self._read_robots(origin + "/robots.txt")
        if not self._robots[origin].can_fetch(self.config.agent, url):
            raise SourceError(url, f"disallowed by {origin}/robots.txt")
        delay = crawl_delay(self._robots[origin], self.config.agent)
        if delay:
            self._pace.set_crawl_delay(parts.netloc, delay)

    def _read_robots(self, robots_url: str) -> RobotFileParser:
        response = self._get(robots_url, {})
        for _ in range(5):  # RFC 9309: follow at least five redirects for robots.txt
            location = response.headers.get("location")
            if response.status not in REDIRECTS or not location:
                break
            response = self._get(urljoin(robots_url, location), {})
        return robots_from_response(robots_url, response.status, response.body)

    def _get(self, url: str, headers: dict[str, str]) -> _Response:
        """One GET with retries on 5xx, connection errors and timeouts; a host that failed
        HOST_DOWN_AFTER requests in a row is not asked again in this run (no long wait on
        every page of a site that stopped answering)."""
        host = urlsplit(url).netloc
        if self._failures.get(host, 0) >= HOST_DOWN_AFTER:
            raise SourceError(url, f"{host} stopped answering ({HOST_DOWN_AFTER} requests in a "
                                   "row failed): not asked again in this run")
        try:
            response = self._get_with_retries(url, headers)
        except SourceError:
            self._failures[host] = self._failures.get(host, 0) + 1
            raise
        self._failures[host] = 0
        return response

    def _get_with_retries(self, url: str, headers: dict[str, str]) -> _Response:
        attempts = self.config.retries + 1
        for attempt in range(attempts):
            if attempt:
                time.sleep(self.config.backoff * 2 ** (attempt - 1))
            self._pace.wait_turn(url, self.config.min_interval)
            try:
                response = self._session.get(
                    url,
                    headers={"User-Agent": self.config.agent, **headers},
                    timeout=self.config.timeout,
                    allow_redirects=False,
                    stream=True,
                )
                body = self._read_body(url, response)
            except requests.Timeout:
                problem = f"timed out after {self.config.timeout:g} s"
                continue
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError) as error:
                problem = f"connection failed: {error}"
                continue
            except requests.RequestException as error:
                raise SourceError(url, f"request failed: {error}") from error
            finally:
                self._pace.done(url)
            if response.status_code >= 500:
                problem = f"HTTP {response.status_code}"
                continue
            return _Response(response.status_code,
                             {k.lower(): v for k, v in response.headers.items()}, body)
        raise SourceError(url, f"{problem} ({attempts} attempts)")

    def _read_body(self, url: str, response: requests.Response) -> bytes:
        """The body, refused once it grows past max_bytes or takes longer than max_seconds
        (a page of another site or a broken server must not stall or swamp the crawl)."""
        limit = self.config.max_bytes
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            response.close()
            raise SourceError(url, f"response of {int(declared)} bytes, over the limit of "
                                   f"{limit} bytes (not a law page)")
        deadline = time.monotonic() + self.config.max_seconds
        chunks: list[bytes] = []
        size = 0
        try:
            for chunk in response.iter_content(65536):
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    raise SourceError(url, f"response over the limit of {limit} bytes "
                                           "(not a law page)")
                if time.monotonic() > deadline:
                    raise SourceError(url, f"response still arriving after "
                                           f"{self.config.max_seconds:g} s")
        finally:
            response.close()
        return b"".join(chunks)
