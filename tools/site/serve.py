"""`bridgelaw serve`: site/ served as a real static host serves it: gzip for text, validators and
cache headers, the site's own 404 page, directory redirects.

Cache policy: files whose names carry a content hash (Material's bundles, Pagefind's index and
fragments) are immutable for a year; everything else (HTML, our own assets, the service worker,
the web app manifests) is `no-cache`: kept, but revalidated with its ETag on every use, so a new
build is seen at once and an unchanged file costs a 304.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import re
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

COMPRESSIBLE = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map"}
TYPES = {".webmanifest": "application/manifest+json", ".wasm": "application/wasm",
         ".pagefind": "application/octet-stream", ".pf_meta": "application/octet-stream",
         ".pf_index": "application/octet-stream", ".pf_fragment": "application/octet-stream",
         ".js": "text/javascript", ".json": "application/json", ".svg": "image/svg+xml"}
IMMUTABLE = re.compile(r"(^|/)pagefind/(index|fragment)/|\.pf_meta$|\.[0-9a-f]{8}\.min\.(js|css)$")
YEAR = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
MAX_CACHED = 64 * 1024 * 1024  # bytes of compressed bodies kept in memory


@dataclass(frozen=True)
class Body:
    """One file as sent: its bytes (gzip or not) and its entity tag."""

    data: bytes
    etag: str


class BodyCache:
    """Compressed bodies and ETags keyed by path, size and mtime (a rebuilt file is read again)."""

    def __init__(self, limit: int = MAX_CACHED) -> None:
        self.limit = limit
        self.items: OrderedDict[tuple[str, int, int, bool], Body] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, path: Path, compress: bool) -> Body:
        """The body of `path`, gzip-compressed when `compress`."""
        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns, compress)
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()[:20]
        if compress:
            body = Body(gzip.compress(raw, compresslevel=9, mtime=0), f'"{digest}-gz"')
        else:
            body = Body(raw, f'"{digest}"')
        with self.lock:
            self.items[key] = body
            self.size += len(body.data)
            while self.size > self.limit and len(self.items) > 1:
                _, old = self.items.popitem(last=False)
                self.size -= len(old.data)
        return body


def cache_control(rel: str) -> str:
    """The Cache-Control header for a site-relative path."""
    return YEAR if IMMUTABLE.search(rel) else REVALIDATE


def content_type(path: Path) -> str:
    """The Content-Type of a file (text types in UTF-8)."""
    suffix = path.suffix.lower()
    kind = TYPES.get(suffix) or http.server.SimpleHTTPRequestHandler.extensions_map.get(suffix)
    if kind is None:
        import mimetypes

        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if kind.startswith("text/") or suffix in {".json", ".webmanifest", ".svg", ".js"}:
        kind += "; charset=utf-8"
    return kind


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD for the files of one built site."""

    site: Path = Path("site")
    cache: BodyCache = BodyCache()
    quiet: bool = False
    server_version = "bridgelaw"
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and a small body go out at once, not 40 ms apart

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Log like http.server unless quiet."""
        if not self.quiet:
            super().log_message(format, *args)

    def do_GET(self) -> None:  # noqa: N802
        """Send the file, its 304, a redirect or the 404 page."""
        self._answer(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        """As GET, without the body."""
        self._answer(head=True)

    def _resolve(self, url_path: str) -> tuple[Path | None, str]:
        """(file, site-relative name) of a URL path; (None, location) to add a slash; (None, "")."""
        parts = [p for p in unquote(url_path).split("/") if p not in ("", ".")]
        if any(p == ".." or "\\" in p or "\0" in p for p in parts):
            return None, ""
        target = self.site.joinpath(*parts)
        if target.is_dir():
            if parts and not url_path.endswith("/"):
                return None, url_path + "/"
            target, parts = target / "index.html", [*parts, "index.html"]
        if not target.is_file():
            return None, ""
        return target, "/".join(parts)

    def _answer(self, head: bool) -> None:
        split = urlsplit(self.path)
        target, rel = self._resolve(split.path)
        if target is None and rel:
            location = rel + (f"?{split.query}" if split.query else "")
            self._send(301, b"", {"Location": location, "Cache-Control": REVALIDATE}, head)
            return
        status = 200
        if target is None:
            status, target, rel = 404, self._not_found(split.path), "404.html"
            if target is None:
                self._send(404, b"not found\n", {"Content-Type": "text/plain"}, head)
                return
        compress = (target.suffix.lower() in COMPRESSIBLE
                    and "gzip" in self.headers.get("Accept-Encoding", ""))
        body = self.cache.get(target, compress)
        headers = {"Content-Type": content_type(target), "ETag": body.etag,
                   "Cache-Control": cache_control(rel) if status == 200 else REVALIDATE,
                   "Vary": "Accept-Encoding"}
        if compress:
            headers["Content-Encoding"] = "gzip"
        if status == 200 and body.etag in _tags(self.headers.get("If-None-Match", "")):
            self._send(304, b"", {k: v for k, v in headers.items()
                                  if k not in ("Content-Type", "Content-Encoding")}, head=True)
            return
        self._send(status, body.data, headers, head)

    def _not_found(self, url_path: str) -> Path | None:
        """The site's 404 page for this path (a language's own when it has one)."""
        first = unquote(url_path).lstrip("/").split("/", 1)[0]
        own = self.site / first / "404.html"
        if first and first != ".." and own.is_file():
            return own
        root = self.site / "404.html"
        return root if root.is_file() else None

    def _send(self, status: int, data: bytes, headers: dict[str, str], head: bool) -> None:
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if not head and data:
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the reader went away
                self.close_connection = True


def _tags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


class SiteServer(http.server.ThreadingHTTPServer):
    """The threading server, quiet about connections the browser drops (a prefetch it no
    longer wants, a tab closed mid-answer): they are no fault to report; any other error is."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], DROPPED):
            return
        super().handle_error(request, client_address)


DROPPED = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


def make_server(site: Path, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for `site` (port 0: any free port)."""
    handler = type("BoundSiteHandler", (SiteHandler,),
                   {"site": site.resolve(), "cache": BodyCache(), "quiet": quiet})
    return SiteServer((host, port), handler)
