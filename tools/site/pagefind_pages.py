"""The built pages the document model has no record of (home, situations, wizard, glossary, index
of terms, compare, translation check...): indexed whole from their article body, read from the
built HTML, with a hidden copy of their folded words.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from tools.site.pagefind_records import with_folded
from tools.urls import LANG_ROOTS

ROOT_SELECTOR = "article"  # Material's article body: the navigation stays out of the index
_SKIP_DIRS = {"assets", "pagefind", "search"}
# Pages that only list other pages (home, the lists of laws, situations and edition comparisons,
# the index of terms), in each language: every word of a query is somewhere on them, so read
# word by word they outrank the page that answers, and take the places of the pages read.
LIST_PAGES = ("", "laws/", "situations/", "compare/", "terms/")


def searched(url: str) -> bool:
    """Whether a page goes into the search index: every page a reader lands on but the lists."""
    return not any(url == root + page for root in LANG_ROOTS.values() for page in LIST_PAGES)


def page_url(site_dir: Path, path: Path) -> str:
    """Site-root-relative url of a built page ("laws/2017/64/" for laws/2017/64/index.html)."""
    rel = path.relative_to(site_dir).as_posix()
    return rel[: -len("index.html")] if rel.endswith("index.html") else rel


def _text(node) -> str:  # noqa: ANN001 - a BeautifulSoup Tag
    return " ".join(node.get_text(" ").split())


def fold_page(page: str, soup) -> str:  # noqa: ANN001 - a BeautifulSoup document
    """The page with its article marked for Pagefind and a hidden copy of its folded words, so
    "l" finds "ł"; only marked bodies are indexed (law pages go in through their unit records).
    The soup loses what the page marks data-pagefind-ignore."""
    article = soup.select_one(ROOT_SELECTOR)
    if article is None:
        return page
    for ignored in article.select("[data-pagefind-ignore]"):  # what Pagefind skips, the copy too
        ignored.decompose()
    text = _text(article)
    if not text:
        return page  # nothing left to search (a retired situation's page): not indexed at all
    marked = re.sub(r"<article\b", "<article data-pagefind-body", page, count=1)
    folded = with_folded(text).partition("\n")[2]
    if not folded:
        return marked
    hidden = f'<div hidden class="search-folded">{html.escape(folded)}</div>'
    return marked.replace("</article>", hidden + "</article>", 1)


def built_pages(site_dir: Path) -> list[str]:
    """The urls of the site's pages a reader can land on, in path order (no 404, no assets)."""
    urls = []
    for path in sorted(site_dir.rglob("*.html")):
        rel = path.relative_to(site_dir)
        if rel.parts[0] in _SKIP_DIRS or rel.name == "404.html":
            continue
        urls.append(page_url(site_dir, path))
    return urls


def page_file(site_dir: Path, url: str) -> Path:
    """The file of a page given by its url ("laws/2017/64/" -> laws/2017/64/index.html)."""
    return site_dir / (url + "index.html" if url.endswith("/") or not url else url)


def read_pages(site_dir: Path, urls: list[str]) -> list[tuple[str, str]]:
    """(url, page marked for Pagefind) of each page with an article body, in the given order."""
    from bs4 import BeautifulSoup

    found = []
    for url in urls:
        page = page_file(site_dir, url).read_text(encoding="utf-8")
        soup = BeautifulSoup(page, "html.parser")
        if soup.select_one(ROOT_SELECTOR) is not None:
            found.append((url, fold_page(page, soup)))
    return found
