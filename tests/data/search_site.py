"""Build a real MkDocs site from a corpus with the project's renderer, theme and mkdocs.yml
settings, plus the search assets, into a temp folder; then index it with Pagefind. Used by the
browser tests and the search benchmark while `bridgelaw build` is being assembled."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from tools.model import Corpus

ROOT = Path(__file__).resolve().parents[2]
SEARCH_CSS = "assets/search/search.css"
SEARCH_JS = "assets/search/search.js"


def _mkdocs_config(content: Path) -> dict:
    """The project's mkdocs.yml with paths made absolute and the search assets added."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    # the toc slugify tag needs the unsafe loader; the file is the project's own
    config = yaml.load(text, Loader=yaml.UnsafeLoader)  # noqa: S506
    config["docs_dir"] = str(content)
    config["theme"]["custom_dir"] = str(ROOT / "site_overrides")
    config["hooks"] = [str(ROOT / hook) for hook in config.get("hooks", [])]
    config["plugins"] = [p for p in config.get("plugins", []) if p != "search"]
    if not any(isinstance(p, str) and p == "search" for p in config["plugins"]):
        pass
    config.setdefault("extra_css", [])
    config.setdefault("extra_javascript", [])
    if SEARCH_CSS not in config["extra_css"]:
        config["extra_css"].append(SEARCH_CSS)
    if SEARCH_JS not in config["extra_javascript"]:
        config["extra_javascript"].append(SEARCH_JS)
    return config


def build_search_site(corpus: Corpus, work: Path) -> Path:
    """Render the corpus, build it with MkDocs, index it with Pagefind; return the site folder."""
    from tools.glossary import load_glossary
    from tools.outline import load_outline
    from tools.pagefind import index_site
    from tools.render import render_site_content

    content = work / "content"
    outline = load_outline(ROOT / "tools" / "data" / "outline_2017.json")
    glossary = load_glossary(ROOT / "tools" / "data" / "glossary.yaml")
    pages = render_site_content(corpus, outline, glossary)
    for lang in ("pl", "en"):
        pages.setdefault(
            f"{lang}/index.md", (ROOT / "content" / lang / "index.md").read_text("utf-8")
        )
    for rel, text in pages.items():
        path = content / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config_file = work / "mkdocs.yml"
    config_file.write_text(yaml.dump(_mkdocs_config(content), allow_unicode=True), "utf-8")
    site = work / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUTF8": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config_file), "-d", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build failed:\n{done.stderr[-3000:]}")
    index_site(site)
    return site
