"""The real site built (strict) from the bundled snapshot: languages, self-containment, every
internal link and anchor, flowcharts, assets, and keeping the last good site on failure."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import rjsmin
from bs4 import BeautifulSoup

from helpers.hosts import is_external, scan_site
from helpers.site_build import real_corpus
from tools.config import Config
from tools.errors import BridgelawError
from tools.model import LEAD_IN_END
from tools.search.analysis import ENGLISH_IRREGULAR, fold
from tools.search.score import ALL_WORDS_BONUS, ROLE_WEIGHTS, TermScores
from tools.site.build import log_problems
from tools.site.pagefind_records import FOLDED_MARK

HERE = Path(__file__).parent
ROOT = HERE.parent

pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def built(main_job_build) -> Path:
    """The build folder (content/, build/, site/) of the main job on the real snapshot only: no
    English page is added (unlike the session's `site_dir`); shared by the session, read-only."""
    return main_job_build.root


@pytest.fixture(scope="module")
def html_pages(built: Path) -> dict[str, BeautifulSoup]:
    """Every built HTML page by its path under site/."""
    site = built / "site"
    return {p.relative_to(site).as_posix(): BeautifulSoup(p.read_text(encoding="utf-8"),
                                                          "html.parser")
            for p in sorted(site.rglob("*.html"))}


def test_pages_exist_in_both_languages(built: Path, html_pages: dict) -> None:
    """Every law page, compare page, glossary, index and assistant page exists in pl and en."""
    for path in ("laws/2017/64/index.html", "laws/1997/41/index.html", "compare/64/index.html",
                 "glossary/index.html", "terms/index.html", "laws/index.html",
                 "wizard/index.html", "situations/index.html", "index.html"):
        assert path in html_pages, path
        assert f"en/{path}" in html_pages, path
    assert sum(p.startswith("laws/1997/") for p in html_pages) == 31
    assert sum(p.startswith("en/laws/2017/") for p in html_pages) == 93  # 3 texts, 90 titles
    assert sum(bool(soup.select_one(".law-text.outline-only")) for p, soup in html_pages.items()
               if p.startswith("laws/2017/")) == 90


def test_each_page_has_its_language(html_pages: dict) -> None:
    """Pages under en/ say lang="en", all others lang="pl"."""
    for path, soup in html_pages.items():
        expected = "en" if path.startswith("en/") else "pl"
        assert soup.html.get("lang") == expected, path


def test_nothing_loads_from_another_host(built: Path, html_pages: dict) -> None:
    """No script, stylesheet, font, image or frame of any page comes from another host, and no
    CSS file imports or points at one (no Google Fonts, no CDN): the static scan of
    tests/helpers/hosts.py, on this module's site."""
    assert [str(found) for found in scan_site(built / "site").found] == []
    everything = "".join(str(soup) for soup in html_pages.values())
    for host in ("fonts.googleapis.com", "fonts.gstatic.com", "unpkg.com", "cdn.jsdelivr.net"):
        assert host not in everything


def _anchors(soup: BeautifulSoup) -> set[str]:
    return {node["id"] for node in soup.find_all(id=True)} | {
        node["name"] for node in soup.find_all("a", attrs={"name": True})}


def test_no_broken_internal_link_or_anchor(built: Path, html_pages: dict) -> None:
    """Every internal link of every page (including the inlined flowcharts) leads to a file that
    exists and, with a fragment, to an element with that id."""
    site = built / "site"
    broken, checked = [], 0
    for path, soup in html_pages.items():
        base = posixpath.dirname(path)
        links = [a.get("href") for a in soup.find_all("a")]
        links += [a.get("xlink:href") for a in soup.find_all("a") if a.get("xlink:href")]
        for href in filter(None, links):
            if is_external(href) or href.startswith(("mailto:", "javascript:", "data:")):
                continue
            parts = urlsplit(href)
            if parts.path.startswith("/"):
                target = parts.path.lstrip("/")
            else:
                target = posixpath.normpath(posixpath.join(base, unquote(parts.path))) \
                    if parts.path else path
            if target in (".", ""):
                target = "index.html"
            if not target.endswith(".html") and not Path(site, target).is_file():
                target = posixpath.join(target, "index.html")
            checked += 1
            if not (site / target).is_file():
                broken.append((path, href, "no such file"))
                continue
            fragment = unquote(parts.fragment)
            if "=" in fragment:  # the wizard's state in the hash ("#tree=revoke&s=..."), no id
                fragment = ""
            if fragment and target in html_pages and fragment not in _anchors(html_pages[target]):
                broken.append((path, href, "no such anchor"))
    assert checked > 1000
    assert broken == []


def test_heading_ids_keep_polish_letters(html_pages: dict) -> None:
    """The slugify keeps "ł": the h1 of Law 64 has "fałszywego" in its id."""
    h1 = html_pages["laws/2017/64/index.html"].find("h1")
    assert "fałszywego" in h1["id"]


def test_unit_anchors_and_meta_on_law_page(html_pages: dict) -> None:
    """#64B3 is an element on both language pages; the page states edition, source and date."""
    for path in ("laws/2017/64/index.html", "en/laws/2017/64/index.html"):
        soup = html_pages[path]
        assert soup.find(id="64B3") is not None
        meta = soup.select_one(".law-meta").get_text(" ")
        assert "2017" in meta and "2026-11-22" in meta
    en = html_pages["en/laws/2017/64/index.html"]
    assert "not in this build" in en.select_one(".no-text").get_text()
    assert en.select_one('.no-text a[href="https://www.pzbs.pl/sedziowie/mpb/2017/en/l64.html"]')


def test_flowcharts_inlined(built: Path, html_pages: dict) -> None:
    """Law pages carry the flowchart of every tree whose laws include them, situation pages
    their tree's: drawn in HTML (every question once, every outcome), linked relative to the
    page, never to a 1997 page by the same id; no placeholder is left empty."""
    data = json.loads((built / "build" / "assistant.json").read_text(encoding="utf-8"))
    trees = data["trees"]
    for number in (45, 50, 64):
        soup = html_pages[f"laws/2017/{number}/index.html"]
        wanted = sorted(tid for tid, tree in trees.items()
                        if any(re.match(r"\d+", law).group(0) == str(number)
                               for law in tree["laws"]))
        found = sorted(fig["id"].removeprefix("flowchart-")
                       for fig in soup.select("figure.flowchart"))
        assert found == wanted, number
        for tree_id in wanted:
            nodes = trees[tree_id]["nodes"]
            figure = soup.select_one(f'figure[id="flowchart-{tree_id}"]')
            assert not figure.select("svg")
            drawn = [box["id"].removeprefix(f"flow-{tree_id}-")
                     for box in figure.select(".flow-question")]
            assert sorted(drawn) == sorted(n for n, node in nodes.items() if "outcome" not in node)
            outcomes = sum(1 for node in nodes.values() if "outcome" in node)
            assert len(figure.select(".flow-outcome")) >= outcomes
            # the chart opens in the wizard, and its links work below any site path
            assert figure.select_one(".flowchart-open a")["href"] == (
                f"../../../wizard/#tree={tree_id}")
            # (a cite with no 2017 text here is no link: no 1997 page by the same id)
            hrefs = [a["href"] for a in figure.select("a.flow-cite")]
            assert hrefs and not [h for h in hrefs if h.startswith("/")], hrefs
            assert not [h for h in hrefs if "/1997/" in h or h.startswith("http")], hrefs
            for goto in figure.select(".flow-goto a"):  # "continue as in question N" lands
                assert figure.select_one(f'[id="{goto["href"][1:]}"]'), goto
    situations = [p for p in html_pages if re.match(r"(en/)?situations/[^/]+/index.html", p)]
    assert situations
    for path in situations:
        soup = html_pages[path]
        assert not soup.select("div.flowchart[data-tree]"), path
        if soup.select("figure.flowchart"):
            assert soup.select("figure.flowchart .flow .flow-question"), path
    assert not any(soup.select(".flowchart .missing") for soup in html_pages.values())


def test_ids_unique_per_page(html_pages: dict) -> None:
    """Ids of several flowcharts on one page (and of the units) do not collide."""
    for path, soup in html_pages.items():
        ids = [node["id"] for node in soup.find_all(id=True)]
        assert len(ids) == len(set(ids)), (path, sorted({i for i in ids if ids.count(i) > 1}))


def test_assets_copied_and_indexed(built: Path) -> None:
    """The wizard's data and the charts are in the site, and Pagefind indexed it."""
    site = built / "site"
    assert (site / "assets/assistant/assistant.json").read_bytes() == \
        (built / "build/assistant.json").read_bytes()
    svgs = sorted(p.name for p in (built / "build/flowcharts").glob("*.svg"))
    assert sorted(p.name for p in (site / "assets/assistant/flowcharts").glob("*.svg")) == svgs
    assert (site / "pagefind" / "pagefind.js").is_file()


def indexed_urls(site: Path) -> set[str]:
    """The url of every page Pagefind indexed in the built `site` (one fragment per page)."""
    import gzip

    from tools.site.offline import FRAGMENT_MARK

    return {json.loads(gzip.decompress(f.read_bytes()).removeprefix(FRAGMENT_MARK))["url"]
            for f in (site / "pagefind" / "fragment").glob("*.pf_fragment")}


def test_the_search_index_holds_the_pages_that_answer_not_the_lists(built: Path) -> None:
    """Pagefind indexes laws, situations, the glossary and the wizard in both languages, and no
    page that only lists others (home, lists of laws, situations and comparisons, index of
    terms): read word by word such a page holds every word and crowds out the one that answers."""
    urls = indexed_urls(built / "site")
    for root in ("/", "/en/"):
        lists = {root + page for page in ("", "laws/", "situations/", "compare/", "terms/")}
        assert not lists & urls
        assert {root + "glossary/", root + "wizard/"} <= urls
        assert any(url.startswith(root + "situations/") and url != root + "situations/"
                   for url in urls)
    assert any(url.startswith("/u/") for url in urls)  # the law records


def test_a_retired_situation_address_leads_on_and_is_not_searched(built: Path) -> None:
    """The address of a situation folded into another still serves a page in both languages,
    whose link lands on the situation that answers it now; search does not index it."""
    from assistant.situations import load_retired

    site = built / "site"
    indexed = indexed_urls(site)
    retired = load_retired(Config())
    assert retired
    for old, new in retired.items():
        for root in ("", "en/"):
            page = site / root / "situations" / old / "index.html"
            soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
            hrefs = [a["href"] for a in soup.select("article a.md-button")]
            assert hrefs == [f"../{new}/"], (page, hrefs)
            assert (page.parent / hrefs[0] / "index.html").resolve().is_file()
            assert f"/{root}situations/{old}/" not in indexed
        assert f"/situations/{new}/" in indexed


def test_pages_load_their_scripts_as_one_file_words_first(built: Path,
                                                          html_pages: dict) -> None:
    """Every page loads one script (deferred, in <head>, before the wizard's): the scripts'
    words, then mkdocs.yml's extra_javascript in its order; the parts are not served apart."""
    from tools.interface import SCRIPT_FILE
    from tools.site.scripts import BUNDLE_FILE, generated_sources

    site = built / "site"
    bundle = (site / BUNDLE_FILE).read_text(encoding="utf-8")
    listed = re.findall(r"path: (assets/\S+\.js)", (ROOT / "mkdocs.yml").read_text("utf-8"))
    assert re.findall(r"/\*! (\S+\.(?:js|py)) \*/", bundle) == [
        SCRIPT_FILE, "tools/urls.py", "tools/normalize/citation_id.py", *listed]
    assert len(listed) == 14 and not any((site / part).exists() for part in listed)
    sources = generated_sources() + [
        f"/*! {part} */\n" + (ROOT / "site_overrides" / part).read_text(encoding="utf-8")
        for part in listed]
    assert bundle == rjsmin.jsmin("\n".join(sources), keep_bang_comments=True) + "\n"
    assert len(bundle) < 0.7 * sum(map(len, sources))  # the comments and indents are gone
    for path in ("index.html", "en/laws/2017/64/index.html", "wizard/index.html",
                 "en/situations/index.html", "404.html"):
        scripts = [tag.get("src", "") for tag in html_pages[path].find_all("script")
                   if tag.get("src")]
        assert scripts[0].endswith(BUNDLE_FILE) and all(
            html_pages[path].find("script", src=src).has_attr("defer") for src in scripts), path
        assert html_pages[path].head.find("script", src=scripts[0]), path
        assert not any("/search/" in src or src.endswith("site.js") for src in scripts), path
        assert "bridgelawText" not in str(html_pages[path]), path
    wizard = [src.rsplit("/", 1)[1] for src in (tag["src"] for tag in
              html_pages["wizard/index.html"].find_all("script", src=True)) if "/wizard/" in src]
    assert wizard == ["state.js", "match.js", "render.js", "wizard.js"]


def test_search_box_reads_the_spec_and_the_vocabulary_by_parts(built: Path) -> None:
    """Each language's spec holds what the scripts read of the build's spec; its own synonyms
    only, split by first letter as the vocabulary is; the vocabulary's shards together hold
    every word a typo can be read as, each under its first letter, so the first search loads
    only the shards of its words."""
    search = built / "site" / "assets" / "search"
    spec = json.loads((built / "build" / "search_spec.json").read_text(encoding="utf-8"))
    vocabulary = json.loads((built / "build" / "index" / "vocabulary.json").read_text("utf-8"))
    shards = {p.stem.removeprefix("vocabulary-"): json.loads(p.read_text(encoding="utf-8"))
              for p in search.glob("vocabulary-*.json")}
    assert not (search / "spec.json").exists() and not (search / "vocabulary.json").exists()
    stops = set(spec["stops"]["pl"]) | set(spec["stops"]["en"])
    for lang in ("pl", "en"):
        site = json.loads((search / f"spec-{lang}.json").read_text(encoding="utf-8"))
        assert site["stops"] == spec["stops"] and site["fold_extra"] == spec["fold_extra"]
        assert site["max_query_chars"] == spec["max_query_chars"]
        # how a query read through the word pairs is said, the CLI's separators
        assert site["reading"] == spec["reading"] == {"as": " → ", "pairs": ", ", "ways": " / "}
        assert site["inflections"] == spec["inflections"]  # an English word's forms (query.js)
        # an irregular verb's forms (forms.js verbOf), the CLI's table
        assert site["irregular"] == spec["irregular"] == dict(sorted(ENGLISH_IRREGULAR.items()))
        assert site["irregular"]["lost"] == "lose" and "left" not in site["irregular"]
        # the same pairs as the build's spec, each headword with its forms, in shards by the
        # first letter of a form's first content word, which the spec names
        parts = {p.stem.removeprefix(f"synonyms-{lang}-"): json.loads(p.read_text("utf-8"))
                 for p in search.glob(f"synonyms-{lang}-*.json")}
        assert site["synonyms"] == sorted(parts) and len(parts) > 5
        assert {(form, headword) for part in parts.values() for headword, forms in part.items()
                for form in forms} == {(s["form"], s["headword"])
                                       for s in spec["synonyms"] if s["lang"] == lang}
        # the key query.js reads a typed word's shard by: its folded first letter
        for key, part in parts.items():
            assert all(f"{ord(fold(next(w for w in form.split() if w not in stops))[0]):x}" == key
                       for forms in part.values() for form in forms), key
        # table talk in the page's language: "renons w 12 lewie" reads the text's "dwunastej"
        assert site["jargon"] == spec["jargon"][lang]
        assert site["vocabulary"] == sorted(shards)
        # the rules rank.js reads a law record by: where a unit's folded copy starts, and how
        # a text leading into its items ends (written once, in Python)
        assert site["folded_mark"] == FOLDED_MARK and site["lead_in_end"] == LEAD_IN_END
        # and the weights and BM25 constants score.js scores a unit's fields by, the CLI's
        assert site["ranking"]["roles"] == {r: ROLE_WEIGHTS[r] for r in ("title", "parent", "body")}
        assert (site["ranking"]["k1"], site["ranking"]["b"]) == (TermScores.K1, TermScores.B)
        assert site["ranking"]["all_words_bonus"] == ALL_WORDS_BONUS
    assert spec["jargon"]["pl"]["dwunastej"] == ["12", "przedostatnia", "przedostatniej"]
    assert spec["jargon"]["en"]["twelfth"] == ["12", "12th", "penultimate"]
    # a word is written as the texts spell it ("ręki" for "reki"), kept however short, so a
    # query typed without diacritics is searched as the text spells it (typos.js folds it back)
    spellings = json.loads((built / "build" / "index" / "spellings.json").read_text("utf-8"))
    assert spellings["reki"] == "ręki" and "renons" not in spellings
    assert {w: c for words in shards.values() for w, c in words.items()} == \
        {spellings.get(w, w): c for w, c in vocabulary.items()
         if c and (len(w) >= 4 or w in spellings)}
    assert all(f"{ord(fold(w)[0]):x}" == key for key, words in shards.items() for w in words)
    # the words of the language the texts never use (count 0), by their first two letters, as
    # typos.js languageWords names them; the spec lists every shard
    language = {p.stem.removeprefix("words-"): json.loads(p.read_text("utf-8"))
                for p in search.glob("words-*.json")}
    assert sorted(w for words in language.values() for w in words) == \
        sorted(w for w, c in vocabulary.items() if not c)
    assert "waved" in language["77-61"] and "wejscia" in language["77-65"]
    assert all("-".join(f"{ord(c):x}" for c in w[:2]) == key
               for key, words in language.items() for w in words)
    for lang in ("pl", "en"):
        site = json.loads((search / f"spec-{lang}.json").read_text(encoding="utf-8"))
        assert site["words"] == sorted(language)

def test_mkdocs_log_is_clean(main_job_build) -> None:
    """The strict main job met nothing in MkDocs' log: every record above INFO, and any text
    outside the log's records (a package's notice such as Material's end-of-life banner, which
    the build switches off on purpose), is a problem of the site stage, so the strict build
    would have stopped on it."""
    assert [p for p in main_job_build.report["problems"] if p["stage"] == "site"] == []
    log = ("INFO    -  Cleaning site directory\n"
           "INFO    -  The following pages are not in the nav:\n  - pl/a.md\n  - pl/b.md\n"
           "WARNING -  Doc file 'pl/x.md' contains a link to 'y.md', not found\n"
           "\n"
           "  │  ⚠  Warning from the Material for MkDocs team\n"
           "INFO    -  Documentation built in 1.00 seconds\n")
    assert [p.message for p in log_problems(log, "mkdocs.yml")] == [
        "WARNING -  Doc file 'pl/x.md' contains a link to 'y.md', not found",
        "MkDocs printed: │  ⚠  Warning from the Material for MkDocs team"]
    assert log_problems(log.split("WARNING")[0], "mkdocs.yml") == []


# Pagefind (1.3+) writes its fragments and word index the same from the same pages, but not its
# filter and metadata indexes, whose names are hashes of their content (upstream issue #638):
# these, the entry file naming them and the offline pack listing them may differ run to run.
PAGEFIND_UNSTABLE = re.compile(r"pagefind/(filter/.*|[^/]*\.pf_meta|pagefind-entry\.json)|sw\.js")


def _pack(sw: str) -> tuple[dict, str]:
    """The offline pack's list without its version and Pagefind's unstable files, and the rest
    of the service worker's text."""
    found = re.search(r"self\.BL_PACK = (\{.*?\});\n", sw)
    assert found, "sw.js holds no BL_PACK"
    pack = json.loads(found.group(1))
    pack.pop("version")
    pack["files"] = [f for f in pack["files"] if not PAGEFIND_UNSTABLE.fullmatch(f[0])]
    rest = sw[found.end():]
    return pack, rest


def test_plain_mkdocs_build_gives_the_build_s_site(built: Path, tmp_path: Path) -> None:
    """`mkdocs build` after the build, in a checkout holding its content/ and build/, goes
    through the plugin `bridgelaw` (mkdocs.yml) and writes the same site: every file the same
    but Pagefind's unstable ones, which hold the same number of files."""
    import os
    import subprocess
    import sys

    root = tmp_path / "checkout"
    root.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    (root / "site_overrides").symlink_to(ROOT / "site_overrides")
    (root / "content").symlink_to(built / "content")
    (root / "build").symlink_to(built / "build")  # the model, index, assistant data: read only
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=root,
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr
    ours, plain = built / "site", root / "site"
    files = {p.relative_to(ours).as_posix() for p in ours.rglob("*") if p.is_file()}
    assert files  # the build's site is there to compare with
    plain_files = {p.relative_to(plain).as_posix() for p in plain.rglob("*") if p.is_file()}
    stable = {f for f in files if not PAGEFIND_UNSTABLE.fullmatch(f)}
    assert stable == {f for f in plain_files if not PAGEFIND_UNSTABLE.fullmatch(f)}
    assert len(files) == len(plain_files)
    differ = [f for f in sorted(stable) if (ours / f).read_bytes() != (plain / f).read_bytes()]
    assert differ == []
    assert _pack((ours / "sw.js").read_text(encoding="utf-8")) == _pack(
        (plain / "sw.js").read_text(encoding="utf-8"))


def test_a_site_built_without_its_address_has_no_sitemap(built: Path) -> None:
    """mkdocs.yml sets no site_url (the site is served from wherever it is copied), so a
    sitemap could list no full address: none is published, and no file says "None./"."""
    site = built / "site"
    assert (site / "index.html").is_file()
    assert not (site / "sitemap.xml").exists() and not (site / "sitemap.xml.gz").exists()
    assert not [p for p in site.rglob("*.xml") if "<loc>None" in p.read_text(encoding="utf-8")]


def test_mkdocs_is_dated_by_the_newest_source_page_not_the_clock() -> None:
    """The build hands MkDocs the newest fetch date of the laws as SOURCE_DATE_EPOCH (what it
    dates a sitemap by, with a site_url): midnight UTC of that day; none without dates."""
    import calendar
    import datetime

    from tools.model import Corpus
    from tools.site.mkdocs_run import source_epoch

    newest = max(law.fetch_date for law in real_corpus().laws if law.fetch_date)
    day = datetime.date.fromisoformat(newest)
    assert source_epoch(real_corpus()) == str(calendar.timegm(day.timetuple()))
    assert datetime.datetime.fromtimestamp(int(source_epoch(real_corpus())),
                                           datetime.UTC).date() == day
    assert source_epoch(Corpus()) is None


def test_failed_build_keeps_last_good_site(built: Path, tmp_path: Path) -> None:
    """A broken page fails the strict build with a clear error naming mkdocs.yml and the page,
    and the site that was there stays as it was."""
    root = tmp_path / "root"
    shutil.copytree(built, root, ignore=shutil.ignore_patterns("site"))
    shutil.copytree(built / "site", root / "site")
    before = (root / "site" / "laws/2017/64/index.html").read_bytes()
    (root / "content/pl/broken.md").write_text("# Zły\n\n[link](laws/2017/64.md#64Z9)\n",
                                               encoding="utf-8")
    config = Config.at(root, strict=True)
    from tools.site.build import build_site

    with pytest.raises(BridgelawError) as error:
        build_site(config)
    assert "mkdocs.yml" in str(error.value) and "64Z9" in str(error.value)
    assert (root / "site" / "laws/2017/64/index.html").read_bytes() == before
    assert not (root / "site" / "broken").exists()
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".site")) == []


def test_strict_build_stops_on_an_input_the_search_index_lacks(built: Path, tmp_path: Path) -> None:
    """The index's own problems count too: without the glossary, a strict build names it and
    leaves the last good site in place."""
    root = tmp_path / "root"
    shutil.copytree(built, root)
    before = (root / "site" / "pagefind" / "citations.json").read_bytes()
    config = Config.at(root, strict=True, glossary_file=tmp_path / "no-glossary.yaml")
    from tools.site.build import build_site

    with pytest.raises(BridgelawError, match="no-glossary.yaml"):
        build_site(config, real_corpus())
    assert (root / "site" / "pagefind" / "citations.json").read_bytes() == before
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".site")) == []
