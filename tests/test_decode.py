"""decode_page on one Polish page in UTF-8, ISO-8859-2 and windows-1250, declared or not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.errors import SourceError
from tools.sources.decode import decode_page, detect, encoding_name

URL = "http://127.0.0.1/test.htm"
SEED = Path(__file__).resolve().parent.parent / "tools" / "snapshot" / "seeds"
LETTERS = "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ"


def page(meta: str = "") -> str:
    """A small Polish page holding every Polish letter, plus a line of the 1997 capture."""
    capture = next(SEED.glob("000_*.txt")).read_text(encoding="utf-8").splitlines()[9]
    return (
        f"<html><head>{meta}<title>Przepisy</title></head><body>"
        f"<p>{LETTERS}</p><p>Zażółć gęślą jaźń. ŹDŹBŁO ŚNIEG ĄĘ.</p><p>{capture}</p>"
        "</body></html>"
    )


ENCODINGS = ("utf-8", "iso-8859-2", "windows-1250")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_detected_without_any_declaration(encoding: str) -> None:
    decoded = decode_page(page().encode(encoding), {}, URL)
    assert decoded.encoding == encoding
    assert decoded.how == "detected"
    assert LETTERS in decoded.text
    assert decoded.text == page()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_http_header_charset_is_used(encoding: str) -> None:
    headers = {"Content-Type": f"text/html; charset={encoding.upper()}"}
    decoded = decode_page(page().encode(encoding), headers, URL)
    assert (decoded.encoding, decoded.how) == (encoding, "header")
    assert decoded.text == page()


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("style", ["charset", "http-equiv"])
def test_meta_charset_is_used(encoding: str, style: str) -> None:
    meta = (
        f'<meta charset="{encoding}">'
        if style == "charset"
        else f'<meta http-equiv="Content-Type" content="text/html; charset={encoding}">'
    )
    decoded = decode_page(page(meta).encode(encoding), {"content-type": "text/html"}, URL)
    assert (decoded.encoding, decoded.how) == (encoding, "meta")
    assert decoded.text == page(meta)


def test_header_wins_over_meta() -> None:
    meta = '<meta charset="utf-8">'
    body = page(meta).encode("iso-8859-2")
    decoded = decode_page(body, {"Content-Type": "text/html; charset=iso-8859-2"}, URL)
    assert (decoded.encoding, decoded.how) == ("iso-8859-2", "header")


def test_wrong_utf8_meta_falls_back_to_detection_and_says_so() -> None:
    meta = '<meta charset="utf-8">'
    decoded = decode_page(page(meta).encode("windows-1250"), {}, URL)
    assert decoded.encoding == "windows-1250"
    assert decoded.how == "detected"
    assert "does not decode as utf-8" in decoded.detail
    assert LETTERS in decoded.text


def test_cp1250_page_labelled_iso_8859_2_is_read_as_cp1250() -> None:
    meta = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">'
    decoded = decode_page(page(meta).encode("windows-1250"), {}, URL)
    assert decoded.encoding == "windows-1250"
    assert "0x80-0x9F" in decoded.detail
    assert LETTERS in decoded.text


def test_unknown_charset_label_is_reported_then_detected() -> None:
    headers = {"Content-Type": "text/html; charset=x-no-such-thing"}
    decoded = decode_page(page().encode("iso-8859-2"), headers, URL)
    assert decoded.encoding == "iso-8859-2"
    assert "unknown charset 'x-no-such-thing'" in decoded.detail


def test_utf8_bom() -> None:
    decoded = decode_page(b"\xef\xbb\xbf" + page().encode("utf-8"), {}, URL)
    assert (decoded.encoding, decoded.how, decoded.text) == ("utf-8", "bom", page())


def test_detect_tells_iso_from_cp1250_on_the_letters_that_differ() -> None:
    # ą ś ź: 0xB1 0xB6 0xBC in ISO-8859-2, 0xB9 0x9C 0x9F in windows-1250.
    assert "ąśź".encode("iso-8859-2") == b"\xb1\xb6\xbc"
    assert "ąśź".encode("windows-1250") == b"\xb9\x9c\x9f"
    assert detect("Gęślą jaźń źdźbło ąś".encode("iso-8859-2"))[0] == "iso-8859-2"
    assert detect("Gęślą jaźń źdźbło ąś".encode("windows-1250"))[0] == "windows-1250"


def test_encoding_names() -> None:
    assert encoding_name("ISO-8859-2") == "iso-8859-2"
    assert encoding_name("latin2") == "iso-8859-2"
    assert encoding_name("cp1250") == "windows-1250"
    assert encoding_name("UTF8") == "utf-8"
    assert encoding_name("nonsense-charset") is None


@pytest.mark.parametrize(
    "body, headers, expected",
    [
        (bytes(range(256)) * 8, {}, "control bytes"),
        (os.urandom(4096).replace(b"\x00", b"\x01") + b"\x00" * 8, {}, "binary"),
        (b"%PDF-1.4\n" + b"x" * 100, {}, "PDF"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 50, {}, "PNG"),
        (b"GIF89a....", {"Content-Type": "image/gif"}, "image/gif"),
    ],
)
def test_binary_garbage_is_a_source_error_naming_the_url(
    body: bytes, headers: dict[str, str], expected: str
) -> None:
    with pytest.raises(SourceError) as error:
        decode_page(body, headers, URL)
    assert error.value.where == URL
    assert expected in str(error.value)


def test_utf8_page_declared_as_a_single_byte_charset_is_read_as_utf8() -> None:
    headers = {"Content-Type": "text/html; charset=windows-1250"}
    decoded = decode_page(page().encode("utf-8"), headers, URL)
    assert (decoded.encoding, decoded.how) == ("utf-8", "detected")
    assert "declares 'windows-1250' but the body is valid UTF-8" in decoded.detail
    assert decoded.text == page()


def test_undecodable_bytes_are_reported_not_hidden() -> None:
    # 0x81 and 0x98 are undefined in windows-1250; 0x9C (ś) rules out ISO-8859-2.
    body = "Gęślą jaźń ".encode("windows-1250") + b"\x81\x98 " + "źdźbło".encode("windows-1250")
    decoded = decode_page(body, {}, URL)
    assert decoded.encoding == "windows-1250"
    assert "2 bytes undecodable in windows-1250" in decoded.detail
