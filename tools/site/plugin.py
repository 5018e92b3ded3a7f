"""The MkDocs plugin `bridgelaw`: the one link between the build and the site. mkdocs.yml names it,
so `mkdocs build` and `mkdocs serve` after `bridgelaw build` give the site the build gives; the
build runs MkDocs through it too (tools/site/mkdocs_run.py), with its own folders and inputs.

What it adds to MkDocs:
- config.extra for the templates: the build folder, the 404 page's words, the class names, the
  script bundle's path (site_overrides/main.html, 404.html);
- the page hooks: flowcharts on law pages, what the build holds on the home pages
  (site_overrides/hooks/);
- after the last language is built: the script bundle, the assistant's and the search box's
  files, the Pagefind index, the offline pack. The problems met go to `problems_file` when the
  build asked for them (it decides whether they stop it), else to MkDocs' log as warnings.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config import config_options
from mkdocs.config.base import Config as MkDocsOptions
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from tools.config import Config
from tools.errors import BridgelawError
from tools.model import Corpus, Problem

if TYPE_CHECKING:
    from tools.reference import Reference

log = logging.getLogger("mkdocs.plugins.bridgelaw")

BUILD_DIR_KEY = "bridgelaw_build_dir"  # config.extra key the hooks read
BUNDLE_KEY = "script_bundle"  # config.extra key site_overrides/main.html loads the bundle from
NOT_FOUND_KEY = "not_found"  # config.extra key site_overrides/404.html reads its words from


class BridgelawOptions(MkDocsOptions):
    """The plugin's options in mkdocs.yml."""

    build_dir = config_options.Type(str, default="build")  # beside mkdocs.yml unless absolute


class BridgelawPlugin(BasePlugin[BridgelawOptions]):
    """Hands the build's data to the templates and hooks, and finishes the built site."""

    def __init__(self) -> None:
        self.scripts: list[str] = []
        # set by tools/site/mkdocs_run.py when the build runs MkDocs: its Config, the corpus
        # its law pages were rendered from, and where it reads the problems back
        self.build_config: Config | None = None
        self.corpus: Corpus | None = None
        self.problems_file: Path | None = None
        self.reference: Reference | None = None  # the outline and glossary, read once

    def site_config(self, config: Any) -> Config:
        """The build's Config, or one for a plain `mkdocs build` from mkdocs.yml's folders."""
        if self.build_config is not None:
            return self.build_config
        root = Path(config["config_file_path"]).resolve().parent
        return replace(Config(), root=root, build_dir=root / self.config.build_dir,
                       content_dir=Path(config["docs_dir"]), site_dir=Path(config["site_dir"]))

    def on_config(self, config: Any) -> Any:
        """The templates' data; the page scripts become one bundle written after the build."""
        from site_overrides.hooks import flowcharts
        from tools.interface import interface
        from tools.markup import markup_table
        from tools.reference import load_reference
        from tools.site.scripts import BUNDLE_FILE

        site = self.site_config(config)
        if self.reference is None:  # read before any page is built: a missing file stops it
            try:
                self.reference = load_reference(site)
            except BridgelawError as error:
                raise PluginError(str(error)) from error
        config["extra"][BUILD_DIR_KEY] = str(site.build_dir)
        # one 404 page serves every missing address of either language's half
        config["extra"][NOT_FOUND_KEY] = interface("not_found")
        config["extra"]["markup"] = markup_table()
        # mkdocs.yml's extra_javascript names the page scripts and their order; pages load them
        # as one bundle, so MkDocs writes no tag of its own. Each language's build calls this
        # again on the same config: the list is taken once.
        if config["extra_javascript"]:
            self.scripts = [str(getattr(s, "path", s)) for s in config["extra_javascript"]]
            config["extra_javascript"] = []
        config["extra"][BUNDLE_KEY] = BUNDLE_FILE
        return flowcharts.on_config(config)

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        """What the build holds, on the home pages."""
        from site_overrides.hooks import build_holds

        return build_holds.on_page_markdown(markdown, page, config, files)

    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        """The flowcharts of a law page."""
        from site_overrides.hooks import flowcharts

        return flowcharts.on_page_content(html, page, config, files)

    # after mkdocs-static-i18n (-100), whose post-build event builds the other language
    @event_priority(-200)
    def on_post_build(self, config: Any) -> None:
        """Finish the site once every language is built (i18n's own builds call this too)."""
        i18n = config.plugins.get("i18n")
        if i18n is not None and getattr(i18n, "building", False):
            return
        if not config.get("site_url"):
            drop_sitemap(Path(config["site_dir"]))
        try:
            assert self.reference is not None  # on_config read it
            problems = finish_site(Path(config["site_dir"]), self.site_config(config),
                                   self.scripts, self.corpus, self.reference)
        except BridgelawError as error:  # MkDocs prints its own errors as one line, no trace
            raise PluginError(str(error)) from error
        if self.problems_file is not None:  # the build reports them and decides
            self.problems_file.write_text(json.dumps([asdict(p) for p in problems]),
                                          encoding="utf-8")
            return
        for problem in problems:
            log.warning("%s: %s", problem.where, problem.message)


def finish_site(out: Path, config: Config, scripts: list[str], corpus: Corpus | None,
                reference: Reference) -> list[Problem]:
    """Everything a site needs after MkDocs: the script bundle, the assistant's and the search
    box's files, the Pagefind index (law records from `corpus`, or the model file the build
    wrote; titles and terms from `reference`), the offline pack; returns the problems met."""
    from tools.model import read_model
    from tools.site.build import copy_assistant_assets, copy_search_spec
    from tools.site.markup_check import check_markup
    from tools.site.offline import write_offline
    from tools.site.pagefind import index_site
    from tools.site.scripts import write_script_bundle

    write_script_bundle(out, scripts)
    problems = [Problem("missing-input", what, "not found: the wizard and flowcharts lack it")
                for what in copy_assistant_assets(config, out)]
    problems += [Problem("missing-input", what, "not found: the search box cannot read queries")
                 for what in copy_search_spec(config, out)]
    corpus = corpus if corpus is not None else read_model(config.model_file)
    index_site(out, corpus, reference)
    problems += check_markup(config.root)  # the stylesheets cannot import the class names
    write_offline(out)
    return problems


def drop_sitemap(out: Path) -> None:
    """Remove the sitemap MkDocs wrote: a sitemap lists the pages by their full addresses, and
    a site built without `site_url` (served from wherever it is copied to) has none, so MkDocs
    and i18n wrote "None./" for every page."""
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        (out / name).unlink(missing_ok=True)


def read_problems(path: Path) -> list[Problem]:
    """The problems on_post_build wrote (none if MkDocs stopped before it)."""
    if not path.exists():
        return []
    return [Problem(**item) for item in json.loads(path.read_text(encoding="utf-8"))]
