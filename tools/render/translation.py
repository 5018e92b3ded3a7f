"""The translation check on the site: one page per language listing the findings by law, and a
discreet mark on each unit with a finding in the side-by-side view that opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.markup import MARKUP as M
from tools.model import Corpus, Finding
from tools.translation.text import describe, edition_facts, headline, ui_text

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.render.base import Context

PAGE = "{lang}/translation.md"

def anchor(edition: int, unit: str) -> str:
    """The id of a unit's findings on the translation page ("t2017-64B3")."""
    return f"t{edition}-{unit}"


def shown_findings(corpus: Corpus, edition: int, number: int) -> dict[str, list[Finding]]:
    """The law's findings no acknowledgement covers, by unit id, in document order."""
    out: dict[str, list[Finding]] = {}
    for finding in corpus.consistency:
        if (finding.edition, finding.law) == (edition, number) and not finding.acknowledged:
            out.setdefault(finding.unit, []).append(finding)
    return out


def _finding_html(finding: Finding, lang: str, terms: dict[str, Term]) -> str:
    """One finding as HTML: kind and severity, what it says, both excerpts."""
    from tools.render.base import esc

    kind = ui_text(lang, "t_kind_" + finding.kind)
    severity = ui_text(lang, "t_sev_" + finding.severity)
    label = (f'<span class="{M.tkind} {M.severity}{finding.severity}">'
             f'{esc(kind)} · {esc(severity)}</span>')
    lines = "<br>".join(esc(line) for line in describe(finding, lang, terms))
    texts = "".join(
        f'<p class="{M.tex}"><span class="{M.tlang}">{code.upper()}</span> '
        f'<span lang="{code}">{esc(text) if text else "—"}</span></p>'
        for code, text in (("pl", finding.pl), ("en", finding.en)))
    return f'<div class="{M.tfind}"><p>{label} {lines}</p>{texts}</div>'


def unit_marks(ctx: Context, page: str, edition: int, number: int, lang: str) -> dict[str, str]:
    """Unit id -> the mark HTML for each unit of a law page that has a finding."""
    from tools.render.base import esc, relative_url

    terms = {term.id: term for term in ctx.glossary or []}
    marks: dict[str, str] = {}
    for unit, findings in shown_findings(ctx.corpus, edition, number).items():
        label = f"{ui_text(lang, 't_mark')} {unit}: {len(findings)}"
        href = relative_url(page, PAGE.format(lang=lang), anchor(edition, unit))
        body = "".join(_finding_html(f, lang, terms) for f in findings)
        marks[unit] = (
            f'<details class="{M.tcheck}" data-pagefind-ignore><summary aria-label="{esc(label)}" '
            f'title="{esc(label)}"><span aria-hidden="true">≠</span></summary>'
            f'<div class="{M.tcheck_pop}">{body}<p class="{M.tall}"><a href="{href}">'
            f"{esc(ui_text(lang, 't_all'))} →</a></p></div></details>"
        )
    return marks


def render_translation_page(ctx: Context, lang: str) -> str:
    """The translation check page of one language: status, then findings by law and unit."""
    from tools.render.base import (
        esc,
        front_matter,
        law_page,
        md_escape,
        relative_url,
        shown_title,
    )
    from tools.render.cite_text import edition_label
    from tools.translation.check import law_pairs

    page = PAGE.format(lang=lang)
    terms = {term.id: term for term in ctx.glossary or []}
    title = ui_text(lang, "t_title")
    out = [front_matter({"title": title, "language": lang}), f"# {title}", "",
           f'<p class="tcheck-intro">{esc(ui_text(lang, "t_intro"))}</p>', ""]
    pairs = law_pairs(ctx.corpus)
    pairs.layer = list(ctx.corpus.consistency)
    english = any(law.lang == "en" for law in ctx.corpus.laws)
    if headline(pairs, english, lang):
        out += [f'<div class="admonition warning tcheck-none"><p>'
                f'{esc(headline(pairs, english, lang))}</p></div>', ""]
    for edition in sorted({*pairs.compared, *pairs.one_language}, reverse=True):
        compared = pairs.compared.get(edition, [])
        shown = [f for f in pairs.layer if f.edition == edition and not f.acknowledged]
        heading = edition_label(edition, lang)
        out += [f"## {md_escape(heading[:1].upper() + heading[1:])} {{#t{edition}}}", ""]
        facts = edition_facts(pairs, edition, lang)
        out += ['<ul class="tcheck-facts">' + "".join(f"<li>{esc(f)}</li>" for f in facts)
                + "</ul>", ""]
        if not compared:
            if english:
                out += [f"<p>{esc(ui_text(lang, 't_edition_none'))}</p>", ""]
            continue
        if not shown:
            out += [f"<p>{esc(ui_text(lang, 't_no_findings'))}</p>", ""]
        for number in compared:
            by_unit = shown_findings(ctx.corpus, edition, number)
            if not by_unit:
                continue
            law_title, title_lang = shown_title(ctx, edition, number, lang)
            out.append(f'<h3 id="t{edition}-law-{number}">{esc(ui_text(lang, "law"))} {number}. '
                       f'<span lang="{title_lang}">{esc(law_title)}</span></h3>')
            target = law_page(edition, lang, number)
            items = []
            for unit, unit_findings in by_unit.items():
                href = relative_url(page, target, unit.rstrip("*"))  # a footnote: the law
                body = "".join(_finding_html(f, lang, terms) for f in unit_findings)
                items.append(f'<div class="{M.tunit}" id="{esc(anchor(edition, unit))}">'
                             f'<a class="{M.unit_id}" href="{href}">{esc(unit)}</a>{body}</div>')
            out += [f'<div class="{M.tcheck_list}" data-pagefind-ignore>' + "".join(items)
                    + "</div>", ""]
    return "\n".join(out)
