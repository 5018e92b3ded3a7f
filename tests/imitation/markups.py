"""The named markup variants of the 2017 pages (each renders every 2017 page of a site)."""

from __future__ import annotations

from .content import Para
from .markup import COMMENT, Entry, Markup
from .nav import NavItem


class OmittedEndTags(Markup):
    """Valid HTML with the optional tags left out, text wrapped across source lines."""

    name = "omitted-end-tags"
    about = "no </p>, </li>, <html>, <head>, <body>; text wrapped across source lines"

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        meta = [self.meta(charset)] if charset else []
        return "\n".join(["<!DOCTYPE html>", *meta, COMMENT, f"<title>{self.esc(title)}</title>",
                          *body, ""])

    def inline(self, para: Para, lang: str) -> str:
        wrapped = []
        for part in para:
            if isinstance(part, str):
                words = part.split(" ")
                part = "".join(w + ("\n" if i % 6 == 5 else " ") for i, w in enumerate(words))
                part = part[:-1]
            wrapped.append(part)
        return super().inline(tuple(wrapped), lang)

    def nav(self, items: list[NavItem]) -> str:
        return "<p class=nav>" + " · ".join(self.link(i.href, self.esc(i.shown)) for i in items)

    def para(self, inner: str) -> str:
        return f"<p>{inner}"

    def item_body(self, paras: list[str]) -> str:
        return paras[0] + "".join(f"\n<p>{p}" for p in paras[1:])

    def li(self, entry: Entry) -> str:
        html = super().li(entry)
        return html[: -len("</li>")] if entry.kind == "li" else html

    def footnote(self, marker: str, inner: str) -> str:
        return f"<p class=footnote>{marker} {inner}"


class ListInList(Markup):
    """Lists directly inside lists for empty items; <h2>/<h3>; item text in <p>; <div> nav."""

    name = "list-in-list"
    about = "<ol><li>..</li><ol>..</ol></ol> for empty items; <h2>/<h3>; <li><p>"
    empty_style = "list"

    def nav(self, items: list[NavItem]) -> str:
        links = " · ".join(self.link(i.href, self.esc(i.shown)) for i in items)
        return f'<div id="nawigacja">\n{links}\n</div>'

    def law_title(self, text: str) -> str:
        return f"<h2>{self.esc(text)}</h2>"

    def heading(self, text: str) -> str:
        return f"<h3>{self.esc(text)}</h3>"

    def item_body(self, paras: list[str]) -> str:
        return "".join(f"<p>{p}</p>" for p in paras)

    def mark(self, marker: str) -> str:
        return marker

    def footnote(self, marker: str, inner: str) -> str:
        return f'<div class="przypisy"><p><sup>{marker}</sup> {inner}</p></div>'


class NavOutside(Markup):
    """Arrows and EN:/PL: outside the links; nav <table> (pl) or <div> (en), top and bottom."""

    name = "nav-outside"
    about = "'← <a>63</a>', 'EN: <a>Law 64</a>'; nav <table>/<div>, top and bottom; <li value>"
    empty_style = "value"

    def nav(self, items: list[NavItem]) -> str:
        cells = [f"{self.esc(i.prefix)}{self.link(i.href, self.esc(i.text))}" for i in items]
        if items[-1].prefix.startswith("EN"):
            row = "<td>·</td>".join(f"<td>{cell}</td>" for cell in cells)
            return f'<table class="nav" border="0">\n<tr>{row}</tr>\n</table>'
        return '<div class="nav">' + " · ".join(cells) + "</div>"

    def bottom_nav(self, items: list[NavItem]) -> str:
        return "<hr>\n" + self.nav(items)

    def heading(self, text: str) -> str:
        return f'<h2 class="sekcja">{self.esc(text)}</h2>'


class DivHeadings(Markup):
    """Title as <div class>, section headings as <p class>, item paragraphs in <div>."""

    name = "div-headings"
    about = "<div class=tytul> title, <p class=naglowek> sections, <div> text in items"

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        return super().page(lang, title, ['<div id="tresc">', *body, "</div>"], charset)

    def nav(self, items: list[NavItem]) -> str:
        links = " · ".join(self.link(i.href, self.esc(i.shown)) for i in items)
        return f'<div class="menu">{links}</div>'

    def law_title(self, text: str) -> str:
        return f'<div class="tytul">{self.esc(text)}</div>'

    def heading(self, text: str) -> str:
        return f'<p class="naglowek">{self.esc(text)}</p>'

    def para(self, inner: str) -> str:
        return f'<p class="tekst">{inner}</p>'

    def item_body(self, paras: list[str]) -> str:
        return paras[0] if len(paras) == 1 else "".join(f"<div>{p}</div>" for p in paras)

    def footnote(self, marker: str, inner: str) -> str:
        return f'<div class="przypis">{marker} {inner}</div>'


class BoldHeadings(Markup):
    """Headings as bold paragraphs (<p><b>, <p><strong>), <br><br> inside items, <em>."""

    name = "bold-headings"
    about = "<p><b><big> title, <p><strong> sections, <br><br> inside items, list in list"
    empty_style = "list"

    def nav(self, items: list[NavItem]) -> str:
        links = " · ".join(self.link(i.href, self.esc(i.shown)) for i in items)
        return f"<p><small>{links}</small></p>"

    def law_title(self, text: str) -> str:
        return f'<p align="center"><b><big>{self.esc(text)}</big></b></p>'

    def heading(self, text: str) -> str:
        return f"<p><strong>{self.esc(text)}</strong></p>"

    def inline(self, para: Para, lang: str) -> str:
        return super().inline(para, lang).replace("<i>", "<em>").replace("</i>", "</em>")

    def item_body(self, paras: list[str]) -> str:
        return "<br><br>".join(paras)

    def mark(self, marker: str) -> str:
        return marker

    def footnote(self, marker: str, inner: str) -> str:
        rule = "<hr>\n" if marker == "*" else ""
        return f"{rule}<p><small>{marker} {inner}</small></p>"
