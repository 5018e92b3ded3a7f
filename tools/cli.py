"""The `bridgelaw` command: one subcommand per job, each registered by a small module."""

from __future__ import annotations

import argparse
import importlib
import sys

from tools.errors import BridgelawError

# Each module defines register(subparsers) and keeps its heavy imports inside the handlers,
# so `bridgelaw search` starts fast in a cold process.
COMMAND_MODULES = (
    "tools.cli_corpus",  # scrape, show
    "tools.cli_search",  # search
    "assistant.cli",  # rule, lookup
    "tools.cli_build",  # build, serve
    "tools.cli_translation",  # check-translation
)


def make_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="bridgelaw", description="Bilingual reference to the Laws of Duplicate Bridge."
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; errors the tool expects become one clear line and exit status 1."""
    args = make_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BridgelawError as error:
        print(f"bridgelaw: error: {error}", file=sys.stderr)
        return getattr(error, "exit_status", 1)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
