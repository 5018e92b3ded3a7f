"""The table of contents of the laws: editions, then chapters and parts in source order."""

from __future__ import annotations

from tools.normalize.cite2017 import IN_FORCE
from tools.render.base import (
    UI,
    Context,
    esc,
    law_page,
    laws_index_page,
    md_escape,
    md_link,
    page_head,
    shown_title,
)
from tools.render.outline import outline_only_laws, outline_page_path


def render_laws_index(ctx: Context, lang: str) -> str:
    """The table of contents: editions, then chapters and parts in source order."""
    ui = UI[lang]
    page = laws_index_page(lang)
    out = page_head(lang, "laws")
    for edition in sorted(ctx.laws_by_edition, reverse=True):
        out.append(f"## {ui['edition']} {edition} {{#edition-{edition}}}")
        out.append("")
        chapter = part = None
        titles_only = set(outline_only_laws(ctx)) if edition == IN_FORCE else set()
        for number in sorted(set(ctx.laws_by_edition[edition]) | titles_only):
            law = ctx.corpus.law(edition, lang, number) or ctx.corpus.law(edition, "pl", number)
            law_chapter = (law.chapter if law else "") or ui["chapter_unknown"]
            if law_chapter != chapter:
                chapter, part = law_chapter, None
                out.append(f"### {md_escape(law_chapter)}")
                out.append("")
            if law is None:  # a law in force the build has no text of: listed all the same
                assert ctx.outline is not None
                title = ctx.outline.title(number, lang)
                shown = md_escape(title) or (f'<span lang="en">'
                                              f'{esc(ctx.outline.title(number, "en"))}</span>')
                href = md_link(page, outline_page_path(lang, number))
                out.append(f"- [{number}. {shown}]({href}) · *{ui['titles_only']}*")
                continue
            if law.part and law.part != part:
                part = law.part
                out.append(f"#### {md_escape(law.part)}")
                out.append("")
            title, title_lang = shown_title(ctx, edition, number, lang)
            shown = md_escape(title)
            if title_lang != lang:
                shown = f'<span lang="{title_lang}">{esc(title)}</span>'
            href = md_link(page, law_page(edition, lang, number))
            out.append(f"- [{number}. {shown}]({href})")
        out.append("")
    return "\n".join(out)
