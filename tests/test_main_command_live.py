"""Issue 30, item 0: the main command reads the live pages when they answer, at most once a day,
and falls back to the snapshot at once when they do not. The live sites are the imitation
(tests/imitation) served on 127.0.0.1; nothing here touches the network."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.config import Config, FetchConfig
from tools.reference import load_reference
from tools.scrape import scrape_corpus
from tools.sources.live import choose_sources, last_online_run


def _config(run) -> Config:
    return replace(Config.at(run.out).starting(run.starts),
                   fetch=FetchConfig(cache_dir=run.out / ".cache" / "http", min_interval=0.0))


@pytest.mark.build  # the main command, scrape to site, against the imitation
def test_the_main_command_builds_every_law_of_both_editions_from_the_live_pages(
        imitation_build) -> None:
    out = imitation_build.out
    assert imitation_build.status == 0
    report = json.loads((out / "build" / "report.json").read_text(encoding="utf-8"))
    web = set(report["sources"]["web"]["laws"])
    for lang in ("pl", "en"):
        assert {f"2017/{lang}/{n}" for n in range(1, 94)} <= web, lang
    assert {f"1997/pl/{n}" for n in range(41, 72)} & web  # the 1997 chapter
    assert (out / "site" / "laws" / "2017" / "27" / "index.html").exists()
    assert any(path.endswith("/pl/p27.html") and status == 200
               for path, status in imitation_build.asked)


@pytest.mark.build  # the main command, scrape to site, against the imitation
def test_the_home_page_says_where_the_laws_came_from_and_when(imitation_build) -> None:
    out = imitation_build.out
    home = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert "z bieżących stron PZBS" in home
    english = (out / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "from the live PZBS pages" in english


@pytest.mark.build  # the main command, scrape to site, against the imitation
def test_a_second_run_within_the_day_makes_no_request(imitation_build) -> None:
    config = _config(imitation_build)
    assert last_online_run(config)["date"]
    choice = choose_sources(config, "auto")
    assert not choice.online and "read today" in choice.reason
    # The imitation has stopped: any request would fail and be a fetch-error.
    corpus = scrape_corpus(choice.config, reference=load_reference(choice.config)).corpus
    assert [p for p in corpus.problems if p.kind == "fetch-error"] == []
    assert len([law for law in corpus.laws if law.edition == 2017 and law.lang == "en"]) == 93
    assert corpus.origins.get("2017/en/27") == "web", "read from the fetch cache"
    # With the sites' hosts answering again, auto still keeps to the cache; --online reads them.
    with _listening({urlsplit(url).port for url in imitation_build.starts.values()}):
        assert not choose_sources(config, "auto").online
        assert choose_sources(config, "online").online


@contextlib.contextmanager
def _listening(ports: set[int | None]) -> Iterator[None]:
    """Sockets taking connections on `ports` of 127.0.0.1 (the stopped sites' ports)."""
    sockets = []
    try:
        for port in ports:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port or 80))
            sock.listen()
            sockets.append(sock)
        yield
    finally:
        for sock in sockets:
            sock.close()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_unreachable_live_pages_send_the_build_to_the_snapshot_at_once(tmp_path: Path) -> None:
    port = _closed_port()
    config = replace(Config.at(tmp_path).starting(
                         {"pzbs-2017": f"http://127.0.0.1:{port}/pl/spis.html",
                          "pzbs-1997": f"http://127.0.0.1:{port}/laws/nota9.htm"}),
                     fetch=FetchConfig(cache_dir=tmp_path / "cache"))
    began = time.monotonic()
    choice = choose_sources(config, "auto")
    assert time.monotonic() - began < 5
    assert not choice.online and choice.config.offline
    assert "cannot be reached" in choice.reason and f"127.0.0.1:{port}" in choice.reason
    corpus = scrape_corpus(choice.config, reference=load_reference(choice.config)).corpus
    assert corpus.law(2017, "pl", 50) is not None  # the snapshot stands


def test_offline_never_probes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("offline must not open a connection")

    monkeypatch.setattr(socket, "create_connection", refuse)
    choice = choose_sources(Config.at(tmp_path), "offline")
    assert not choice.online and choice.config.offline


def test_the_user_agent_names_the_project_and_its_version_and_the_contact_when_given() -> None:
    from tools.config import _version

    bare = FetchConfig().agent
    assert bare.startswith(f"bridgelaw/{_version()} (") and "+" not in bare
    assert FetchConfig(contact="mailto:td@example.org").agent.endswith("; +mailto:td@example.org)")
