"""`bridgelaw scrape` and `bridgelaw show`."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from tools.config import Config
from tools.model import LANGS
from tools.reference import load_reference


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the scrape and show subcommands."""
    scrape = subparsers.add_parser(
        "scrape", help="build the law model and content/ from the sources"
    )
    mode = scrape.add_mutually_exclusive_group()
    mode.add_argument(
        "--offline", dest="online", action="store_false", help="snapshot and cache only (default)"
    )
    mode.add_argument(
        "--online", dest="online", action="store_true", help="fetch the live PZBS pages"
    )
    scrape.add_argument(
        "--source",
        type=Path,
        help="a snapshot folder with manifest.json (default: the bundled one)",
    )
    add_source_arguments(scrape)
    scrape.add_argument(
        "--verify", action="store_true", help="run the nothing-lost check and print it per page"
    )
    scrape.add_argument("--strict", action="store_true", help="fail on unreadable sources")
    scrape.add_argument("--check", action="store_true",
                        help="scrape and print, per page, units against the outline, words "
                             "lost, chrome, charset and problems; publish nothing")
    scrape.add_argument("--save-pages", type=Path, metavar="DIR",
                        help="keep the raw pages fetched under DIR/<host>/<path>")
    scrape.set_defaults(func=run_scrape, online=False)

    show = subparsers.add_parser("show", help="print one law or one unit of it")
    show.add_argument(
        "citation", nargs="+",
        help='e.g. 64, 64B3, L50D2a, "przepis 50D2", "Law 64C", 71.1, "Law 71 item 1"'
    )
    show.add_argument("--lang", choices=LANGS, default="pl")
    show.add_argument(
        "--edition", type=int, choices=(1997, 2017), help="2017 (in force) unless 1997 is asked"
    )
    show.add_argument("--json", action="store_true", help="print JSON")
    show.add_argument("--build-dir", type=Path,
                      help="read the model from this build folder (build/)")
    show.set_defaults(func=run_show)


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """The options saying where the live pages are and how to fetch them (scrape, build)."""
    from tools.sources.adapters import SITES

    parser.add_argument("--start", action="append", default=[], metavar="NAME=URL",
                        help="where the walk of one source site starts (repeatable; an empty "
                             "URL leaves the site out); NAME: " + ", ".join(
                                 f"{site.name} (default {site.start})" for site in SITES))
    parser.add_argument("--delay", type=float, metavar="SECONDS",
                        help="seconds between two requests to one host (default 1)")
    parser.add_argument("--cache", type=Path, metavar="DIR",
                        help="the fetch cache folder (default .cache/http)")
    parser.add_argument("--contact", metavar="URL",
                        help="your URL or mailto: for the User-Agent, so the sites' operators "
                             "can reach you")


def with_source_arguments(config: Config, args: argparse.Namespace) -> Config:
    """`config` with the source options given on the command line (add_source_arguments)."""
    from tools.sources.adapters import read_starts

    fetch = {key: value for key, value in (("contact", args.contact), ("cache_dir", args.cache),
                                           ("min_interval", args.delay)) if value is not None}
    return replace(config.starting(read_starts(args.start)),
                   fetch=replace(config.fetch, **fetch))


def run_scrape(args: argparse.Namespace) -> int:
    """The pipeline through its render stage (through its scrape stage with --check, which
    publishes nothing); optionally the pages fetched and the nothing-lost table."""
    from tools.build import build
    from tools.normalize.verify import format_checks, verify_nothing_lost
    from tools.pipeline import BuildState, run_stages, stages_through
    from tools.scrape import summary

    config = with_source_arguments(
        replace(Config(), offline=not args.online, strict=args.strict), args)
    if args.source:
        config = replace(config, snapshot_dir=args.source)
    if args.check:
        state = BuildState(config, load_reference(config))
        report = run_stages(state, stages_through("scrape"))
    else:
        report, state = build(config, until="render")
    result = state.scraped
    assert result is not None  # the scrape stage ran
    if args.save_pages:
        from tools.write import write_tree_bytes

        saved = write_tree_bytes(args.save_pages, saved_pages(result.crawled))
        print(f"pages saved: {len(saved)} under {args.save_pages}")
    checks = [check for page in result.pages for check in verify_nothing_lost(page.text, page.laws)
              ] if args.verify else []
    lost = any(check.missing for check in checks)
    if args.check:
        from tools.sources.guard import format_reports

        print(format_reports(result.reports) if result.reports else
              "no page was fetched (offline with an empty cache?)")
    print(summary(result.corpus))
    print(report.summary())
    if args.check:
        if args.verify:
            print(format_checks(checks))
        print("nothing was published: run without --check to write the model and content")
        return 1 if lost or any(not report.accepted for report in result.reports) else 0
    print(
        f"model: {config.model_file}\nreport: {config.report_file}\ncontent: {config.content_dir}"
    )
    if args.verify:
        print(format_checks(checks))
    return 1 if lost else 0


def saved_pages(pages: list) -> dict[str, bytes]:
    """Raw fetched pages by relative path <host>/<path> (the query string kept in the name)."""
    from urllib.parse import urlsplit

    files: dict[str, bytes] = {}
    for page in pages:
        parts = urlsplit(page.url)
        path = parts.path.lstrip("/") or "index.html"
        name = f"{parts.netloc.replace(':', '_')}/{path}"
        files[name + (f"?{parts.query}" if parts.query else "")] = page.body
    return files


def run_show(args: argparse.Namespace) -> int:
    """Print the unit a citation names (2017 unless --edition says otherwise); for a 2017 id
    whose text is not in the build, its official title, source page and 1997 counterpart; an
    id that names nothing: the nearest ids and exit status 2."""
    from tools.show import (
        Missing,
        ShowError,
        find_citation,
        missing_json,
        missing_text,
        unit_json,
        unit_text,
    )

    config = replace(Config(), build_dir=args.build_dir) if args.build_dir else Config()
    query = " ".join(args.citation)
    try:
        found = find_citation(config, query, lang=args.lang, edition=args.edition)
    except ShowError as error:
        print(f"bridgelaw show: {error}", file=sys.stderr)
        return 2
    if isinstance(found, Missing):
        data, text = missing_json(found), missing_text(found)
    else:
        data, text = unit_json(found, config), unit_text(found, config, args.lang)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(text, end="")
    return 0
