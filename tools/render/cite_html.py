"""A cited 2017 id as inline HTML for the site's pages (situation pages, law text references,
the glossary): a link to its 2017 text on this site, or its official title, a marked link to the
source site and its 1997 counterpart, labelled."""

from __future__ import annotations

import html
from collections.abc import Callable

from tools.markup import MARKUP as M
from tools.normalize.cite2017 import OLD, Cite
from tools.render.base import esc as _attr  # attribute values: HTML escaping only
from tools.render.cite_text import EDITION_UI

EXTERNAL_MARK = "↗"  # after the words of a link that leaves the site


def official_link(cite: Cite, lang: str, esc: Callable[[str], str]) -> str:
    """The marked link to the law's 2017 page on the source site."""
    words = EDITION_UI[lang]["official_short"]
    return (
        f'<a class="cite-official external" href="{_attr(cite.official_url)}" '
        f'rel="external noopener" data-cite="{_attr(cite.id)}" data-edition="{cite.edition}">'
        f"{esc(words)} {EXTERNAL_MARK}</a>"
    )


def counterpart_links(cite: Cite, lang: str, href: Callable[[str], str],
                      esc: Callable[[str], str]) -> list[str]:
    """The 1997 counterparts, each a link to its 1997 place when the build has it."""
    ui = EDITION_UI[lang]
    out = []
    for old in cite.counterparts:
        label = f"{OLD} {old.id}"
        mark = f" ({esc(ui['uncertain'])})" if old.uncertain else ""
        if old.site_url:
            out.append(
                f'<a class="cite-counterpart" href="{_attr(href(old.site_url))}" '
                f'data-edition="{OLD}" data-counterpart-of="{_attr(cite.id)}" '
                f'data-cite-1997="{_attr(old.id)}">{esc(label)}</a>{mark}'
            )
        else:
            out.append(f"{esc(label)}{mark}")
    return out


def title_html(cite: Cite, lang: str, esc: Callable[[str], str]) -> str:
    """The official title, in its own language, its fallback marked."""
    ui = EDITION_UI[lang]
    title = cite.title
    if not title.lang:
        return f'<span class="{M.cite_fallback}">({esc(ui["no_title"])})</span>'
    shown = esc(title.text)
    if title.lang != lang:
        shown = f'<span lang="{title.lang}">{shown}</span>'
    if title.fallback:
        shown += f' <span class="{M.cite_fallback}">({esc(ui["title_" + title.lang])})</span>'
    return f'<span class="cite-title">{shown}</span>'


def cite_html(cite: Cite, lang: str, href: Callable[[str], str],
              esc: Callable[[str], str] = html.escape) -> str:
    """One cited id: "<id> — <title>", and when its 2017 text is not in the build, the source
    site's page and the 1997 counterpart. `href` turns a site path into the page's link;
    `esc` escapes text for where the HTML goes (Markdown needs more than HTML)."""
    ui = EDITION_UI[lang]
    ident = f'data-cite="{_attr(cite.id)}" data-edition="{cite.edition}"'
    if cite.in_build:
        head = f'<a class="cite" href="{_attr(href(cite.site_url))}" {ident}>{esc(cite.id)}</a>'
    else:
        head = f'<span class="cite cite-absent" {ident}>{esc(cite.id)}</span>'
    parts = [head, " — ", title_html(cite, lang, esc)]
    if cite.other_lang_text:
        parts.append(f" ({esc(ui['polish_text'])})")
    if not cite.in_build:
        parts.append(f" · {esc(ui['not_in_build_short'])}: {official_link(cite, lang, esc)}")
        olds = counterpart_links(cite, lang, href, esc)
        if olds:
            parts.append(f" · {esc(ui['counterpart_short'])}: " + ", ".join(olds))
    return "".join(parts)
