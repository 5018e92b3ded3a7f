"""One imitation of the source sites: every page as bytes with its headers, the expected
scrape, and robots.txt variants."""

from __future__ import annotations

import codecs
import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

from .charsets import CHARSETS, Charset
from .content import SYNTHETIC, LawDoc
from .expected import ExpectedLaw, expected_law
from .laws import LAWS_1997, LAWS_2017, law_1997, law_2017, part_1997
from .markup import COMMENT, Markup
from .markups import BoldHeadings, DivHeadings, ListInList, NavOutside, OmittedEndTags
from .markups_new import (
    BrLines,
    BrokenNumbers,
    Html4Entities,
    ImageNav,
    LayoutTable,
    OwnNumbering,
    TypedNumbers,
    XhtmlBom,
)
from .markups_old import OldStyle, Scripted, Xhtml
from .nav import FRONT, front_path, law_path, nav_items, nav_line
from .pages1997 import FOOTER_PL, VARIANTS_1997, Variant97, chapter_pl, chrome_en, law_en
from .pages1997 import part_line as part_line_1997

MARKUPS: dict[str, Markup] = {m.name: m for m in (
    Markup(), OmittedEndTags(), ListInList(), NavOutside(), DivHeadings(), BoldHeadings(),
    OldStyle(), Scripted(), Xhtml(), LayoutTable(), ImageNav(), TypedNumbers(), BrLines(),
    Html4Entities(), XhtmlBom(), OwnNumbering(), BrokenNumbers())}
# Half of the markups are scraped from the table of contents, half from a law page (← → walk).
START = {name: ("toc" if i % 2 == 0 else "law") for i, name in enumerate(MARKUPS)}
ROBOTS: dict[str, str | None] = {
    "allow-all": "User-agent: *\nDisallow:\n",
    "unrelated": "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /sedziowie/mpb/2017/pl/druk/\n"
                 "Disallow: /laws/tmp/\n\nUser-agent: BadBot\nDisallow: /\n",
    "comments": f"# robots.txt of the imitation site ({SYNTHETIC})\r\nUser-agent: *\r\n"
                "Allow: /\r\n\r\nSitemap: /sitemap.xml\r\n",
    "missing": None,  # 404: no restrictions
    "crawl-delay": "User-agent: *\nCrawl-delay: 1\nDisallow: /cgi-bin/\n",
    "crawl-delay-fraction": "User-agent: *\nCrawl-delay: 0.5\nDisallow:\n",
    "disallow-laws": "User-agent: *\nDisallow: /sedziowie/mpb/2017/pl/p\n"
                     "Disallow: /sedziowie/mpb/2017/en/l\nDisallow: /laws/node9/\n",
}
ROBOTS_CYCLE = ("allow-all", "unrelated", "comments", "missing")
VARIANT_CYCLE = ("plain", "glued", "redirect")
CHAPTER_1997 = "/laws/nota9.htm"
MODIFIED = {2017: "Tue, 19 Sep 2017 08:00:00 GMT", 1997: "Mon, 13 Oct 1997 17:31:09 GMT",
            2001: "Thu, 06 Dec 2001 10:00:00 GMT"}
GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000"
                    "010001000002024401003b")


@dataclass(frozen=True)
class Page:
    """One response of the imitation: bytes and the headers that go with them."""

    path: str
    body: bytes
    content_type: str
    last_modified: str
    charset: Charset | None = None  # what the bytes really are (None: not text)

    @property
    def etag(self) -> str:
        """A strong validator of the body."""
        return '"' + hashlib.sha256(self.body).hexdigest()[:16] + '"'

    def headers(self) -> dict[str, str]:
        """Content-Type, ETag and Last-Modified."""
        return {"Content-Type": self.content_type, "ETag": self.etag,
                "Last-Modified": self.last_modified}


@functools.cache
def _doc(edition: int, lang: str, number: int) -> LawDoc:
    return law_2017(number, lang) if edition == 2017 else law_1997(number, lang)


@dataclass
class Imitation:
    """The source sites in one markup: 2017 pages, 1997 pages, robots.txt."""

    markup: Markup
    variant97: Variant97
    robots: str = "allow-all"
    laws_2017: tuple[int, ...] = LAWS_2017
    laws_1997: tuple[int, ...] = LAWS_1997
    shift: int = 0  # moves the charset crossing, so markups see different pairings
    _order: list[tuple[str, object]] = field(default_factory=list, init=False, repr=False)

    def charset(self, key: tuple[str, object]) -> Charset:
        """The charset variant of a 2017 page (key: (lang, law number or front kind))."""
        if not self._order:
            self._order = [(lang, page) for lang in ("pl", "en")
                           for page in (*FRONT, *self.laws_2017)]
        return CHARSETS[(self._order.index(key) + self.shift) % len(CHARSETS)]

    def law_html(self, number: int, lang: str, meta: str | None) -> str:
        """The text of a 2017 law page before encoding."""
        return self.markup.law_page(self.markup.adjust(_doc(2017, lang, number)), meta)

    def _page_2017(self, path: str, key: tuple[str, object],
                   render: Callable[[str | None], str]) -> Page:
        charset = self.charset(key)
        body = charset.encode(render(charset.meta))
        if getattr(self.markup, "bom", False) and charset.encoding == "utf-8":
            body = codecs.BOM_UTF8 + body
        return Page(path, body, charset.content_type(), MODIFIED[2017], charset)

    def pages_2017(self) -> dict[str, Page]:
        """Every 2017 page: laws, tables of contents, front pages."""
        pages: dict[str, Page] = {}
        for lang in ("pl", "en"):
            titles = {n: _doc(2017, lang, n).title for n in self.laws_2017}
            for number in self.laws_2017:
                path = law_path(number, lang)
                pages[path] = self._page_2017(
                    path, (lang, number), functools.partial(self.law_html, number, lang))
            for kind in FRONT:
                path = front_path(kind, lang)
                if kind == "toc":
                    render = functools.partial(self.markup.toc_page, lang, titles)
                else:
                    render = functools.partial(self.markup.front_page, kind, lang)
                pages[path] = self._page_2017(path, (lang, kind), render)
        return pages

    def pages_1997(self, base: str) -> dict[str, Page]:
        """The 1997 pages; `base` is the host the redirect variant's English links name."""
        variant = self.variant97
        english = (f"{base}/laws/node9/law%d.htm" if variant.redirect else "node9/law%d.htm")
        docs = {n: _doc(1997, "pl", n) for n in self.laws_1997}
        pl, en = variant.pl_charset, variant.en_charset
        pages = {CHAPTER_1997: Page(CHAPTER_1997, pl.encode(chapter_pl(docs, variant, english)),
                                    pl.content_type(), MODIFIED[2001], pl)}
        for number in self.laws_1997:
            path = f"/laws/node9/law{number}.htm"
            text = law_en(_doc(1997, "en", number), variant, f"../nota9.htm#{number}")
            pages[path] = Page(path, en.encode(text), en.content_type(), MODIFIED[1997], en)
        small = ("/laws/nota8.htm", "/laws/nota10.htm", "/laws/zaslony.htm",
                 "/laws/node9/node9.htm", "/laws/node8/law40.htm", "/laws/node10/law72.htm")
        for path in small:
            text = (f"<HTML><HEAD><TITLE>{SYNTHETIC}</TITLE></HEAD><BODY>\n{COMMENT}\n"
                    f"<P>Placeholder page ({SYNTHETIC}).</P></BODY></HTML>\n")
            pages[path] = Page(path, text.encode("ascii"), "text/html", MODIFIED[1997])
        for path in ("/laws/gif/flaga.gif", "/laws/gif/zaslony.gif"):
            pages[path] = Page(path, GIF, "image/gif", MODIFIED[1997])
        return pages

    def robots_txt(self) -> bytes | None:
        """The robots.txt body (None: the site has none, 404)."""
        text = ROBOTS[self.robots]
        return None if text is None else text.encode("ascii")

    def expected(self) -> dict[tuple[int, str, int], ExpectedLaw]:
        """What a correct scrape of this imitation yields, per (edition, lang, number)."""
        out = {}
        for number in self.laws_2017:
            for lang in ("pl", "en"):
                chrome = (nav_line(number, lang),
                          *(i.shown for i in nav_items(number, lang)), *self.markup.chrome)
                out[(2017, lang, number)] = expected_law(
                    self.markup.adjust(_doc(2017, lang, number)), law_path(number, lang), chrome)
        for number in self.laws_1997:
            chrome = ("wesja angielska", "zasłony", "Rozdział VI",
                      part_line_1997(part_1997(number)), *FOOTER_PL)
            out[(1997, "pl", number)] = expected_law(_doc(1997, "pl", number), CHAPTER_1997,
                                                     chrome)
            out[(1997, "en", number)] = expected_law(
                _doc(1997, "en", number), f"/laws/node9/law{number}.htm", chrome_en(number))
        return out


def build(markup: str = "clean", **options: object) -> Imitation:
    """The imitation in one named markup; 1997 variant and robots.txt cycle with it."""
    index = list(MARKUPS).index(markup)
    variant = options.pop("variant97", VARIANT_CYCLE[index % len(VARIANT_CYCLE)])
    robots = options.pop("robots", ROBOTS_CYCLE[index % len(ROBOTS_CYCLE)])
    return Imitation(MARKUPS[markup], VARIANTS_1997[str(variant)], str(robots),
                     shift=index * 4, **options)  # type: ignore[arg-type]
