"""`bridgelaw build` and `bridgelaw serve`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

from tools.cli_corpus import add_source_arguments, with_source_arguments
from tools.config import Config
from tools.errors import BridgelawError
from tools.pipeline import STAGE_NAMES
from tools.sources.live import MODES, choose_sources


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the build and serve subcommands."""
    build = subparsers.add_parser("build", help="run every stage and build the site into site/")
    mode = build.add_mutually_exclusive_group()
    mode.add_argument("--sources", choices=MODES,
                      help="auto (default, or $BRIDGELAW_SOURCES): the live pages at most once a "
                           "day when they answer, else the snapshot and the cache")
    mode.add_argument("--offline", dest="sources", action="store_const", const="offline",
                      help="the bundled snapshot and the fetch cache only, no request")
    mode.add_argument("--online", dest="sources", action="store_const", const="online",
                      help="read the live pages now, even if they were read today")
    add_source_arguments(build)
    build.add_argument("--out", type=Path, metavar="DIR",
                       help="write build/, content/ and site/ under DIR (default: the project)")
    build.add_argument("--strict", action="store_true", help="fail on any error")
    build.add_argument("--until", choices=STAGE_NAMES, metavar="STAGE",
                       help="stop after this stage of the pipeline: "
                            f"{', '.join(STAGE_NAMES)} (default: all of them)")
    build.add_argument("--serve", action="store_true", help="serve site/ on localhost afterwards")
    build.add_argument("--port", type=int, default=8000)
    build.add_argument("--quiet", action="store_true", help="(with --serve) no request log")
    build.set_defaults(func=run_build, sources=None)

    serve = subparsers.add_parser("serve", help="serve the built site/ on localhost")
    serve.add_argument("--port", type=int, default=8000, help="0: any free port")
    serve.add_argument("--quiet", action="store_true", help="no log line per request")
    serve.add_argument("--site", type=Path, default=None,
                       help="the built site to serve (default: site/ of the project)")
    serve.set_defaults(func=run_serve)


def run_build(args: argparse.Namespace) -> int:
    """Build everything; optionally serve the result."""
    from tools.build import build
    from tools.report import lines

    partial = args.until not in (None, STAGE_NAMES[-1])
    if args.serve and partial:
        raise BridgelawError(f"--serve needs the site: --until {args.until} stops before it")
    config = Config.at(args.out) if args.out else Config()
    if args.out:
        home_pages(Config().content_dir, config.content_dir)
    if args.out and args.cache is None:
        config = replace(config, fetch=replace(config.fetch,
                                               cache_dir=args.out / ".cache" / "http"))
    config = with_source_arguments(replace(config, strict=args.strict), args)
    mode = args.sources or os.environ.get("BRIDGELAW_SOURCES") or "auto"
    if mode not in MODES:
        raise BridgelawError(f"BRIDGELAW_SOURCES={mode!r}: use one of {', '.join(MODES)}")
    choice = choose_sources(config, mode)
    print(f"sources: {choice.reason}", flush=True)
    report, _ = build(choice.config, until=args.until)
    print(report.summary())
    print(sources_line(choice.config.report_file))
    for line in lines(report.errors):  # warnings: counted above, listed in the report file
        print(f"bridgelaw: {line}", file=sys.stderr)
    print(f"report: {config.report_file}")
    if partial:
        print(f"stopped after the {args.until} stage, as asked")
        return 0
    print(f"site built in {config.site_dir}")
    if args.serve:
        args.site = config.site_dir
        return run_serve(args)
    return 0


def home_pages(project: Path, content: Path) -> None:
    """The hand-written home pages of the project, copied into another content folder that
    lacks them (a build with --out)."""
    import shutil

    for page in sorted(project.glob("*/index.md")):
        target = content / page.parent.name / "index.md"
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, target)


def sources_line(report_file: Path) -> str:
    """The report's line on where the laws came from."""
    from tools.scrape import sources_text

    try:
        return sources_text(json.loads(report_file.read_text(encoding="utf-8"))["sources"])
    except (OSError, ValueError, KeyError) as error:
        return f"sources: not in {report_file} ({error})"


def run_serve(args: argparse.Namespace) -> int:
    """Serve site/ on 127.0.0.1 until interrupted, as a static host would (tools/site/serve.py)."""
    from tools.site.serve import make_server

    site_dir = getattr(args, "site", None) or Config().site_dir
    if not (site_dir / "index.html").exists():
        raise BridgelawError(f"{site_dir}: no built site here; run `bridgelaw build` first")
    with make_server(site_dir, args.port, quiet=args.quiet) as server:
        print(f"serving {site_dir} at http://127.0.0.1:{server.server_address[1]}/ "
              "(gzip, cache headers, 404 page; Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
