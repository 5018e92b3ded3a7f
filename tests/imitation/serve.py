"""Mount an imitation on tests/httpserver.py's LocalServer: conditional replies (ETag,
Last-Modified, 304), a log of what was sent, start URLs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime

from httpserver import Hit, LocalServer, Reply

from .nav import front_path, law_path
from .site import CHAPTER_1997, ROBOTS, Imitation, Page

Route = Callable[[Hit, int], Reply]


@dataclass
class Sent:
    """One reply the imitation sent."""

    host: str  # "main" or "other"
    path: str
    status: int
    size: int  # body bytes


def conditional(page: Page) -> Route:
    """A route answering 304 when If-None-Match or If-Modified-Since say the client has it."""

    def route(hit: Hit, _before: int) -> Reply:
        tags = hit.headers.get("if-none-match")
        since = hit.headers.get("if-modified-since")
        fresh = False
        if tags is not None:
            fresh = tags.strip() == "*" or page.etag in [t.strip() for t in tags.split(",")]
        elif since:
            try:
                fresh = parsedate_to_datetime(since) >= parsedate_to_datetime(page.last_modified)
            except (TypeError, ValueError):
                fresh = False
        headers = page.headers()
        if fresh:
            return Reply(304, b"", {k: v for k, v in headers.items() if k != "Content-Type"})
        return Reply(200, page.body, headers)

    return route


@dataclass
class Served:
    """An imitation mounted on two local hosts (the second plays https:// and elsewhere)."""

    imitation: Imitation
    server: LocalServer
    other: LocalServer
    pages: dict[str, Page] = field(default_factory=dict)  # main host
    other_pages: dict[str, Page] = field(default_factory=dict)
    log: list[Sent] = field(default_factory=list)

    @property
    def hosts(self) -> tuple[str, str]:
        """URL prefixes of both hosts (laws read from them are the imitation's)."""
        return (self.server.base, self.other.base)

    @property
    def start_toc(self) -> str:
        """The Polish 2017 table of contents."""
        return self.server.base + front_path("toc", "pl")

    @property
    def start_law(self) -> str:
        """A Polish 2017 law page in the middle (64 if present), for the ← → walk."""
        laws = self.imitation.laws_2017
        return self.server.base + law_path(64 if 64 in laws else laws[len(laws) // 2], "pl")

    @property
    def start_1997(self) -> str:
        """The Polish 1997 Chapter VI page (http; may redirect)."""
        return self.server.base + CHAPTER_1997

    def set(self, path: str, route: Reply | Route, host: str = "main") -> None:
        """Serve `route` at `path`, logging what is sent."""
        server = self.server if host == "main" else self.other

        def logged(hit: Hit, before: int) -> Reply:
            reply = route if isinstance(route, Reply) else route(hit, before)
            self.log.append(Sent(host, hit.path, reply.status, len(reply.body)))
            return reply

        server.routes[path] = logged

    def mount(self) -> None:
        """Put every page, robots.txt and the redirects in place."""
        imitation = self.imitation
        self.pages = imitation.pages_2017()
        pages_1997 = imitation.pages_1997(self.server.base)
        if imitation.variant97.redirect:
            self.other_pages.update(pages_1997)
            for path in pages_1997:
                self.set(path, Reply(301, b"", {"Location": self.other.base + path}))
        else:
            self.pages.update(pages_1997)
        for path, page in self.pages.items():
            self.set(path, conditional(page))
        for path, page in self.other_pages.items():
            self.set(path, conditional(page), host="other")
        robots = imitation.robots_txt()
        self.set("/robots.txt", Reply(404, b"not found") if robots is None else
                 Reply(200, robots, {"Content-Type": "text/plain"}))
        allow = ROBOTS["allow-all"] or ""
        self.set("/robots.txt", Reply(200, allow.encode(), {"Content-Type": "text/plain"}),
                 host="other")

    def sent_since(self, mark: int) -> list[Sent]:
        """Replies sent after log position `mark`."""
        return self.log[mark:]


@contextmanager
def serve(imitation: Imitation) -> Iterator[Served]:
    """Start two local servers and mount `imitation` on them."""
    with LocalServer() as server, LocalServer() as other:
        served = Served(imitation, server, other)
        served.mount()
        yield served
