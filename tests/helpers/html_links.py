"""Every <a> of a page with its attributes, for tests that walk the links of built pages."""

from __future__ import annotations

from html.parser import HTMLParser


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append({k: v or "" for k, v in attrs})


def links_of(html: str) -> list[dict[str, str]]:
    """The attributes of every <a> (HTML and SVG) in `html`, in document order."""
    parser = _Anchors()
    parser.feed(html)
    return parser.links
