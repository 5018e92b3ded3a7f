"""The reference data every stage reads, loaded once per build: the official 2017 outline
(law titles, unit ids), the glossary (terms in both languages), the word pairs (the laws'
everyday words in both languages) and the 1997-2017 concordance.

The pipeline (tools/pipeline.py) reads them here, before its first stage, and hands the one
Reference to each stage, so a missing or broken file stops the build before anything is written,
naming the file. Every stage requires it: one called on its own (tests, benches, single CLI
commands) is given load_reference(config) by its caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tools.config import Config
from tools.errors import SourceError
from tools.model import Corpus
from tools.normalize.concordance import Concordance, load_concordance
from tools.normalize.glossary import Term, load_glossary
from tools.normalize.outline import Outline, load_outline
from tools.normalize.word_pairs import WordPair, load_word_pairs

if TYPE_CHECKING:
    from tools.normalize.cite2017 import Sources

T = TypeVar("T")


@dataclass(frozen=True)
class Reference:
    """The official outline, the glossary, the concordance and the word pairs of one build
    (read, never changed: the glossary list is shared by every stage)."""

    outline: Outline
    glossary: list[Term]
    concordance: Concordance
    word_pairs: list[WordPair]

    def sources(self, corpus: Corpus) -> Sources:
        """What a citation of a 2017 id is resolved against: the corpus with this reference."""
        from tools.normalize.cite2017 import Sources

        return Sources(corpus, self.outline, self.concordance)


def _read(path: Path, loader: Callable[[Path], T]) -> T:
    """One reference file read by its loader; any failure to read it is a SourceError naming
    the file (the loaders name it for a missing, undecodable or malformed file already)."""
    try:
        return loader(path)
    except SourceError:
        raise
    except OSError as error:  # a folder, no permission...: the loaders let these through
        raise SourceError(str(path), f"cannot read the file: {error.strerror or error}") from error


def load_reference(config: Config) -> Reference:
    """The outline, glossary, concordance and word pairs of `config`, each file read once;
    SourceError naming the file when one is missing or broken."""
    return Reference(
        outline=_read(config.outline_file, load_outline),
        glossary=_read(config.glossary_file, load_glossary),
        concordance=_read(config.concordance_file, load_concordance),
        word_pairs=_read(config.word_pairs_file, load_word_pairs),
    )
