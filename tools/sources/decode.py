"""Bytes of a fetched page to text: declared charset first, then a Polish-aware guess."""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from dataclasses import dataclass

from tools.errors import SourceError

# Old Polish pages come in one of these; detection chooses among them only.
CANDIDATES = ("utf-8", "iso-8859-2", "windows-1250")
POLISH_LETTERS = frozenset("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")
_NAMES = {"utf-8": "utf-8", "iso8859-2": "iso-8859-2", "cp1250": "windows-1250"}
_CHARSET = re.compile(rb"""charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_META = re.compile(rb"<meta\b[^>]*>", re.IGNORECASE)
_XML_DECL = re.compile(rb"""^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)""")
_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"GIF8", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"\x1f\x8b", "gzip-compressed data"),
)
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_TEXT_TYPES = ("text/", "application/xhtml", "application/xml", "application/octet-stream")


@dataclass(frozen=True)
class DecodedPage:
    """A page as text, with the encoding used and how it was chosen."""

    text: str
    encoding: str  # "utf-8", "iso-8859-2", "windows-1250", ...
    how: str  # "bom", "header", "meta" or "detected"
    detail: str = ""  # what was seen, e.g. the declared label or the detection scores
    mismatch: str = ""  # a declared charset that proved wrong, said plainly ("" if none)


def encoding_name(label: str) -> str | None:
    """The canonical name of a charset label, or None if Python has no such codec."""
    try:
        name = codecs.lookup(label.strip().lower()).name
    except LookupError:
        return None
    return _NAMES.get(name, name)


def _header(headers: Mapping[str, str], name: str) -> str:
    return next((value for key, value in headers.items() if key.lower() == name), "")


def declared_in_meta(body: bytes) -> str | None:
    """The charset a <meta> tag or XML declaration in the first 4 KiB declares, if any."""
    head = body[:4096]
    xml = _XML_DECL.match(head)
    if xml:
        return xml.group(1).decode("ascii")
    for tag in _META.findall(head):
        found = _CHARSET.search(tag)
        if found:
            return found.group(1).decode("ascii")
    return None


def _reject_binary(body: bytes, headers: Mapping[str, str], url: str) -> None:
    content_type = _header(headers, "content-type").split(";")[0].strip().lower()
    if content_type and not content_type.startswith(_TEXT_TYPES):
        raise SourceError(url, f"not a text page (Content-Type {content_type})")
    for magic, what in _MAGIC:
        if body.startswith(magic):
            raise SourceError(url, f"not a text page: the body is {what}")
    if any(body.startswith(bom) for bom, _ in _BOMS[1:]):
        return  # UTF-16 legitimately holds NUL bytes
    sample = body[:65536]
    controls = sum(1 for byte in sample if byte < 32 and byte not in b"\t\n\r\f")
    if b"\x00" in sample or controls > max(8, len(sample) // 100):
        raise SourceError(url, f"not a text page: {controls} control bytes in the first "
                               f"{len(sample)} bytes (binary data?)")


# What a wrong codec makes of Polish letters: UTF-8 read as a single-byte charset ("Ä…",
# "Å‚"), and ISO-8859-2 / windows-1250 read as each other or as Latin-1 ("±", "¶", "¼", "¹").
MOJIBAKE = frozenset("ÄÅÃ±¶¼¹¿¥¦¬£¯³ª¢")


def polish_score(text: str) -> int:
    """How Polish a decoding looks: Polish letters count for it; C1 controls, replacement
    characters and the signs of a wrong codec count against it."""
    good = sum(1 for ch in text if ch in POLISH_LETTERS)
    bad = sum(1 for ch in text if "\x80" <= ch <= "\x9f" or ch == "\ufffd")
    odd = sum(1 for ch in text if ch in MOJIBAKE)
    return good - 10 * bad - 2 * odd


def _reads_better(body: bytes, declared: str, text: str) -> tuple[str, str] | None:
    """Another candidate whose text reads clearly more Polish than the declared charset's
    (the declaration is a claim to check), as (encoding, text); None if the claim holds."""
    own = polish_score(text)
    best: tuple[int, str, str] | None = None
    for name in CANDIDATES:
        if name == declared:
            continue
        other = _try(body, name)
        if other is None:
            continue
        score = polish_score(other)
        if score > own + 2 and (best is None or score > best[0]):
            best = (score, name, other)
    return (best[1], best[2]) if best else None


def detect(body: bytes) -> tuple[str, str]:
    """The most likely of CANDIDATES for undeclared bytes, with the reason."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return "utf-8", "valid UTF-8"
    scores = {
        name: polish_score(body.decode(name, errors="replace")) for name in CANDIDATES[1:]
    }
    # cp1250 wins ties: bytes that decode alike either way give the same text anyway.
    best = max(reversed(CANDIDATES[1:]), key=lambda name: scores[name])
    detail = ", ".join(f"{name} {score}" for name, score in sorted(scores.items()))
    return best, f"Polish letter score: {detail}"


def _try(body: bytes, encoding: str) -> str | None:
    try:
        return body.decode(encoding)
    except UnicodeDecodeError:
        return None


def decode_page(body: bytes, headers: Mapping[str, str], url: str) -> DecodedPage:
    """Decode a page: BOM, HTTP charset, <meta> charset, then detection (see module doc)."""
    _reject_binary(body, headers, url)
    for bom, codec in _BOMS:
        if body.startswith(bom):
            text = _try(body, codec)
            if text is None:
                raise SourceError(url, f"starts with a {codec} byte order mark but does not "
                                       f"decode as {codec}")
            return DecodedPage(text.lstrip("\ufeff"), codec.replace("-sig", ""), "bom")
    found = _CHARSET.search(_header(headers, "content-type").encode("latin-1", "replace"))
    declared = [("header", found.group(1).decode("ascii"))] if found else []
    meta = declared_in_meta(body)
    if meta:
        declared.append(("meta", meta))
    notes = []
    for how, label in declared:
        name = encoding_name(label)
        if name is None:
            notes.append(f"{how} declares unknown charset {label!r}")
            continue
        if name != "utf-8" and not body.isascii() and _try(body, "utf-8") is not None:
            # Multi-byte UTF-8 sequences almost never form by chance in a single-byte page.
            notes.append(f"{how} declares {label!r} but the body is valid UTF-8")
            return DecodedPage(body.decode("utf-8"), "utf-8", "detected", "; ".join(notes),
                               notes[-1])
        if name == "iso-8859-2" and re.search(rb"[\x80-\x9f]", body):
            # Pages saved by Windows editors are often labelled ISO-8859-2 but are cp1250;
            # bytes 0x80-0x9F are control codes in ISO-8859-2 and letters (ś, ź) in cp1250.
            notes.append(f"{how} declares {label!r} but bytes 0x80-0x9F occur")
            continue
        text = _try(body, name)
        if text is None:
            notes.append(f"{how} declares {label!r} but the body does not decode as {name}")
            continue
        better = _reads_better(body, name, text)
        if better:
            notes.append(f"{how} declares {label!r}, but the text reads as Polish only "
                         f"in {better[0]}")
            return DecodedPage(better[1], better[0], "detected", "; ".join(notes), notes[-1])
        return DecodedPage(text, name, how, f"declared {label!r}")
    encoding, reason = detect(body)
    text = body.decode(encoding, errors="replace")
    lost = text.count("\ufffd")
    if lost:
        notes.append(f"{lost} bytes undecodable in {encoding}, replaced by U+FFFD")
    mismatch = "; ".join(note for note in notes if "declares" in note or "undecodable" in note)
    return DecodedPage(text, encoding, "detected", "; ".join([*notes, reason]), mismatch)
