"""The cross-reference layer: citations found in law text, split where links were glued, resolved.

Absolute citations name a law ("przepis 64C", "Laws 16 and 64"); relative ones name a part of
the law they stand in ("patrz punkt B2 powyżej", "see B2 above", "według (a), wyżej") and are
completed from the id of the unit that holds them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from tools.citation_id import child_id, is_citation_id, law_of
from tools.model import Corpus, CrossRef, Law, Problem, unit_ids, walk

# One id as printed after "przepis"/"Law": a law number and whatever letters, digits and
# "(b)" marks follow it with no space (sub-items run to k: 80B2k; a fourth level in roman
# numerals: 40B2aiv). Glued neighbours
# ("47D16C1") match as one token.
# "71.1": an item that hangs from a law directly (tools/data/citation_ids.json); not when a dot
# follows, as after a law title glued to the text ("przepisu 68.50. DYSPONOWANIE").
_TOKEN = (r"\d{1,3}(?:\.\d{1,2}(?![\d.]))?"
          r"(?:[A-Z]|\d|[a-k](?:[ivx]{1,4})?(?![a-ząćęłńóśźż])|\([a-k]\))*")
_LIST_SEP = r"(?:\s*,\s*|\s+(?:i|lub|albo|oraz|and|or)\s+)"
# Adjacent links kept apart only by a space ("przepisy 47D 16C1"): accepted when the next id
# names a section, so a number that merely follows ("przepis 50 3 karty") is not taken.
_ABS_SEP = rf"(?:{_LIST_SEP}(?=\d)|\s+(?=\d{{1,2}}[A-Z]))"
_ABSOLUTE = re.compile(
    r"(?<![\w])(?i:przepis(?:y|u|owi|em|ie|ów|ami|ach)?|laws?)(?![^\W\d])"
    rf":?\s*(?P<list>{_TOKEN}(?:{_ABS_SEP}{_TOKEN})*)(?![\w])"
)
# A part of the current law: "B", "B2", "B1(a)", "(a)", or an item number "1".
_REL = r"(?:[A-H]\d{0,2}(?:\([a-k]\)|[a-k](?![\w]))?|\([a-h]\)|\d{1,2}(?:\([a-k]\))?)"
_DIRECTION = r"(?:powyżej|poniżej|wyżej|niżej|above|below)"
_KEYWORD = r"(?i:punkt\w*|punkci\w*|pkt\.?|sub-?paragraph|paragraph)"
_RELATIVE = re.compile(
    rf"(?<![\w(])(?:(?P<kw>{_KEYWORD})\s+)?"
    rf"(?P<list>{_REL}(?:{_LIST_SEP}{_REL})*)(?![\w])"
    rf"(?:(?P<comma>\s*,)?\s+(?P<dir>{_DIRECTION})(?![\w]))?"
)
_RANGE = re.compile(
    rf"(?<![\w])(?:(?P<dir1>{_DIRECTION})\s+)?(?:od\s+|from\s+)?"
    r"(?P<first>[A-H]\d{0,2})\s*(?:-|–|\bdo\b|\bto\b)\s*(?P<last>[A-H]\d{0,2})(?![\w])"
    rf"(?:\s+(?P<dir2>{_DIRECTION})(?![\w]))?"
)
_UNIT_ID = re.compile(r"(\d{1,2})(?:\.(\d{1,2})([a-z])?|([A-Z])?(\d{1,2})?([a-z])?)")
_LAW_NUMBERS = range(1, 94)


@dataclass(frozen=True)
class Citation:
    """One citation as printed in a text, with the ids it may name."""

    text: str  # the citation as printed, e.g. "przepisy 64B364C"
    start: int  # offset of its first character in the text
    end: int  # offset just after its last character
    ids: tuple[str, ...]  # candidate ids; absolute ones as printed ("47D16C1" still glued)
    relative: bool = False  # named a part of the current law ("B2 powyżej")
    unresolved: str = ""  # why a relative citation could not be completed to ids


def normalize_token(token: str) -> str:
    """The id a printed token stands for: "43B2(b)" -> "43B2b"."""
    return re.sub(r"\(([a-k])\)", r"\1", token)


def is_single_id(token: str) -> bool:
    """Whether the token has the shape of one citation id of a law that exists (1-93)."""
    return is_citation_id(token) and law_of(token) in _LAW_NUMBERS and token[0] != "0"


def _split_list(text: str) -> list[str]:
    return [part for part in re.split(_LIST_SEP, text) if part]


def _complete(token: str, where: str) -> tuple[str | None, str]:
    """The full id a relative token names from inside unit `where`, or None and why not."""
    here = _UNIT_ID.match(where) if where else None  # deeper levels (64A2I) cut off
    if here is None:
        return None, f"relative reference '{token}' outside any known unit"
    law, law_item, _law_sub, section, item, _sub = here.groups()
    section = section or ""
    part = normalize_token(token)
    if part[0].isupper():
        return law + part, ""
    if part[0].isdigit():
        # An item number is relative to the section; in a law without sections (71) its
        # items hang from the law itself ("1 powyżej" inside 71.2 is 71.1).
        if law_item:
            return child_id(law, part), ""
        if not section:
            return None, (
                f"ambiguous relative reference '{token}': {where} is not inside a lettered section"
            )
        return law + section + part, ""
    if law_item:
        return child_id(law, law_item) + part, ""
    if not item:
        return None, (
            f"ambiguous relative reference '{token}': {where} is not inside a numbered item"
        )
    return law + section + item + part, ""


def _expand_range(first: str, last: str) -> list[str] | None:
    """The parts a range such as "A - D" or "B1 do B3" covers, or None if it is not regular."""
    if len(first) == 1 and len(last) == 1 and first <= last:
        return [chr(code) for code in range(ord(first), ord(last) + 1)]
    if first[0] == last[0] and first[1:].isdigit() and last[1:].isdigit():
        low, high = int(first[1:]), int(last[1:])
        if low <= high:
            return [f"{first[0]}{n}" for n in range(low, high + 1)]
    return None


def _relative_citation(
    text: str, start: int, end: int, tokens: list[str], where: str
) -> Citation:
    ids: list[str] = []
    reasons: list[str] = []
    for token in tokens:
        full, reason = _complete(token, where)
        if full is None:
            reasons.append(reason)
        else:
            ids.append(full)
    return Citation(text[start:end], start, end, tuple(ids), True, "; ".join(reasons))


def find_citations(text: str, lang: str, where: str = "") -> list[Citation]:
    """Every citation in a unit's text, in order; `where` is the unit's id, for relative ones."""
    if lang not in ("pl", "en"):
        raise ValueError(f"unknown language {lang!r}")
    found: list[Citation] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    for match in _ABSOLUTE.finditer(text):
        parts = re.split(_ABS_SEP, match.group("list"))
        tokens = [normalize_token(t) for t in parts if t]
        found.append(Citation(match.group(0), match.start(), match.end(), tuple(tokens)))
        taken.append(match.span())
    for match in _RANGE.finditer(text):
        if not (match.group("dir1") or match.group("dir2")) or not free(*match.span()):
            continue
        parts = _expand_range(match.group("first"), match.group("last"))
        start, end = match.span()
        if parts is None:
            found.append(
                Citation(text[start:end], start, end, (), True, "range that cannot be expanded")
            )
        else:
            found.append(_relative_citation(text, start, end, parts, where))
        taken.append(match.span())
    for match in _RELATIVE.finditer(text):
        if not (match.group("kw") or match.group("dir")) or not free(*match.span()):
            continue
        tokens = _split_list(match.group("list"))
        if not match.group("kw") and all(t.isdigit() for t in tokens) and len(tokens) > 1:
            continue  # "1, 2 powyżej" without a keyword is too loose to call a citation
        found.append(_relative_citation(text, match.start(), match.end(), tokens, where))
        taken.append(match.span())
    return sorted(found, key=lambda c: (c.start, c.end))


def _law_number(unit_id: str) -> int:
    """The law an id belongs to ("71.1" is 71; glued digits "7071" start with law 70)."""
    number = law_of(unit_id)
    assert number is not None, unit_id
    return number


def glued_splits(token: str, known_ids: set[str]) -> list[list[str]]:
    """Every way to cut `token` into ids that all exist, fewest parts first, then in text order."""

    @cache
    def from_(start: int) -> tuple[tuple[str, ...], ...]:
        if start == len(token):
            return ((),)
        results: list[tuple[str, ...]] = []
        for end in range(start + 1, len(token) + 1):
            part = token[start:end]
            # A glued part names at least a section: a run of bare law numbers ("4764")
            # could be cut anywhere, so it is never split.
            if part in known_ids and is_single_id(part) and not part.isdigit():
                results.extend((part, *rest) for rest in from_(end))
        return tuple(results)

    splits = sorted(from_(0), key=lambda parts: (len(parts), [-len(p) for p in parts]))
    return [list(parts) for parts in splits]


def split_glued(token: str, known_ids: set[str]) -> list[str]:
    """The ids a token of glued links stands for ("64B764C" -> 64B7, 64C); [] if none fits."""
    token = normalize_token(token)
    splits = glued_splits(token, known_ids)
    return splits[0] if splits else []


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
    numbers = {str(_law_number(i)) for i in outline_ids if re.match(r"\d", i)}
    return frozenset(outline_ids | numbers)


def _resolve(target: str, scope: _Scope) -> tuple[str, str]:
    """The status of one cited id and the reason for it."""
    number = _law_number(target)
    if number not in _LAW_NUMBERS:
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
                                f"{law.edition}/{law.lang}/{source}",
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
            f"  {ref.edition}/{ref.lang}/{ref.source}: {ref.cited!r} -> {ref.target}: {ref.reason}"
            for ref in unresolved
        ]
    return "\n".join(lines) + "\n"
