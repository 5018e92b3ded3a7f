"""The 1997 pages: the Polish Chapter VI page (explicit labels, "wesja angielska" links, glued
titles, "zasłony" links) and the English latex2html per-law pages, in three variants."""

from __future__ import annotations

import html
from dataclasses import dataclass

from .charsets import Charset
from .content import SYNTHETIC, Emph, LawDoc, Link, Mark, Node, Para, walk
from .laws import LAWS_1997, part_1997, title_1997
from .markup import COMMENT

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")
CHAPTER_PL = f"ROZGRYWKA ZASTĘPCZA ({SYNTHETIC})"
LAST_MODIFIED_EN = "Mon Oct 13 17:31:09 1997"
FOOTER_PL = ("poprzedni", "do góry", "następny", "ostatnia modyfikacja")


@dataclass(frozen=True)
class Variant97:
    """How one imitation renders and serves its 1997 pages."""

    name: str
    pl_charset: Charset
    en_charset: Charset
    titles: str  # Polish law titles: "heading", "glued" or "bold"
    en_style: str  # English units: "ul-lines", "dl" or "ul-br"
    flags: bool  # "wesja angielska/polska" as flag images (alt text) instead of text links
    redirect: bool  # every /laws/ page answers 301 to the same path on another host


VARIANTS_1997 = {
    "plain": Variant97("plain", Charset("cp1250-both", "windows-1250", "windows-1250",
                                        "windows-1250"),
                       Charset("latin1-header", "iso-8859-1", header="ISO-8859-1"),
                       "heading", "ul-lines", flags=False, redirect=False),
    "glued": Variant97("glued", Charset("iso2-none", "iso-8859-2"),
                       Charset("latin1-meta", "iso-8859-1", meta="iso-8859-1"),
                       "glued", "dl", flags=True, redirect=False),
    "redirect": Variant97("redirect", Charset("wrong-header-iso2-on-cp1250", "windows-1250",
                                              header="iso-8859-2", meta="windows-1250"),
                          Charset("none", "iso-8859-1"), "bold", "ul-br", flags=True,
                          redirect=True),
}


def esc(text: str) -> str:
    """Text escaped for HTML."""
    return html.escape(text, quote=False)


def inline(para: Para, href: str) -> str:
    """Inline HTML of a paragraph; citation links point at `href` % law number."""
    out = []
    for part in para:
        if isinstance(part, Link):
            out.append(f"<A HREF={href % part.law}>{esc(part.text)}</A>")
        elif isinstance(part, Emph):
            out.append(f"<I>{esc(part.text)}</I>")
        elif isinstance(part, Mark):
            out.append(part.text)
        else:
            out.append(esc(part))
    return "".join(out)


def _label(node: Node, lang: str) -> str:
    if node.level == 3:
        return f"{node.label})" if lang == "pl" else f"({node.label})"
    return f"{node.label}."


def _flag(href: str, words: str, variant: Variant97, up: str = "", number: int = 0) -> str:
    if variant.flags and number % 2 == 0:  # flag images on some links, text on the others
        return (f'<A HREF={href}><IMG SRC={up}gif/flaga.gif ALT="{words}" BORDER=0 '
                "WIDTH=20 HEIGHT=12></A>")
    return f"<A HREF={href}>{words}</A>"


def part_line(index: int) -> str:
    """The Polish part heading of Chapter VI."""
    return f"Część {ROMAN[index]} - Część zastępcza {index + 1} ({SYNTHETIC})"


def chapter_pl(docs: dict[int, LawDoc], variant: Variant97, english: str) -> str:
    """The Polish Chapter VI page; `english` % n is the address of law n's English page."""
    out = ["<H2>Rozdział VI</H2>",
           f"<H2>{esc(CHAPTER_PL)} {_flag('node9/node9.htm', 'wesja angielska', variant)}</H2>"]
    part = -1
    for number in sorted(docs):
        doc = docs[number]
        if part_1997(number) != part:
            part = part_1997(number)
            if variant.titles == "glued" and out[-1].endswith("<BR>"):
                out[-1] = out[-1].removesuffix("<BR>") + f"<B>{esc(part_line(part))}</B><BR><BR>"
            else:
                out.append(f"<H3>{esc(part_line(part))}</H3>")
        flag = _flag(english % number, "wesja angielska", variant, number=number)
        head = f"{number}. {esc(doc.printed_title)}"
        if variant.titles == "heading":
            out.append(f"<A NAME={number}></A><H3>{head} {flag}</H3>")
        elif variant.titles == "bold":
            out.append(f"<P><A NAME={number}></A><B><FONT SIZE=+1>{head}</FONT></B> {flag}</P>")
        elif out[-1].endswith("<BR>") and not out[-1].endswith("<BR><BR>"):
            # glued to the end of the previous text, as the seed capture shows
            out[-1] = out[-1].removesuffix("<BR>") + f"<A NAME={number}></A><B>{head}</B> {flag}"
            out.append("<BR><BR>")
        else:
            out.append(f"<A NAME={number}></A><B>{head}</B> {flag}<BR><BR>")
        out += [f"<P>{inline(p, '#%d')}</P>" for p in doc.intro]
        out += _units_pl(doc.units, variant)
        out += [f"<P>{inline(p, '#%d')}</P>" for p in doc.notes]
    out += ["<HR>", "<P>poprzedni <A HREF=nota8.htm>Rozdział V - ZASTĘPCZY</A> "
            "<A HREF=#top>do góry</A> następny <A HREF=nota10.htm>Rozdział VII - ZASTĘPCZY</A>",
            "<P>ostatnia modyfikacja: 6 grudnia 2001"]
    return _document("pl", "Rozdział VI", out, variant.pl_charset)


def _units_pl(nodes: list[Node], variant: Variant97) -> list[str]:
    out = []
    for node in walk(nodes):
        text = inline(node.paras[0], "#%d") if node.paras else ""
        if node.screens:
            shown = ('<IMG SRC=gif/zaslony.gif ALT="zasłony" BORDER=0>' if variant.flags
                     else "zasłony")
            text += f"<A HREF=zaslony.htm#{node.id}>{shown}</A>"
        label = _label(node, "pl")
        if node.title and text:
            lines = [f"{label} {esc(node.title)}", f"- {text}"]
        else:
            lines = [f"{label} {esc(node.title) if node.title else text}"]
        if variant.titles == "bold":
            out.append("<DL><DT>" + lines[0] + ("<DD>" + lines[1] if len(lines) > 1 else "")
                       + "</DL>")
        elif variant.titles == "glued":
            out += [line + "<BR>" for line in lines]
        else:
            out.append("<P>" + "<BR>\n".join(lines) + "</P>")
    return out


def _document(lang: str, title: str, body: list[str], charset: Charset) -> str:
    meta = ([f'<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset={charset.meta}">']
            if charset.meta else [])
    return "\n".join(['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', COMMENT,
                      "<HTML>", "<HEAD>", f"<TITLE>{esc(title)}</TITLE>", *meta, "</HEAD>",
                      f'<BODY BGCOLOR="#FFFFFF" LANG="{lang}">', *body, "</BODY>", "</HTML>",
                      ""])


def _neighbour(number: int) -> tuple[str, str]:
    folder = "" if number in LAWS_1997 else ("../node8/" if number < 41 else "../node10/")
    return f"{folder}law{number}.htm", f"Law {number} - {esc(title_1997(number, 'en'))}"


def chrome_en(number: int) -> tuple[str, ...]:
    """The chrome of an English 1997 page: navigation, breadcrumbs, footer, flag."""
    part = ROMAN[part_1997(number)]
    return ("wesja polska", "Next:", "Previous:", "Up:", "Last modified", LAST_MODIFIED_EN,
            "CHAPTER VI", "The Play", f"PART {part}", f"LAW {number}", "Section line",
            "GROUP OF LAWS")


def law_en(doc: LawDoc, variant: Variant97, polish: str) -> str:
    """One English 1997 law page in the latex2html layout."""
    number = doc.number
    (next_href, next_text), (prev_href, prev_text) = _neighbour(number + 1), _neighbour(number - 1)
    part = [p for p in chrome_en(number) if p.startswith("PART ")][0]
    flag = _flag(polish, "wesja polska", variant, up="../", number=number)
    panel = [f'<A NAME="tex2html1" HREF={next_href}><IMG ALT="next" SRC="next_motif.gif"></A> '
             '<A HREF="node9.htm"><IMG ALT="up" SRC="up_motif.gif"></A> '
             f'<A HREF={prev_href}><IMG ALT="previous" SRC="previous_motif.gif"></A> {flag}<BR>',
             f"<B> Next:</B> <A HREF={next_href}>{next_text}</A>",
             '<B>Up:</B> <A HREF="node9.htm">CHAPTER VI</A>',
             f"<B> Previous:</B> <A HREF={prev_href}>{prev_text}</A>", "<BR><HR><P>"]
    crumbs = ["CHAPTER VI", "The Play", part, f"Section line ({SYNTHETIC})",
              f"GROUP OF LAWS ({SYNTHETIC})"]
    body = panel if variant.en_style != "dl" else [flag, panel[-1]]
    if variant.en_style == "ul-lines":
        body += [f"<H{min(i + 1, 3)}>{esc(c)}</H{min(i + 1, 3)}>" for i, c in enumerate(crumbs)]
        body += [f'<H2><A NAME="SECTION{number}">LAW {number}</A></H2>',
                 f"<H2>{esc(doc.printed_title)}</H2>"]
    else:
        body.append("<P>" + "<BR>\n".join(esc(c) for c in crumbs) + "</P>")
        body.append(f"<H3>LAW {number}<BR>\n{esc(doc.printed_title)}</H3>")
    body += [f"<P>{inline(p, 'law%d.htm')}" for p in doc.intro]
    body += _units_en(doc.units, variant.en_style)
    body += [f"<P>{inline(p, 'law%d.htm')}" for p in doc.notes]
    body += ["<P><BR><HR>", f"<B> Next:</B> <A HREF={next_href}>{next_text}</A>",
             f"<B> Previous:</B> <A HREF={prev_href}>{prev_text}</A>",
             f"<P><ADDRESS>Last modified: {LAST_MODIFIED_EN}</ADDRESS>"]
    title = f"LAW {number} - {doc.printed_title}"
    return _document("en", title, body, variant.en_charset).replace(
        COMMENT, COMMENT + "\n<!--Converted with LaTeX2HTML 96.1 (Feb 5, 1996) by Nikos Drakos-->")


def _units_en(nodes: list[Node], style: str) -> list[str]:
    if not nodes:
        return []
    out = ["<DL>" if style == "dl" else "<UL>"]
    for node in nodes:
        label = _label(node, "en")
        text = inline(node.paras[0], "law%d.htm") if node.paras else ""
        if style == "dl":
            out.append(f"<DT><STRONG>{label}</STRONG> {esc(node.title) if node.title else text}")
            if node.title and text:
                out.append(f"<DD>{text}")
        elif style == "ul-lines":
            out.append(f"<LI>{label} {esc(node.title) if node.title else text}")
            if node.title and text:
                out.append(f"<LI>{text}")
        else:
            head = f"<B>{label} {esc(node.title)}</B>" if node.title else f"{label} {text}"
            out.append(f"<LI>{head}" + (f"<BR>\n{text}" if node.title and text else ""))
        out += _units_en(node.children, style)
    out.append("</DL>" if style == "dl" else "</UL>")
    return out
