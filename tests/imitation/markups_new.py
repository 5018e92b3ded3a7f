"""2017 variants the scraper was not written for (issue 30): a layout table, nav arrows as
images, a word processor's typed numbers, lists typed as lines split by <br>, upper-case HTML 4
with every Polish letter an entity, XHTML with a byte-order mark."""

from __future__ import annotations

import copy
import re

from .content import LawDoc, Node
from .markup import COMMENT, Markup
from .markups_old import Xhtml
from .nav import NavItem

_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def typed_label(level: int, number: int) -> str:
    """The label a typist gives item `number` at `level`: 1. / a) / (i)."""
    if level == 2:
        return f"{number}."
    if level == 3:
        return f"{chr(ord('a') + number - 1)})"
    return f"({_ROMAN[number - 1]})"


class LayoutTable(Markup):
    """The page laid out by a table: the nav links in the cells of the first row, the law in
    a cell beside a logo cell."""

    name = "layout-table"
    about = "<table> layout: nav links one per cell in row 1, logo cell + law cell in row 2"
    nav_as_printed = False

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        nav, rest = body[0], body[1:]
        layout = ['<table width="100%" border="0" cellpadding="6">', nav,
                  '<tr><td width="120" valign="top"><img src="logo.gif" alt=""></td>',
                  '<td colspan="5" valign="top">', *rest, "</td></tr>", "</table>"]
        return super().page(lang, title, layout, charset)

    def nav(self, items: list[NavItem]) -> str:
        return "<tr>" + "".join(f"<td>{self.link(i.href, self.esc(i.shown))}</td>"
                                for i in items) + "</tr>"


class ImageNav(Markup):
    """Nav arrows as images inside the links (alt text), the other language as a flag with
    no alt text."""

    name = "image-nav"
    about = '<a href="p63.html"><img alt="←"> 63</a>; the EN/PL link a flag image'
    nav_as_printed = False

    def nav(self, items: list[NavItem]) -> str:
        links = []
        for item in items:
            if item.prefix.startswith(("EN", "PL")):
                links.append(self.link(item.href, '<img src="flag.gif">'))
            elif item.prefix:
                arrow = item.prefix.strip()
                links.append(self.link(item.href, f'<img src="a.gif" alt="{arrow}"> {item.text}'))
            else:
                links.append(self.link(item.href, self.esc(item.text)))
        return '<p class="nav">' + " · ".join(links) + "</p>"


class TypedNumbers(Markup):
    """A word processor's "save as web page": a WordSection1 wrapper, MsoNormal paragraphs,
    list numbers typed as text before a run of no-break spaces, levels by indentation, no <ol>
    (an item the page does not print leaves a gap in the typed numbers)."""

    name = "typed-numbers"
    about = "Word export: <p class=MsoListParagraph style=margin-left>1.&nbsp;&nbsp; text, no <ol>"
    typed_labels = True

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        return super().page(lang, title, ['<div class="WordSection1">', *body, "</div>"],
                            charset)

    def law_title(self, text: str) -> str:
        return f'<p class="MsoTitle">{self.esc(text)}</p>'

    def heading(self, text: str) -> str:
        return f'<h2><span lang="PL">{self.esc(text)}</span></h2>'

    def para(self, inner: str) -> str:
        return f'<p class="MsoNormal">{inner}</p>'

    def lines(self, nodes: list[Node], lang: str, level: int) -> list[tuple[int, str, str]]:
        """(level, typed label or "", paragraph HTML) for every printed paragraph."""
        out: list[tuple[int, str, str]] = []
        for number, node in enumerate(nodes, 1):
            if not node.empty:
                paras = [self.inline(p, lang) for p in node.paras]
                out.append((level, typed_label(level, number), paras[0] if paras else ""))
                out += [(level, "", p) for p in paras[1:]]
            out += self.lines(node.children, lang, level + 1)
        return out

    def render_list(self, nodes: list[Node], lang: str) -> str:
        level = nodes[0].level if nodes else 2
        html = []
        for depth, label, inner in self.lines(nodes, lang, level):
            margin = 36 * (depth - 1)
            if label:
                html.append(f'<p class="MsoListParagraph" style="margin-left:{margin}.0pt;'
                            f'text-indent:-18.0pt">{label}<span style="font:7.0pt &quot;'
                            f'Times New Roman&quot;">\u00a0\u00a0\u00a0\u00a0 </span>{inner}</p>')
            else:
                html.append(f'<p class="MsoNormal" style="margin-left:{margin}.0pt">{inner}</p>')
        return "\n".join(html)


class BrLines(TypedNumbers):
    """Lists typed as lines of one paragraph split by <br>, sub-items indented by no-break
    spaces."""

    name = "br-lines"
    about = "<p>1. text<br>&nbsp;&nbsp;a) text<br>2. text</p>: a section's list in one <p>"

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        return Markup.page(self, lang, title, body, charset)

    def law_title(self, text: str) -> str:
        return f"<h1>{self.esc(text)}</h1>"

    def para(self, inner: str) -> str:
        return f"<p>{inner}</p>"

    def render_list(self, nodes: list[Node], lang: str) -> str:
        level = nodes[0].level if nodes else 2
        lines = [("\u00a0" * 4 * (depth - 2)) + (f"{label} " if label else "") + inner
                 for depth, label, inner in self.lines(nodes, lang, level)]
        return "<p>" + "<br>\n".join(lines) + "</p>"


class Html4Entities(Markup):
    """Upper-case HTML 4 with every letter outside ASCII written as a numeric entity."""

    name = "html4-entities"
    about = "HTML 4.01 Strict, UPPER-CASE tags, &#261; for every Polish letter"

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        meta = [f'<META http-equiv="Content-Type" content="text/html; charset={charset}">'
                ] if charset else []
        lines = ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" '
                 '"http://www.w3.org/TR/html4/strict.dtd">', "<HTML>", "<HEAD>", *meta,
                 f"<TITLE>{self.esc(title)}</TITLE>", "</HEAD>", "<BODY>", COMMENT, *body,
                 "</BODY>", "</HTML>", ""]
        return self.finish("\n".join(lines))

    def finish(self, text: str) -> str:
        text = re.sub(r"</?[a-z][a-z0-9]*", lambda m: m.group(0).upper(), text)
        return "".join(ch if ord(ch) < 128 else f"&#{ord(ch)};" for ch in text)


class XhtmlBom(Xhtml):
    """XHTML 1.0 served with a UTF-8 byte-order mark (on its UTF-8 pages) and no XML
    declaration."""

    name = "xhtml-bom"
    about = "XHTML 1.0 with a byte-order mark before the doctype, entities, nav <ul>"
    bom = True

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        text = super().page(lang, title, body, charset)
        return re.sub(r"\A<\?xml[^>]*\?>\n", "", text)


def _extra_para(unit_id: str, lang: str) -> tuple[str]:
    text = (f"Tekst zastępczy {unit_id} (SYNTHETIC): punkt, którego zarys nie zna, zażółć gęślą "
            "jaźń." if lang == "pl" else
            f"Placeholder text {unit_id} (SYNTHETIC), an item the outline does not list.")
    return (text,)


class OwnNumbering(Markup):
    """Clean markup, but some laws print a structure of their own, consistently numbered:
    Law 15 one more item at the end of its last list, Law 40 one item fewer, Law 81 one more
    section (a marked heading). The page is the source: a correct scrape takes these ids."""

    name = "own-numbering"
    about = "clean HTML; laws 15, 40, 81 print one item more, one fewer, one section more"

    def adjust(self, doc: LawDoc) -> LawDoc:
        if doc.edition != 2017 or doc.number not in (15, 40, 81):
            return doc
        doc = copy.deepcopy(doc)
        lists = [node for node in doc.units if node.level == 1 and node.children
                 and all(not child.empty for child in node.children)]
        if doc.number == 15 and lists:
            section = lists[-1]
            uid = f"{section.id}{len(section.children) + 1}"
            section.children.append(Node(uid, 2, str(len(section.children) + 1),
                                         paras=[_extra_para(uid, doc.lang)]))
        elif doc.number == 40 and lists:
            section = max(lists, key=lambda node: len(node.children))
            section.children.pop()
        elif doc.number == 81 and doc.units and doc.units[-1].level == 1:
            letter = chr(ord(doc.units[-1].label) + 1)
            uid = f"{doc.number}{letter}"
            title = "Punkt dodatkowy" if doc.lang == "pl" else "Additional Section"
            doc.units.append(Node(uid, 1, letter, title=title,
                                  paras=[_extra_para(uid, doc.lang)]))
        return doc


class BrokenNumbers(TypedNumbers):
    """Typed numbers, with a typing slip on some laws (12, 27, 64): one item number typed
    twice. Neither the page nor the outline accounts for it, so these laws must be reported
    and kept at their last good version, never published."""

    name = "broken-numbers"
    about = "typed numbers; laws 12, 27, 64 type one item number twice (1. 2. 2. 3.)"
    broken = (12, 27, 64)

    def lines(self, nodes: list[Node], lang: str, level: int) -> list[tuple[int, str, str]]:
        out = super().lines(nodes, lang, level)
        if self._current in self.broken and level == 2:
            numbered = [i for i, (depth, label, _) in enumerate(out)
                        if depth == 2 and label.endswith(".") and label != "1."]
            if numbered:
                depth, label, inner = out[numbered[0]]
                previous = f"{int(label[:-1]) - 1}."
                out[numbered[0]] = (depth, previous, inner)
        return out

    def law_body(self, doc: LawDoc) -> list[str]:
        self._current = doc.number
        return super().law_body(doc)

    _current = 0
