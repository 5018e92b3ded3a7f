"""Where a cited 2017 id leads: its 2017 text on this site when the build has it, else the
law's 2017 page on the source site (with the unit's official title). Never to the 1997 text by
the same id: the same id in 1997 is often another rule (2017 63B is 1997 63C); 1997 text is
offered only as the 1997 counterpart, through the concordance (tools/normalize/cite2017.py)."""

from __future__ import annotations

from tools.model import Corpus
from tools.normalize.cite2017 import IN_FORCE, Cite, Sources, as_sources, resolve
from tools.render.cite_text import title_text


def cite_info(inputs: Corpus | Sources, lang: str, unit_id: str) -> Cite:
    """Everything shown for a cited id in `lang` (see tools.normalize.cite2017.Cite)."""
    return resolve(as_sources(inputs), lang, unit_id)


def cite_edition(inputs: Corpus | Sources, unit_id: str) -> int | None:
    """The edition of the text a cite opens on this site: 2017 when the build has the unit's
    2017 text (in either language: a law page exists in both whenever one text does), else None
    (the link then goes to the source site)."""
    return IN_FORCE if cite_info(inputs, "pl", unit_id).in_build else None


def cite_url(inputs: Corpus | Sources, lang: str, unit_id: str) -> str:
    """The link of a cited id in `lang`: its site path relative to the site root
    ("laws/2017/64/#64B3") when the build has its 2017 text, else the law's 2017 page on the
    source site (an absolute address: tools.urls.is_external tells them apart)."""
    return cite_info(inputs, lang, unit_id).href


def cite_title(inputs: Corpus | Sources, lang: str, unit_id: str) -> str:
    """The official title of a cited id in `lang` ("64. <law> › <section>"), the fallback to
    another language's title or to the bare id marked."""
    return title_text(cite_info(inputs, lang, unit_id), lang)
