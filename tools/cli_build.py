"""`bridgelaw build` and `bridgelaw serve`."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from tools.config import Config


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the build and serve subcommands."""
    build = subparsers.add_parser("build", help="run every stage and build the site into site/")
    mode = build.add_mutually_exclusive_group()
    mode.add_argument(
        "--offline", dest="online", action="store_false", help="snapshot and cache only (default)"
    )
    mode.add_argument("--online", dest="online", action="store_true", help="fetch the live pages")
    build.add_argument("--strict", action="store_true", help="fail on any error")
    build.add_argument("--serve", action="store_true", help="serve site/ on localhost afterwards")
    build.add_argument("--port", type=int, default=8000)
    build.add_argument("--quiet", action="store_true", help="(with --serve) no request log")
    build.set_defaults(func=run_build, online=False)

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

    config = replace(Config(), offline=not args.online, strict=args.strict)
    report = build(config)
    print(report.summary())
    for line in lines(report.errors):  # warnings: counted above, listed in the report file
        print(f"bridgelaw: {line}", file=sys.stderr)
    print(f"report: {config.report_file}\nsite built in {config.site_dir}")
    if args.serve:
        return run_serve(args)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """Serve site/ on 127.0.0.1 until interrupted, as a static host would (tools/site/serve.py)."""
    from tools.site.serve import make_server

    site_dir = getattr(args, "site", None) or Config().site_dir
    if not (site_dir / "index.html").exists():
        from tools.errors import BridgelawError

        raise BridgelawError(f"{site_dir}: no built site here; run `bridgelaw build` first")
    with make_server(site_dir, args.port, quiet=args.quiet) as server:
        print(f"serving {site_dir} at http://127.0.0.1:{server.server_address[1]}/ "
              "(gzip, cache headers, 404 page; Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
