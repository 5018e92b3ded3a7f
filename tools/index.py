"""The index stage: corpus, law titles, glossary and situations -> a Whoosh index on disk."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.config import Config
from tools.errors import BridgelawError
from tools.model import Corpus, Law, Problem, Unit, walk
from tools.urls import glossary_url, law_number, law_path, situation_path, unit_url

# Sidecar in the index folder: glossary term pairs for cross-language query expansion.
GLOSSARY_FILE = "glossary_terms.json"
# Sidecar: problems met while indexing (missing inputs), so the build can report them.
PROBLEMS_FILE = "index_problems.json"
# Sidecar: the official 2017 unit ids per law, from the outline.
OUTLINE_FILE = "outline_ids.json"
SYNONYMS_FILE = "synonyms.json"  # players' words -> the law's term (tools.query)
VOCABULARY_FILE = "vocabulary.json"  # folded words and counts, for correcting typos
_WORDS = re.compile(r"\w+")


@dataclass
class SearchDoc:
    """One searchable document: a law, a unit, a title-only law, a glossary term or a situation."""

    kind: str  # "law", "unit", "title", "glossary", "situation"
    id: str  # citation id ("64B3"), or glossary/situation id
    lang: str
    edition: str  # "1997", "2017", or "" for content that belongs to no edition
    law: str  # law number as text, "" when none
    title: str  # display title path
    url: str
    title_text: str = ""  # words matched with the strongest weight
    context_text: str = ""  # the law's title: matched with a weak weight
    parent_text: str = ""  # the titles of the units above: what the unit is part of
    body: str = ""  # the text shown in snippets
    depth: int = 0
    whole: str = ""  # a law document's whole text, units included: ranks laws as a whole
    extra: dict[str, Any] = field(default_factory=dict)


def make_schema():  # noqa: ANN201 - a Whoosh Schema
    """The index schema: Polish and English fields side by side, one pair per role."""
    from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

    from tools.analysis import english_analyzer, polish_analyzer

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
        depth=NUMERIC(stored=True),
        laws=STORED(),  # law numbers a glossary term or situation points to
        heading_pl=TEXT(analyzer=pl),
        title_pl=TEXT(analyzer=pl),
        context_pl=TEXT(analyzer=pl),
        parent_pl=TEXT(analyzer=pl),
        whole_pl=TEXT(analyzer=pl),
        body_pl=TEXT(analyzer=pl),
        heading_en=TEXT(analyzer=en),
        title_en=TEXT(analyzer=en),
        context_en=TEXT(analyzer=en),
        parent_en=TEXT(analyzer=en),
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


def _unit_docs(law: Law, units: list[Unit], parents: list[str]) -> Iterator[SearchDoc]:
    for unit in units:
        path = [*parents, unit.title] if unit.title else parents
        if unit.text or not unit.children:
            # A unit that only heads its items (64C, an empty 64C2) is no answer of its own:
            # its title is searched as the parent title of each of its items.
            yield SearchDoc(
                kind="unit",
                id=unit.id,
                lang=law.lang,
                edition=str(law.edition),
                law=law.id,
                title=" › ".join([f"{law.id}. {law.title}", *path]),
                url=unit_url(law.edition, law.lang, unit.id),
                title_text=unit.title,
                context_text=law.title,
                parent_text=" ".join(parents),
                body=unit.text,
                depth=unit.level,
            )
        yield from _unit_docs(law, unit.children, path)


def law_docs(law: Law) -> Iterator[SearchDoc]:
    """The law's own document (title and opening text) and one per unit."""
    yield SearchDoc(
        kind="law",
        id=law.id,
        lang=law.lang,
        edition=str(law.edition),
        law=law.id,
        title=f"{law.id}. {law.title}",
        url=law_path(law.edition, law.lang, law.number),
        title_text=law.title,
        context_text=law.chapter,
        body="\n\n".join(part for part in [law.text, *law.notes] if part),
        whole="\n\n".join(
            [law.text, *(f"{unit.title}\n{unit.text}" for unit in walk(law.sections)), *law.notes]
        ),
    )
    yield from _unit_docs(law, law.sections, [])


def outline_docs(outline: Any, corpus: Corpus) -> Iterator[SearchDoc]:
    """Title documents for each official 2017 law title, in Polish and English, that the corpus
    does not already hold as a law page."""
    for number in outline.laws():
        entry = outline.law(number)
        for lang, title in (("en", entry.title_en), ("pl", entry.title_pl)):
            if not title or corpus.law(2017, lang, number) is not None:
                continue
            yield SearchDoc(
                kind="title",
                id=str(number),
                lang=lang,
                edition="2017",
                law=str(number),
                title=f"{number}. {title}",
                url="",  # no page in this build: the hit says so instead of linking nowhere
                title_text=title,
            )


def outline_ids(outline: Any) -> dict[str, list[str]]:
    """{law number: official unit ids}, for telling "not in this build" from "no such unit"."""
    return {str(number): [str(number), *outline.ids(number)] for number in outline.laws()}


def _pair(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang, ""))
    return str(getattr(value, lang, "") or "")


def glossary_docs(terms: list[Any]) -> Iterator[SearchDoc]:
    """One document per glossary term and language shown; both languages' forms are matched."""
    for term in terms:
        laws = [str(law) for law in term.laws]
        forms = " ".join([*term.forms("pl"), *term.forms("en")])
        for lang in ("pl", "en"):
            other = "en" if lang == "pl" else "pl"
            yield SearchDoc(
                kind="glossary",
                id=term.id,
                lang=lang,
                edition="",
                law="",  # a term is no law: it lifts the laws it lists instead
                title=f"{term.headword(lang)} = {term.headword(other)}",
                url=glossary_url(lang, term.id),
                title_text=forms,
                body=term.definition(lang),
                extra={"laws": laws},
            )


def situation_docs(situations: list[Any]) -> Iterator[SearchDoc]:
    """One document per situation and language: title and phrases weigh most, with the general
    words of their table talk (a query's table talk is expanded the same way)."""
    from tools.query import expand_jargon

    for situation in situations:
        laws = [str(law) for law in situation.laws]
        number = str(law_number(laws[0])) if laws else ""
        for lang in ("pl", "en"):
            phrases = situation.phrases.get(lang, []) if isinstance(situation.phrases, dict) else []
            title = _pair(situation.title, lang)
            yield SearchDoc(
                kind="situation",
                id=situation.id,
                lang=lang,
                edition="2017",
                law=number,
                title=title,
                url=situation_path(lang, situation.id),
                title_text=expand_jargon(" ".join([title, *phrases])),
                body=_pair(situation.answer, lang),
                extra={"laws": laws, "lookup": _lookup_fields(situation) if lang == "pl" else {}},
            )


def _lookup_fields(situation: Any) -> dict[str, str]:
    """The situation lookup's own fields, both languages on one document (a Polish
    description may use English bridge words): title, phrases and answer, and the ids cited
    with their ancestors ("64B3" -> 64, 64b, 64b3)."""
    from tools.query import expand_jargon

    fields: dict[str, str] = {"cites": " ".join(sorted({
        prefix for law in situation.laws for prefix in cite_prefixes(str(law))}))}
    for lang in ("pl", "en"):
        fields[f"sit_title_{lang}"] = expand_jargon(_pair(situation.title, lang))
        fields[f"sit_phrases_{lang}"] = "\n".join(
            expand_jargon(phrase) for phrase in situation.phrases.get(lang, []))
        fields[f"sit_answer_{lang}"] = _pair(situation.answer, lang)
    return fields


def cite_prefixes(cite: str) -> list[str]:
    """The id and its ancestors, lowercased ("64B3" -> ["64", "64b", "64b3"])."""
    match = re.match(r"^(\d{1,2})(.*)$", cite)
    if not match:
        return [cite.lower()]
    number, rest = match.groups()
    return [(number + rest[:end]).lower() for end in range(len(rest) + 1)]


def _extras(
    config: Config, corpus: Corpus
) -> tuple[list[SearchDoc], dict[str, Any], list[Problem]]:
    """Outline titles, glossary and situation documents plus the sidecar data; a missing input
    becomes a Problem."""
    docs: list[SearchDoc] = []
    glossary: list[Any] = []
    official: dict[str, list[str]] = {}
    problems: list[Problem] = []
    try:
        from tools.outline import load_outline

        outline = load_outline(config.outline_file)
        docs.extend(outline_docs(outline, corpus))
        official = outline_ids(outline)
    except BridgelawError as error:
        problems.append(
            Problem(
                "index-missing-input",
                str(config.outline_file),
                f"law titles from the outline not indexed: {error}",
            )
        )
    glossary_file = config.glossary_file
    try:
        from tools.glossary import load_glossary

        glossary = list(load_glossary(glossary_file))
        docs.extend(glossary_docs(glossary))
    except (BridgelawError, FileNotFoundError) as error:
        problems.append(
            Problem(
                "index-missing-input",
                str(glossary_file),
                f"glossary not indexed, no cross-language search: {error}",
            )
        )
    try:
        from assistant.situations import load_situations

        docs.extend(situation_docs(list(load_situations(config))))
    except (BridgelawError, FileNotFoundError) as error:
        problems.append(
            Problem(
                "index-missing-input",
                str(config.assistant_dir / "situations.yaml"),
                f"situations not indexed: {error}",
            )
        )
    from tools.query import glossary_synonyms

    sidecars = {
        GLOSSARY_FILE: glossary_pairs(glossary),
        OUTLINE_FILE: official,
        PROBLEMS_FILE: [problem.__dict__ for problem in problems],
        SYNONYMS_FILE: [{"lang": s.lang, "form": s.form, "headword": s.headword}
                        for s in glossary_synonyms(glossary)],
    }
    return docs, sidecars, problems


def vocabulary(docs: list[SearchDoc]) -> dict[str, int]:
    """Every word of the indexed texts, folded, with how often it occurs: what a mistyped
    query word is corrected against."""
    from tools.analysis import fold

    counts: dict[str, int] = {}
    for doc in docs:
        for text in (doc.title_text, doc.context_text, doc.parent_text, doc.body):
            for word in _WORDS.findall(fold(text.lower())):
                if word.isalpha() and len(word) >= 3:
                    counts[word] = counts.get(word, 0) + 1
    return dict(sorted(counts.items()))


def corpus_docs(corpus: Corpus) -> list[SearchDoc]:
    """Every law and unit document of the corpus, in a stable order."""
    return [doc for law in sorted(corpus.laws, key=lambda law: law.key) for doc in law_docs(law)]


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
        "depth": doc.depth,
        "laws": ",".join(sorted({str(law_number(cid)) for cid in doc.extra.get("laws", [])})),
    }
    # Glossary pairs are bilingual by nature: both analyzers see both terms.
    langs = ("pl", "en") if doc.kind == "glossary" else (doc.lang,)
    # A law's own title says what the whole law is about: it weighs most.
    role = "heading" if doc.kind in ("law", "title") else "title"
    for lang in langs:
        fields[f"{role}_{lang}"] = doc.title_text
        fields[f"context_{lang}"] = doc.context_text
        fields[f"parent_{lang}"] = doc.parent_text
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


def build_index(corpus: Corpus, config: Config) -> Path:
    """Index every law unit, the outline titles, the glossary and the situations; return the
    index folder. Inputs that are missing are reported as Problems, never silently skipped."""
    if not corpus.laws:
        raise BridgelawError(f"{config.model_file}: the corpus holds no laws; nothing to index")
    docs = corpus_docs(corpus)
    extra_docs, sidecars, problems = _extras(config, corpus)
    docs.extend(extra_docs)
    sidecars[VOCABULARY_FILE] = vocabulary(docs)
    for problem in problems:
        print(f"bridgelaw: index: {problem.where}: {problem.message}", file=sys.stderr)
    corpus.problems.extend(problems)
    return write_index(docs, config.index_dir, sidecars)
