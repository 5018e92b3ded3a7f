"""A static scan of a built site for what would make a browser reach another host: every HTML,
SVG, CSS, JavaScript and web manifest file, read once, no browser.

The policy is the one the browser walk enforced by recording requests: nothing a page loads
(script, stylesheet, font, image, frame, icon, manifest, fetch, import, worker) may come from
another host; a link the reader clicks (<a href>, <area href>) may point anywhere, e.g. to the
official PZBS pages. An absolute http(s) or ws(s) URL, or a protocol-relative one (//host/...),
counts as another host: the site refers to its own files by relative paths.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

EXTERNAL = re.compile(r"^\s*(?:(?:https?|wss?):)?//", re.IGNORECASE)
# Clicked, never loaded by the page itself.
CLICKED = {"a", "area"}
# Attributes whose URL the browser fetches on any element but the clicked ones (`href` of
# <link>, <base>, SVG's <use> and <image>; `data` of <object>); a form's action is clicked too.
URL_ATTRIBUTES = {"src", "href", "xlink:href", "data", "poster", "background", "manifest"}
SRCSET_ATTRIBUTES = {"srcset", "imagesrcset"}
PING = "ping"  # a request a click sends to another address than the link's, on any element
# Schemes that never make a request to a host.
NO_REQUEST = ("data:", "blob:", "about:", "javascript:", "mailto:", "tel:", "#")

CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)""", re.IGNORECASE)
CSS_IMPORT = re.compile(r"""@import\s+(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
CSS_IMAGE_SET = re.compile(r"""image-set\(([^)]*)\)""", re.IGNORECASE)
CSS_STRING = re.compile(r"""["']([^"']*)["']""")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# JavaScript that loads its argument: a call taking a URL as a string literal, a static or
# dynamic import, or a literal URL assigned to an element's src/href.
JS_STRING = r"""(?:"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`\\]*)`)"""
JS_LOADS = [
    re.compile(r"\b(?:fetch|importScripts|import|sendBeacon)\s*\(\s*" + JS_STRING),
    re.compile(r"\bnew\s+(?:Worker|SharedWorker|EventSource|WebSocket|Request)\s*\(\s*"
               + JS_STRING),
    re.compile(r"\bserviceWorker\s*\.\s*register\s*\(\s*" + JS_STRING),
    re.compile(r"\.open\s*\(\s*[\"'][A-Za-z]+[\"']\s*,\s*" + JS_STRING),  # XMLHttpRequest
    re.compile(r"\b(?:import|export)\b[^;\"'`]*?\bfrom\s*" + JS_STRING),
    re.compile(r"\bimport\s*" + JS_STRING),
    re.compile(r"\.(?:src|href|srcset)\s*=\s*" + JS_STRING),
    re.compile(r"setAttribute\s*\(\s*[\"'](?:src|href|srcset)[\"']\s*,\s*" + JS_STRING),
    re.compile(r"\burl\(\s*" + JS_STRING),  # a style written by a script
]
MANIFESTS = (".webmanifest",)
MARKUP = (".html", ".htm", ".svg")


def is_external(url: str) -> bool:
    """Whether a reference made by a page would leave the host that served it."""
    return bool(EXTERNAL.match(url or ""))


@dataclass
class Found:
    """One reference to another host: where it is and what it names."""

    file: str
    what: str
    url: str

    def __str__(self) -> str:
        return f"{self.file}: {self.what} {self.url}"


def css_urls(text: str) -> Iterator[tuple[str, str]]:
    """(kind, URL) of everything a stylesheet loads: url(), @import, image-set()."""
    text = CSS_COMMENT.sub("", text)
    for match in CSS_URL.finditer(text):
        yield "url()", next(group for group in match.groups() if group is not None)
    for match in CSS_IMPORT.finditer(text):
        yield "@import", next(group for group in match.groups() if group is not None)
    for match in CSS_IMAGE_SET.finditer(text):
        for string in CSS_STRING.finditer(match.group(1)):
            yield "image-set()", string.group(1)


def js_urls(text: str) -> Iterator[tuple[str, str]]:
    """(kind, URL) of every string literal a script hands to something that loads it."""
    for pattern in JS_LOADS:
        for match in pattern.finditer(text):
            url = next(group for group in match.groups() if group is not None)
            yield "script load", url


def srcset_urls(value: str) -> list[str]:
    """The URLs of a srcset: comma-separated candidates, each a URL and a descriptor."""
    return [part.strip().split()[0] for part in value.split(",") if part.strip()]


class _Markup(HTMLParser):
    """Every URL an HTML or SVG document loads, with what loads it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[tuple[str, str]] = []
        self._text_of: str | None = None  # "script" or "style" while inside one

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name in SRCSET_ATTRIBUTES:
                self.loads += [(f"<{tag} {name}>", url) for url in srcset_urls(value)]
            elif name == "style":
                self.loads += [(f"<{tag} style> {kind}", url) for kind, url in css_urls(value)]
            elif name == PING:
                self.loads += [(f"<{tag} {name}>", url) for url in value.split()]
            elif name in URL_ATTRIBUTES and tag not in CLICKED and (
                    name != "data" or tag == "object"):
                self.loads.append((f"<{tag} {name}>", value))
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            url = re.sub(r"^[^;]*;\s*url\s*=\s*", "", values.get("content", ""), flags=re.I)
            self.loads.append(("<meta refresh>", url.strip("'\" ")))
        if tag in ("script", "style"):
            self._text_of = tag

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self._text_of = None

    def handle_endtag(self, tag: str) -> None:
        self._text_of = None

    def handle_data(self, data: str) -> None:
        if self._text_of == "script":
            self.loads += [(f"<script> {kind}", url) for kind, url in js_urls(data)]
        elif self._text_of == "style":
            self.loads += [(f"<style> {kind}", url) for kind, url in css_urls(data)]


def markup_loads(text: str) -> list[tuple[str, str]]:
    """(what, URL) of everything an HTML or SVG document loads."""
    parser = _Markup()
    parser.feed(text)
    parser.close()
    return parser.loads


def manifest_urls(text: str) -> Iterator[tuple[str, str]]:
    """(key, URL) of every string of a web app manifest (icons, start_url, scope...)."""

    def walk(value: object, key: str) -> Iterator[tuple[str, str]]:
        if isinstance(value, dict):
            for name, item in value.items():
                yield from walk(item, name)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item, key)
        elif isinstance(value, str):
            yield f"manifest {key}", value

    yield from walk(json.loads(text), "")


@dataclass
class Scan:
    """What a scan of a site read and found."""

    found: list[Found] = field(default_factory=list)
    files: dict[str, int] = field(default_factory=dict)  # files read, by suffix
    pages: list[str] = field(default_factory=list)  # the HTML files, relative to the site
    missing: list[Found] = field(default_factory=list)  # local loads of files not in the site


def _local_target(site: Path, file: Path, url: str) -> Path | None:
    """The file a relative reference of `file` names, or None for a reference that leaves the
    document's files (a fragment, a query only, no-request schemes)."""
    if not url or url.startswith(NO_REQUEST):
        return None
    path = unquote(urlsplit(url).path)
    if not path:
        return None
    target = site / path.lstrip("/") if path.startswith("/") else file.parent / path
    if path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target


def scan_site(site: Path) -> Scan:
    """Read every HTML, SVG, CSS, JavaScript and manifest file of a built site; every load that
    names another host is `found`; every file a page or stylesheet loads by a relative path
    that the site lacks is `missing`."""
    scan = Scan()
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        suffix = file.suffix.lower()
        if suffix not in (*MARKUP, ".css", ".js", ".mjs", *MANIFESTS):
            continue
        rel = file.relative_to(site).as_posix()
        text = file.read_text(encoding="utf-8", errors="replace")
        scan.files[suffix] = scan.files.get(suffix, 0) + 1
        if suffix in MARKUP:
            loads = markup_loads(text)
            if suffix != ".svg":
                scan.pages.append(rel)
        elif suffix == ".css":
            loads = list(css_urls(text))
        elif suffix in MANIFESTS:
            loads = list(manifest_urls(text))
        else:
            loads = list(js_urls(text))
        for what, url in loads:
            if is_external(url):
                scan.found.append(Found(rel, what, url.strip()))
            elif suffix in (".html", ".htm", ".css") and "script" not in what:
                # a script's URLs resolve against the page that runs it, not the script's file
                target = _local_target(site, file, url)
                if target is not None and not target.is_file():
                    scan.missing.append(Found(rel, what, url))
    return scan
