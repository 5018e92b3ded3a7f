"""How the browser tests launch Chromium and serve a folder: Debian's Chromium driven by
Playwright (its own download does not work here), viewports, and a static server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BLOCKING = {"serious", "critical"}  # axe's impacts a page may not have


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serious_violations(page: object) -> list[str]:
    """axe-core's serious and critical violations on the open page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in BLOCKING:
            targets = [node["target"] for node in violation["nodes"]][:5]
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Static files of `folder` served on 127.0.0.1 on a free port; yields the root URL."""
    from tools.site.serve import SiteServer  # quiet about connections the browser drops

    handler = functools.partial(QuietHandler, directory=str(folder))
    server = SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
