"""The only code that touches the network: polite, cached, conditional HTTP GETs."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import requests

from tools.config import FetchConfig
from tools.errors import SourceError

REDIRECTS = (301, 302, 303, 307, 308)
MAX_REDIRECTS = 10


@dataclass
class FetchedPage:
    """One response body and where it came from."""

    url: str  # as requested
    final_url: str  # after redirects
    status: int
    headers: dict[str, str]  # lower-case names
    body: bytes
    fetched_at: str  # ISO time (UTC) the body was downloaded or last confirmed unchanged
    from_cache: bool = False


@dataclass
class _Response:
    status: int
    headers: dict[str, str]
    body: bytes


def cache_key(url: str) -> str:
    """File name stem of a URL in the cache."""
    return hashlib.sha256(url.encode("utf-8")).hexdigest()


def crawl_delay(robots: RobotFileParser, agent: str) -> float | None:
    """The Crawl-delay robots.txt sets for `agent`, fractions of a second included (the
    standard library's parser reads whole seconds only)."""
    entries = [e for e in robots.entries if e.applies_to(agent)]
    if not entries and robots.default_entry is not None:
        entries = [robots.default_entry]
    for entry in entries:
        raw = getattr(entry, "raw_delay", None)
        if raw is not None:
            return raw
        if entry.delay is not None:
            return float(entry.delay)
    return None


def _raw_delays(robots: RobotFileParser, lines: list[str]) -> None:
    """Give each parsed robots.txt entry the Crawl-delay its group declares, as a float."""
    groups: list[tuple[list[str], float | None]] = []
    agents: list[str] = []
    delay: float | None = None
    in_rules = False
    for line in lines:
        field, _, value = line.split("#", 1)[0].partition(":")
        field, value = field.strip().lower(), value.strip()
        if field == "user-agent":
            if in_rules:
                groups.append((agents, delay))
                agents, delay, in_rules = [], None, False
            agents.append(value.lower())
        elif field == "crawl-delay":
            in_rules = True
            try:
                delay = float(value)
            except ValueError:
                delay = None
        elif field:
            in_rules = True
    if agents:
        groups.append((agents, delay))
    entries = list(robots.entries) + ([robots.default_entry] if robots.default_entry else [])
    for entry in entries:
        names = [name.lower() for name in entry.useragents]
        for group_agents, group_delay in groups:
            if group_delay is not None and set(names) & set(group_agents):
                entry.raw_delay = group_delay  # type: ignore[attr-defined]


def same_site(first: str, second: str) -> bool:
    """Whether two URLs are on one site: the same host name, "www." aside (http -> https
    changes the scheme and the port, not the site)."""
    def site(url: str) -> str:
        return (urlsplit(url).hostname or "").lower().removeprefix("www.")
    return site(first) == site(second)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Fetcher:
    """Fetch pages politely (robots.txt and its Crawl-delay, one request per min_interval per
    host, retries with backoff, conditional requests) through a cache on disk; offline, read
    the cache only."""

    config: FetchConfig
    offline: bool = False
    _session: requests.Session = field(default_factory=requests.Session, init=False, repr=False)
    _last_done: dict[str, float] = field(default_factory=dict, init=False, repr=False)
    _delay: dict[str, float] = field(default_factory=dict, init=False, repr=False)  # Crawl-delay
    _robots: dict[str, RobotFileParser] = field(default_factory=dict, init=False, repr=False)
    _checked: set[str] = field(default_factory=set, init=False, repr=False)

    def fetch(self, url: str) -> FetchedPage:
        """The page at `url` (its #fragment ignored): from the cache if offline or already
        checked in this run, else from the network (304 Not Modified -> the cached body)."""
        url = urldefrag(url).url
        cached = self.cached(url)
        if self.offline or (cached and url in self._checked):
            if cached is None:
                raise SourceError(url, "not in the fetch cache (offline mode)")
            return cached
        conditional = {}
        if cached:
            if cached.headers.get("etag"):
                conditional["If-None-Match"] = cached.headers["etag"]
            if cached.headers.get("last-modified"):
                conditional["If-Modified-Since"] = cached.headers["last-modified"]
        final_url, response = self._get_following_redirects(url, conditional)
        self._checked.add(url)
        if response.status == 304 and cached:
            page = FetchedPage(url, cached.final_url, cached.status, cached.headers,
                               cached.body, _now(), from_cache=True)
            self._store(page)
            return page
        if not 200 <= response.status < 300:
            raise SourceError(url, f"HTTP {response.status} from {final_url}")
        page = FetchedPage(url, final_url, response.status, response.headers, response.body,
                           _now())
        self._store(page)
        return page

    def cached(self, url: str) -> FetchedPage | None:
        """The cached copy of `url`, or None; a damaged cache entry is a SourceError."""
        stem = self.config.cache_dir / cache_key(url)
        meta_file, body_file = stem.with_suffix(".json"), stem.with_suffix(".body")
        if not meta_file.exists():
            return None
        try:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
            body = body_file.read_bytes()
            return FetchedPage(meta["url"], meta["final_url"], meta["status"], meta["headers"],
                               body, meta["fetched_at"], from_cache=True)
        except (OSError, ValueError, KeyError) as error:
            raise SourceError(url, f"damaged cache entry {meta_file}: {error}") from error

    def _store(self, page: FetchedPage) -> None:
        stem = self.config.cache_dir / cache_key(page.url)
        meta = {"url": page.url, "final_url": page.final_url, "status": page.status,
                "headers": dict(sorted(page.headers.items())), "fetched_at": page.fetched_at}
        text = json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        try:
            # Body first: the meta file's presence marks a complete entry.
            _write_atomic(stem.with_suffix(".body"), page.body)
            _write_atomic(stem.with_suffix(".json"), text.encode("utf-8"))
        except OSError as error:
            raise SourceError(page.url, f"cannot write the fetch cache {stem}: {error}") from error

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
            self._delay[parts.netloc] = float(delay)

    def _read_robots(self, robots_url: str) -> RobotFileParser:
        parser = RobotFileParser(robots_url)
        response = self._get(robots_url, {})
        for _ in range(5):  # RFC 9309: follow at least five redirects for robots.txt
            location = response.headers.get("location")
            if response.status not in REDIRECTS or not location:
                break
            response = self._get(urljoin(robots_url, location), {})
        if response.status in (401, 403):
            parser.disallow_all = True
        elif 400 <= response.status < 500:
            parser.allow_all = True  # no robots.txt: no restrictions
        elif response.status >= 300:
            raise SourceError(robots_url, f"HTTP {response.status}; not fetching from this host")
        else:
            lines = response.body.decode("utf-8", errors="replace").splitlines()
            parser.parse(lines)
            _raw_delays(parser, lines)
        return parser

    def _get(self, url: str, headers: dict[str, str]) -> _Response:
        """One GET with retries on 5xx, connection errors and timeouts."""
        attempts = self.config.retries + 1
        for attempt in range(attempts):
            if attempt:
                time.sleep(self.config.backoff * 2 ** (attempt - 1))
            self._wait_turn(url)
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
                self._last_done[urlsplit(url).netloc] = time.monotonic()
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

    def _wait_turn(self, url: str) -> None:
        # Counted from the end of the previous exchange, so the server sees at least
        # min_interval between two requests however slowly it answered.
        host = urlsplit(url).netloc
        last = self._last_done.get(host)
        if last is not None:
            interval = max(self.config.min_interval, self._delay.get(host, 0.0))
            delay = last + interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)
