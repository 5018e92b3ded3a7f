"""The fetcher's manners: robots.txt rules, its Crawl-delay, and the pace of requests per host.

No network here: `tools.sources.fetch` downloads robots.txt and hands the response to
`robots_from_response`, and asks `HostPace` to wait before each request.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from tools.errors import SourceError


def robots_from_response(robots_url: str, status: int, body: bytes) -> RobotFileParser:
    """The rules of a robots.txt response (RFC 9309: 401/403 forbid all, other 4xx allow
    all, a server error or unresolved redirect stops fetching from the host)."""
    parser = RobotFileParser(robots_url)
    if status in (401, 403):
        parser.disallow_all = True
    elif 400 <= status < 500:
        parser.allow_all = True  # no robots.txt: no restrictions
    elif status >= 300:
        raise SourceError(robots_url, f"HTTP {status}; not fetching from this host")
    else:
        lines = body.decode("utf-8", errors="replace").splitlines()
        parser.parse(lines)
        _raw_delays(parser, lines)
    return parser


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


@dataclass
class HostPace:
    """One request per interval per host: min_interval, or the host's Crawl-delay when longer."""

    _last_done: dict[str, float] = field(default_factory=dict, repr=False)
    _delay: dict[str, float] = field(default_factory=dict, repr=False)  # Crawl-delay per host

    def set_crawl_delay(self, host: str, delay: float) -> None:
        """Remember the Crawl-delay robots.txt sets for `host` (a netloc)."""
        self._delay[host] = float(delay)

    def wait_turn(self, url: str, min_interval: float) -> None:
        """Sleep until the host of `url` may be asked again."""
        # Counted from the end of the previous exchange, so the server sees at least
        # min_interval between two requests however slowly it answered.
        host = urlsplit(url).netloc
        last = self._last_done.get(host)
        if last is not None:
            interval = max(min_interval, self._delay.get(host, 0.0))
            delay = last + interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)

    def done(self, url: str) -> None:
        """Mark the end of an exchange with the host of `url`."""
        self._last_done[urlsplit(url).netloc] = time.monotonic()
