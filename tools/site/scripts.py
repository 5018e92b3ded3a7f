"""The page scripts as one minified file: what the build generates for them (the scripts'
words, tools/interface.py; the class names, tools/markup.py; the path scheme, tools/urls.py; the
citation-id rule, tools/normalize/citation_id.py),
then the scripts mkdocs.yml's extra_javascript lists, in that order, so a page fetches one cached
script, not ten (each request costs its headers, and small files compress worse than one). Our
scripts keep their comments in the source; the site gets them without (rjsmin)."""

from __future__ import annotations

import json
from pathlib import Path

import rjsmin

from tools.errors import BridgelawError
from tools.interface import SCRIPT_FILE, script_source
from tools.markup import script_line as markup_line
from tools.normalize.citation_id import script_rule
from tools.urls import script_paths
from tools.write import write_text

# Two folders deep like every part: a part finds the site root from its own address
# (document.currentScript, "../../"), which is the bundle's once bundled.
BUNDLE_FILE = "assets/bridgelaw/bundle.js"
PATHS_GLOBAL = "bridgelawPaths"
IDS_GLOBAL = "bridgelawIdRule"


def paths_source() -> str:
    """The site's path scheme (tools/urls.py) as the global PATHS_GLOBAL, for paths.js."""
    data = json.dumps(script_paths(), separators=(",", ":"), sort_keys=True)
    return f"/*! tools/urls.py */\nwindow.{PATHS_GLOBAL} = {data};\n"


def ids_source() -> str:
    """The citation-id rule (tools/normalize/citation_id.py script_rule) as the global
    IDS_GLOBAL, for ids.js: the browser takes ids apart by the rule the build does."""
    data = json.dumps(script_rule(), separators=(",", ":"), sort_keys=True)
    return f"/*! tools/normalize/citation_id.py */\nwindow.{IDS_GLOBAL} = {data};\n"


def generated_sources() -> list[str]:
    """The globals the build writes ahead of the scripts: their words and class names, then
    the path scheme and the citation-id rule, each after a kept comment naming where it comes
    from."""
    return [f"/*! {SCRIPT_FILE} */\n{script_source()}{markup_line()}", paths_source(),
            ids_source()]


def script_bundle(site_dir: Path, parts: list[str]) -> str:
    """The bundle's text: generated_sources(), then each part as MkDocs copied it to site_dir,
    minified, each after a kept comment naming it; a part missing from site_dir is an error."""
    pieces = generated_sources()
    for part in parts:
        path = site_dir / part
        if not path.is_file():
            raise BridgelawError(f"{path}: a page script mkdocs.yml lists (extra_javascript) "
                                 "is not in the built site")
        pieces.append(f"/*! {part} */\n{path.read_text(encoding='utf-8')}")
    return rjsmin.jsmin("\n".join(pieces), keep_bang_comments=True) + "\n"


def write_script_bundle(site_dir: Path, parts: list[str]) -> None:
    """Write BUNDLE_FILE under site_dir from `parts` and remove the parts themselves: nothing
    loads them, and the offline copy would keep them twice."""
    write_text(site_dir / BUNDLE_FILE, script_bundle(site_dir, parts))
    for part in parts:
        (site_dir / part).unlink()
