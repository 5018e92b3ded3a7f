"""Site addresses of law pages and units, shared by render, search and the assistant."""

from __future__ import annotations

from tools.normalize.citation_id import law_number

# The path scheme of the site, written once: Python builds paths from it, and the page scripts
# read the same tables (script_paths(), put in the page-script bundle by tools/site/scripts.py).
DEFAULT_LANG = "pl"
LANG_ROOTS = {"pl": "", "en": "en/"}  # Polish at the root, English under en/
PAGE_PATHS = {
    "law": "laws/{edition}/{number}/",
    "situation": "situations/{id}/",
    "glossary": "glossary/",
}


def lang_root(lang: str) -> str:
    """The folder a language's pages live in: Polish at the root, English under en/."""
    return LANG_ROOTS[lang]


def page_path(kind: str, lang: str, **values: object) -> str:
    """Site path of a page of `kind` (a PAGE_PATHS key) in `lang`, relative to the site root."""
    return lang_root(lang) + PAGE_PATHS[kind].format(**values)


def law_path(edition: int, lang: str, number: int) -> str:
    """Site path of a law page, relative to the site root ("laws/2017/64/", "en/laws/2017/64/")."""
    return page_path("law", lang, edition=edition, number=number)


def situation_path(lang: str, situation_id: str) -> str:
    """Site path of a situation page ("situations/<id>/", "en/situations/<id>/")."""
    return page_path("situation", lang, id=situation_id)


def glossary_url(lang: str, term_id: str) -> str:
    """Site path of one glossary entry ("glossary/#<id>", "en/glossary/#<id>")."""
    return f"{page_path('glossary', lang)}#{term_id}"


def script_paths() -> dict[str, object]:
    """The scheme as the page scripts read it (assets/bridgelaw/paths.js)."""
    return {"default_lang": DEFAULT_LANG, "roots": LANG_ROOTS, "pages": PAGE_PATHS}


def unit_url(edition: int, lang: str, unit_id: str) -> str:
    """Site path of one unit with its anchor ("laws/2017/64/#64B3")."""
    return f"{law_path(edition, lang, law_number(unit_id))}#{unit_id}"


# The law pages of the 2017 edition on the source site: the one place this scheme is written.
OFFICIAL_2017 = {
    "pl": "https://www.pzbs.pl/sedziowie/mpb/2017/pl/p{number}.html",
    "en": "https://www.pzbs.pl/sedziowie/mpb/2017/en/l{number}.html",
}


def official_url(lang: str, number: int) -> str:
    """The 2017 page of law `number` on the source site, in `lang` ("pl" or "en")."""
    return OFFICIAL_2017[lang].format(number=number)


def is_external(url: str) -> bool:
    """Whether a link leaves the site (an absolute http(s) address)."""
    return url.startswith(("http://", "https://"))
