"""The site at the table with no signal, in headless Chromium with its service worker allowed,
served as a static host serves it (tools/site/serve.py):

- after one visit, with the network cut, search finds and opens a law never opened, the wizard
  reaches a ruling, situation pages and the other language open, an unknown address gets the
  site's 404 page, and nothing is ever requested from another host;
- a rebuilt site replaces the kept copy whole: one cache, the new build's, every file of it;
- a file of another build is never kept: the new version does not install, the old stays whole;
- the site is installable: each language's manifest, its icons and start page.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from helpers.browser import PHONE
from tools.site.offline import collect, version_of, write_offline
from tools.site.serve import make_server

pytestmark = pytest.mark.browser

READY = 180_000  # ms: the whole pack over localhost takes a few seconds; slow CI gets room


class Host:
    """The site served on 127.0.0.1; `cut()` stops it (the network is gone)."""

    def __init__(self, site: Path, port: int = 0) -> None:
        self.site = site
        self.server = make_server(site, port, quiet=True)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def cut(self) -> None:
        """Stop answering, for good."""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def host(site_dir: Path) -> Iterator[Host]:
    """The session's site on a port of its own (so a worker from another test never controls it)."""
    served = Host(site_dir)
    yield served
    served.cut()


@pytest.fixture
def copied_host(site_dir: Path, tmp_path: Path) -> Iterator[Host]:
    """A copy of the session's site, free to be rebuilt, served on a port of its own."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    served = Host(site)
    yield served
    served.cut()


@pytest.fixture
def reader(browser: object) -> Iterator[object]:
    """A phone with service workers allowed; every request any page or worker makes is kept."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  service_workers="allow")
    context.requests = []  # type: ignore[attr-defined]
    context.on("request", lambda request: context.requests.append(request.url))
    yield context
    context.close()


def visit_until_saved(page: object, url: str) -> str:
    """Open `url` once and wait until the whole site is kept; returns the pack's version."""
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.offline === 'complete'",
                           timeout=READY)
    return page.evaluate("document.documentElement.dataset.offlineVersion")


def other_hosts(requests: list[str], host: Host) -> list[str]:
    """The requests that went to any host but the site's."""
    return [url for url in requests if urlparse(url).scheme in ("http", "https")
            and urlparse(url).netloc != f"127.0.0.1:{host.port}"]


def test_everything_works_after_one_visit_with_the_network_cut(reader, host) -> None:
    page = reader.new_page()
    version = visit_until_saved(page, host.url)
    assert page.evaluate("caches.keys()") == [f"bridgelaw:/:{version}"]
    host.cut()
    reader.set_offline(True)

    # search finds and opens a law this reader never opened
    page.click("[data-bl-search]")
    page.fill(".bl-search__input", "falszywy renons")
    first = page.locator(".bl-search__result a").first
    first.wait_for(timeout=20_000)
    href = first.get_attribute("href")
    assert "/laws/" in href, href
    with page.expect_navigation():
        first.click()
    assert "/laws/" in page.url and page.locator(".law-text .row").count() > 3
    assert page.locator("h1").inner_text().strip()

    # the wizard reaches a ruling
    page.goto(host.url + "wizard/")
    page.wait_for_selector("#wizard[data-ready=true]")
    page.locator(".wizard-trees button").first.click()
    for _ in range(20):
        step = page.locator(".wizard-outcome, .wizard-answer, .wizard-error").first
        step.wait_for(timeout=10_000)
        assert page.locator(".wizard-error").count() == 0, page.inner_text("#wizard")
        if page.locator(".wizard-outcome").count():
            break
        answer = page.locator(".wizard-answer").first
        shown = answer.element_handle()
        answer.click()
        # the next step is drawn on hashchange, a moment later: wait until this one is gone
        page.wait_for_function("el => !el.isConnected", arg=shown, timeout=10_000)
    assert page.locator(".wizard-outcome .wizard-ruling").inner_text().strip()

    # a situation page, the other language, an unknown address
    page.goto(host.url + "situations/revoke-offender-won-trick/")
    assert page.locator(".situation-answer").inner_text().strip()
    assert page.locator(".flow .flow-question").count() > 3
    response = page.goto(host.url + "en/laws/2017/64/")
    assert response.status == 200 and page.locator(".law-text").count() == 1
    response = page.goto(host.url + "no/such/page/")
    assert response.status == 404 and "404" in page.locator("article").inner_text()
    assert other_hosts(reader.requests, host) == []


def rebuild(site: Path, marker: str) -> str:
    """Change a law page and a stylesheet as a new build would, and write its pack."""
    law = site / "laws/2017/64/index.html"
    law.write_text(law.read_text(encoding="utf-8").replace("</h1>", f" {marker}</h1>", 1),
                   encoding="utf-8")
    css = site / "assets/bridgelaw/site.css"
    css.write_text(css.read_text(encoding="utf-8") + f"\n/* {marker} */\n", encoding="utf-8")
    return version_of(write_offline(site))


def kept(page: object) -> dict[str, object]:
    """The caches, and the build index and number of entries of each."""
    return page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            const index = await cache.match('__bridgelaw_pack__.json');
            out[name] = { entries: (await cache.keys()).length,
                          index: index ? await index.json() : null };
        }
        return out;
    }""")


def test_a_rebuild_replaces_the_kept_copy_whole(reader, copied_host) -> None:
    page = reader.new_page()
    old = visit_until_saved(page, copied_host.url)
    new = rebuild(copied_host.site, "[REBUILT]")
    assert new != old
    page.reload()  # the browser finds the new sw.js; the new build takes over and reloads
    page.wait_for_function(f"document.documentElement.dataset.offlineVersion === '{new}' && "
                           "document.documentElement.dataset.offline === 'complete'",
                           timeout=READY)
    caches = kept(page)
    assert list(caches) == [f"bridgelaw:/:{new}"]  # the old build's cache is gone
    entries = collect(copied_host.site)
    assert caches[f"bridgelaw:/:{new}"]["index"] == {e.path: e.hash for e in entries}
    assert caches[f"bridgelaw:/:{new}"]["entries"] == len(entries) + 1
    copied_host.cut()
    reader.set_offline(True)
    page.goto(copied_host.url + "laws/2017/64/")
    assert "[REBUILT]" in page.locator("h1").inner_text()
    assert other_hosts(reader.requests, copied_host) == []


def test_a_file_of_another_build_is_never_kept(reader, copied_host) -> None:
    page = reader.new_page()
    old = visit_until_saved(page, copied_host.url)
    before = kept(page)
    rebuild(copied_host.site, "[SECOND]")
    law = copied_host.site / "laws/2017/64/index.html"  # changed again after its pack was made
    law.write_text(law.read_text(encoding="utf-8").replace("[SECOND]", "[THIRD]"),
                   encoding="utf-8")
    mark = len(reader.requests)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())"
                  ".catch(() => null)")
    for _ in range(READY // 200):  # until the new version's install has ended
        if page.evaluate("navigator.serviceWorker.getRegistration()"
                         ".then(r => !r.installing && !r.waiting)"):
            break
        page.wait_for_timeout(200)
    # the new version did try: it fetched the changed page, found another build's bytes, gave up
    assert copied_host.url + "laws/2017/64/" in reader.requests[mark:]
    assert kept(page) == before  # the old build, whole; no half-filled new cache
    copied_host.cut()
    reader.set_offline(True)
    page.goto(copied_host.url + "laws/2017/64/")
    heading = page.locator("h1").inner_text()
    assert "[SECOND]" not in heading and "[THIRD]" not in heading
    assert page.evaluate("document.documentElement.dataset.offlineVersion") in ("", old, None)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_installable(browser, host, lang) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    try:
        page = context.new_page()
        prefix = "" if lang == "pl" else "en/"
        page.goto(f"{host.url}{prefix}")
        href = page.get_attribute('link[rel="manifest"]', "href")
        manifest_url = page.evaluate("(h) => new URL(h, location.href).href", href)
        manifest = json.loads(page.evaluate("(u) => fetch(u).then(r => r.text())", manifest_url))
        assert manifest["display"] == "standalone" and manifest["lang"] == lang
        start = page.evaluate("([s, m]) => new URL(s, m).href", [manifest["start_url"],
                                                                   manifest_url])
        assert start == f"{host.url}{prefix}"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            url = page.evaluate("([s, m]) => new URL(s, m).href", [icon["src"], manifest_url])
            assert page.evaluate("(u) => fetch(u).then(r => r.status)", url) == 200
        assert page.get_attribute('meta[name="theme-color"]', "content") == manifest["theme_color"]
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        # Chromium's own verdict; a Playwright context is an incognito profile, which alone
        # keeps the install prompt away
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    finally:
        context.close()
