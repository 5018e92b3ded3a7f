"""`bridgelaw serve` as a real static host: gzip for text, ETag and 304, cache headers by kind of
file, the site's own 404 page (a language's own when it has one), directory redirects, no way out
of the site folder."""

from __future__ import annotations

import gzip
import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.site.serve import REVALIDATE, YEAR, make_server

pytestmark = pytest.mark.network


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A tiny built site."""
    root = tmp_path / "site"
    files = {
        "index.html": "<!doctype html><title>home</title>" + "słowo " * 200,
        "404.html": "<!doctype html><title>404 strony nie ma</title>",
        "en/index.html": "<!doctype html><title>home en</title>",
        "en/404.html": "<!doctype html><title>404 no such page</title>",
        "laws/2017/64/index.html": "<!doctype html><title>64</title>",
        "assets/bridgelaw/site.css": "body { color: black; }\n" * 50,
        "assets/stylesheets/main.57a0d79d.min.css": "a{}" * 100,
        "pagefind/index/pl_7426fb5.pf_index": "",
        "sw.js": "self.BL_PACK = {};\n",
        "manifest.webmanifest": "{}",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "assets/bridgelaw/icon-192.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    (root / "pagefind/index/pl_7426fb5.pf_index").write_bytes(gzip.compress(b"index"))
    return root


@pytest.fixture
def server(site: Path) -> Iterator[tuple[str, int]]:
    """The tiny site served on a free port: (host, port)."""
    httpd = make_server(site, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield "127.0.0.1", httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(server: tuple[str, int], path: str, method: str = "GET",
        **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One request: (status, headers in lower case, body)."""
    connection = http.client.HTTPConnection(*server, timeout=5)
    connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_text_is_sent_gzipped_and_revalidated(server, site) -> None:
    status, headers, body = get(server, "/", Accept_Encoding="gzip, br")
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (site / "index.html").read_bytes()
    assert len(body) < (site / "index.html").stat().st_size / 4
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["cache-control"] == REVALIDATE and headers["vary"] == "Accept-Encoding"
    status, headers, body = get(server, "/", If_None_Match=headers["etag"], Accept_Encoding="gzip")
    assert status == 304 and body == b""
    status, headers, body = get(server, "/")  # a client without gzip gets the plain bytes
    assert status == 200 and "content-encoding" not in headers
    assert body == (site / "index.html").read_bytes()


def test_cache_headers_by_kind(server) -> None:
    assert get(server, "/assets/stylesheets/main.57a0d79d.min.css")[1]["cache-control"] == YEAR
    status, headers, body = get(server, "/pagefind/index/pl_7426fb5.pf_index",
                                Accept_Encoding="gzip")
    assert headers["cache-control"] == YEAR and "content-encoding" not in headers  # already gzip
    assert gzip.decompress(body) == b"index"
    for path in ("/sw.js", "/assets/bridgelaw/site.css", "/manifest.webmanifest"):
        assert get(server, path)[1]["cache-control"] == REVALIDATE, path
    assert get(server, "/manifest.webmanifest")[1]["content-type"].startswith(
        "application/manifest+json")
    png = get(server, "/assets/bridgelaw/icon-192.png", Accept_Encoding="gzip")[1]
    assert png["content-type"] == "image/png" and "content-encoding" not in png


def test_the_sites_own_404_page(server) -> None:
    status, headers, body = get(server, "/no/such/page/")
    assert status == 404 and b"strony nie ma" in body
    assert headers["cache-control"] == REVALIDATE
    status, _, body = get(server, "/en/no/such/page/")
    assert status == 404 and b"no such page" in body
    status, _, body = get(server, "/laws/2017/99/", Accept_Encoding="gzip")
    assert status == 404 and b"strony nie ma" in gzip.decompress(body)


def test_directories_redirect_and_head_sends_no_body(server) -> None:
    status, headers, _ = get(server, "/laws/2017/64?x=1")
    assert status == 301 and headers["location"] == "/laws/2017/64/?x=1"
    status, headers, body = get(server, "/laws/2017/64/", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 0


@pytest.mark.parametrize("path", ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                                  "/assets/..%5c..%5cx"])
def test_nothing_outside_the_site(server, path) -> None:
    assert get(server, path)[0] == 404


def test_a_dropped_connection_is_no_error_to_report(site: Path, capsys) -> None:  # noqa: ANN001
    """A browser that drops a connection (a prefetch cancelled, a tab closed) leaves no
    traceback on the console; any other error in a request still does."""
    import socket
    import struct
    import time

    httpd = make_server(site, 0, quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        for _ in range(3):
            # ask for a page, then reset the connection before reading the answer
            sock = socket.create_connection(httpd.server_address)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.sendall(b"GET /big.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            sock.close()
        time.sleep(0.5)
        try:
            raise ConnectionResetError(104, "Connection reset by peer")
        except ConnectionResetError:
            httpd.handle_error(None, ("127.0.0.1", 1))
        assert "Traceback" not in capsys.readouterr().err
        try:
            raise ValueError("a fault of ours")
        except ValueError:
            httpd.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a fault of ours" in capsys.readouterr().err
    finally:
        httpd.shutdown()
        httpd.server_close()
