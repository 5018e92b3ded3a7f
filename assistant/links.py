"""Where a cited unit lives on the site: the 2017 page when the build has that law, else 1997."""

from __future__ import annotations

from tools.model import Corpus, find_unit
from tools.urls import law_number, law_path, unit_url


def cite_edition(corpus: Corpus, unit_id: str) -> int | None:
    """The edition whose page a cite opens: 2017 when the build has the law in 2017, else 1997,
    else None. A law has a page in both languages whenever either text exists (a page without
    its own text shows the other language's, marked)."""
    number = law_number(unit_id)
    for edition in (2017, 1997):
        if corpus.law(edition, "pl", number) or corpus.law(edition, "en", number):
            return edition
    return None


def cite_url(corpus: Corpus, lang: str, unit_id: str) -> str:
    """Site path of a cited unit in `lang`, relative to the site root; "" when no page exists.

    The 2017 page carries the anchor whether or not the unit has text there, since its
    numbering is the cited one. The 1997 page gets none: cites use the 2017 numbering, and the
    same id in the 1997 text is often a different rule (2017 63B is not 1997 63B), so pointing
    at it would mislead.
    """
    edition = cite_edition(corpus, unit_id)
    if edition is None:
        return ""
    number = law_number(unit_id)
    if edition == 1997 or unit_id == str(number):
        return law_path(edition, lang, number)
    return unit_url(edition, lang, unit_id)


def cite_title(corpus: Corpus, lang: str, unit_id: str) -> str:
    """The law title and unit headings of a cited id as the build has them ("" if no page).

    Headings come only from the 2017 text, whose numbering the cites use; for a law the build
    has only in 1997, the law title alone is given, marked with its edition.
    """
    number = law_number(unit_id)
    law = corpus.law(2017, lang, number)
    if law is not None:
        parts = [f"{law.number}. {law.title}"]
        for end in range(len(str(number)) + 1, len(unit_id) + 1):
            unit = find_unit(law, unit_id[:end])
            if unit is not None and unit.title:
                parts.append(unit.title)
        return " › ".join(parts)
    old = corpus.law(1997, lang, number)
    return f"{old.number}. {old.title} (1997)" if old is not None else ""
