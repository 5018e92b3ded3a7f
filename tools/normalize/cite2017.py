"""What a citation of a 2017 id shows: the 2017 text when the build has it, else the unit's
official title, the law's 2017 page on the source site and, labelled as such, its 1997
counterpart through the concordance (never the 1997 unit that happens to carry the same id)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tools.errors import SourceError
from tools.model import LANGS, Corpus, find_unit
from tools.normalize.citation_id import is_citation_id, law_of, lineage
from tools.normalize.concordance import Concordance, load_concordance
from tools.normalize.outline import Outline, load_outline
from tools.urls import law_path, official_url, unit_url

IN_FORCE = 2017  # the edition rulings cite and `show` means by default
OLD = 1997


@dataclass(frozen=True)
class Title:
    """A cited unit's title: the law's title and its headings, in `lang` ("" for a bare id);
    `fallback` marks a title not in the reader's language, or the bare id."""

    text: str
    lang: str
    fallback: bool


@dataclass(frozen=True)
class OldCounterpart:
    """The 1997 counterpart of a cited 2017 id: its 1997 id, the 2017 id whose pair gave it
    (the cited id or a parent), how sure the pairing is, and its 1997 page on this site."""

    id: str
    via: str
    uncertain: bool
    note: str
    site_url: str  # "" when the build has no 1997 text of that law


@dataclass(frozen=True)
class Cite:
    """Everything a reader is shown for one cited 2017 id in one language."""

    id: str
    lang: str
    in_build: bool  # the build has this unit's 2017 text (in `lang`, or in Polish instead)
    site_url: str  # its 2017 place on this site, "" when not in the build
    official_url: str  # the law's 2017 page on the source site
    title: Title
    counterparts: tuple[OldCounterpart, ...]
    new_in_2017: bool  # the concordance says the unit has no 1997 counterpart
    other_lang_text: bool  # the site page shows the Polish text (no `lang` text in the build)
    edition: int = IN_FORCE

    @property
    def href(self) -> str:
        """Where a link to the citation goes: this site's 2017 page, else the source site."""
        return self.site_url or self.official_url

    @property
    def external(self) -> bool:
        """Whether the link leaves this site."""
        return not self.site_url


@dataclass(frozen=True)
class Sources:
    """The build inputs a citation is resolved against."""

    corpus: Corpus
    outline: Outline | None
    concordance: Concordance | None


@lru_cache(maxsize=4)
def _default_outline(outline_file: str) -> Outline | None:
    """The outline, read once per file (None where unreadable)."""
    try:
        return load_outline(Path(outline_file))
    except (SourceError, OSError):
        return None


@lru_cache(maxsize=1)
def default_concordance() -> Concordance | None:
    """The project's concordance, read once (None where unreadable): for callers given no
    tools.reference.Reference, which a build hands its stages instead."""
    try:
        return load_concordance()
    except (SourceError, OSError):
        return None


def sources(corpus: Corpus, outline_file: object = None) -> Sources:
    """The corpus with the official outline and the concordance (None where unreadable)."""
    from tools.config import Config

    path = str(outline_file or Config().outline_file)
    return Sources(corpus, _default_outline(path), default_concordance())


def as_sources(inputs: Corpus | Sources) -> Sources:
    """`inputs` as Sources: given as such (a build's reference), or the corpus with the
    project's outline and concordance."""
    return inputs if isinstance(inputs, Sources) else sources(inputs)


def _ancestors(unit_id: str) -> list[str]:
    """The unit ids above and including `unit_id`, outermost first, without the law."""
    return lineage(unit_id)[1:] if is_citation_id(unit_id) else []


def _law_title(src: Sources, lang: str, number: int) -> str:
    title = src.outline.title(number, lang) if src.outline is not None else ""
    if not title:
        law = src.corpus.law(IN_FORCE, lang, number)
        title = law.title if law is not None else ""
    return title


def _heading(src: Sources, lang: str, unit_id: str) -> str:
    law = src.corpus.law(IN_FORCE, lang, law_of(unit_id) or 0)
    unit = find_unit(law, unit_id) if law is not None else None
    if unit is not None and unit.title:
        return unit.title
    return src.outline.unit_title(unit_id, lang) if src.outline is not None else ""


def official_title(src: Sources, lang: str, unit_id: str) -> Title:
    """ "64. <law title> › <section heading> ..." in the reader's language, else in English (or
    Polish), else the bare id; the fallback is marked."""
    number = law_of(unit_id) or 0
    for title_lang in dict.fromkeys((lang, "en", "pl")):
        law_title = _law_title(src, title_lang, number)
        if law_title:
            heads = [_heading(src, title_lang, uid) for uid in _ancestors(unit_id)]
            text = " › ".join([f"{number}. {law_title}", *[h for h in heads if h]])
            return Title(text, title_lang, title_lang != lang)
    return Title(unit_id, "", True)


def _has_unit(corpus: Corpus, edition: int, unit_id: str) -> bool:
    """Whether the build has the unit's text in this edition, in either language (a law page
    exists in both languages when either text does)."""
    number = law_of(unit_id) or 0
    for lang in LANGS:
        law = corpus.law(edition, lang, number)
        if law is not None and (unit_id == law.id or find_unit(law, unit_id) is not None):
            return True
    return False


def laws_without_text(src: Sources) -> list[int]:
    """The laws of the official outline whose 2017 text the build has in neither language: the
    site gives each a page of its official title and sections (tools/render/outline.py)."""
    if src.outline is None:
        return []
    return [number for number in src.outline.laws()
            if not _has_unit(src.corpus, IN_FORCE, str(number))]


def _page(edition: int, lang: str, unit_id: str) -> str:
    number = law_of(unit_id) or 0
    return law_path(edition, lang, number) if unit_id == str(number) else unit_url(
        edition, lang, unit_id)


def old_counterparts(src: Sources, lang: str, unit_id: str) -> tuple[OldCounterpart, ...]:
    """The 1997 counterparts of a 2017 id through the concordance, each with its site place."""
    if src.concordance is None:
        return ()
    out = []
    for found in src.concordance.counterparts_1997(unit_id):
        url = _page(OLD, lang, found.id) if _has_unit(src.corpus, OLD, found.id) else ""
        out.append(OldCounterpart(found.id, found.via, found.uncertain, found.note, url))
    return tuple(out)


def resolve(src: Sources, lang: str, unit_id: str) -> Cite:
    """What a reader in `lang` is shown for a cited 2017 id."""
    number = law_of(unit_id) or 0
    present = _has_unit(src.corpus, IN_FORCE, unit_id)
    new = src.concordance is not None and src.concordance.new_in_2017(unit_id) is not None
    return Cite(
        id=unit_id,
        lang=lang,
        in_build=present,
        site_url=_page(IN_FORCE, lang, unit_id) if present else "",
        official_url=official_url(lang, number),
        title=official_title(src, lang, unit_id),
        counterparts=old_counterparts(src, lang, unit_id),
        new_in_2017=new,
        other_lang_text=present and src.corpus.law(IN_FORCE, lang, number) is None,
    )


def new_counterparts(src: Sources, lang: str, old_id: str) -> list[Cite]:
    """The 2017 units a 1997 id answers to, through the concordance ([] when none is known)."""
    if src.concordance is None:
        return []
    return [resolve(src, lang, pair.new) for pair in src.concordance.counterparts_2017(old_id)
            if pair.new]


def jump_table(src: Sources) -> dict[str, object]:
    """What the search box needs to answer a typed 2017 id honestly: the official ids, the
    source site's page scheme, and the 1997 counterparts of the ids the build has no 2017
    text of ({2017 id: [1997 ids]})."""
    from tools.urls import OFFICIAL_2017

    ids = sorted(src.outline.all_ids()) if src.outline is not None else []
    counterparts = {}
    for unit_id in ids:
        if not _has_unit(src.corpus, IN_FORCE, unit_id) and src.concordance is not None:
            olds = [found.id for found in src.concordance.counterparts_1997(unit_id)]
            if olds:
                counterparts[unit_id] = olds
    return {"outline": ids, "official": dict(OFFICIAL_2017), "counterparts": counterparts,
            "title_pages": laws_without_text(src)}
