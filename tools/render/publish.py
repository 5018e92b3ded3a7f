"""The pipeline's `render` stage writes what the scrape stage read: the model file (the corpus as
JSON, which `show`, `check-translation` and a plain `mkdocs build` read back) and the law and
comparison pages under content/."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.config import Config
from tools.model import LANGS, Corpus, corpus_to_json

if TYPE_CHECKING:
    from tools.reference import Reference


def write_outputs(corpus: Corpus, ref: Reference, config: Config) -> None:
    """Write the model JSON and the law pages under content/ (atomically)."""
    from tools.render.content import render_site_content
    from tools.write import write_text, write_tree

    files = render_site_content(corpus, ref.outline, ref.glossary, ref.concordance)
    write_text(config.model_file, corpus_to_json(corpus))
    generated = tuple(f"{lang}/{folder}/" for lang in LANGS
                      for folder in ("laws", "compare"))
    write_tree(config.content_dir, files, prune=generated)
