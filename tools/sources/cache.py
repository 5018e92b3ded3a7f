"""The fetch cache on disk: one response per URL, and the conditional request that revalidates it.

Each URL is two files under the cache folder, named by the SHA-256 of the URL: `.body` holds
the bytes, `.json` the status, headers, final URL and fetch time. No network here.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tools.errors import SourceError


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


def cache_key(url: str) -> str:
    """File name stem of a URL in the cache."""
    return hashlib.sha256(url.encode("utf-8")).hexdigest()


def utc_now() -> str:
    """The current time (UTC) as the cache records it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def conditional_headers(cached: FetchedPage | None) -> dict[str, str]:
    """The If-None-Match / If-Modified-Since headers that ask whether `cached` still holds."""
    conditional = {}
    if cached:
        if cached.headers.get("etag"):
            conditional["If-None-Match"] = cached.headers["etag"]
        if cached.headers.get("last-modified"):
            conditional["If-Modified-Since"] = cached.headers["last-modified"]
    return conditional


def read_cached(cache_dir: Path, url: str) -> FetchedPage | None:
    """The cached copy of `url`, or None; a damaged cache entry is a SourceError."""
    stem = cache_dir / cache_key(url)
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


def store_page(cache_dir: Path, page: FetchedPage) -> None:
    """Write `page` to the cache, replacing any earlier copy of its URL."""
    stem = cache_dir / cache_key(page.url)
    meta = {"url": page.url, "final_url": page.final_url, "status": page.status,
            "headers": dict(sorted(page.headers.items())), "fetched_at": page.fetched_at}
    text = json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    try:
        # Body first: the meta file's presence marks a complete entry.
        _write_atomic(stem.with_suffix(".body"), page.body)
        _write_atomic(stem.with_suffix(".json"), text.encode("utf-8"))
    except OSError as error:
        raise SourceError(page.url, f"cannot write the fetch cache {stem}: {error}") from error


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
