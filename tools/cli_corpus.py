"""`bridgelaw scrape` and `bridgelaw show`."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from tools.config import Config


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
    scrape.add_argument("--start-2017", metavar="URL", help="2017 start page (contents or a law)")
    scrape.add_argument("--start-1997", metavar="URL", help="the 1997 chapter page")
    scrape.add_argument(
        "--verify", action="store_true", help="run the nothing-lost check and print it per page"
    )
    scrape.add_argument("--strict", action="store_true", help="fail on unreadable sources")
    scrape.set_defaults(func=run_scrape, online=False)

    show = subparsers.add_parser("show", help="print one law or one unit of it")
    show.add_argument(
        "citation", nargs="+",
        help='e.g. 64, 64B3, L50D2a, "przepis 50D2", "Law 64C", 71.1, "Law 71 item 1"'
    )
    show.add_argument("--lang", choices=("pl", "en"), default="pl")
    show.add_argument(
        "--edition", type=int, choices=(1997, 2017), help="2017 (in force) unless 1997 is asked"
    )
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(func=run_show)


def run_scrape(args: argparse.Namespace) -> int:
    """Scrape, write the model and content, and optionally print the nothing-lost table."""
    from tools.scrape import check_strict, scrape_corpus, summary, write_outputs
    from tools.verify import format_checks, verify_nothing_lost

    config = replace(Config(), offline=not args.online, strict=args.strict)
    if args.start_2017 is not None:
        config = replace(config, start_2017=args.start_2017)
    if args.start_1997 is not None:
        config = replace(config, start_1997=args.start_1997)
    result = scrape_corpus(config, args.source)
    if config.strict:
        check_strict(result.corpus)
    write_outputs(result, config)
    print(summary(result.corpus))
    print(
        f"model: {config.model_file}\nreport: {config.report_file}\ncontent: {config.content_dir}"
    )
    if not args.verify:
        return 0
    checks = [check for page in result.pages for check in verify_nothing_lost(page.text, page.laws)]
    print(format_checks(checks))
    return 1 if any(check.missing for check in checks) else 0


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

    config = Config()
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
