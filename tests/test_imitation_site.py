"""The imitation of the source sites is itself right: complete, faithful to REAL_PAGES.md and
the outline, placeholder text only, charsets and faults doing what they say."""

from __future__ import annotations

import json
import re
import socket
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.robotparser import RobotFileParser

import pytest

from imitation import CHARSETS, FAULTS, MARKUPS, ROBOTS, Page, build, serve
from imitation.content import SYNTHETIC
from imitation.laws import GOLDEN_1997, LAWS_1997, LAWS_2017, outline_2017
from imitation.nav import law_path, nav_line
from imitation.pages1997 import VARIANTS_1997

POLISH = set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")


class _Visible(HTMLParser):
    """Text a browser shows (no head, script, style, noscript), entities resolved."""

    HIDDEN = {"head", "title", "script", "style", "noscript"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.parts: list[str] = []
        self.items = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.depth += tag in self.HIDDEN
        self.items += tag == "li" and not any(k == "style" for k, _ in attrs)

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag in self.HIDDEN and self.depth > 0

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def visible(html: str) -> str:
    """The shown text of a page, whitespace collapsed."""
    parser = _Visible()
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


def text_of(page: Page) -> str:
    """A page decoded with the encoding its bytes really have (a byte-order mark, as a
    browser takes it, is no text)."""
    return page.body.decode(page.charset.encoding).removeprefix("\ufeff")


@pytest.fixture(scope="module")
def sites():
    return {name: build(name) for name in MARKUPS}


@pytest.fixture(scope="module")
def pages(sites):
    return {name: site.pages_2017() for name, site in sites.items()}


def test_at_least_eight_markups_and_every_charset_kind() -> None:
    assert len(MARKUPS) >= 8
    encodings = {c.encoding for c in CHARSETS}
    assert {"utf-8", "iso-8859-2", "windows-1250"} <= encodings
    assert any(c.header and not c.meta for c in CHARSETS)
    assert any(c.meta and not c.header for c in CHARSETS)
    assert any(c.meta and c.header for c in CHARSETS)
    assert any(not c.meta and not c.header for c in CHARSETS)
    assert sum(c.wrong for c in CHARSETS) >= 4


@pytest.mark.parametrize("markup", list(MARKUPS))
def test_every_2017_law_in_both_languages_has_a_page(markup, pages) -> None:
    have = pages[markup]
    for number in LAWS_2017:
        assert law_path(number, "pl") in have and law_path(number, "en") in have
    assert "/sedziowie/mpb/2017/en/l58.html" in have, "English pages use the letter l"
    for path in ("spis.html", "index.html", "indeks.html", "przedmowa.html", "wstep.html",
                 "definicje.html"):
        assert f"/sedziowie/mpb/2017/pl/{path}" in have
    used = {page.charset.name for page in have.values()}
    assert used == {c.name for c in CHARSETS}, "every charset variant crossed with the markup"


def test_expected_ids_are_the_outline_and_printed_items_skip_empty_ones(sites, pages) -> None:
    outline = outline_2017()
    expected = sites["clean"].expected()
    for number in LAWS_2017:
        units = outline.units(number)
        for lang in ("pl", "en"):
            want = expected[(2017, lang, number)]
            assert [u.id for u in want.units] == [u.id for u in units]
            for unit, got in zip(units, want.units, strict=True):
                shown = got.text or got.title
                assert (got.text == "" and got.title == "") if unit.empty else shown
            parser = _Visible()
            parser.feed(text_of(pages["clean"][law_path(number, lang)]))
            printed = [u for u in units if u.level > 1 and not u.empty]
            assert parser.items == len(printed), (number, lang)


def test_polish_pages_print_the_title_english_pages_go_straight_to_section_a(sites, pages):
    for markup in (name for name, m in MARKUPS.items() if m.nav_as_printed):
        expected = sites[markup].expected()
        for number in (45, 64, 71, 2):
            pl = visible(text_of(pages[markup][law_path(number, "pl")])).replace(" ", "")
            en = visible(text_of(pages[markup][law_path(number, "en")])).replace(" ", "")
            line = nav_line(number, "pl").replace(" ", "")
            title = expected[(2017, "pl", number)].title.replace(" ", "")
            assert pl.startswith(line + title), (markup, number)
            first = expected[(2017, "en", number)]
            start = first.units[0].title or first.units[0].text if first.units else first.text
            label = "1." if (MARKUPS[markup].typed_labels and first.units
                             and not first.units[0].title) else ""
            assert en.startswith(nav_line(number, "en").replace(" ", "") + label + start[:20]
                                 .replace(" ", "")), (markup, number)
            assert first.title.replace(" ", "") not in en


def test_nav_lines_are_as_real_pages_md_says() -> None:
    assert nav_line(64, "pl") == "strona tytułowa · spis treści · indeks · ← 63 · → 65 · EN: Law 64"
    assert nav_line(1, "pl") == ("strona tytułowa · spis treści · indeks · ← definicje · → 2 · "
                                 "EN: Law 1")
    assert "→" not in nav_line(93, "pl") and "→" not in nav_line(93, "en")
    assert nav_line(58, "en") == ("home · table of contents · index · ← 57 · → 59 · "
                                  "PL: przepis 58")
    assert nav_line("toc", "pl") == ("strona tytułowa · spis treści · indeks · ← przedmowa · "
                                     "→ wstęp · EN: TOC")


@pytest.mark.parametrize("markup", list(MARKUPS))
def test_each_charset_variant_decodes_to_the_same_page(markup, sites) -> None:
    site = sites[markup]
    for number, lang in ((45, "pl"), (50, "en"), (71, "pl")):
        html = [site.law_html(number, lang, c.meta) for c in CHARSETS]
        texts = {visible(c.encode(h).decode(c.encoding)) for c, h in zip(CHARSETS, html,
                                                                         strict=True)}
        assert len(texts) == 1, (markup, number, lang)
        assert POLISH <= set(texts.pop()) or lang == "en"
        for charset, text in zip(CHARSETS, html, strict=True):
            body = charset.encode(text)
            if body.isascii():
                continue  # every letter an entity: no label can misread it
            for label in (charset.header, charset.meta):
                if label and charset.wrong and label.lower() != charset.encoding:
                    try:
                        misread = body.decode(label)
                    except UnicodeDecodeError:
                        continue
                    if lang == "pl":
                        assert visible(misread) != visible(text), (charset.name, label)


def test_placeholder_text_names_its_unit_and_is_synthetic(sites) -> None:
    for key, law in sites["clean"].expected().items():
        for unit in law.units:
            if unit.text:
                assert unit.id in unit.text and SYNTHETIC in unit.text, (key, unit.id)
                assert unit.text.startswith(("Tekst", "Placeholder", "Wstęp", "Second",
                                             "Drugi"))
            if key[1] == "pl" and unit.text:
                assert POLISH & set(unit.text), unit.id
            assert not unit.title.endswith((".", ":", ";", ","))
        assert all(SYNTHETIC in text for _, text in law.footnotes)


def test_text_varies_as_real_pages_do(sites) -> None:
    expected = sites["clean"].expected()
    pl = [law for key, law in expected.items() if key[:2] == (2017, "pl")]
    assert sum(bool(law.footnotes) for law in pl) >= 3
    assert sum(bool(law.text) and bool(law.units) for law in pl) >= 5, "text before section A"
    assert all(law.text and not law.units for law in pl if not outline_2017().units(law.number))
    texts = [u.text for law in pl for u in law.units]
    assert sum("\n\n" in t for t in texts) >= 10, "units with two paragraphs"
    assert sum(bool(re.search(r"\d[A-Z]?\d?[a-z]?\d{1,2}[A-Z]", t)) for t in texts) >= 10
    assert sum(t.endswith(":") for t in texts) >= 20, "intro sentences before lists"
    law71 = expected[(2017, "pl", 71)]
    assert [u.id for u in law71.units] == ["71.1", "71.2"]
    assert expected[(2017, "en", 64)].title == outline_2017().title(64, "en")
    assert expected[(2017, "pl", 64)].title == outline_2017().title(64, "pl")


def test_1997_structure_is_the_golden_models(sites) -> None:
    golden = json.loads(Path(GOLDEN_1997).read_text(encoding="utf-8"))
    expected = sites["clean"].expected()

    def flat(units: list) -> list:
        return [x for u in units for x in [u, *flat(u["children"])]]

    for law in golden:
        for lang in ("pl", "en"):
            want = expected[(1997, lang, law["number"])]
            assert [u.id for u in want.units] == [u["id"] for u in flat(law["sections"])]
            assert [bool(u.title) for u in want.units] == [bool(u["title"])
                                                           for u in flat(law["sections"])]
            assert all(u.text != g["text"] for u, g in zip(want.units, flat(law["sections"]),
                                                            strict=True) if g["text"])
    assert sorted(k[2] for k in expected if k[0] == 1997) == sorted([*LAWS_1997, *LAWS_1997])


def test_every_page_is_marked_synthetic_and_generation_is_deterministic() -> None:
    for name, variant in VARIANTS_1997.items():
        site = build("clean", variant97=name)
        pages = {**site.pages_2017(), **site.pages_1997("http://127.0.0.1:9")}
        for path, page in pages.items():
            if page.content_type.startswith("text/"):
                assert f"<!-- {SYNTHETIC}".encode() in page.body, (name, path)
        again = build("clean", variant97=name)
        assert again.pages_1997("http://127.0.0.1:9") == site.pages_1997("http://127.0.0.1:9")
        assert variant.name == name
    for markup in MARKUPS:
        assert build(markup).pages_2017() == build(markup).pages_2017()


def test_1997_pages_carry_the_chrome_real_pages_md_lists() -> None:
    for name in VARIANTS_1997:
        pages = build("clean", variant97=name).pages_1997("http://127.0.0.1:9")
        chapter = visible(text_of(pages["/laws/nota9.htm"]))
        assert chapter.startswith("Rozdział VI")
        assert "Część III - " in chapter and "ostatnia modyfikacja:" in chapter
        raw = text_of(pages["/laws/nota9.htm"])
        assert raw.count("wesja angielska") >= 32 and "zasłony" in raw
        english = text_of(pages["/laws/node9/law63.htm"])
        shown = visible(english)
        assert "LAW 63" in shown and "Last modified: Mon Oct 13 17:31:09 1997" in shown
        assert "Next: Law 64 - " in shown and "Previous: Law 62 - " in shown
        assert "CHAPTER VI" in shown and "PART III" in shown and "wesja polska" in english
        assert re.search(r"LAW 63\s*(<[^>]+>\s*)+PLACEHOLDER TITLE 63", english)


def test_robots_variants_say_what_their_names_say() -> None:
    law = "http://h/sedziowie/mpb/2017/pl/p64.html"
    for name, text in ROBOTS.items():
        parser = RobotFileParser()
        parser.parse((text or "").splitlines())
        allowed = parser.can_fetch("bridgelaw/0.1", law)
        assert allowed == (name != "disallow-laws"), name
    parser = RobotFileParser()
    parser.parse((ROBOTS["crawl-delay"] or "").splitlines())
    assert parser.crawl_delay("bridgelaw/0.1") == 1
    assert "Crawl-delay: 0.5" in (ROBOTS["crawl-delay-fraction"] or "")
    assert ROBOTS["missing"] is None


def _get(url: str, headers: dict | None = None,
         timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one GET, redirects not followed."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}),
                         timeout=timeout) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.network
def test_server_answers_conditional_requests_and_redirects() -> None:
    with serve(build("list-in-list")) as served:  # its 1997 variant redirects to the other host
        url = served.start_toc
        status, headers, body = _get(url)
        assert status == 200 and headers["ETag"] and headers["Last-Modified"]
        assert _get(url, {"If-None-Match": headers["ETag"]})[0] == 304
        assert _get(url, {"If-Modified-Since": headers["Last-Modified"]})[0] == 304
        assert _get(url, {"If-None-Match": '"other"'})[0] == 200
        status, headers, _ = _get(served.start_1997)
        assert status == 301 and headers["Location"].startswith(served.other.base)
        assert _get(headers["Location"])[0] == 200


@pytest.mark.network
@pytest.mark.parametrize("name", list(FAULTS))
def test_faults_change_what_they_say(name: str) -> None:
    fault = FAULTS[name]
    with serve(build("clean")) as served:
        base = served.server.base
        before = {path: _get(base + path)[2] for path in fault.paths if path.startswith("/")}
        fault.apply(served)
        if name == "robots-disallow":
            parser = RobotFileParser()
            parser.parse(_get(base + "/robots.txt")[2].decode().splitlines())
            assert not parser.can_fetch("bridgelaw/0.1", base + law_path(30, "pl"))
            assert not parser.can_fetch("bridgelaw/0.1", base + law_path(30, "en"))
            return
        path = fault.paths[0]
        if name == "hanging":
            with pytest.raises((TimeoutError, socket.timeout, urllib.error.URLError)):
                _get(base + path, timeout=0.5)
            return
        status, headers, body = _get(base + path)
        if name == "404-mid-walk":
            assert status == 404 and _get(base + fault.paths[1])[0] == 404
        elif name == "500-then-200":
            assert status == 500 and _get(base + path)[:1] == (200,)
        elif name == "truncated":
            assert status == 200 and b"</html>" not in body and len(body) < len(before[path])
        elif name == "redirect-same-site":
            assert status == 301
            moved = _get(base + headers["Location"])
            assert moved[0] == 200 and moved[2] == before[path]
        elif name == "redirect-other-host":
            assert status == 302 and headers["Location"].startswith(served.other.base)
            assert "przeniesiona" in _get(headers["Location"])[2].decode()
        elif name == "oversized":
            assert status == 200 and len(body) > 5_000_000
        elif name == "other-site":
            assert status == 200 and "Zaloguj" in body.decode() and "p69" not in body.decode()
        elif name == "wrong-charset":
            assert headers["Content-Type"].endswith("ISO-8859-1")
            assert POLISH & set(body.decode("utf-8")) and b"charset" not in body[:500].lower()
        else:
            pytest.fail(f"no check for fault {name}")
