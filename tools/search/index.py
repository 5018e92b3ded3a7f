"""The index stage: corpus, law titles, glossary and situations -> a Whoosh index on disk."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools.config import Config
from tools.errors import BridgelawError
from tools.model import LANGS, Corpus
from tools.normalize.citation_id import law_number
from tools.search.docs import (
    SearchDoc,
    corpus_docs,
    glossary_docs,
    outline_docs,
    situation_docs,
    spellings,
    vocabulary,
)
from tools.search.words import with_language_words
from tools.write import write_text

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.normalize.outline import Outline
    from tools.normalize.word_pairs import WordPair
    from tools.reference import Reference

# Sidecar in the index folder: the glossary's term pairs and the word pairs, for cross-language
# query expansion.
GLOSSARY_FILE = "glossary_terms.json"
# Sidecar: the official 2017 unit ids per law, from the outline.
OUTLINE_FILE = "outline_ids.json"
SYNONYMS_FILE = "synonyms.json"  # players' words -> the law's term (tools.search.query)
VOCABULARY_FILE = "vocabulary.json"  # folded words and counts, for correcting typos
SPELLINGS_FILE = "spellings.json"  # folded words -> the texts' spelling, for the site's search




def make_schema():  # noqa: ANN201 - a Whoosh Schema
    """The index schema: Polish and English fields side by side, one pair per role."""
    from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

    from tools.search.analysis import english_analyzer, polish_analyzer

    pl, en = polish_analyzer(), english_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID(stored=True),
        id=ID(stored=True),
        lang=ID(stored=True),
        edition=ID(stored=True),
        law=ID(stored=True),
        title=STORED(),
        url=STORED(),
        body=STORED(),
        lead=STORED(),  # the text a clause completes, shown above its snippet
        depth=NUMERIC(stored=True),
        laws=STORED(),  # law numbers a glossary term or situation points to
        cited=STORED(),  # the ids a situation cites, as its page lists them
        sections=STORED(),  # a title-only law's sections, "id<TAB>heading" per line
        heading_pl=TEXT(analyzer=pl),
        title_pl=TEXT(analyzer=pl),
        context_pl=TEXT(analyzer=pl),
        parent_pl=TEXT(analyzer=pl),
        pointer_pl=TEXT(analyzer=pl),
        whole_pl=TEXT(analyzer=pl),
        body_pl=TEXT(analyzer=pl),
        heading_en=TEXT(analyzer=en),
        title_en=TEXT(analyzer=en),
        context_en=TEXT(analyzer=en),
        parent_en=TEXT(analyzer=en),
        pointer_en=TEXT(analyzer=en),
        whole_en=TEXT(analyzer=en),
        body_en=TEXT(analyzer=en),
        # the situation lookup's fields (assistant.lookup): on the Polish situation documents
        cites=KEYWORD(lowercase=True),
        sit_title_pl=TEXT(analyzer=pl),
        sit_phrases_pl=TEXT(analyzer=pl),
        sit_answer_pl=TEXT(analyzer=pl),
        sit_title_en=TEXT(analyzer=en),
        sit_phrases_en=TEXT(analyzer=en),
        sit_answer_en=TEXT(analyzer=en),
    )


def outline_ids(outline: Any) -> dict[str, list[str]]:
    """{law number: official unit ids}, for telling "not in this build" from "no such unit"."""
    return {str(number): [str(number), *outline.ids(number)] for number in outline.laws()}


def _extras(
    outline: Outline | None, glossary: list[Term], words: list[WordPair], corpus: Corpus
) -> tuple[list[SearchDoc], dict[str, Any]]:
    """Outline titles and glossary documents plus the sidecar data."""
    from tools.normalize.glossary import terms_by_first_law
    from tools.search.synonyms import glossary_synonyms

    docs: list[SearchDoc] = []
    if outline is not None:
        docs.extend(outline_docs(outline, corpus, terms_by_first_law(glossary)))
    docs.extend(glossary_docs(glossary))
    sidecars = {
        GLOSSARY_FILE: glossary_pairs(glossary) + word_pair_rows(words),
        OUTLINE_FILE: outline_ids(outline) if outline is not None else {},
        SYNONYMS_FILE: [{"lang": s.lang, "form": s.form, "headword": s.headword}
                        for s in glossary_synonyms(glossary)],
    }
    return docs, sidecars


def _fields(doc: SearchDoc) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "key": f"{doc.kind}/{doc.edition}/{doc.lang}/{doc.id}",
        "kind": doc.kind,
        "id": doc.id,
        "lang": doc.lang,
        "edition": doc.edition,
        "law": doc.law,
        "title": doc.title,
        "url": doc.url,
        "body": doc.body or doc.whole,  # what snippets are cut from
        "lead": doc.lead_text,
        "depth": doc.depth,
        # in the pointer's order: its first law is the one it rests on (rank.py lifts it most)
        "laws": ",".join(dict.fromkeys(str(law_number(cid)) for cid in doc.extra.get("laws", []))),
        "sections": "\n".join(doc.extra.get("sections", [])),
        "cited": ",".join(doc.extra.get("laws", [])) if doc.kind == "situation" else "",
    }
    # Glossary pairs are bilingual by nature: both analyzers see both terms.
    langs = LANGS if doc.kind == "glossary" else (doc.lang,)
    # A law's own title says what the whole law is about: it weighs most.
    role = "heading" if doc.kind in ("law", "title") else "title"
    for lang in langs:
        fields[f"{role}_{lang}"] = doc.title_text
        fields[f"context_{lang}"] = " ".join(filter(None, [doc.context_text, doc.lead_text]))
        fields[f"parent_{lang}"] = doc.parent_text
        fields[f"pointer_{lang}"] = doc.pointer_text
        fields[f"body_{lang}"] = doc.body if doc.kind != "glossary" else ""
        fields[f"whole_{lang}"] = doc.whole
    fields.update(doc.extra.get("lookup", {}))
    return fields


def glossary_pairs(terms: list[Any]) -> list[dict[str, Any]]:
    """Term pairs for query expansion: every form in each language, the headwords, the laws."""
    pairs = [
        {
            "pl": term.headword("pl"),
            "en": term.headword("en"),
            "pl_forms": list(term.forms("pl")),
            "en_forms": list(term.forms("en")),
            "laws": [str(law) for law in term.laws],
        }
        for term in terms
    ]
    return sorted((p for p in pairs if p["pl"] and p["en"]), key=lambda p: (p["en"], p["pl"]))


def word_pair_rows(words: list[WordPair]) -> list[dict[str, Any]]:
    """The word pairs as term pairs read one way only, English into Polish (no Polish forms):
    one per Polish word, each named by every English form, which the site matches as typed
    (`exact`: the forms list every inflection)."""
    rows = [{"pl": polish, "en": pair.en[0], "pl_forms": [], "en_forms": list(pair.en),
             "laws": [], "exact": True} for pair in words for polish in pair.pl]
    return sorted(rows, key=lambda p: (p["en"], p["pl"]))


def _laws_of(entry: Any) -> list[Any]:
    if isinstance(entry, dict):
        return list(entry.get("laws", []))
    return list(getattr(entry, "laws", []) or [])


def write_index(docs: list[SearchDoc], target: Path, sidecars: dict[str, Any]) -> Path:
    """Write the documents as a Whoosh index into `target`, built in a temp folder then swapped."""
    from whoosh import index as whoosh_index

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.tmp-"))
    try:
        ix = whoosh_index.create_in(str(tmp), make_schema())
        writer = ix.writer(limitmb=256)
        for doc in docs:
            writer.add_document(**_fields(doc))
        writer.commit(optimize=True)
        for name, data in sorted(sidecars.items()):
            text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            (tmp / name).write_text(text, encoding="utf-8")
        old = None
        if target.exists():
            old = target.parent / f".{target.name}.old-{os.getpid()}"
            os.replace(target, old)
        os.replace(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def build_index(corpus: Corpus, config: Config, situations: Sequence[Any],
                reference: Reference) -> None:
    """Index every law unit, the outline titles, the glossary and the word pairs of `reference`
    and the situations (the assistant's, loaded by its own stage) into config.index_dir."""
    if not corpus.laws:
        raise BridgelawError(f"{config.model_file}: the corpus holds no laws; nothing to index")
    docs = corpus_docs(corpus)
    outline, glossary, words = reference.outline, reference.glossary, reference.word_pairs
    extra_docs, sidecars = _extras(outline, glossary, words, corpus)
    docs.extend(extra_docs)
    docs.extend(situation_docs(list(situations)))
    sidecars[VOCABULARY_FILE] = with_language_words(vocabulary(docs))
    sidecars[SPELLINGS_FILE] = spellings(docs)
    write_index(docs, config.index_dir, sidecars)
    write_text(config.search_spec_file,
               search_spec_json(sidecars[SYNONYMS_FILE], sidecars[GLOSSARY_FILE],
                                lacking_text(corpus)))


def search_spec_json(synonyms: list[dict[str, str]], pairs: Sequence[dict[str, Any]] = (),
                     lacking: Sequence[str] = ()) -> str:
    """The query spec the site's search box and wizard read (tools.search.query.spec), as JSON,
    with the languages whose pages show the other language's text of a law in force
    (`lacking`): there a query reads that text through the glossary, as on the Polish pages."""
    from tools.normalize.citation_id import RULE
    from tools.search.query import spec

    rule = {key: RULE[key] for key in ("prefix", "query", "query_groups", "flags",
                                       "law_item_separator")}
    data = {**spec(synonyms, rule, pairs), "lacking_text": list(lacking)}
    # compact: the browser loads it with the search box
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def lacking_text(corpus: Corpus) -> list[str]:
    """The languages in which the corpus lacks the text of a 2017 law it holds in the other."""
    held = {lang: {law.number for law in corpus.laws if law.edition == 2017 and law.lang == lang}
            for lang in LANGS}
    return [lang for lang in LANGS if any(held[other] - held[lang] for other in LANGS)]
