"""Citations resolved: every citation of the corpus's laws checked against the ids of its
edition and language (or the 2017 outline where a law has no text), one cross-reference each,
and a report of the counts and of every citation that names nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tools.model import Corpus, CrossRef, Law, Problem, law_key, unit_ids, walk
from tools.normalize.citation_id import LAW_NUMBERS, is_citation_id, law_of
from tools.normalize.citations import Citation, find_citations, glued_splits


def _law_number(unit_id: str) -> int:
    """The law an id belongs to ("71.1" is 71; glued digits "7071" start with law 70)."""
    number = law_of(unit_id)
    assert number is not None, unit_id
    return number


@dataclass(frozen=True)
class _Scope:
    """What one (edition, language) of the corpus can resolve against."""

    edition: int
    lang: str
    laws: dict[int, set[str]]  # law number -> ids with text in this edition and language
    outline_ids: frozenset[str]

    def known(self) -> set[str]:
        """Ids a glued token may be cut into: the edition's own, else the 2017 outline's."""
        ids = {i for ids in self.laws.values() for i in ids}
        ids |= {i for i in self.outline_ids if _law_number(i) not in self.laws}
        return ids


def _with_law_numbers(outline_ids: set[str]) -> frozenset[str]:
    numbers = {str(number) for i in outline_ids if (number := law_of(i)) is not None}
    return frozenset(outline_ids | numbers)


def _resolve(target: str, scope: _Scope) -> tuple[str, str]:
    """The status of one cited id and the reason for it."""
    number = _law_number(target)
    if number not in LAW_NUMBERS:
        return "unresolved", f"there is no law {number}"
    if number in scope.laws:
        if target in scope.laws[number]:
            return "resolved", ""
        return "unresolved", (
            f"{target} does not exist in law {number} ({scope.edition} {scope.lang} text)"
        )
    numbering = (
        "2017 outline"
        if scope.edition == 2017
        else f"2017 outline (2017 numbering; the {scope.edition} text may number it differently)"
    )
    if target in scope.outline_ids:
        return "outline", (
            f"law {number} has no text in this build; id checked against the {numbering}"
        )
    return "unresolved", (
        f"{target} is not in the {numbering}, and law {number} has no text in this build"
    )


def _targets(token: str, known: set[str]) -> tuple[list[str], str]:
    """The ids an absolute token names, splitting glued links; [] and why when it cannot."""
    if token in known:
        return [token], ""
    splits = [parts for parts in glued_splits(token, known) if len(parts) > 1]
    if splits:
        best = [parts for parts in splits if len(parts) == len(splits[0])]
        if len(best) > 1:
            options = " or ".join("+".join(parts) for parts in best)
            return [], f"ambiguous split of glued token {token}: {options}"
        return splits[0], ""
    if is_citation_id(token):
        return [token], ""  # one id that does not exist: _resolve says why
    return [], f"no split of glued token {token} into ids that exist"


def _texts(law: Law) -> list[tuple[str, str]]:
    """(source id, text) of every text of a law in document order."""
    texts = [(law.id, law.text)]
    texts += [(unit.id, unit.text) for unit in walk(law.sections)]
    texts += [(law.id, note) for note in law.notes]
    texts += [(law.id, footnote.text) for footnote in law.footnotes]
    return [(source, text) for source, text in texts if text]


def link_citations(corpus: Corpus, outline_ids: set[str]) -> tuple[list[CrossRef], list[Problem]]:
    """Find, split and resolve the citations of every law; one Problem per unresolved one."""
    outline = _with_law_numbers(set(outline_ids))
    scopes: dict[tuple[int, str], _Scope] = {}
    for law in corpus.laws:
        scope = scopes.setdefault(
            (law.edition, law.lang), _Scope(law.edition, law.lang, {}, outline)
        )
        scope.laws[law.number] = set(unit_ids(law))
    known = {key: scope.known() for key, scope in scopes.items()}

    refs: list[CrossRef] = []
    problems: list[Problem] = []
    for law in sorted(corpus.laws, key=lambda law: law.key):
        scope = scopes[(law.edition, law.lang)]
        for source, text in _texts(law):
            for citation in find_citations(text, law.lang, where=source):
                for ref in _refs(citation, source, scope, known[(law.edition, law.lang)]):
                    refs.append(ref)
                    if ref.status == "unresolved":
                        problems.append(
                            Problem(
                                "unresolved-citation",
                                law_key(law.edition, law.lang, source),
                                f"{ref.cited!r} -> {ref.target}: {ref.reason}",
                            )
                        )
    return refs, problems


def _refs(citation: Citation, source: str, scope: _Scope, known: set[str]) -> list[CrossRef]:
    def ref(target: str, status: str, reason: str) -> CrossRef:
        return CrossRef(scope.edition, scope.lang, source, citation.text, target, status, reason)

    if citation.relative:
        out = [ref(target, *_resolve(target, scope)) for target in citation.ids]
        if citation.unresolved:
            out.append(ref(citation.text, "unresolved", citation.unresolved))
        return out
    out = []
    for token in citation.ids:
        targets, reason = _targets(token, known)
        if not targets:
            out.append(ref(token, "unresolved", reason))
        out.extend(ref(target, *_resolve(target, scope)) for target in targets)
    return out


def format_citation_report(refs: list[CrossRef]) -> str:
    """Counts by status (overall and per edition and language) and every unresolved citation."""
    statuses = ("resolved", "outline", "unresolved")
    total = Counter(ref.status for ref in refs)
    lines = [
        f"citations: {len(refs)} ("
        + ", ".join(f"{status} {total[status]}" for status in statuses)
        + ")"
    ]
    for edition, lang in sorted({(ref.edition, ref.lang) for ref in refs}):
        counts = Counter(ref.status for ref in refs if (ref.edition, ref.lang) == (edition, lang))
        lines.append(
            f"  {edition} {lang}: " + ", ".join(f"{status} {counts[status]}" for status in statuses)
        )
    unresolved = [ref for ref in refs if ref.status == "unresolved"]
    if unresolved:
        lines.append("unresolved:")
        lines += [
            f"  {law_key(ref.edition, ref.lang, ref.source)}: {ref.cited!r} -> {ref.target}: "
            f"{ref.reason}"
            for ref in unresolved
        ]
    return "\n".join(lines) + "\n"
