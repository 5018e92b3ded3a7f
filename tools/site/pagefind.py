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

Where each record comes from:
- law pages, with text (tools/render/content.py) or known by their titles only
  (tools/render/outline.py): from the document model (the build's Corpus) and the official
  outline, the data those pages are rendered from (tools/site/pagefind_laws.py); their HTML is
  not read;
- every other page (home, situations, wizard, glossary, terms, compare, translation check): from
  the built HTML, as it has no model here (tools/site/pagefind_pages.py).
Records and stand-in pages: tools/site/pagefind_records.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tools.errors import BridgelawError
from tools.model import Corpus
from tools.normalize.cite2017 import jump_table
from tools.normalize.glossary import FirstLawTerms, first_law_terms
from tools.site.pagefind_records import Record, glossary_terms, official_titles, record_html

if TYPE_CHECKING:
    from tools.normalize.outline import Outline
    from tools.reference import Reference

OUTPUT = "pagefind"
CITATIONS_FILE = "citations.json"  # written inside the pagefind folder


@dataclass
class SitePages:
    """What the built site holds for search: law records, other pages, citation ids."""

    records: list[Record] = field(default_factory=list)
    pages: list[tuple[str, str]] = field(default_factory=list)  # (url, html)
    citations: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # lang/edition/ids


def site_pages(
    site_dir: Path,
    corpus: Corpus,
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]],
    outline: Outline | None,
    first_laws: dict[str, FirstLawTerms] | None = None,
) -> SitePages:
    """The law records from the model and the outline (None, as the pages were rendered with
    none: titles from the corpus, no title pages), every other built page whole, the citation
    ids per language and edition; a law record whose page the site lacks is an error (the site
    was built from another corpus)."""
    from tools.site.pagefind_laws import law_records
    from tools.site.pagefind_pages import built_pages, read_pages, searched

    found = SitePages(records=law_records(corpus, outline, terms, titles, first_laws))
    urls = built_pages(site_dir)
    laws = {record.url for record in found.records}
    missing = sorted(laws.difference(urls))
    if missing:
        raise BridgelawError(f"{site_dir}: law pages of the corpus not in the site: "
                             + ", ".join(missing[:5]))
    found.pages = read_pages(site_dir, [url for url in urls if url not in laws and searched(url)])
    for record in found.records:
        if record.meta["titles_only"]:
            continue  # titles only: a typed id is answered as not in the build (cite.js)
        found.citations.setdefault(record.language, {}).setdefault(
            record.meta["edition"], []).extend(unit.id for unit in record.units)
    return found


def write_staging(pages: SitePages, staging: Path) -> None:
    """The files Pagefind indexes: one stand-in page per record, other pages as built."""
    from tools.site.pagefind_pages import page_file

    for number, record in enumerate(pages.records):
        path = staging / "u" / f"{number:05d}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record_html(record), encoding="utf-8")
    for url, page in pages.pages:
        path = page_file(staging, url)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")


def run_pagefind(staging: Path, out: Path) -> None:
    """Run the Pagefind binary bundled with the `pagefind` package over the staging folder."""
    command = [sys.executable, "-m", "pagefind", "--site", str(staging), "--output-path", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip()[-2000:]
        raise BridgelawError(f"{staging}: pagefind failed:\n{detail}")


def index_site(site_dir: Path, corpus: Corpus, reference: Reference) -> None:
    """Build the Pagefind index of a built site into site_dir/pagefind (swapped in whole) from
    the corpus its law pages were rendered from, with the glossary terms and official law
    titles of `reference`."""
    if not (site_dir / "index.html").exists():
        raise BridgelawError(f"{site_dir}: no built site here (no index.html) to index")
    src, glossary = reference.sources(corpus), reference.glossary
    titles = official_titles(src.outline) if src.outline is not None else {}
    pages = site_pages(site_dir, corpus, glossary_terms(glossary), titles, src.outline,
                       first_law_terms(glossary))
    if not pages.records:
        raise BridgelawError(f"{site_dir}: the corpus holds no law page to index")
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
        # the 2017 ids, the source site's page scheme and the 1997 counterparts: the search
        # box's answer to a 2017 id whose text is not in the build
        table["in_force"] = jump_table(src)
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
