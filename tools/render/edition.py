"""What the law pages say about editions: the edition line, the notice on a 1997 page (superseded,
its 2017 counterpart, the ids whose numbering differs) and references to 2017 units whose text
is not in the build (official title and the source site's page, never 1997 text by that id)."""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING

from tools.markup import MARKUP as M
from tools.normalize.cite2017 import IN_FORCE, OLD, Sources, default_concordance, resolve
from tools.render.base import esc
from tools.render.cite_html import official_link, title_html
from tools.render.cite_text import EDITION_UI, edition_label

if TYPE_CHECKING:
    from tools.render.base import Context


def edition_sources(ctx: Context) -> Sources:
    """The corpus and outline the pages are rendered from, with the build's concordance (the
    project's when the context has none)."""
    concordance = ctx.concordance if ctx.concordance is not None else default_concordance()
    return Sources(ctx.corpus, ctx.outline, concordance)


def _href(page: str, site_url: str) -> str:
    """A site path ("laws/2017/64/#64B3") relative to the content page `page`."""
    from tools.render.base import site_path

    path, _, anchor = site_url.partition("#")
    rel = posixpath.relpath(path or ".", site_path(page) or ".")
    rel = "./" if rel == "." else rel.rstrip("/") + "/"
    return rel + (f"#{anchor}" if anchor else "")


def edition_span(edition: int, lang: str) -> str:
    """The edition line of a law page: "wydanie 2017 (obowiązujące)"."""
    status = "in-force" if edition == IN_FORCE else "superseded"
    return (f'<span class="edition {M.edition_status}{status}">'
            f'{esc(edition_label(edition, lang))}</span>')


def _differing(src: Sources, number: int) -> list[tuple[str, list[str]]]:
    """The 1997 ids of law `number` whose 2017 counterparts are not just the same id."""
    if src.concordance is None:
        return []
    olds: dict[str, list[str]] = {}
    for pair in src.concordance.pairs:
        if pair.old and law_matches(pair.old, number):
            olds.setdefault(pair.old, []).append(pair.new or "")
    return [(old, news) for old, news in olds.items() if news != [old]]


def superseded_notice(ctx: Context, number: int, lang: str, page: str) -> str:
    """The notice on top of a 1997 law page: superseded, the 2017 counterpart of the law (this
    site's 2017 page, or its official title and the source site's page) and the units whose
    numbering differs."""
    src = edition_sources(ctx)
    ui = EDITION_UI[lang]
    cite = resolve(src, lang, str(number))
    if cite.in_build:
        target = (f'<a class="cite" href="{esc(_href(page, cite.site_url))}" '
                  f'data-cite="{number}" data-edition="{IN_FORCE}">{IN_FORCE} {number}</a> — '
                  f"{title_html(cite, lang, esc)}")
    else:
        target = (f"{IN_FORCE} {number} — {title_html(cite, lang, esc)} · "
                  f"{official_link(cite, lang, esc)}")
    parts = [f'<p class="admonition-title">{esc(ui["notice_head"])}</p>',
             f"<p>{esc(ui['notice_body'])} {target}</p>"]
    differing = _differing(src, number)
    if differing:
        items = "".join(
            f"<li>{OLD} {esc(old)} → "
            + ", ".join(f"{IN_FORCE} {esc(new)}" if new else esc(ui["none"]) for new in news)
            + "</li>"
            for old, news in differing
        )
        parts.append(f"<p>{esc(ui['notice_differs'])}</p>"
                     f'<ul class="{M.concordance}">{items}</ul>')
    return f'<div class="admonition warning {M.superseded}" lang="{lang}">{"".join(parts)}</div>'


def law_matches(unit_id: str, number: int) -> bool:
    """Whether a unit id belongs to law `number` ("64B3" to 64, not "6" or "641")."""
    text = str(number)
    return unit_id == text or (unit_id.startswith(text) and not unit_id[len(text)].isdigit())


def outline_reference(ctx: Context, printed: str, target: str, lang: str) -> str:
    """A reference in 2017 text to a unit whose 2017 text is not in the build: a marked link to
    the law's page on the source site, the unit's official title in its tooltip."""
    cite = resolve(edition_sources(ctx), lang, target)
    ui = EDITION_UI[lang]
    title = f"{target}: {cite.title.text} ({ui['not_in_build_short']}; {ui['official_short']})"
    return (f'<a class="xref-official external" href="{esc(cite.official_url)}" '
            f'rel="external noopener" title="{esc(title)}" data-cite="{esc(target)}" '
            f'data-edition="{IN_FORCE}">{esc(printed)}</a>')


def glossary_link(ctx: Context, page: str, lang: str, unit_id: str) -> str:
    """A 2017 id a glossary term points to: its place on this site, else the id with a marked
    link to the source site's page."""
    cite = resolve(edition_sources(ctx), lang, unit_id)
    ident = f'data-cite="{esc(unit_id)}" data-edition="{IN_FORCE}"'
    if cite.in_build:
        return (f'<a class="cite" href="{esc(_href(page, cite.site_url))}" {ident}>'
                f"{esc(unit_id)}</a>")
    return (f'<span class="cite cite-absent" {ident}>{esc(unit_id)}</span> '
            f"({official_link(cite, lang, esc)})")
