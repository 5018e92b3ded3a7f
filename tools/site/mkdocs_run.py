"""MkDocs on the project's mkdocs.yml with the build's own folders, run by tools.site.build in a
child process (MkDocs' plugins and logging stay out of the build's process).

mkdocs.yml says `docs_dir: content` for someone running `mkdocs serve` by hand; a build takes
its content folder from the Config instead, and tells the hooks its build folder through the
config's `extra` (BUILD_DIR_KEY), so both are decided in one place. The page scripts mkdocs.yml
lists are written as one bundle once MkDocs is done (tools/site/scripts.py).
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

BUILD_DIR_KEY = "bridgelaw_build_dir"  # config.extra key the hooks read
BUNDLE_KEY = "script_bundle"  # config.extra key site_overrides/main.html loads the bundle from
NOT_FOUND_KEY = "not_found"  # config.extra key site_overrides/404.html reads its words from


def main(argv: list[str] | None = None) -> int:
    """Build the site as `mkdocs build --clean` does, with docs_dir and the build dir given."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from tools.interface import interface
    from tools.site.scripts import BUNDLE_FILE, write_script_bundle

    parser = argparse.ArgumentParser(prog="python -m tools.site.mkdocs_run")
    parser.add_argument("--config-file", required=True)
    parser.add_argument("--docs-dir", required=True)
    parser.add_argument("--site-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.INFO)
    try:
        config = load_config(config_file=args.config_file, docs_dir=args.docs_dir,
                             site_dir=args.site_dir, strict=args.strict)
        config["extra"][BUILD_DIR_KEY] = args.build_dir
        # the 404 page's words in both languages (site_overrides/404.html): one page serves
        # every missing address, of either language's half
        config["extra"][NOT_FOUND_KEY] = interface("not_found")
        # mkdocs.yml's extra_javascript names the page scripts and their order; pages load them
        # as one bundle (tools/site/scripts.py), so MkDocs writes no tag of its own for them.
        parts = [str(getattr(script, "path", script)) for script in config["extra_javascript"]]
        config["extra"][BUNDLE_KEY] = BUNDLE_FILE
        config["extra_javascript"] = []
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config, dirty=False)
        finally:
            config.plugins.on_shutdown()
        write_script_bundle(Path(args.site_dir), parts)
    except MkDocsException as error:
        print(f"ERROR   -  {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
