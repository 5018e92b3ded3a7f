"""The site search index: Pagefind over the built site, one record per law unit.

Law pages become one Pagefind record per unit (url "laws/2017/64/#64B3"), so a result links to
the exact anchor; other pages are indexed whole from their article body. Pagefind folds ą ę ó ś ź
ż ć ń but not ł, so every record also carries its text with diacritics folded. The English
glossary terms of a law go into that law's Polish record (and the Polish terms into the English
one), and so does the law's official 2017 title in the other language ("Lead Out of Turn
Accepted" in the Polish record of law 53), which lets a query in one language find the other.
A citation table for jumps ("64B3") is
written next to the index.
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
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from tools.analysis import fold, mobile_e_forms
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
class Record:
    """One Pagefind record: a law unit with its anchor url."""

    url: str
    content: str  # body text, weight 1
    language: str
    meta: dict[str, str]
    filters: dict[str, list[str]] = field(default_factory=dict)
    weighted: list[tuple[str, float]] = field(default_factory=list)  # (text, Pagefind weight)


# Pagefind weights (1 is body text): a law's own title says most about what the law is for.
LAW_TITLE_WEIGHT = 7.0
# The law's official title in the other language: says what the law is for, in words a reader
# of that language types, but it is not the printed title of the page.
OTHER_TITLE_WEIGHT = 5.0
UNIT_TITLE_WEIGHT = 3.0
TERMS_WEIGHT = 2.0


@dataclass
class SitePages:
    """What the built site holds for search: unit records, other pages, citation ids."""

    records: list[Record] = field(default_factory=list)
    pages: list[tuple[str, str]] = field(default_factory=list)  # (url, html)
    citations: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # lang/edition/ids


def marks_removed(word: str) -> str:
    """The word without its combining marks, as Pagefind matches it (ą -> a, but ł stays ł)."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def with_folded(text: str) -> str:
    """The text followed by the folded forms of its words that Pagefind cannot match by itself
    (ł -> l: it only drops combining marks) and the forms of words whose "e" comes and goes
    (dziadka -> dziadek). Folding Pagefind does itself is not repeated: it would only make the
    index and every fragment bigger."""
    words = re.findall(r"\w+", text)
    extra = [fold(word) for word in words if fold(word) != marks_removed(word)]
    extra += [form for word in words for form in mobile_e_forms(word)]
    folded = " ".join(dict.fromkeys(extra))
    return f"{text}\n{FOLDED_MARK} {folded}" if folded else text


def page_url(site_dir: Path, path: Path) -> str:
    """Site-root-relative url of a built page ("laws/2017/64/" for laws/2017/64/index.html)."""
    rel = path.relative_to(site_dir).as_posix()
    return rel[: -len("index.html")] if rel.endswith("index.html") else rel


def _text(node) -> str:  # noqa: ANN001 - a BeautifulSoup Tag
    return " ".join(node.get_text(" ").split())


def law_records(
    url: str,
    soup,  # noqa: ANN001 - a BeautifulSoup document
    lang: str,
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]] | None = None,
) -> list[Record]:
    """One record per unit row of a law page, linking to the row's anchor."""
    law_text = soup.select_one(".law-text")
    edition = law_text.get("data-edition", "")
    number = law_text.get("data-law", "")
    heading = soup.select_one("article h1")
    page_title = _text(heading) if heading else number
    records = []
    for row in law_text.select(".row[id]"):
        unit_id = row["id"]
        if not _CITATION_ID.match(unit_id):
            continue
        cell = row.select_one(".cell.main")
        if cell is None:
            continue
        unit_title = cell.select_one(".unit-title")
        title = page_title + (f" › {_text(unit_title)}" if unit_title else "")
        weighted = []
        if unit_title is not None:
            weighted.append((with_folded(_text(unit_title)), UNIT_TITLE_WEIGHT))
            unit_title.extract()
        if unit_id == number:
            # The law's own record carries its title and its glossary terms in both languages.
            title_text = re.sub(r"^\D*\d+\.\s*", "", page_title)  # "Prawo 64. X" -> "X"
            weighted.append((with_folded(title_text), LAW_TITLE_WEIGHT))
            other = (titles or {}).get(other_lang(lang), {}).get(number, "")
            if other:
                weighted.append((with_folded(other), OTHER_TITLE_WEIGHT))
            if terms.get(number):
                weighted.append((with_folded(" · ".join(terms[number])), TERMS_WEIGHT))
        records.append(
            Record(
                url=f"{url}#{unit_id}",
                content=with_folded(_text(cell)),
                language=lang,
                meta={"title": title, "unit": unit_id, "law": number, "edition": edition},
                filters={"edition": [edition]} if edition else {},
                weighted=weighted,
            )
        )
    return records


def fold_page(page: str, soup) -> str:  # noqa: ANN001 - a BeautifulSoup document
    """The page with its article marked for Pagefind and a hidden copy of its folded words, so
    "l" finds "ł"; only marked bodies are indexed (law pages go in through their unit records)."""
    article = soup.select_one(ROOT_SELECTOR)
    if article is None:
        return page
    marked = re.sub(r"<article\b", "<article data-pagefind-body", page, count=1)
    folded = with_folded(_text(article)).partition("\n")[2]
    if not folded:
        return marked
    hidden = f'<div hidden class="search-folded">{html.escape(folded)}</div>'
    return marked.replace("</article>", hidden + "</article>", 1)


def glossary_terms() -> dict[str, list[str]]:
    """{law number: glossary terms in both languages} from the project's glossary."""
    from tools.config import Config
    from tools.glossary import load_glossary
    from tools.urls import law_number

    config = Config()
    terms: dict[str, list[str]] = {}
    for entry in load_glossary(getattr(config, "glossary_file", config.outline_file)):
        # every form players type (inflected, unaccented, colloquial), not the headwords only
        words = [*entry.forms("pl"), *entry.forms("en")]
        for cited in getattr(entry, "laws", []) or []:
            terms.setdefault(str(law_number(str(cited))), []).extend(w for w in words if w)
    return {law: sorted(set(words)) for law, words in sorted(terms.items())}


def other_lang(lang: str) -> str:
    """The site's other language ("pl" <-> "en")."""
    return "en" if lang == "pl" else "pl"


def official_titles() -> dict[str, dict[str, str]]:
    """{lang: {law number: official 2017 title}} from the project's outline ("" titles left out).
    Laws keep their numbers across editions here, as the compare pages and the glossary assume."""
    from tools.config import Config
    from tools.outline import load_outline

    outline = load_outline(Config().outline_file)
    return {
        lang: {str(n): outline.title(n, lang) for n in outline.laws() if outline.title(n, lang)}
        for lang in ("pl", "en")
    }


def read_site(
    site_dir: Path, terms: dict[str, list[str]], titles: dict[str, dict[str, str]] | None = None
) -> SitePages:
    """Unit records from law pages, other pages whole, and the citation ids per language."""
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
            records = law_records(url, soup, lang, terms, titles)
            found.records.extend(records)
            for record in records:
                edition = record.meta["edition"]
                found.citations.setdefault(lang, {}).setdefault(edition, []).append(
                    record.meta["unit"]
                )
        elif soup.select_one(ROOT_SELECTOR) is not None:
            found.pages.append((url, fold_page(html, soup)))
    return found


def record_html(record: Record) -> str:
    """A stand-in page for one record: Pagefind reads its language, body and metadata; the
    real address travels in the `target` metadata, as the file's own path is only a slot."""
    meta = {**record.meta, "target": record.url}
    # key[data-value] reads the value from the attribute, so commas in titles need no escaping
    tags = "".join(
        f'<span hidden data-pagefind-meta="{key}[data-value]" data-value="{html.escape(value)}">'
        "</span>"
        for key, value in sorted(meta.items())
        if value
    )
    filters = "".join(
        f'<div hidden data-pagefind-filter="{html.escape(key)}:{html.escape(value)}"></div>'
        for key, values in sorted(record.filters.items())
        for value in values
    )
    weighted = "".join(
        f'<p data-pagefind-weight="{weight}">{html.escape(text)}</p>'
        for text, weight in record.weighted
    )
    return (
        f'<!doctype html><html lang="{record.language}"><head><meta charset="utf-8">'
        f"<title>{html.escape(record.meta.get('title', ''))}</title></head><body>"
        f"<main data-pagefind-body>{tags}{filters}{weighted}"
        f"<p>{html.escape(record.content)}</p></main>"
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


def index_site(site_dir: Path) -> None:
    """Build the Pagefind index of a built site into site_dir/pagefind (swapped in whole)."""
    if not (site_dir / "index.html").exists():
        raise BridgelawError(f"{site_dir}: no built site here (no index.html) to index")
    try:
        terms = glossary_terms()
    except (BridgelawError, FileNotFoundError) as error:
        print(f"bridgelaw: pagefind: no glossary terms in the site index: {error}")
        terms = {}
    try:
        titles = official_titles()
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
        table = {
            lang: {ed: ids for ed, ids in sorted(eds.items())}
            for lang, eds in sorted(pages.citations.items())
        }
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
