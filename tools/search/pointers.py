"""The laws the situations and glossary terms found rest on, listed with them: titles of laws
known by their titles only, brought into a search's candidates (tools/search/engine.py) and
marked for the ranking (tools/search/rank.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tools.model import LANGS
from tools.normalize.citation_id import at_or_inside
from tools.search.reader import SearchIndex, stored_fields

# The best candidates read for situations whose law is to be listed with them.
SITUATIONS_READ = 40


def title_of(ix: SearchIndex, law: str, lang: str, allowed: set[int] | None) -> int | None:
    """The title document of a 2017 law known by its titles only, in `lang`, or in the other
    language where this build lacks its title in `lang`; None when the filters (`allowed`)
    leave it out."""
    titles = (ix.title_doc(law, other) for other in (lang, *LANGS))
    return next((title for title in titles
                 if title is not None and (allowed is None or title in allowed)), None)


def heading_of(ix: SearchIndex, law: str, lang: str, allowed: set[int] | None) -> int | None:
    """The document that heads a 2017 law in a list: its title document (title_of), or, for a
    law whose text the build holds in `lang`, its own row in `lang` (a row of the other
    language would stand in a group the query's language drops)."""
    title = title_of(ix, law, lang, allowed)
    if title is not None:
        return title
    row = ix.law_doc(law, lang)
    return row if row is not None and (allowed is None or row in allowed) else None


def title_pointed_to(ix: SearchIndex, best: list[tuple[int, float]], held: Counter[int],
                     lang: str, allowed: set[int] | None) -> tuple[int, int, str] | None:
    """(the situation, the title document of the law it rests on, the situation's language)
    for the situation in `lang`, the query's language, holding most of the query's words
    (`held`, per document; the best scored of those), when its first law
    is a 2017 law known by its titles only (a title the filters `allowed`) and it holds more
    of the words than any clause in force: the situation brings the law in force it rests on
    ("rozgrywający wyszedł z ręki zamiast z dziadka" finds the situation; its Law 55 has no
    text in this build). One law only: every situation's law would crowd the list with
    headings, and a clause that answers as fully keeps its place (order.js restsOn)."""
    situations = [(held[doc], score, doc) for doc, score in best
                  if stored_fields(ix, doc)["kind"] == "situation"
                  and stored_fields(ix, doc)["lang"] == lang]
    if not situations:
        return None
    most, _, situation = max(situations)
    fields = stored_fields(ix, situation)
    clauses = [held[doc] for doc, _ in best if stored_fields(ix, doc)["kind"] == "unit"
               and stored_fields(ix, doc)["edition"] == "2017"]
    if not fields["law"] or most <= max(clauses, default=0):
        return None
    title = title_of(ix, fields["law"], lang, allowed)
    return None if title is None else (situation, title, lang)


def titles_listed_with(ix: SearchIndex, best: list[tuple[int, float]],
                       allowed: set[int] | None, lang: str) -> dict[int, str]:
    """{heading document: the pointer's language} for the laws that the best situations found
    rest on, and the best glossary terms are defined by (their first law), where the query found
    no page of that law in the pointer's language: the law is listed with its situations, as
    their heading (heading_of: a title, or the law's own row where its text is here;
    "wistował niewłaściwy obrońca" finds the opening-lead situations, their Law 54 has no text
    here), and with the term that names it ("pytanie żeby pomóc partnerowi": Law 20)."""
    found = {(f["law"], f["lang"]) for f in (stored_fields(ix, doc) for doc, _ in best)
             if f["kind"] in ("unit", "law", "title") and f["edition"] == "2017"}
    listed: dict[int, str] = {}
    situations = [stored_fields(ix, doc) for doc, _ in best[:SITUATIONS_READ]]
    for fields in situations:
        # a situation's law, or the law a glossary term is defined by (its first)
        law = fields["law"] if fields["kind"] == "situation" else (
            fields.get("laws", "").split(",")[0] if fields["kind"] == "glossary" else "")
        if not law:
            continue
        if (law, fields["lang"]) in found:
            continue
        title = heading_of(ix, law, fields["lang"], allowed)
        if title is None or title in listed:
            continue
        # ... in the other language where this build lacks its own: but a title in the query's
        # language that the query found itself stays in that language's group (Law 66's
        # English title, for the Polish situation an English query found), or would leave the
        # list with the group of the other language
        if fields["lang"] != lang and (law, lang) in found \
                and stored_fields(ix, title)["lang"] == lang:
            continue
        listed[title] = fields["lang"]
        found.add((law, fields["lang"]))
    return listed


def bringing(fields: dict[str, Any], doc: int, brought: tuple[int, int, str],
              pulled: bool) -> dict[str, Any]:
    """The fields rank.py reads of the situation that brought a law's title, and of that
    title: the title joins the situation's group (its language); one the query did not find
    itself adds nothing to its law's rank; the situation's words count as the title's against
    the clauses."""
    situation, title, lang = brought
    if doc == situation:
        return {**fields, "brings": True}
    if doc == title:
        return {**fields, "joins": lang, "pulled": pulled}
    return fields


def cited_by_best(scored: list[tuple[dict[str, Any], float]], covered: dict[str, int] | None
                  = None) -> tuple[frozenset[str], int]:
    """The ids the best-scored situation found cites and how many of the query's words it holds
    (none and 0 when no situation is found)."""
    situations = [(score, f) for f, score in scored if f["kind"] == "situation"]
    if not situations:
        return frozenset(), 0
    _, best = max(situations, key=lambda pair: pair[0])
    return (frozenset(filter(None, best.get("cited", "").split(","))),
            (covered or {}).get(best.get("key", ""), 0))


def cites(cited: frozenset[str], unit_id: str) -> bool:
    """Whether `unit_id` is one of the `cited` ids or lies inside one."""
    return any(at_or_inside(c, unit_id) for c in cited)
