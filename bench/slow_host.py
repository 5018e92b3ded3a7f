"""The built site served as `bridgelaw serve` serves it (tools/site/serve.py), over a slow network
emulated at the server: every response waits one round trip, and all responses share one
downstream pipe. Throttling at the server slows the service worker's fetches as much as the
page's (Chromium's own network emulation applies to the page only, not to its worker).
"""

from __future__ import annotations

import http.server
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tools.site.serve import BodyCache, SiteHandler, make_server

CHUNK = 8192


@dataclass(frozen=True)
class Network:
    """A link: round-trip time and downstream throughput."""

    name: str
    rtt_ms: float
    down_kbps: float


SLOW_4G = Network("slow 4G (150 ms, 1.6 Mbit/s)", 150, 1600)  # Lighthouse's mobile preset
SLOW_LINK = Network("slow link (400 ms, 400 kbit/s)", 400, 400)  # the first report


class Pipe:
    """One shared downstream link: bytes leave no faster than its throughput."""

    def __init__(self, kbps: float) -> None:
        self.rate = kbps * 1000 / 8  # bytes per second
        self.free = time.monotonic()
        self.lock = threading.Lock()
        self.sent = 0

    def take(self, size: int) -> None:
        """Wait until `size` bytes have gone through the pipe."""
        with self.lock:
            start = max(time.monotonic(), self.free)
            self.free = start + size / self.rate
            self.sent += size
            done = self.free
        time.sleep(max(0.0, done - time.monotonic()))


def slow_server(site: Path, network: Network) -> tuple[http.server.ThreadingHTTPServer, str, Pipe]:
    """A started server for `site` over `network`; returns (server, base URL, pipe)."""
    pipe = Pipe(network.down_kbps)

    class SlowHandler(SiteHandler):
        """SiteHandler whose answers wait a round trip and share the pipe."""

        def _send(self, status: int, data: bytes, headers: dict[str, str], head: bool) -> None:
            time.sleep(network.rtt_ms / 1000)
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            pipe.take(300)  # the status line and headers
            if head:
                return
            try:
                for start in range(0, len(data), CHUNK):
                    chunk = data[start:start + CHUNK]
                    pipe.take(len(chunk))
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):  # the browser closed
                self.close_connection = True

    server = make_server(site, 0, quiet=True)
    server.RequestHandlerClass = type("BoundSlowHandler", (SlowHandler,),
                                      {"site": site.resolve(), "cache": BodyCache(),
                                       "quiet": True})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", pipe
