"""The `bridgelaw` command: one subcommand per job, each registered by a small module."""

from __future__ import annotations

import argparse
import importlib
import sys

from tools.errors import BridgelawError
from tools.plugins import COMMAND_GROUP, plugins

# Each module defines register(subparsers) and keeps its heavy imports inside the handlers,
# so `bridgelaw search` starts fast in a cold process.
COMMAND_MODULES = (
    "tools.cli_corpus",  # scrape, show
    "tools.cli_search",  # search
    "tools.cli_build",  # build, serve
    "tools.cli_translation",  # check-translation
)


def make_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with the subcommands `argv` may name: tools/' own, and the plugins'
    (COMMAND_GROUP, e.g. the assistant's rule and lookup) unless argv names one of tools/'."""
    parser = argparse.ArgumentParser(
        prog="bridgelaw", description="Bilingual reference to the Laws of Duplicate Bridge."
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    # Finding plugins costs ~20 ms: `bridgelaw search` must start fast, so only a command that
    # is not tools/' own (a plugin's, help, or a mistake argparse must list choices for) pays.
    words = sys.argv[1:] if argv is None else argv
    if not words or words[0] not in subparsers.choices:
        for module in plugins(COMMAND_GROUP).values():
            module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; errors the tool expects become one clear line and exit status 1."""
    args = make_parser(argv).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BridgelawError as error:
        print(f"bridgelaw: error: {error}", file=sys.stderr)
        return getattr(error, "exit_status", 1)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
