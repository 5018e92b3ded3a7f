"""Whether the main job reads the live pages this run: at most once a day, and only when the
source hosts answer at once.

`bridgelaw build` reads the live PZBS pages when it can; the decision is made here, before any
page is requested: a run within the day of the last online run builds from the cache (no
request at all), and a host that does not take a connection within a few seconds sends the
build to the bundled snapshot and the last good cache at once, saying so.
"""

from __future__ import annotations

import datetime as dt
import json
import socket
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit

from tools.config import Config
from tools.write import write_text

STAMP = "last-online-run.json"  # in the fetch cache folder
PROBE_SECONDS = 3.0
MODES = ("auto", "online", "offline")


@dataclass(frozen=True)
class SourceChoice:
    """The config the build runs with, and the sentence that says why."""

    config: Config
    online: bool
    reason: str


def _stamp_file(config: Config) -> Path:
    return config.fetch.cache_dir / STAMP


def _starts(config: Config) -> list[str]:
    return [url for _, url in config.sources if url]


def last_online_run(config: Config) -> dict[str, object]:
    """What the stamp says of the last online run with these start pages ({} when none)."""
    try:
        data = json.loads(_stamp_file(config).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("starts") == _starts(config) else {}


def record_online_run(config: Config, today: dt.date | None = None) -> None:
    """Note that the live pages were read today (the next run of the day makes no request)."""
    day = (today or dt.datetime.now(dt.UTC).date()).isoformat()
    write_text(_stamp_file(config),
               json.dumps({"date": day, "starts": _starts(config)}, sort_keys=True) + "\n")


def unreachable(urls: list[str], seconds: float = PROBE_SECONDS) -> str:
    """'' when every host of `urls` takes a TCP connection within `seconds`, else why not."""
    seen: set[tuple[str, int]] = set()
    for url in urls:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "https" else 80)
        if (host, port) in seen:
            continue
        seen.add((host, port))
        try:
            with socket.create_connection((host, port), timeout=seconds):
                pass
        except OSError as error:
            return f"{host}:{port} ({error.strerror or error})"
    return ""


def choose_sources(config: Config, mode: str, today: dt.date | None = None) -> SourceChoice:
    """The config for this run: online when `mode` is "online", or "auto" and the live pages
    were not read today and their hosts answer; else offline (snapshot and cache)."""
    if mode not in MODES:
        raise ValueError(f"unknown source mode {mode!r}")
    offline = replace(config, offline=True)
    if mode == "offline":
        return SourceChoice(offline, False, "offline: the bundled snapshot and the fetch cache")
    day = (today or dt.datetime.now(dt.UTC).date()).isoformat()
    if mode == "auto" and last_online_run(config).get("date") == day:
        return SourceChoice(offline, False,
                            f"the live pages were read today ({day}): building from the fetch "
                            "cache with no request (--online reads them again)")
    why = unreachable(_starts(config))
    if why:
        return SourceChoice(offline, False,
                            f"the live pages cannot be reached ({why}): building from the "
                            "bundled snapshot and the last good cache")
    hosts = ", ".join(dict.fromkeys(urlsplit(url).netloc for url in _starts(config)))
    return SourceChoice(replace(config, offline=False), True,
                        f"reading the live pages ({hosts}), one request a second")
