"""A page for each 2017 law whose text is not in the build: its official title and sections (facts
of the official outline), where its 2017 text is (the source site) and its 1997 counterpart.

So a reader who searches or jumps to a law in force lands on that law, marked for what it is,
instead of on a 404 or on 1997 text by the same number; and the site search can answer with the
law in force before the superseded text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tools.markup import MARKUP as M
from tools.normalize.cite2017 import IN_FORCE, Sources, laws_without_text
from tools.render.base import UI, esc, front_matter, law_page, unit_label
from tools.render.cite_html import counterpart_links, official_link, title_html
from tools.render.cite_text import EDITION_UI
from tools.render.edition import _href, edition_sources, edition_span

if TYPE_CHECKING:
    from tools.render.base import Context

def outline_only_laws(ctx: Context) -> list[int]:
    """The laws of the official outline with no 2017 text in the build, in either language."""
    return laws_without_text(Sources(ctx.corpus, ctx.outline, None))  # needs no concordance


def outline_page_path(lang: str, number: int) -> str:
    """The content path of such a page (the law page's own path: laws/2017/NN)."""
    return law_page(IN_FORCE, lang, number)


def render_outline_page(ctx: Context, number: int, lang: str) -> str:
    """The page of one 2017 law known only from the official outline."""
    assert ctx.outline is not None
    ui = EDITION_UI[lang]
    page = outline_page_path(lang, number)
    cite = resolve_law(ctx, lang, number)
    title = ctx.outline.title(number, lang) or ctx.outline.title(number, "en")
    front: dict[str, Any] = {
        "number": number, "edition": IN_FORCE, "language": lang, "outline_only": True,
        "title": f"{UI[lang]['law']} {number}. {title}".strip(),
        "title_pl": ctx.outline.title(number, "pl"), "title_en": ctx.outline.title(number, "en"),
        "hide": ["toc"],
    }
    old = counterpart_links(cite, lang, lambda url: _href(page, url), esc)
    notice = [f"<p>{esc(ui['not_in_build'].format(id=number))} "
              f"{official_link(cite, lang, esc)}</p>"]
    if old:
        notice.append(f"<p>{esc(ui['counterpart'])}: {', '.join(old)}</p>")
    rows = [f'<div class="{M.row} {M.level}0" id="{number}">{unit_label(str(number), lang)}'
            f'<div lang="{lang}" class="{M.cell} {M.main}">'
            '<div class="outline-note" data-pagefind-ignore>'
            f'{"".join(notice)}</div></div></div>']
    # the English heading, marked as such, where the Polish one is not known
    for unit_id, name, name_lang in ctx.outline.section_names(number, lang):
        marked = f' lang="{name_lang}"' if name_lang != lang else ""
        shown = f'<p class="{M.unit_title}"{marked}>{esc(name)}</p>' if name else ""
        rows.append(f'<div class="{M.row} {M.level}1" id="{unit_id}">'
                    f'{unit_label(unit_id, lang)}<div '
                    f'lang="{lang}" class="{M.cell} {M.main}">{shown}</div></div>')
    body = [
        f"# {esc(front['title'])}", "",
        f'<div class="{M.law_meta}">{edition_span(IN_FORCE, lang)} · '
        f'{title_html(cite, lang, esc)}</div>', "",
        f'<div class="{M.law_text} one-col outline-only" data-edition="{IN_FORCE}" '
        f'data-law="{number}" data-lang="{lang}">', *rows, "</div>", "",
        # the decision trees of this law, drawn by the flowcharts hook, as on a page with text
        f'<div class="{M.flowcharts}" data-law="{number}" data-edition="{IN_FORCE}" '
        f'data-lang="{lang}"></div>', "",
    ]
    return front_matter(front) + "\n" + "\n".join(body)


def resolve_law(ctx: Context, lang: str, number: int) -> Any:
    """What a reader is shown for the law's own id (tools/normalize/cite2017.py resolve)."""
    from tools.normalize.cite2017 import resolve

    return resolve(edition_sources(ctx), lang, str(number))
