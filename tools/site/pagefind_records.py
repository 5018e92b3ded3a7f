"""What the site search index holds for a law page: its record, its units with their weights and
folded words, and the stand-in page Pagefind reads it from (tools/site/pagefind.py says why).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tools.model import LANGS
from tools.search.analysis import (
    ENGLISH_IRREGULAR,
    distinct_words,
    fold,
    ize_spelling,
    mobile_e_forms,
    strip_marks,
)

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.normalize.outline import Outline

# Starts the folded copy inside a record: not a word, so Pagefind does not index it, but it stays
# in the record's content, where the search box cuts the copy off before showing a snippet.
FOLDED_MARK = "\u00a6"
# Pagefind weights (1 is body text): a law's own title says most about what the law is for.
LAW_TITLE_WEIGHT = 7.0
UNIT_TITLE_WEIGHT = 3.0
TERMS_WEIGHT = 2.0
# What finds a law known by its titles only besides them (its sections' headings, its players'
# words): weighed below body text, as the CLI's pointer fields (tools/search/score.py), so a title
# page is found by them without outscoring the text that answers.
POINTER_WEIGHT = 0.5
# The metadata field holding a law's names (its titles in both languages, folded forms too).
# Pagefind adds a bonus for query words found in a weighted metadata field, on top of the body
# score, which saturates on long laws: without it a long law that uses the words in passing
# outranks the law named by them. assets/search/ask.js gives this field its weight.
ABOUT = "about"
# The headwords of the glossary terms a law known by its titles only is the first law of (a JSON
# list): assets/search/order.js reads it, and ask.js gives it no weight as words to find.
FIRST_LAW_OF = "first_law_of"


@dataclass
class Unit:
    """One law unit inside its law's record: a Pagefind sub-result under its own anchor."""

    id: str  # the citation id, also the anchor ("64B3")
    title: str  # the unit's own heading ("" when it has none)
    text: str  # the text shown in snippets
    weighted: list[tuple[str, float]] = field(default_factory=list)  # (text, Pagefind weight)
    heading_weight: float = UNIT_TITLE_WEIGHT  # a title page's section: POINTER_WEIGHT


@dataclass
class Record:
    """One Pagefind record: a law page, whose units are its sub-results."""

    url: str  # the law page ("laws/2017/64/")
    language: str
    meta: dict[str, str]
    units: list[Unit]


def with_folded(text: str) -> str:
    """The text followed by the folded forms of its words that Pagefind cannot match by itself
    (ł -> l: it only drops combining marks) and the forms of words whose "e" comes and goes
    (dziadka -> dziadek). Folding Pagefind does itself is not repeated: it would only make the
    index and every fragment bigger."""
    words = re.findall(r"\w+", text)
    extra = [fold(word) for word in words if fold(word) != strip_marks(word)]
    # a British -ise word also as -ize, so either spelling finds it (Pagefind stems each apart)
    extra += [ize for word in words if (ize := ize_spelling(word.lower())) != word.lower()]
    extra += [form for word in words for form in mobile_e_forms(word)]
    # an irregular English form also as its verb, which the search box seeks it as ("lost" ->
    # "lose"): Pagefind's stems keep them apart
    extra += [verb for word in words if (verb := ENGLISH_IRREGULAR.get(word.lower()))]
    folded = " ".join(dict.fromkeys(extra))
    return f"{text}\n{FOLDED_MARK} {folded}" if folded else text


def law_record(
    url: str,
    lang: str,
    law: tuple[str, str, str],
    units: list[Unit],
    terms: dict[str, list[str]],
    titles: dict[str, dict[str, str]] | None = None,
    titles_only: bool = False,
) -> Record:
    """The record of one law page: `law` is (edition, number, page title as shown in its h1),
    `units` its units in page order; the law's own unit gets its names and glossary terms."""
    edition, number, page_title = law
    printed = re.sub(r"^\D*\d+\.\s*", "", page_title)  # "Przepis 64. X" -> "X"
    names = law_names(printed, number, lang, titles or {})
    for unit in units:
        if unit.id != number:
            continue
        # The law's own unit carries its names and its glossary terms in both languages.
        unit.weighted.append((with_folded(printed), LAW_TITLE_WEIGHT))
        # (a law known by its titles only is given the terms it is the first law of only:
        # law_records, glossary.terms_by_first_law)
        if terms.get(number):
            words = " ".join(distinct_words(terms[number]))
            unit.weighted.append((with_folded(words),
                                  POINTER_WEIGHT if titles_only else TERMS_WEIGHT))
    about = " ".join(with_folded(name).replace(FOLDED_MARK, " ") for name in names)
    return Record(
        url=url,
        language=lang,
        meta={
            "title": page_title,
            "law": number,
            "edition": edition,
            "titles_only": "1" if titles_only else "",  # rank.js labels it: no text here
            # a law known by its titles only is found by its names as much as one with text:
            # a query naming it finds it before a longer text that uses the words in passing
            ABOUT: " ".join(about.split()),
        },
        units=units,
    )


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


def other_lang(lang: str) -> str:
    """The site's other language ("pl" <-> "en")."""
    return "en" if lang == "pl" else "pl"


def glossary_terms(glossary: Iterable[Term]) -> dict[str, list[str]]:
    """{law number: glossary terms in both languages} from the build's glossary."""
    from tools.normalize.citation_id import law_number

    terms: dict[str, list[str]] = {}
    for entry in glossary:
        # every form players type (inflected, unaccented, colloquial), not the headwords only
        words = [*entry.forms("pl"), *entry.forms("en")]
        for cited in entry.laws:
            terms.setdefault(str(law_number(cited)), []).extend(w for w in words if w)
    return {law: sorted(set(words)) for law, words in sorted(terms.items())}


def official_titles(outline: Outline) -> dict[str, dict[str, str]]:
    """{lang: {law number: official 2017 title}} from the build's outline ("" titles left out).
    Laws keep their numbers across editions here, as the compare pages and the glossary assume."""
    return {
        lang: {str(n): outline.title(n, lang) for n in outline.laws() if outline.title(n, lang)}
        for lang in LANGS
    }


def unit_html(unit: Unit) -> str:
    """A unit as a heading with its anchor, then its text, then what only the index reads.

    Pagefind makes a sub-result of every heading with an id. The search box shows the words
    between the heading and the first FOLDED_MARK, so the mark closes every unit's text."""
    heading = " ".join(part for part in (unit.id, unit.title) if part)
    extra = [t for t in [with_folded(unit.title).partition("\n")[2]] if t]
    folded = with_folded(unit.text).partition("\n")[2].removeprefix(FOLDED_MARK).strip()
    weighted = "".join(
        f'<p data-pagefind-weight="{weight}">{html.escape(text)}</p>'
        for text, weight in [*((t, unit.heading_weight) for t in extra), *unit.weighted]
    )
    return (
        f'<h2 id="{html.escape(unit.id)}" data-pagefind-weight="{unit.heading_weight}">'
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
    # the law's edition is a filter too: a search for the law in force asks Pagefind for 2017
    # records only, not for every page to be read and the 1997 ones dropped (find.js)
    if record.meta.get("law") and record.meta.get("edition"):
        tags += ('<span hidden data-pagefind-filter="edition[data-value]" '
                 f'data-value="{html.escape(str(record.meta["edition"]))}"></span>')
    units = "".join(unit_html(unit) for unit in record.units)
    return (
        f'<!doctype html><html lang="{record.language}"><head><meta charset="utf-8">'
        f"<title>{html.escape(record.meta.get('title', ''))}</title></head><body>"
        f"<main data-pagefind-body>{tags}{units}</main>"
        "</body></html>"
    )
