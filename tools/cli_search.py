"""`bridgelaw search`: ranked hits or a citation jump, as text or JSON."""

from __future__ import annotations

import argparse

from tools.model import LANGS


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the search subcommand."""
    parser = subparsers.add_parser(
        "search", help="search the laws (words in any case, with or without diacritics, or 64B3)"
    )
    parser.add_argument("query", nargs="+", help="words to find, or a citation such as 64B3")
    parser.add_argument("--lang", choices=LANGS, help="only hits in this language")
    parser.add_argument("--edition", type=int, choices=(1997, 2017), help="only this edition")
    parser.add_argument("--limit", type=int, default=10, help="at most this many hits (10)")
    parser.add_argument("--json", action="store_true", help="print a JSON document")
    parser.add_argument("--build-dir", help="read the index from this build folder (build/)")
    parser.set_defaults(func=run_search)


def _plain(snippet: str, bold: bool) -> str:
    """The HTML snippet as terminal text: matches bold on a terminal, *starred* otherwise."""
    import html

    on, off = ("\033[1m", "\033[0m") if bold else ("*", "*")
    return html.unescape(snippet.replace("<mark>", on).replace("</mark>", off))


def run_search(args: argparse.Namespace) -> int:
    """Run one search and print the result; a query that finds nothing exits with status 1."""
    import sys

    from tools.config import Config
    from tools.errors import BadInput
    from tools.search.engine import search

    if args.limit < 1:
        raise BadInput(f"--limit must be at least 1, not {args.limit}")
    config = Config()
    if args.build_dir:
        from dataclasses import replace
        from pathlib import Path

        config = replace(config, build_dir=Path(args.build_dir))
    result = search(
        " ".join(args.query), config, lang=args.lang, edition=args.edition, limit=args.limit
    )
    if args.json:
        print(result.to_json())
        return 0 if result.hits else 1
    bold = sys.stdout.isatty()
    if result.message:
        print(result.message, file=sys.stderr)
    shown_lead = ""
    for rank, hit in enumerate(result.hits, 1):
        where = f"{hit.edition or ''} {hit.lang}".strip()
        if hit.superseded:
            where += ", superseded" if hit.lang == "en" else ", nieobowiązujące"
        print(f"{rank:2}. {hit.id}  [{where}]  {hit.title}")
        # what the clause completes, before its own words: once for the clauses listed one
        # after another under it (50D2a, 50D2b)
        if hit.lead and hit.lead != shown_lead:
            print(f"    {hit.lead}")
        shown_lead = hit.lead
        if hit.snippet:
            print(f"    {_plain(hit.snippet, bold)}")
        print(f"    {hit.url or '(no page in this build)'}")
    return 0 if result.hits else 1
