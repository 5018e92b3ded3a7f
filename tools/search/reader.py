"""The open search index: the Whoosh searcher with what the index stage wrote beside it (glossary
pairs, outline ids, synonyms, vocabulary), opened once per process and kept for warm queries."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

from tools.errors import BridgelawError
from tools.model import LANGS
from tools.search.analysis import english_terms, fold, polish_terms
from tools.search.score import ROLE_WEIGHTS, TermScores, all_terms
from tools.search.synonyms import Synonym, SynonymTable, form_keys


class SearchIndex:
    """An open index with its searcher and glossary pairs, kept for warm queries."""

    def __init__(self, path: Path) -> None:
        from whoosh import index as whoosh_index

        if not whoosh_index.exists_in(str(path)):
            raise BridgelawError(f"{path}: no search index here; run `bridgelaw build` first")
        self.index = whoosh_index.open_dir(str(path))
        self.fields = [f"{role}_{lang}" for role in ROLE_WEIGHTS for lang in LANGS]
        missing = sorted(set(self.fields) - set(self.index.schema.names()))
        if missing:
            # An index written by an earlier version: reading it would fail mid-query.
            raise BridgelawError(f"{path}: the search index lacks the field(s) {', '.join(missing)}"
                                 " (written by an earlier version); run `bridgelaw build` again")
        self.searcher = self.index.searcher()
        self.scorer = TermScores(self.searcher)
        pairs_file = path / "glossary_terms.json"
        pairs = json.loads(pairs_file.read_text(encoding="utf-8")) if pairs_file.exists() else []
        self.pairs = [
            (
                [_term_sets(form, "pl") for form in p.get("pl_forms", [p["pl"]])],
                [_term_sets(form, "en") for form in p.get("en_forms", [p["en"]])],
                p,
            )
            for p in pairs
        ]
        # every analysed form of a pair's words -> the positions of the pairs holding it: a
        # query is checked only against the pairs that share a word with it (named_terms)
        self.pairs_by_term: dict[str, list[int]] = {}
        for position, (pl_forms, en_forms, pair) in enumerate(self.pairs):
            pair["_terms"] = {t for sets in (*pl_forms, *en_forms) for ts in sets for t in ts}
            for term in sorted(pair["_terms"]):
                self.pairs_by_term.setdefault(term, []).append(position)
        # Stored fields of documents read so far: the index does not change while it is open,
        # and unpickling the candidates' fields was a third of a warm query.
        self.stored: dict[int, dict[str, Any]] = {}
        outline_file = path / "outline_ids.json"
        self.official: dict[str, list[str]] = (
            json.loads(outline_file.read_text(encoding="utf-8")) if outline_file.exists() else {}
        )
        # with their index by first word, built once for the open index (SynonymTable)
        self.synonyms = SynonymTable(
            Synonym(s["lang"], s["form"], form_keys(s["form"], s["lang"]), s["headword"])
            for s in _sidecar(path, "synonyms.json", []))
        self.vocabulary: dict[str, int] = _sidecar(path, "vocabulary.json", {})
        self.reader = self.searcher.reader()
        self.subsets: dict[tuple[str, str], TermScores] = {}
        self._titles: dict[tuple[str, str], int] | None = None
        self._laws: dict[tuple[str, str], int] | None = None
        self._other: dict[tuple[str, str], set[int]] = {}
        self._units: dict[tuple[str, str, str], list[int]] = {}

    def title_doc(self, law: str, lang: str) -> int | None:
        """The title document, in one language, of a 2017 law known by its titles only: the
        build has its text in neither language (the site's laws_without_text; a title
        document also stands for a law whose text is in the other language only)."""
        if self._titles is None:
            with_text = {law for law, _ in self._law_docs()}
            self._titles = {(stored_fields(self, doc)["law"], other): doc for other in LANGS
                            for doc in self.scorer.kind_docs("title", other)
                            if stored_fields(self, doc)["law"] not in with_text}
        return self._titles.get((law, lang))

    def law_doc(self, law: str, lang: str) -> int | None:
        """The law's own row (its heading), in one language, of a 2017 law whose text the
        build holds in that language."""
        return self._law_docs().get((law, lang))

    def _law_docs(self) -> dict[tuple[str, str], int]:
        """{(law, language): its own row} of the 2017 laws whose text the build holds, read once."""
        if self._laws is None:
            self._laws = {(fields["law"], other): doc for other in LANGS
                          for doc in self.scorer.kind_docs("law", other)
                          if (fields := stored_fields(self, doc))["edition"] == "2017"}
        return self._laws

    def unit_docs(self, law: str, edition: str, lang: str) -> list[int]:
        """The law's clauses (unit documents) in one edition and language, asked of the index
        (no stored fields read) once."""
        key = (law, edition, lang)
        if key not in self._units:
            # the law's few documents, kept if they are units of that edition and language (the
            # sets of those, read once): intersecting the long lists of every unit and every
            # document of an edition anew for each law cost a third of a query's first search
            reader, edition_docs = self.scorer.reader, self.scorer.filtered(None, int(edition))
            units = self.scorer.kind_docs("unit", lang)
            held = reader.postings("law", law).all_ids() if ("law", law) in reader else ()
            self._units[key] = sorted(doc for doc in held if doc in units and doc in edition_docs)
        return self._units[key]

    def read_in_other_language(self, lang: str) -> set[int]:
        """The 2017 law text in the language other than `lang` of the laws this build holds in
        `lang` too: a query in `lang` reads their own text, not the other language's through
        the glossary ("trick" read as "lewa" where the English text is there to read)."""
        key = ("other", lang)
        if key not in self._other:
            other = next(code for code in LANGS if code != lang)
            mine = {stored_fields(self, doc)["law"] for doc in self.scorer.kind_docs("law", lang)
                    if stored_fields(self, doc)["edition"] == "2017"}
            self._other[key] = {doc for kind in ("law", "unit")
                                for doc in self.scorer.kind_docs(kind, other)
                                if stored_fields(self, doc)["edition"] == "2017"
                                and stored_fields(self, doc)["law"] in mine}
        return self._other[key]

    def subset_scorer(self, kind: str, lang: str) -> TermScores:
        """A scorer over the documents of one kind and language, kept for warm queries."""
        key = (kind, lang)
        if key not in self.subsets:
            self.subsets[key] = TermScores(self.searcher, self.scorer.kind_docs(kind, lang),
                                           sum_variants=True)
        return self.subsets[key]

    def known(self, word: str) -> bool:
        """Whether any form of the word is in the index (else it may be a typo)."""
        return any((f, term) in self.reader for term in all_terms(word) for f in self.fields)

    def rare(self, word: str) -> bool:
        """Whether the texts hold the word in one document only, and not in the form typed (a
        misprint of theirs, "renosu", makes the typo "renos" look known)."""
        if fold(word.lower()) in self.vocabulary:
            return False
        return max((self.reader.doc_frequency(f, term) for term in all_terms(word)
                    for f in self.fields), default=0) <= 1

    def language(self, words: list[str]) -> str:
        """The language the words read as: the one whose texts hold more of them (Polish on a
        tie: the reference is Polish first)."""
        votes = {}
        for lang, analyse in (("pl", polish_terms), ("en", english_terms)):
            # body fields only: a glossary entry holds both languages' words in its titles
            votes[lang] = sum(1 for word in words if any(
                (f"body_{lang}", term) in self.reader for term in analyse(word)))
        return "en" if votes["en"] > votes["pl"] else "pl"


def _sidecar(path: Path, name: str, default: Any) -> Any:
    """A JSON file the index stage wrote beside the index, or `default` if absent."""
    file = path / name
    return json.loads(file.read_text(encoding="utf-8")) if file.exists() else default


_OPEN: dict[tuple[str, float], SearchIndex] = {}


def open_index(path: Path) -> SearchIndex:
    """The index at `path`, opened once per process (reopened if it was rebuilt)."""
    try:
        stamp = path.stat().st_mtime
    except FileNotFoundError as error:
        raise BridgelawError(
            f"{path}: no search index here; run `bridgelaw build` first"
        ) from error
    key = (str(path), stamp)
    if key not in _OPEN:
        _OPEN.clear()
        _OPEN[key] = SearchIndex(path)
        # The open index lives as long as the process: keep the collector from walking it.
        gc.freeze()
    return _OPEN[key]


def _term_sets(text: str, lang: str) -> list[set[str]]:
    """For each content word of `text`, the set of its terms in `lang` (a word after "nie"
    joined to it, as query.form_keys reads a glossary form)."""
    return [set(terms) for terms in form_keys(text, lang)]


def stored_fields(ix: SearchIndex, docnum: int) -> dict[str, Any]:
    """A document's stored fields, read once per open index (callers must not change them)."""
    fields = ix.stored.get(docnum)
    if fields is None:
        fields = ix.stored[docnum] = dict(ix.searcher.stored_fields(docnum))
    return fields
