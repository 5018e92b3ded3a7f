"""The test site, built as the main job builds it: the real corpus (the bundled snapshot, read
offline) through the render, assistant and site stages, into a temp copy of the project's site
sources. Used by the tests (one build per session, tests/conftest.py) and by
bench/bench_search.py.

The snapshot holds no English law text, so one English page can be added: Law 64 (2017) with
SYNTHETIC text, labelled as such in every unit, to exercise the side-by-side view, the English
previews and the translation check's marks. No real law text is invented.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from tools.config import Config
from tools.model import Corpus, CrossRef, Law, Unit, walk

ROOT = Config().root
SYNTHETIC = "[SYNTHETIC TEST TEXT, not the law]"


def real_corpus() -> Corpus:
    """The scrape stage's corpus from the bundled snapshot (offline, empty fetch cache, so the
    result depends only on the repository)."""
    import tempfile

    from tools.config import FetchConfig
    from tools.reference import load_reference
    from tools.scrape import scrape_corpus

    with tempfile.TemporaryDirectory() as tmp:
        config = replace(Config(), fetch=FetchConfig(cache_dir=Path(tmp) / "cache"),
                         build_dir=Path(tmp) / "build")
        return scrape_corpus(config, reference=load_reference(config)).corpus


def synthetic_english(polish: Law) -> tuple[Law, list[CrossRef]]:
    """An English Law with the Polish law's unit ids and plainly synthetic text, plus one
    cross-reference in it (to 64C) so English previews can be tested."""

    def copy(unit: Unit) -> Unit:
        return Unit(id=unit.id, level=unit.level, label=unit.label,
                    title=f"{SYNTHETIC} heading {unit.id}" if unit.title else "",
                    text=f"{SYNTHETIC} unit {unit.id}" if unit.text else "",
                    children=[copy(child) for child in unit.children])

    law = Law(number=polish.number, edition=polish.edition, lang="en",
              title=f"{SYNTHETIC} Law {polish.number}",
              source_url=f"http://127.0.0.1/synthetic/en/p{polish.number}.html",
              fetch_date="2026-11-22", counterpart_url=polish.source_url,
              sections=[copy(unit) for unit in polish.sections])
    first = next(unit for unit in walk(law.sections) if unit.text)
    first.text += " (see Law 64C)"
    ref = CrossRef(law.edition, "en", first.id, "Law 64C", "64C", "resolved")
    return law, [ref]


def build_test_site(root: Path, corpus: Corpus, *, english: bool = True) -> Path:
    """Copy the site sources to `root` and run the stages after scrape as the main job does:
    law pages rendered, the search index, the assistant's data, flowcharts and pages, then the
    site (strict)."""
    from tools.pipeline import build_from_corpus
    from tools.reference import load_reference
    from tools.translation.check import check_translation

    for lang in ("pl", "en"):  # the hand-written pages only; the rest is generated below
        (root / "content" / lang).mkdir(parents=True)
        shutil.copy(ROOT / "content" / lang / "index.md", root / "content" / lang / "index.md")
    corpus = Corpus(laws=list(corpus.laws), crossrefs=list(corpus.crossrefs),
                    problems=list(corpus.problems))
    if english and corpus.law(2017, "en", 64) is None:
        polish = corpus.law(2017, "pl", 64)
        assert polish is not None, "the snapshot's Law 64 (2017) is missing from the corpus"
        law, refs = synthetic_english(polish)
        corpus.laws.append(law)
        corpus.crossrefs.extend(refs)
    config = Config.at(root, strict=True)
    reference = load_reference(config)  # read once, as the main job does
    # the translation check as the scrape stage runs it: the synthetic English differs from
    # the Polish everywhere, so Law 64's side-by-side view carries its marks
    corpus.consistency = check_translation(corpus, reference.glossary, [],
                                           reference.outline.all_ids()).layer
    build_from_corpus(corpus, config, reference)
    return config.site_dir
