"""The site search index: Pagefind over the built site, one record per law page.

Each law page is one Pagefind record whose units are headings with their citation ids as
anchors, so Pagefind returns them as sub-results linking to "laws/2017/64/#64B3". One record per
law keeps the search box to one fragment request per law shown (a record per unit cost one per
unit, before ranking could even group them by law). Other pages are indexed whole from their
article body. Pagefind folds ą ę ó ś ź ż ć ń but not ł, so every unit also carries its text with
diacritics folded. The glossary terms of a law in both languages go into the law's own unit,
and its names in both languages (the official 2017 titles: "Lead Out of Turn Accepted" for law
53 on the Polish page) into the `about` metadata, which lets a query in one language find the
other. A citation table for jumps ("64B3") is written next to the index.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tools.analysis import fold, mobile_e_forms, stem_key, strip_marks
from tools.config import Config
from tools.errors import BridgelawError

OUTPUT = "pagefind"
# Starts the folded copy inside a record: not a word, so Pagefind does not index it, but it stays
# in the record's content, where the search box cuts the copy off before showing a snippet.
FOLDED_MARK = "\u00a6"
CITATIONS_FILE = "citations.json"  # written inside the pagefind folder
ROOT_SELECTOR = "article"  # Material's article body: the navigation stays out of the index
_CITATION_ID = re.compile(r"^\d{1,2}(?:[A-H](?:\d{1,2}[a-z]?)?)?$")
_SKIP_DIRS = {"assets", "pagefind", "search"}


@dataclass
class Unit:
    """One law unit inside its law's record: a Pagefind sub-result under its own anchor."""

    id: str  # the citation id, also the anchor ("64B3")
    title: str  # the unit's own heading ("" when it has none)
    text: str  # the text shown in snippets
    weighted: list[tuple[str, float]] = field(default_factory=list)  # (text, Pagefind weight)


@dataclass
class Record:
    """One Pagefind record: a law page, whose units are its sub-results."""

    url: str  # the law page ("laws/2017/64/")
    language: str
    meta: dict[str, str]
    units: list[Unit]


# Pagefind weights (1 is body text): a law's own title says most about what the law is for.
LAW_TITLE_WEIGHT = 7.0
UNIT_TITLE_WEIGHT = 3.0
TERMS_WEIGHT = 2.0
# The metadata field holding a law's names (its titles in both languages, folded forms too).
# Pagefind adds a bonus for query words found in a weighted metadata field, on top of the body
# score, which saturates on long laws: without it a long law that uses the words in passing
# outranks the law named by them. search.js gives this field its weight.
ABOUT = "about"


@dataclass
class SitePages:
    """What the built site holds for search: unit records, other pages, citation ids."""

    records: list[Record] = field(default_factory=list)
    pages: list[tuple[str, str]] = field(default_factory=list)  # (url, html)
    citations: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # lang/edition/ids


def with_folded(text: str) -> str:
    """The text followed by the folded forms of its words that Pagefind cannot match by itself
    (ł -> l: it only drops combining marks) and the forms of words whose "e" comes and goes
    (dziadka -> dziadek). Folding Pagefind does itself is not repeated: it would only make the
    index and every fragment bigger."""
    words = re.findall(r"\w+", text)
    extra = [fold(word) for word in words if fold(word) != strip_marks(word)]
    extra += [form for word in words for form in mobile_e_forms(word)]
    folded = " ".join(dict.fromkeys(extra))
    return f"{text}\n{FOLDED_MARK} {folded}" if folded else text


def page_url(site_dir: Path, path: Path) -> str:
    """Site-root-relative url of a built page ("laws/2017/64/" for laws/2017/64/index.html)."""
    rel = path.relative_to(site_dir).as_posix()
    return rel[: -len("index.html")] if rel.endswith("index.html") else rel


def _text(node) -> str:  # noqa: ANN001 - a BeautifulSoup Tag
    return " ".join(node.get_text(" ").split())


def law_record(
    url: str,
    soup,  # noqa: ANN001 - a BeautifulSoup document
    lang: str,
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]] | None = None,
) -> Record:
    """One record per law page, with each unit row as a sub-result under the row's anchor."""
    law_text = soup.select_one(".law-text")
    edition = law_text.get("data-edition", "")
    number = law_text.get("data-law", "")
    heading = soup.select_one("article h1")
    page_title = _text(heading) if heading else number
    printed = re.sub(r"^\D*\d+\.\s*", "", page_title)  # "Przepis 64. X" -> "X"
    names = law_names(printed, number, lang, titles or {})
    units = []
    titles_only = "outline-only" in law_text.get("class", [])
    for row in law_text.select(".row[id]"):
        unit_id = row["id"]
        if not _CITATION_ID.match(unit_id) or (titles_only and unit_id != number):
            continue  # a law known by its titles only is found by its own title, as in the CLI
        cell = row.select_one(".cell.main")
        if cell is None:
            continue
        for ignored in cell.select("[data-pagefind-ignore]"):  # notes about the text, not text
            ignored.extract()
        unit_title = cell.select_one(".unit-title")
        title = _text(unit_title) if unit_title else ""
        if unit_title is not None:
            unit_title.extract()
        weighted = []
        if unit_id == number:
            # The law's own unit carries its names and its glossary terms in both languages.
            weighted.append((with_folded(printed), LAW_TITLE_WEIGHT))
            # a law known by its titles only is found by its title alone, as the CLI's title
            # documents are (the glossary's own entries still lead to it)
            if terms.get(number) and not titles_only:
                words = " ".join(distinct_words(terms[number]))
                weighted.append((with_folded(words), TERMS_WEIGHT))
        units.append(Unit(id=unit_id, title=title, text=_text(cell), weighted=weighted))
    about = " ".join(with_folded(name).replace(FOLDED_MARK, " ") for name in names)
    return Record(
        url=url,
        language=lang,
        meta={
            "title": page_title,
            "law": number,
            "edition": edition,
            "titles_only": "1" if titles_only else "",  # search.js labels it: no text here
            # a law known by its titles only is found by its names as much as one with text:
            # a query naming it finds it before a longer text that uses the words in passing
            ABOUT: " ".join(about.split()),
        },
        units=units,
    )


def distinct_words(phrases: list[str]) -> list[str]:
    """The words of the phrases, once each: the glossary repeats a word in many phrases
    ("fałszywy renons", "fałszywego renonsu", "falszywy renons w dwunastej lewie"), and words
    whose Polish and English stems both agree ("Dziadka", "dziadka") index alike. Every copy
    would only make the index and the fragments bigger."""
    seen: dict[tuple[str, str], str] = {}
    for word in re.findall(r"\w+", " ".join(phrases)):
        seen.setdefault(stem_key(word), word)
    return list(seen.values())


def law_names(printed: str, number: str, lang: str, titles: dict[str, dict[str, str]]) -> list[str]:
    """The law's printed title, then its official 2017 titles in the page's language and the
    other one where they differ: an English page that shows the Polish text (the snapshot has
    no English text) is still found by its English name."""
    names = [
        printed,
        titles.get(lang, {}).get(number, ""),
        titles.get(other_lang(lang), {}).get(number, ""),
    ]
    seen: dict[str, str] = {}
    for name in names:
        if name and name.casefold() not in seen:
            seen[name.casefold()] = name
    return list(seen.values())


def fold_page(page: str, soup) -> str:  # noqa: ANN001 - a BeautifulSoup document
    """The page with its article marked for Pagefind and a hidden copy of its folded words, so
    "l" finds "ł"; only marked bodies are indexed (law pages go in through their unit records).
    The soup loses what the page marks data-pagefind-ignore."""
    article = soup.select_one(ROOT_SELECTOR)
    if article is None:
        return page
    marked = re.sub(r"<article\b", "<article data-pagefind-body", page, count=1)
    for ignored in article.select("[data-pagefind-ignore]"):  # what Pagefind skips, the copy too
        ignored.decompose()
    folded = with_folded(_text(article)).partition("\n")[2]
    if not folded:
        return marked
    hidden = f'<div hidden class="search-folded">{html.escape(folded)}</div>'
    return marked.replace("</article>", hidden + "</article>", 1)


def glossary_terms(config: Config) -> dict[str, list[str]]:
    """{law number: glossary terms in both languages} from the project's glossary."""
    from tools.glossary import load_glossary
    from tools.urls import law_number

    terms: dict[str, list[str]] = {}
    for entry in load_glossary(config.glossary_file):
        # every form players type (inflected, unaccented, colloquial), not the headwords only
        words = [*entry.forms("pl"), *entry.forms("en")]
        for cited in entry.laws:
            terms.setdefault(str(law_number(cited)), []).extend(w for w in words if w)
    return {law: sorted(set(words)) for law, words in sorted(terms.items())}


def other_lang(lang: str) -> str:
    """The site's other language ("pl" <-> "en")."""
    return "en" if lang == "pl" else "pl"


def official_titles(config: Config) -> dict[str, dict[str, str]]:
    """{lang: {law number: official 2017 title}} from the project's outline ("" titles left out).
    Laws keep their numbers across editions here, as the compare pages and the glossary assume."""
    from tools.outline import load_outline

    outline = load_outline(config.outline_file)
    return {
        lang: {str(n): outline.title(n, lang) for n in outline.laws() if outline.title(n, lang)}
        for lang in ("pl", "en")
    }


def read_site(
    site_dir: Path, terms: dict[str, list[str]], titles: dict[str, dict[str, str]] | None = None
) -> SitePages:
    """One record per law page, other pages whole, and the citation ids per language."""
    from bs4 import BeautifulSoup

    found = SitePages()
    for path in sorted(site_dir.rglob("*.html")):
        rel = path.relative_to(site_dir)
        if rel.parts[0] in _SKIP_DIRS or rel.name == "404.html":
            continue
        html = path.read_text(encoding="utf-8")
        soup = BeautifulSoup(html, "html.parser")
        lang = (soup.html.get("lang", "") if soup.html else "")[:2] or "pl"
        url = page_url(site_dir, path)
        if soup.select_one(".law-text[data-law]") is not None:
            record = law_record(url, soup, lang, terms, titles)
            found.records.append(record)
            if soup.select_one(".law-text.outline-only") is not None:
                continue  # titles only: a typed id is answered as not in the build (search.js)
            edition = record.meta["edition"]
            found.citations.setdefault(lang, {}).setdefault(edition, []).extend(
                unit.id for unit in record.units
            )
        elif soup.select_one(ROOT_SELECTOR) is not None:
            found.pages.append((url, fold_page(html, soup)))
    return found


def unit_html(unit: Unit) -> str:
    """A unit as a heading with its anchor, then its text, then what only the index reads.

    Pagefind makes a sub-result of every heading with an id. The search box shows the words
    between the heading and the first FOLDED_MARK, so the mark closes every unit's text."""
    heading = " ".join(part for part in (unit.id, unit.title) if part)
    extra = [t for t in [with_folded(unit.title).partition("\n")[2]] if t]
    folded = with_folded(unit.text).partition("\n")[2].removeprefix(FOLDED_MARK).strip()
    weighted = "".join(
        f'<p data-pagefind-weight="{weight}">{html.escape(text)}</p>'
        for text, weight in [*((t, UNIT_TITLE_WEIGHT) for t in extra), *unit.weighted]
    )
    return (
        f'<h2 id="{html.escape(unit.id)}" data-pagefind-weight="{UNIT_TITLE_WEIGHT}">'
        f"{html.escape(heading)}</h2><p>{html.escape(unit.text)}</p>"
        f"<p>{FOLDED_MARK} {html.escape(folded)}</p>{weighted}"
    )


def record_html(record: Record) -> str:
    """A stand-in page for one law: Pagefind reads its language, units and metadata; the
    real address travels in the `target` metadata, as the file's own path is only a slot."""
    meta = {**record.meta, "target": record.url}
    # key[data-value] reads the value from the attribute, so commas in titles need no escaping
    tags = "".join(
        f'<span hidden data-pagefind-meta="{key}[data-value]" data-value="{html.escape(value)}">'
        "</span>"
        for key, value in sorted(meta.items())
        if value
    )
    units = "".join(unit_html(unit) for unit in record.units)
    return (
        f'<!doctype html><html lang="{record.language}"><head><meta charset="utf-8">'
        f"<title>{html.escape(record.meta.get('title', ''))}</title></head><body>"
        f"<main data-pagefind-body>{tags}{units}</main>"
        "</body></html>"
    )


def write_staging(pages: SitePages, staging: Path) -> None:
    """The files Pagefind indexes: one stand-in page per record, other pages as built."""
    for number, record in enumerate(pages.records):
        path = staging / "u" / f"{number:05d}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record_html(record), encoding="utf-8")
    for url, page in pages.pages:
        path = staging / (url + "index.html" if url.endswith("/") or not url else url)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")


def run_pagefind(staging: Path, out: Path) -> None:
    """Run the Pagefind binary bundled with the `pagefind` package over the staging folder."""
    command = [sys.executable, "-m", "pagefind", "--site", str(staging), "--output-path", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip()[-2000:]
        raise BridgelawError(f"{staging}: pagefind failed:\n{detail}")


def in_force_table(config: Config) -> dict[str, object]:
    """The 2017 ids, the source site's page scheme and the 1997 counterparts, for the search
    box's answer to a 2017 id whose text is not in the build (tools.cite2017.jump_table)."""
    from tools.cite2017 import jump_table, sources
    from tools.show import ShowError, load_corpus

    try:
        corpus = load_corpus(config)
    except ShowError:
        from tools.model import Corpus

        corpus = Corpus(laws=[])
    return jump_table(sources(corpus, config.outline_file))


def index_site(site_dir: Path, config: Config) -> None:
    """Build the Pagefind index of a built site into site_dir/pagefind (swapped in whole), with
    the glossary terms and official law titles of the build's configuration."""
    if not (site_dir / "index.html").exists():
        raise BridgelawError(f"{site_dir}: no built site here (no index.html) to index")
    try:
        terms = glossary_terms(config)
    except (BridgelawError, FileNotFoundError) as error:
        print(f"bridgelaw: pagefind: no glossary terms in the site index: {error}")
        terms = {}
    try:
        titles = official_titles(config)
    except (BridgelawError, FileNotFoundError) as error:
        print(f"bridgelaw: pagefind: no other-language law titles in the site index: {error}")
        titles = {}
    pages = read_site(site_dir, terms, titles)
    if not pages.records:
        raise BridgelawError(f"{site_dir}: no law pages with unit anchors found to index")
    tmp = Path(tempfile.mkdtemp(dir=site_dir, prefix=f".{OUTPUT}.tmp-"))
    try:
        staging = tmp / ".staging"
        write_staging(pages, staging)
        run_pagefind(staging, tmp)
        shutil.rmtree(staging)
        table: dict[str, object] = {
            lang: {ed: ids for ed, ids in sorted(eds.items())}
            for lang, eds in sorted(pages.citations.items())
        }
        table["in_force"] = in_force_table(config)
        (tmp / CITATIONS_FILE).write_text(
            json.dumps(table, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            encoding="utf-8",
        )
        target = site_dir / OUTPUT
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
