"""Charset variants: how a page's bytes are encoded and what the header and <meta> claim."""

from __future__ import annotations

import codecs
from dataclasses import dataclass


@dataclass(frozen=True)
class Charset:
    """The body's real encoding and what the HTTP header and the <meta> declare (None: none)."""

    name: str
    encoding: str  # what the bytes really are
    header: str | None = None
    meta: str | None = None

    @property
    def wrong(self) -> bool:
        """Whether the header or the meta names another encoding than the body's."""
        return any(label and _canon(label) != _canon(self.encoding)
                   for label in (self.header, self.meta))

    def content_type(self) -> str:
        """The Content-Type header value."""
        return f"text/html; charset={self.header}" if self.header else "text/html"

    def encode(self, text: str) -> bytes:
        """The page's bytes; characters the encoding lacks (← → · in ISO-8859-2) as &#NNNN;."""
        return text.encode(self.encoding, errors="xmlcharrefreplace")


def _canon(label: str) -> str:
    return codecs.lookup(label).name


# Crossed with every markup: page k of a site gets CHARSETS[(k + markup index) % len].
CHARSETS = (
    Charset("utf8-header", "utf-8", header="utf-8"),
    Charset("utf8-meta", "utf-8", meta="utf-8"),
    Charset("utf8-both", "utf-8", header="UTF-8", meta="utf-8"),
    Charset("utf8-none", "utf-8"),
    Charset("iso2-header", "iso-8859-2", header="ISO-8859-2"),
    Charset("iso2-meta", "iso-8859-2", meta="iso-8859-2"),
    Charset("iso2-none", "iso-8859-2"),
    Charset("cp1250-both", "windows-1250", header="windows-1250", meta="windows-1250"),
    Charset("cp1250-meta", "windows-1250", meta="windows-1250"),
    Charset("cp1250-none", "windows-1250"),
    Charset("wrong-header-latin1-on-utf8", "utf-8", header="ISO-8859-1"),
    Charset("wrong-header-cp1250-on-utf8", "utf-8", header="windows-1250", meta="utf-8"),
    Charset("wrong-meta-utf8-on-iso2", "iso-8859-2", meta="utf-8"),
    Charset("wrong-header-iso2-on-cp1250", "windows-1250", header="iso-8859-2"),
    Charset("wrong-header-cp1250-on-iso2", "iso-8859-2", header="windows-1250"),
)
BY_NAME = {charset.name: charset for charset in CHARSETS}
