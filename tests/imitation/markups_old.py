"""2017 variants of older or noisier sites: 1990s HTML, scripts everywhere, XHTML with
entities."""

from __future__ import annotations

from .content import Para
from .markup import COMMENT, Entry, Markup
from .nav import NavItem

NAMED = {"←": "&larr;", "→": "&rarr;", "·": "&middot;", "ó": "&oacute;", "Ó": "&Oacute;",
         "–": "&ndash;", "’": "&rsquo;"}


class OldStyle(Markup):
    """1990s markup: UPPERCASE, unquoted attributes, <FONT>, <CENTER>, <BR> lines, CRLF."""

    name = "old-style"
    about = "<FONT>, <CENTER>, <BR> lines, UPPERCASE tags, unquoted attributes, CRLF"
    newline = "\r\n"

    def meta(self, charset: str) -> str:
        return f'<META HTTP-EQUIV=Content-Type CONTENT="text/html; charset={charset}">'

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        meta = [self.meta(charset)] if charset else []
        lines = ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">', "<HTML>",
                 "<HEAD>", *meta, f"<TITLE>{self.esc(title)}</TITLE>", "</HEAD>",
                 "<BODY BGCOLOR=#FFFFFF TEXT=#000000 LINK=#0000CC>", COMMENT,
                 "<TABLE WIDTH=640 BORDER=0 CELLPADDING=4><TR><TD>",
                 '<FONT FACE="Arial CE" SIZE=2>', *body, "</FONT>", "</TD></TR></TABLE>",
                 "</BODY>", "</HTML>", ""]
        return self.finish("\n".join(lines))

    def link(self, href: str, text: str) -> str:
        return f"<A HREF={href}>{text}</A>"

    def inline(self, para: Para, lang: str) -> str:
        return super().inline(para, lang).replace("<i>", "<I>").replace("</i>", "</I>")

    def mark(self, marker: str) -> str:
        return marker

    def nav(self, items: list[NavItem]) -> str:
        links = " &middot; ".join(self.link(i.href, self.esc(i.shown)) for i in items)
        return f"<CENTER><FONT SIZE=1>{links}</FONT></CENTER><BR>"

    def law_title(self, text: str) -> str:
        return f"<CENTER><FONT SIZE=+2><B>{self.esc(text)}</B></FONT></CENTER><BR>"

    def heading(self, text: str) -> str:
        return f"<BR><FONT SIZE=+1><B>{self.esc(text)}</B></FONT><BR>"

    def para(self, inner: str) -> str:
        return f"{inner}<BR><BR>"

    def item_body(self, paras: list[str]) -> str:
        return "<BR><BR>".join(paras)

    def ol(self, entries: list[Entry], start: int | None = None) -> str:
        attrs = f" START={start}" if start else ""
        return f"<OL{attrs}>\n" + "\n".join(self.li(e) for e in entries) + "\n</OL>"

    def li(self, entry: Entry) -> str:
        if entry.kind != "li":
            return entry.html
        attrs = f" VALUE={entry.value}" if entry.value else ""
        attrs += " STYLE=list-style-type:none" if entry.hidden else ""
        return f"<LI{attrs}>{entry.html}"

    def footnote(self, marker: str, inner: str) -> str:
        return f"<BR><FONT SIZE=1>{marker} {inner}</FONT><BR>"


class Scripted(Markup):
    """Scripts, styles, handlers, javascript: links, document.write and <noscript>."""

    name = "scripted"
    about = "<script>, <style>, onclick=, javascript: links, document.write, <noscript>"
    chrome = ("drukuj", "wstecz", "print", "back")

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        head = ['<script type="text/javascript">',
                'var opis = "JS-ONLY Tekst zastępczy 1A (SYNTHETIC): zażółć gęślą jaźń.";',
                "function pokaz(id) { document.getElementById(id).style.display = 'block'; }",
                "</script>",
                "<style>/* CSS-ONLY */ .nav { font-size: 80% } "
                'h2:before { content: "CSS-ONLY " } li:hover { color: #c00 }</style>']
        tail = ['<script type="text/javascript">', "<!--",
                'document.write("<p>JS-ONLY Placeholder text 1A (SYNTHETIC).</p>");',
                "//-->", "</script>"]
        text = super().page(lang, title, [*body, *tail], charset)
        text = text.replace("</title>", "</title>\n" + "\n".join(head), 1)
        return text.replace("<body>", "<body onload=\"pokaz('JS-ONLY')\">", 1)

    def link(self, href: str, text: str) -> str:
        if href.startswith(("p", "l")) and "/" not in href and text[:1].isdigit():
            return (f"<a href=\"javascript:otworz('{href}')\" "
                    f"onclick=\"return otworz('{href}')\">{text}</a>")
        return super().link(href, text)

    def nav(self, items: list[NavItem]) -> str:
        links = [self.link(i.href, self.esc(i.shown)) for i in items]
        return '<p class="nav" onmouseover="pokaz(\'JS-ONLY\')">' + " · ".join(links) + "</p>"

    def bottom_nav(self, items: list[NavItem]) -> str:
        words = ("drukuj", "wstecz") if items[-1].prefix.startswith("EN") else ("print", "back")
        return (f'<p class="narzedzia"><a href="javascript:window.print()">{words[0]}</a> | '
                f'<a href="#" onclick="history.back(); return false;">{words[1]}</a></p>')

    def heading(self, text: str) -> str:
        return f"<h2 onclick=\"pokaz('JS-ONLY')\">{self.esc(text)}</h2>"

    def li(self, entry: Entry) -> str:
        html = super().li(entry)
        if entry.kind == "li":
            html = html.replace("<li", "<li onmouseover=\"this.title='JS-ONLY'\"", 1)
        return html

    def between(self) -> str:
        return ("<script>document.write('<p>JS-ONLY dopisany akapit</p>');</script>\n"
                "<noscript><p>NOSCRIPT-ONLY: włącz JavaScript</p></noscript>")


class Xhtml(Markup):
    """XHTML 1.0 with <?xml encoding?>, named entities, a <ul> nav, footnote marks as links."""

    name = "xhtml-entities"
    about = "XHTML 1.0, <?xml encoding?>, &oacute;/&larr; entities, nav <ul>, <h2>/<h3>"
    empty_style = "value"

    def meta(self, charset: str) -> str:
        return f'<meta http-equiv="Content-Type" content="text/html; charset={charset}" />'

    def page(self, lang: str, title: str, body: list[str], charset: str | None) -> str:
        xml = [f'<?xml version="1.0" encoding="{charset}"?>'] if charset else []
        meta = [self.meta(charset)] if charset else []
        lines = [*xml, '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
                 '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
                 f'<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="{lang}" lang="{lang}">',
                 "<head>", *meta, f"<title>{self.esc(title)}</title>", "</head>", "<body>",
                 COMMENT, *body, "</body>", "</html>", ""]
        return self.finish("\n".join(lines))

    def finish(self, text: str) -> str:
        for char, name in NAMED.items():
            text = text.replace(char, name)
        return text

    def nav(self, items: list[NavItem]) -> str:
        last = len(items) - 1
        lis = [f'<li>{self.link(i.href, self.esc(i.shown))}{" ·" if n < last else ""}</li>'
               for n, i in enumerate(items)]
        return '<ul class="nav">\n' + "\n".join(lis) + "\n</ul>"

    def law_title(self, text: str) -> str:
        return f"<h2>{self.esc(text)}</h2>"

    def heading(self, text: str) -> str:
        return f"<h3>{self.esc(text)}</h3>"

    def mark(self, marker: str) -> str:
        return f'<a href="#fn{len(marker)}"><sup>{marker}</sup></a>'

    def item_body(self, paras: list[str]) -> str:
        return "".join(f"<p>{p}</p>" for p in paras)

    def footnote(self, marker: str, inner: str) -> str:
        n = len(marker)
        return f'<p class="footnote"><a id="fn{n}" name="fn{n}">{marker}</a> {inner}</p>'
