"""The 2017 page renderer: clean HTML5 in the base class; variants override its pieces."""

from __future__ import annotations

import html
from dataclasses import dataclass

from .content import SYNTHETIC, Emph, LawDoc, Link, Mark, Node, Para
from .nav import FILES, FRONT, WORDS, NavItem, law_file, nav_items

COMMENT = (f"<!-- {SYNTHETIC}: a generated page of the bridgelaw imitation site (tests/imitation); "
           "placeholder text, not law text -->")
CHAPTERS = ((1, 8), (9, 16), (17, 40), (41, 71), (72, 76), (77, 79), (80, 93))


@dataclass
class Entry:
    """One piece of an <ol>: an <li> (kind "li") or markup placed directly in the list."""

    kind: str
    html: str
    value: int | None = None
    hidden: bool = False


class Markup:
    """Clean HTML5 (the base every variant overrides pieces of)."""

    name = "clean"
    about = "clean HTML5: <h1>/<h2>, nested <ol><li>, nav arrows inside the links"
    empty_style = "nest"  # "nest" under the previous <li>, "list" inside the <ol>, "value"
    newline = "\n"
    chrome: tuple[str, ...] = ()  # extra chrome strings this markup adds to every page
    typed_labels = False  # list numbers typed as text before each item (shown as words)
    nav_as_printed = True  # the nav line's visible text is REAL_PAGES.md's (not so: images, cells)

    def adjust(self, doc: LawDoc) -> LawDoc:
        """The law as this markup's site prints it (a variant may print its own structure)."""
        return doc

    # -- page skeleton -----------------------------------------------------------------
    def meta(self, charset: str) -> str:
        """A <meta> tag declaring `charset`."""
        return f'<meta charset="{charset}">'

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        """The whole document around `body`."""
        meta = self.meta(charset) + "\n" if charset else ""
        head = f"<head>\n{meta}<title>{self.esc(title)}</title>\n</head>"
        return self.finish("\n".join(["<!DOCTYPE html>", f'<html lang="{lang}">', COMMENT, head,
                                      "<body>", *body, "</body>", "</html>", ""]))

    def finish(self, text: str) -> str:
        """Last pass over the document text (line ends, entities)."""
        return text.replace("\n", self.newline) if self.newline != "\n" else text

    # -- inline ------------------------------------------------------------------------
    def esc(self, text: str) -> str:
        """Text escaped for HTML."""
        return html.escape(text, quote=False)

    def link(self, href: str, text: str) -> str:
        """A link (inline citation or nav)."""
        return f'<a href="{href}">{text}</a>'

    def inline(self, para: Para, lang: str) -> str:
        """A paragraph's inline HTML: text, citation links, emphasis, footnote markers."""
        out = []
        for part in para:
            if isinstance(part, Link):
                out.append(self.link(law_file(part.law, lang), self.esc(part.text)))
            elif isinstance(part, Emph):
                out.append(f"<i>{self.esc(part.text)}</i>")
            elif isinstance(part, Mark):
                out.append(self.mark(part.text))
            else:
                out.append(self.esc(part))
        return "".join(out)

    def mark(self, marker: str) -> str:
        """A footnote marker inside the text."""
        return f"<sup>{marker}</sup>"

    # -- blocks ------------------------------------------------------------------------
    def nav(self, items: list[NavItem]) -> str:
        """The nav line."""
        links = [self.link(item.href, self.esc(item.shown)) for item in items]
        return '<p class="nav">' + " · ".join(links) + "</p>"

    def law_title(self, text: str) -> str:
        """The law's title (or a front page's heading)."""
        return f"<h1>{self.esc(text)}</h1>"

    def heading(self, text: str) -> str:
        """A section heading (printed without its letter)."""
        return f"<h2>{self.esc(text)}</h2>"

    def para(self, inner: str) -> str:
        """A paragraph of text outside lists."""
        return f"<p>{inner}</p>"

    def item_body(self, paras: list[str]) -> str:
        """A list item's own paragraphs."""
        if len(paras) == 1:
            return paras[0]
        return "".join(f"<p>{p}</p>" for p in paras)

    def ol(self, entries: list[Entry], start: int | None = None) -> str:
        """An ordered list of entries."""
        attrs = f' start="{start}"' if start else ""
        return f"<ol{attrs}>\n" + "\n".join(self.li(e) for e in entries) + "\n</ol>"

    def li(self, entry: Entry) -> str:
        """One entry of an <ol>."""
        if entry.kind != "li":
            return entry.html
        attrs = f' value="{entry.value}"' if entry.value else ""
        attrs += ' style="list-style-type: none"' if entry.hidden else ""
        return f"<li{attrs}>{entry.html}</li>"

    def footnote(self, marker: str, inner: str) -> str:
        """A footnote paragraph at the end of the page."""
        return f'<p class="footnote">{marker} {inner}</p>'

    def bottom_nav(self, items: list[NavItem]) -> str:
        """A second nav line at the bottom of law pages ("" for none)."""
        return ""

    def between(self) -> str:
        """Markup placed between sections ("" for none)."""
        return ""

    # -- structure -----------------------------------------------------------------------
    def render_list(self, nodes: list[Node], lang: str) -> str:
        """An <ol> of printed items; an empty item's list goes where `empty_style` says."""
        entries: list[Entry] = []
        number, renumber = 0, False
        for node in nodes:
            if node.empty:
                sub = self.render_list(node.children, lang)
                last = entries[-1] if entries and entries[-1].kind == "li" else None
                if self.empty_style == "nest" and last is not None:
                    last.html += "\n" + sub
                elif self.empty_style == "value":
                    entries.append(Entry("li", sub, hidden=True))
                    renumber = True
                else:
                    entries.append(Entry("list", sub))
                continue
            number += 1
            body = self.item_body([self.inline(p, lang) for p in node.paras])
            if node.children:
                body += "\n" + self.render_list(node.children, lang)
            entries.append(Entry("li", body, value=number if renumber else None))
            renumber = False
        return self.ol(entries)

    def section(self, node: Node, lang: str) -> list[str]:
        """A section: heading, its paragraphs, its list."""
        out = [self.heading(node.title)]
        out += [self.para(self.inline(p, lang)) for p in node.paras]
        if node.children:
            out.append(self.render_list(node.children, lang))
        return out

    def law_body(self, doc: LawDoc) -> list[str]:
        """Everything of a law page after the nav line."""
        lang = doc.lang
        out = [self.law_title(doc.printed_title)] if doc.printed_title else []
        out += [self.para(self.inline(p, lang)) for p in doc.intro]
        for i, node in enumerate(doc.units):
            if node.level == 1:
                if i and self.between():
                    out.append(self.between())
                out += self.section(node, lang)
        items = [node for node in doc.units if node.level > 1]
        if items:
            out.append(self.render_list(items, lang))
        for marker, text in doc.footnotes:
            out.append(self.footnote(marker, self.esc(text)))
        return out

    def law_page(self, doc: LawDoc, charset: str | None) -> str:
        """A whole 2017 law page."""
        head = (f"Przepis {doc.number}" if doc.lang == "pl" else f"Law {doc.number}")
        items = nav_items(doc.number, doc.lang)
        body = [self.nav(items), *self.law_body(doc)]
        if self.bottom_nav(items):
            body.append(self.bottom_nav(items))
        return self.page(doc.lang, f"{head} – MPB 2017", body, charset)

    def toc_page(self, lang: str, titles: dict[int, str], charset: str | None) -> str:
        """The table of contents: front pages, then the laws as numbered lists of links."""
        word = "Rozdział" if lang == "pl" else "Chapter"
        body = [self.nav(nav_items("toc", lang)), self.law_title(WORDS[lang]["toc"].capitalize())]
        front = [self.link(FILES[lang][k], self.esc(WORDS[lang][k])) for k in FRONT if k != "toc"]
        body.append(self.para(" · ".join(front)))
        for number, (first, last) in enumerate(CHAPTERS, 1):
            body.append(self.heading(f"{word} {number} ({SYNTHETIC})"))
            entries = [Entry("li", self.link(law_file(n, lang), self.esc(titles[n])))
                       for n in range(first, last + 1) if n in titles]
            if entries:
                body.append(self.ol(entries, start=first if first > 1 else None))
        return self.page(lang, WORDS[lang]["toc"], body, charset)

    def front_page(self, kind: str, lang: str, charset: str | None) -> str:
        """A small placeholder page for a nav target (title page, index, foreword...)."""
        word = WORDS[lang][kind]
        text = (f"Strona zastępcza ({SYNTHETIC}): {word}, zażółć gęślą jaźń." if lang == "pl"
                else f"Placeholder page ({SYNTHETIC}): {word}.")
        body = [self.nav(nav_items(kind, lang)), self.law_title(word.capitalize()),
                self.para(self.esc(text))]
        return self.page(lang, word, body, charset)

