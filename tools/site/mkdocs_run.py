"""MkDocs on the project's mkdocs.yml with the build's own folders and inputs, run by
tools.site.build in a child process (MkDocs' plugins and logging stay out of the build's process).

mkdocs.yml says `docs_dir: content` and the plugin `bridgelaw` reads `build/` for someone running
`mkdocs build` or `mkdocs serve` by hand; a build hands the plugin its own Config instead (as
JSON: config_json), the corpus its law pages were rendered from, and a file for the problems
the plugin meets (tools/site/plugin.py), so every folder is decided in one place.
"""

from __future__ import annotations

import argparse
import calendar
import dataclasses
import datetime
import json
import logging
import os
import sys
from pathlib import Path

from tools.config import Config
from tools.model import Corpus

PLUGIN = "bridgelaw"  # the plugin's name in mkdocs.yml and the package's entry points


def config_json(config: Config) -> str:
    """The build's Config as the child reads it back (config_from_json): its paths and flags."""
    kept = {f.name: getattr(config, f.name) for f in dataclasses.fields(config)
            if isinstance(getattr(config, f.name), Path | bool)}
    return json.dumps({k: str(v) if isinstance(v, Path) else v for k, v in kept.items()},
                      sort_keys=True)


def config_from_json(text: str) -> Config:
    """The Config config_json wrote."""
    data = json.loads(text)
    return Config(**{k: v if isinstance(v, bool) else Path(v) for k, v in data.items()})


def source_epoch(corpus: Corpus | None) -> str | None:
    """The newest fetch date of the laws built, as seconds since the epoch (midnight UTC), or
    None when no law has one."""
    dates = sorted(law.fetch_date for law in (corpus.laws if corpus else []) if law.fetch_date)
    if not dates:
        return None
    day = datetime.date.fromisoformat(dates[-1][:10])
    return str(calendar.timegm(day.timetuple()))


def main(argv: list[str] | None = None) -> int:
    """Build the site as `mkdocs build --clean` does, through the plugin, with the build's
    Config, corpus and problems file."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from tools.errors import BridgelawError
    from tools.model import corpus_from_json, read_model

    parser = argparse.ArgumentParser(prog="python -m tools.site.mkdocs_run")
    parser.add_argument("--config-file", required=True)
    parser.add_argument("--site-dir", required=True)
    parser.add_argument("--build-config", required=True, help="the build's Config (config_json)")
    parser.add_argument("--corpus", help="the model file the law pages were rendered from")
    parser.add_argument("--problems", required=True, help="where the plugin writes its problems")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs").setLevel(logging.INFO)
    build_config = config_from_json(args.build_config)
    try:
        config = load_config(config_file=args.config_file, docs_dir=str(build_config.content_dir),
                             site_dir=args.site_dir, strict=args.strict)
        plugin = config.plugins.get(PLUGIN)
        if plugin is None:
            raise MkDocsException(f"{args.config_file}: the plugin '{PLUGIN}' is not listed")
        plugin.build_config = build_config
        plugin.problems_file = Path(args.problems)
        if args.corpus:
            plugin.corpus = corpus_from_json(Path(args.corpus).read_text(encoding="utf-8"))
        elif build_config.model_file.is_file():
            # read once, here, for the plugin too (finish_site reads it where none is given)
            try:
                plugin.corpus = read_model(build_config.model_file)
            except BridgelawError:
                pass  # the plugin reports it where it reads the model itself
        # MkDocs dates the sitemap (and the gzip header of sitemap.xml.gz) by this, where set,
        # else by the clock: two builds of one snapshot write the same bytes
        epoch = source_epoch(plugin.corpus)
        if epoch is not None:
            os.environ.setdefault("SOURCE_DATE_EPOCH", epoch)
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config, dirty=False)
        finally:
            config.plugins.on_shutdown()
    except MkDocsException as error:
        print(f"ERROR   -  {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
