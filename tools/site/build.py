"""The site stage: MkDocs builds content/ into a temp folder, assets are copied, Pagefind indexes
it, the offline pack (service worker and web app manifests) is written over the result, and only
then does the new site replace config.site_dir (the last good site survives a failure).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from tools.config import ROOT, Config
from tools.errors import BridgelawError
from tools.model import Corpus, Problem
from tools.report import check_stage

if TYPE_CHECKING:
    from tools.reference import Reference


def run_mkdocs(config: Config, out_dir: Path) -> str:
    """MkDocs over config.root/mkdocs.yml, from config.content_dir into out_dir (see
    tools.site.mkdocs_run); returns its log (build_site reports its warnings), a failure raises
    BridgelawError with the log."""
    args = [sys.executable, "-m", "tools.site.mkdocs_run",
            "--config-file", str(config.root / "mkdocs.yml"), "--docs-dir", str(config.content_dir),
            "--site-dir", str(out_dir), "--build-dir", str(config.build_dir)]
    if config.strict:
        args.append("--strict")
    env = dict(os.environ)
    # Material 9.8 prints an end-of-life notice on every `mkdocs` run; we know, and it is not a
    # build problem, so it is switched off here rather than filtered out of the output.
    env["NO_MKDOCS_2_WARNING"] = "1"
    env["PYTHONUTF8"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    result = subprocess.run(args, cwd=config.root, env=env, capture_output=True, text=True,
                            encoding="utf-8", errors="replace", check=False)
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip()
        raise BridgelawError(f"{config.root / 'mkdocs.yml'}: mkdocs build failed:\n{detail}")
    return result.stderr + result.stdout


def copy_assistant_assets(config: Config, out_dir: Path) -> list[str]:
    """Copy build/assistant.json and build/flowcharts/*.svg under out_dir/assets/assistant/;
    returns what was missing (the caller reports it)."""
    missing: list[str] = []
    target = out_dir / "assets" / "assistant"
    source = config.build_dir / "assistant.json"
    if source.exists():
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / "assistant.json")
    else:
        missing.append(str(source))
    flowcharts = config.build_dir / "flowcharts"
    svgs = sorted(flowcharts.glob("*.svg")) if flowcharts.is_dir() else []
    if not svgs:
        missing.append(f"{flowcharts}/*.svg")
    for svg in svgs:
        (target / "flowcharts").mkdir(parents=True, exist_ok=True)
        shutil.copy2(svg, target / "flowcharts" / svg.name)
    return missing


def copy_search_spec(config: Config, out_dir: Path) -> list[str]:
    """Copy the query spec and the index's vocabulary (for typos) under out_dir/assets/search/;
    returns what was missing."""
    target = out_dir / "assets" / "search"
    missing: list[str] = []
    for source, name in ((config.search_spec_file, "spec.json"),
                         (config.index_dir / "vocabulary.json", "vocabulary.json")):
        if not source.exists():
            missing.append(str(source))
            continue
        target.mkdir(parents=True, exist_ok=True)
        data = json.loads(source.read_text(encoding="utf-8"))
        (target / name).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                                              sort_keys=True), encoding="utf-8")
    return missing


def _swap_in(new_dir: Path, site_dir: Path) -> None:
    """Replace site_dir by new_dir with two renames; the old site is removed only afterwards."""
    old = site_dir.with_name(f".{site_dir.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if site_dir.exists():
        os.replace(site_dir, old)
    os.replace(new_dir, site_dir)
    if old.exists():
        shutil.rmtree(old)


def build_site(config: Config, corpus: Corpus | None = None,
               reference: Reference | None = None) -> list[Problem]:
    """Build the static site into config.site_dir (strict MkDocs when config.strict); the search
    index takes its law records from `corpus` (default: the model file in config.build_dir) and
    its titles and terms from `reference` (default: read from config).
    Returns the problems met; a strict build stops on any before the new site replaces the old."""
    site_dir = config.site_dir
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.", dir=site_dir.parent))
    try:
        out = work / "site"
        log = run_mkdocs(config, out)
        problems = [Problem("mkdocs-warning", str(config.root / "mkdocs.yml"), line.strip())
                    for line in log.splitlines() if "WARNING" in line]
        problems += [Problem("missing-input", what, "not found: the wizard and flowcharts lack it")
                     for what in copy_assistant_assets(config, out)]
        problems += [Problem("missing-input", what,
                             "not found: the search box cannot read queries")
                     for what in copy_search_spec(config, out)]
        check_stage("site", problems, config.strict)
        from tools.site.offline import write_offline
        from tools.site.pagefind import index_site

        problems += index_site(out, config, corpus, reference)
        write_offline(out)
        _swap_in(out, site_dir)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems

