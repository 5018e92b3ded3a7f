"""A real HTTP server on 127.0.0.1 for fetch and crawl tests, driven by a table of routes."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


@dataclass
class Reply:
    """What the server answers to one request."""

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to sleep before answering


@dataclass
class Hit:
    """One request the server received."""

    path: str
    headers: dict[str, str]
    at: float  # time.monotonic() on arrival


Route = Callable[[Hit, int], Reply]  # (request, how many times this path was hit before)


class LocalServer:
    """Serves `routes` (path -> Reply or function) on a free port in a daemon thread."""

    def __init__(self) -> None:
        self.routes: dict[str, Reply | Route] = {}
        self.hits: list[Hit] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                hit = Hit(self.path, {k.lower(): v for k, v in self.headers.items()},
                          time.monotonic())
                before = sum(1 for h in server.hits if h.path == self.path)
                server.hits.append(hit)
                route = server.routes.get(self.path, Reply(404, b"not found"))
                reply = route if isinstance(route, Reply) else route(hit, before)
                if reply.delay:
                    time.sleep(reply.delay)
                try:
                    self.send_response(reply.status)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(reply.body)))
                    self.end_headers()
                    if reply.status != 304:
                        self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> LocalServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def add_folder(self, folder: Path) -> None:
        """Serve every HTML file under `folder` at its path relative to it."""
        for path in sorted(folder.rglob("*.htm*")):
            self.routes["/" + path.relative_to(folder).as_posix()] = Reply(
                200, path.read_bytes(), {"Content-Type": "text/html"})

    def paths(self) -> list[str]:
        """Paths requested so far, in order."""
        return [hit.path for hit in self.hits]
