"""Issue 30 on imitation pages: every 2017 law page of the imitation rendered in a variant
markup (a word processor's export, nav arrows as images, Law 56's sections as a lettered
list) parses to the same law as the clean markup. Placeholder text only (tests/imitation)."""

from __future__ import annotations

import functools

import pytest

from imitation.content import LawDoc
from imitation.laws import LAWS_2017, law_2017
from imitation.markup import Markup
from imitation.markups_new import ImageNav
from imitation.nav import law_path
from tools.config import Config
from tools.model import Law, walk
from tools.normalize.outline import load_outline
from tools.parse.html_2017 import parse_law_page_2017

OUTLINE = load_outline(Config().outline_file)
HOST = "http://127.0.0.1"


class WordSaved(Markup):
    """"Save as web page": a WordSection1 wrapper, MsoTitle title, MsoNormal paragraphs."""

    name = "word-saved"

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        return super().page(lang, title, ['<div class="WordSection1">', *body, "</div>"],
                            charset)

    def law_title(self, text: str) -> str:
        return f'<p class="MsoTitle">{self.esc(text)}</p>'

    def para(self, inner: str) -> str:
        return f'<p class="MsoNormal">{inner}</p>'

    def item_body(self, paras: list[str]) -> str:
        return "".join(f'<p class="MsoNormal">{p}</p>' for p in paras)


class LetteredList(Markup):
    """Sections with no items printed as an untitled <ol type="A"> under the law (Law 56)."""

    name = "lettered-list"

    def law_body(self, doc: LawDoc) -> list[str]:
        if not doc.units or any(n.level != 1 or n.children for n in doc.units):
            return super().law_body(doc)
        out = [self.law_title(doc.printed_title)] if doc.printed_title else []
        out += [self.para(self.inline(p, doc.lang)) for p in doc.intro]
        items = [self.item_body([self.inline(p, doc.lang) for p in n.paras]) for n in doc.units]
        out.append('<ol type="A">' + "".join(f"<li>{item}</li>" for item in items) + "</ol>")
        out += [self.footnote(m, self.esc(text)) for m, text in doc.footnotes]
        return out


def parse(markup: Markup, number: int, lang: str, outline: bool = True) -> Law:
    html = markup.law_page(law_2017(number, lang), None)
    return parse_law_page_2017(html, HOST + law_path(number, lang), "", lang,
                               OUTLINE if outline else None)


@functools.cache
def clean(number: int, lang: str) -> Law:
    return parse(Markup(), number, lang)


def shape(law: Law, titles: bool = True) -> tuple:
    units = [(u.id, u.title if titles else "", u.text) for u in walk(law.sections)]
    return law.title, law.text, units, law.counterpart_url, law.footnotes


@pytest.mark.parametrize("markup", [WordSaved(), ImageNav()], ids=lambda m: m.name)
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_variant_markup_parses_as_the_clean_one(markup: Markup, lang: str) -> None:
    for number in LAWS_2017:
        assert shape(parse(markup, number, lang)) == shape(clean(number, lang)), number


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_law_56_printed_as_a_lettered_list_keeps_its_sections(lang: str) -> None:
    law = parse(LetteredList(), 56, lang)
    assert [u.id for u in law.sections] == ["56A", "56B"]
    assert shape(law, titles=False) == shape(clean(56, lang), titles=False)


def test_law_56_lettered_list_needs_no_outline_to_be_its_sections() -> None:
    # The Polish page prints its title, so it parses without the outline: the letters alone
    # say the items are sections (not "1. 2." in the law's text).
    law = parse(LetteredList(), 56, "pl", outline=False)
    assert shape(law, titles=False) == shape(clean(56, "pl"), titles=False)
