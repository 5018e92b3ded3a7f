"""Edition honesty on the real build inputs: rulings cite 2017 ids that exist, no link from a
ruling or situation reaches 1997 text by the same id, outputs that show law text name their
edition, and Law 71's items (71.1) round-trip through show, search and citations."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from urllib.parse import urljoin

import pytest

from assistant.build import AssistantBuild, assistant_json
from assistant.flowchart import render_flowchart_parts
from assistant.pages import render_assistant_pages
from assistant.situations import load_situations
from assistant.tree_load import load_trees
from helpers.html_links import links_of
from tools.config import Config
from tools.model import Corpus, Law, Unit
from tools.normalize.citation_links import link_citations
from tools.normalize.citations import find_citations
from tools.normalize.concordance import load_concordance
from tools.normalize.outline import load_outline
from tools.reference import load_reference
from tools.render.base import site_path
from tools.render.content import render_site_content
from tools.scrape import scrape_corpus

CONFIG = Config()
ROOT = CONFIG.root
BRIDGELAW = [sys.executable, "-m", "tools.cli"]
OUTLINE = load_outline(CONFIG.outline_file)
CONCORDANCE = load_concordance()
TREES = load_trees(CONFIG.assistant_dir / "trees")
SITUATIONS = load_situations(CONFIG)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """The scrape stage's corpus of the bundled snapshot (offline, nothing written here)."""
    from tools.config import FetchConfig

    tmp = tmp_path_factory.mktemp("editions")
    config = replace(CONFIG, fetch=FetchConfig(cache_dir=tmp / "cache"), build_dir=tmp / "build")
    return scrape_corpus(config, reference=load_reference(config)).corpus


def ruling_cites() -> set[str]:
    cites = {c for tree in TREES.values() for node in tree.nodes.values()
             for c in node.cites + (node.outcome.cites if node.outcome else [])}
    return cites | {law for s in SITUATIONS for law in s.laws}


def test_every_id_a_ruling_cites_is_in_the_2017_outline() -> None:
    official = OUTLINE.all_ids()
    cites = ruling_cites()
    assert len(cites) > 150
    assert sorted(cites - official) == []


def check_no_1997_by_same_id(link: dict[str, str], where: str) -> None:
    """A link into 1997 text is a counterpart the concordance names; a cite link is 2017.
    `where` is the content page ("pl/situations/x.md"): relative links resolve from it."""
    href = urljoin("http://site/" + site_path(where), link.get("href", ""))
    if "laws/1997/" in href:
        cited, old = link.get("data-counterpart-of"), link.get("data-cite-1997")
        assert cited and old, f"{where}: a link into 1997 text that is no counterpart: {link}"
        assert href.endswith(f"#{old}") or href.endswith(f"/{old}/"), (where, link)
        assert old in [c.id for c in CONCORDANCE.counterparts_1997(cited)], (where, link)
    if link.get("data-cite"):
        assert link.get("data-edition") == "2017", (where, link)
        assert "laws/1997/" not in href, (where, link)
        if not href.startswith("http://site/"):  # off the site: the source site, marked
            assert href.startswith("https://www.pzbs.pl/sedziowie/mpb/2017/"), (where, link)
            assert "external" in link.get("rel", ""), (where, link)
        else:
            assert "laws/2017/" in href, (where, link)


def test_no_link_from_a_situation_reaches_1997_text_by_the_same_id(corpus: Corpus) -> None:
    pages = render_assistant_pages(SITUATIONS, TREES, corpus)
    counterparts = 0
    for path, text in pages.items():
        for link in links_of(text):
            check_no_1997_by_same_id(link, path)
            counterparts += "data-counterpart-of" in link
    assert counterparts > 20  # the 1997 text is offered, as the counterpart


def test_no_ruling_in_the_wizard_data_reaches_1997_text_by_the_same_id(corpus: Corpus) -> None:
    build = AssistantBuild(trees=TREES, situations=SITUATIONS)
    data = json.loads(assistant_json(build, corpus))
    assert data["edition"] == 2017 and "cite_urls" not in data
    for lang, cites in data["cites"].items():
        assert set(cites) == ruling_cites()
        for cite, info in cites.items():
            assert "laws/1997/" not in info["url"], (lang, cite)
            assert info["external"] == info["url"].startswith("https://www.pzbs.pl/")
            for old in info["counterparts"]:
                assert old["id"] in [c.id for c in CONCORDANCE.counterparts_1997(cite)]
                assert not old["url"] or old["url"].endswith(f"#{old['id']}") or old[
                    "url"].endswith(f"/{old['id']}/")


@pytest.mark.build  # draws every tree's flowchart (Graphviz)
def test_flowcharts_link_only_to_2017_text(corpus: Corpus) -> None:
    for tree in TREES.values():
        for lang in ("pl", "en"):
            for chart in render_flowchart_parts(tree, lang, corpus, "/"):
                hrefs = re.findall(r'xlink:href="([^"]+)"', chart.svg)
                assert not [h for h in hrefs if "/1997/" in h or h.startswith("http")], tree.id


def test_law_pages_name_their_edition_and_1997_pages_say_superseded(corpus: Corpus) -> None:
    pages = render_site_content(corpus, OUTLINE, None)
    law_pages = {p: t for p, t in pages.items() if "/laws/" in p and not p.endswith("index.md")}
    title_pages = {p: t for p, t in law_pages.items() if "outline_only: true" in t}
    # 31 laws of 1997 and 3 of 2017 with text, in two languages; the other 90 laws of 2017
    # get a page of their official title and sections, saying where their text is
    assert (len(law_pages) - len(title_pages), len(title_pages)) == (68, 180)
    for path, text in title_pages.items():
        lang, number = path.split("/")[0], int(Path(path).stem)
        official = "p" if lang == "pl" else "l"
        assert f"/mpb/2017/{lang}/{official}{number}.html" in text, path
        assert ("nie ma w tej kompilacji" if lang == "pl" else "not in this build") in text, path
    for path, text in law_pages.items():
        lang, edition = path.split("/")[0], int(path.split("/")[2])
        label = {("pl", 2017): "wydanie 2017 (obowiązujące)",
                 ("en", 2017): "2017 edition (in force)",
                 ("pl", 1997): "wydanie 1997 (nieobowiązujące, zastąpione wydaniem 2017)",
                 ("en", 1997): "1997 edition (superseded by the 2017 edition)"}[(lang, edition)]
        assert label in text, path
        if edition == 1997:
            number = int(Path(path).stem)
            assert 'class="admonition warning superseded"' in text, path
            # its 2017 counterpart: the 2017 page on the source site (not in the build)
            official = "p" if lang == "pl" else "l"
            assert f"/mpb/2017/{lang}/{official}{number}.html" in text or (
                f'data-cite="{number}" data-edition="2017"' in text), path
        for link in links_of(text):
            if link.get("data-cite"):
                check_no_1997_by_same_id(link, path)
    old63 = pages["pl/laws/1997/63.md"]
    assert "1997 63C → 2017 63B" in old63 and "1997 63B → brak" in old63


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BRIDGELAW, *args], capture_output=True, text=True, cwd=ROOT,
                          encoding="utf-8", timeout=120, check=False)


@pytest.fixture(scope="module")
def index_dir(snapshot_index: Path) -> Path:
    """The search index of the real corpus, built once per session in a temp build folder."""
    return snapshot_index


def test_rule_names_the_edition_and_never_prints_1997_63b() -> None:
    done = run("rule", "revoke", "--answers", "1,2,1,1,1,1,1,1")
    assert done.returncode == 0, done.stderr
    assert "Przepisy (wydanie 2017):" in done.stdout
    lines = [line for line in done.stdout.splitlines() if line.strip().startswith("63B")]
    if lines:  # the established revoke cites 63B: its official page and 1997 counterpart 63C
        assert "(1997)" not in done.stdout
        assert "p63.html" in done.stdout and "1997 63C" in done.stdout
    data = json.loads(run("rule", "revoke", "--answers", "1,2,1,1,1,1,1,1", "--json").stdout)
    outcome = data["outcome"]
    assert outcome["edition"] == 2017
    for cite in outcome["cites"]:
        detail = outcome["cite_details"][cite]
        assert detail["edition"] == 2017
        assert "laws/1997/" not in detail["site_url"]
    english = run("rule", "revoke", "--lang", "en", "--answers", "1,2,1,1,1,1,1,1").stdout
    assert "Laws (2017 edition):" in english


def test_lookup_names_the_edition(index_dir: Path) -> None:
    done = run("lookup", "--build-dir", str(index_dir), "oddał lewę, której nie mógł przegrać")
    assert done.returncode == 0, done.stderr
    assert "przepisy / laws (2017): 71.1, 71.2" in done.stdout
    data = json.loads(run("lookup", "--build-dir", str(index_dir), "--json",
                          "wist z niewłaściwej ręki").stdout)
    assert all(hit["edition"] == 2017 for hit in data["situations"])


def test_71_1_round_trips_through_citations_and_search(index_dir: Path) -> None:
    # citations: printed as PZBS prints it, resolved against the outline's id
    found = find_citations("patrz przepis 71.1 i przepis 71.2", "pl")
    assert [c.ids for c in found] == [("71.1",), ("71.2",)]
    law = Law(number=70, edition=2017, lang="pl", title="T",
              sections=[Unit("70A", 1, "A", text="patrz przepis 71.1")])
    refs, problems = link_citations(Corpus(laws=[law]), OUTLINE.all_ids())
    assert [(r.target, r.status) for r in refs] == [("71.1", "outline")] and not problems
    # search: the same id, its official page and its 1997 counterpart (never 1997 by the id)
    for typed in ("71.1", "Law 71 item 1", "przepis 71 pkt 1"):
        data = json.loads(run("search", "--build-dir", str(index_dir), "--json", typed).stdout)
        assert data["citation"] == "71.1"
        assert data["official_url"].endswith("/pl/p71.html")
        assert data["counterparts_1997"] == ["71A"]
        # the law's title page in this build first (2017, both languages), then 1997
        assert [(hit["id"], hit["edition"]) for hit in data["hits"]] == [
            ("71.1", 2017), ("71.1", 2017), ("71A", 1997)]
    data = json.loads(run("search", "--build-dir", str(index_dir), "--json", "63B").stdout)
    assert [(hit["id"], hit["edition"]) for hit in data["hits"]][-1] == ("63C", 1997)
    assert {hit["edition"] for hit in data["hits"][:-1]} == {2017}
    assert data["counterparts_1997"] == ["63C"]
    asked = json.loads(run("search", "--build-dir", str(index_dir), "--json", "--edition",
                           "1997", "63B").stdout)
    assert [(hit["id"], hit["edition"]) for hit in asked["hits"]] == [("63B", 1997)]
