"""Faults for a re-run: each changes the routes of a mounted imitation after a clean run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from httpserver import Hit, Reply

from .content import SYNTHETIC
from .markup import COMMENT
from .nav import law_path
from .serve import Served, conditional
from .site import ROBOTS

HANG_SECONDS = 6.0  # longer than the fetch timeout the bench and tests use (2 s)
OVERSIZED_BYTES = 6 * 1024 * 1024


@dataclass(frozen=True)
class Fault:
    """A change to the served site, the pages a report must name, and where both runs start."""

    name: str
    about: str
    paths: tuple[str, ...]  # a problem naming one of these names the fault
    must_name: bool  # False where a correct scraper recovers silently (retried 500, redirect)
    apply: Callable[[Served], None]
    start: str = "toc"  # or "law": the ← → walk from p64


def _html(title: str, text: str) -> bytes:
    return (f"<!DOCTYPE html>\n<html lang=\"pl\"><head><meta charset=\"utf-8\"><title>{title}"
            f"</title></head>\n<body>\n{COMMENT}\n<h1>{title}</h1>\n<p>{text}</p>\n"
            "</body></html>\n").encode()


def _missing(served: Served) -> None:
    for lang in ("pl", "en"):
        served.set(law_path(47, lang), Reply(404, _html("404", "Nie znaleziono strony."),
                                             {"Content-Type": "text/html; charset=utf-8"}))


def _error_then_ok(served: Served) -> None:
    path = law_path(20, "pl")
    normal = conditional(served.pages[path])
    calls = []

    def route(hit: Hit, before: int) -> Reply:
        calls.append(hit)
        if len(calls) == 1:
            return Reply(500, b"Internal Server Error", {"Content-Type": "text/plain"})
        return normal(hit, before)

    served.set(path, route)


def _truncated(served: Served) -> None:
    page = served.pages[law_path(40, "pl")]
    body = page.body[: len(page.body) * 45 // 100]
    served.set(page.path, Reply(200, body, {"Content-Type": page.content_type}))


def _hanging(served: Served) -> None:
    page = served.pages[law_path(12, "pl")]
    served.set(page.path, Reply(200, page.body, {"Content-Type": page.content_type},
                                delay=HANG_SECONDS))


def _redirect_same_site(served: Served) -> None:
    page = served.pages[law_path(50, "pl")]
    moved = page.path.removesuffix(".html") + ".htm"
    served.set(page.path, Reply(301, b"", {"Location": moved}))
    served.set(moved, Reply(200, page.body, {"Content-Type": page.content_type}))


def _redirect_other_host(served: Served) -> None:
    path = law_path(55, "pl")
    served.set(path, Reply(302, b"", {"Location": served.other.base + "/portal/nowy.html"}))
    served.set("/portal/nowy.html", Reply(200, _html(
        "Nowy serwis PZBS", f"Strona została przeniesiona do nowego serwisu ({SYNTHETIC}). "
        "<a href=\"/\">Strona główna</a>"), {"Content-Type": "text/html; charset=utf-8"}),
        host="other")


def _robots(served: Served) -> None:
    text = ROBOTS["disallow-laws"] or ""
    served.set("/robots.txt", Reply(200, text.encode(), {"Content-Type": "text/plain"}))


def _oversized(served: Served) -> None:
    page = served.pages[law_path(61, "pl")]
    filler = f"<p>Wypełniacz ({SYNTHETIC}): zażółć gęślą jaźń, bez końca.</p>\n"
    head = page.body.split(b"<body", 1)[0] if b"<body" in page.body else b""
    text = filler.encode(page.charset.encoding if page.charset else "utf-8")
    body = head + b"<body>\n" + text * (OVERSIZED_BYTES // len(text))
    served.set(page.path, Reply(200, body, {"Content-Type": page.content_type}))


def _other_site(served: Served) -> None:
    body = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Logowanie</title>"
            f"</head>\n<body>\n{COMMENT}\n<div class=\"login\"><h2>Zaloguj się</h2>\n"
            "<form method=\"post\" action=\"/login\"><p>Użytkownik: <input name=\"u\"></p>\n"
            "<p>Hasło: <input name=\"p\" type=\"password\"></p>\n<ol><li>Zapomniałeś hasła?</li>"
            "<li>Załóż konto</li></ol>\n<button>Wejdź</button></form></div>\n"
            "</body></html>\n").encode()
    served.set(law_path(70, "pl"), Reply(200, body, {"Content-Type": "text/html"}))


def _wrong_charset(served: Served) -> None:
    for lang in ("pl", "en"):
        body = served.imitation.law_html(58, lang, None).encode("utf-8")
        served.set(law_path(58, lang), Reply(
            200, body, {"Content-Type": "text/html; charset=ISO-8859-1"}))


FAULTS: dict[str, Fault] = {f.name: f for f in (
    Fault("404-mid-walk", "p47 and l47 answer 404 (the arrows of p46 and p48 lead there)",
          (law_path(47, "pl"), law_path(47, "en")), True, _missing, start="law"),
    Fault("500-then-200", "p20 answers 500 once, then 200", (law_path(20, "pl"),), False,
          _error_then_ok),
    Fault("truncated", "p40 is cut at 45% of its bytes (no </html>)", (law_path(40, "pl"),),
          True, _truncated),
    Fault("hanging", f"p12 answers after {HANG_SECONDS:g} s (past the fetch timeout)",
          (law_path(12, "pl"),), True, _hanging),
    Fault("redirect-same-site", "p50.html answers 301 to p50.htm, the same page",
          (law_path(50, "pl"),), False, _redirect_same_site),
    Fault("redirect-other-host", "p55 answers 302 to a 'page moved' page on another host",
          (law_path(55, "pl"),), True, _redirect_other_host),
    Fault("robots-disallow", "robots.txt disallows every law page", ("robots.txt",), True,
          _robots),
    Fault("oversized", "p61 answers 6 MB of filler after its head", (law_path(61, "pl"),), True,
          _oversized),
    Fault("other-site", "p70 answers 200 with a login page of another site",
          (law_path(70, "pl"),), True, _other_site),
    Fault("wrong-charset", "p58 and l58 are UTF-8 served as ISO-8859-1 (no <meta>)",
          (law_path(58, "pl"), law_path(58, "en")), True, _wrong_charset),
)}
