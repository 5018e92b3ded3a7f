"""The page left at the address of a situation folded into another (assistant/retired.yaml)."""

from __future__ import annotations

import json
from typing import Any

from assistant.situations import Situation
from tools.markup import MARKUP as M
from tools.urls import situation_path


def render_retired(old_id: str, successor: Situation, lang: str, ui: dict[str, Any]) -> str:
    """The Markdown page at a folded situation's id: it names the situation that answers it now
    and links there. Search skips it (its text is marked data-pagefind-ignore): the successor's
    own page is what a query should find."""
    from assistant.pages import _attr, _html, _md, _page_dir, _relative

    title = successor.title.get(lang)
    link = _relative(_page_dir(lang, f"situations/{successor.id}/"),
                     situation_path(lang, old_id))
    return "\n".join([
        "---",
        f"title: {json.dumps(_html(ui['moved_title']), ensure_ascii=False)}",
        "---",
        "",
        '<div data-pagefind-ignore="all" markdown="1">',
        "",
        f"# {_md(ui['moved_title'])}",
        "",
        _md(ui["moved"]),
        "",
        f'<p><a class="md-button md-button--primary" href="{_attr(link)}">{_html(title)}</a></p>',
        "",
        f'<p class="{M.situation_back}"><a href="../">{_html(ui["back"])}</a></p>',
        "",
        "</div>",
        "",
    ])
