"""Ranking search hits as a director reads them: by law, the edition in force first, the
deepest matching clauses in the law's own order."""

from __future__ import annotations

from typing import Any

from tools.model import opens_list
from tools.normalize.citation_id import id_sort_key, is_citation_id, lineage
from tools.search.pointers import cited_by_best, cites
from tools.search.score import ALL_WORDS_BONUS, ROLE_WEIGHTS, TermScores

# How much a law's best and second best units add to its rank (with LAW_DOC_WEIGHT: a law whose
# clause answers outweighs a law that holds the words across its text; the three weights of this
# round were chosen together, see IN_FORCE_SHARE).
LAW_WEIGHTS = (0.75, 0.25)
# How much the law as a whole (its title and all its text) counts towards its rank.
LAW_DOC_WEIGHT = 1.0
# Documents that point to laws rather than hold law text, and how much they lift those laws.
POINTER_KINDS = ("glossary", "situation")
# (as much as a law's own title: a term or situation named by the query's rarest word, "disqualify",
# brings its law before a law that shares only the query's common words, "TD", with its title)
LIFT_WEIGHT = 1.0
# ... the law a pointer rests on (its first) fully, the others it names by this share
OTHER_LAWS_SHARE = 0.5
# How much covering all the query's words multiplies a document's score (1 + this). 5, not 2:
# a long query shares its common words with many texts, and the text holding more of its words
# answers it (2 -> 4 over the ten read query sets then, 571 queries: law first 513 -> 521; with
# the real English text, 198 -> 201 of 281; 4 -> 5 with IN_FORCE_SHARE; the site weighs
# Pagefind's scores by it, order.js currentFirst: +1 first there).
COVERAGE_WEIGHT = 5.0
# How much a situation page found lifts the law it rests on, on the site (order.js currentFirst),
# where a law is scored by its best page's Pagefind score weighed by COVERAGE_WEIGHT: twice the
# situation's weighed score (once: four first places fewer on the read query sets).
PAGE_LIFT_WEIGHT = 2.0
# Units shown per law before the next law's hits: keeps the list a list of laws.
PER_LAW = 3
# A 2017 law that scores at least this share of the best law text, and holds as many of the
# query's words, stands first. 0.7 with COVERAGE_WEIGHT 5 and LAW_WEIGHTS (0.75, 0.25), chosen
# together over the twelve read sets (was 0.6, 4, (0.5, 0.25)): law first 584 -> 593 of 751 on
# the snapshot, 240 -> 249 of 305 with the real English text; 0.65-0.8 all gain on both.
IN_FORCE_SHARE = 0.7
# Units of one law scoring at least this share of its best unit are shown in document order.
NEAR_BEST = 0.8


def ranking_rules() -> dict[str, Any]:
    """The ranking's rules as the site's search box reads them (the spec's "ranking"): with
    the weights of a unit's own title, the titles above it and its text, and BM25's K1 and B,
    by which the site scores a unit from Pagefind's matches as the CLI does (score.py)."""
    return {
        "near_best": NEAR_BEST, "per_law": PER_LAW, "other_laws_share": OTHER_LAWS_SHARE,
        "coverage_weight": COVERAGE_WEIGHT, "page_lift_weight": PAGE_LIFT_WEIGHT,
        "roles": {role: ROLE_WEIGHTS[role] for role in ("title", "parent", "body")},
        "k1": TermScores.K1, "b": TermScores.B, "all_words_bonus": ALL_WORDS_BONUS,
    }


def deepest(members: list[tuple[dict[str, Any], float]], covered: dict[str, int] | None = None,
            cited: tuple[frozenset[str], int] = (frozenset(), 0)
            ) -> list[tuple[dict[str, Any], float]]:
    """The hits of one law a reader wants: the deepest units that match (64A1, not 64A when
    both do), each scored with the lead-in it gave way to, those the best situation found cites
    first when it holds more of the query's words (`cited`: its ids and that count), and the
    law's own heading only when none of its units matched."""
    units = [pair for pair in members if pair[0]["kind"] == "unit"]
    if not units:
        # the law's heading, then the situations that rest on it
        return sorted(members, key=lambda pair: pair[0]["kind"] not in ("law", "title"))

    def words(pair: tuple[dict[str, Any], float]) -> int:
        return (covered or {}).get(pair[0]["key"], 0)

    # the units above each unit (its lineage, is_inside's rule), read once: a law's units are
    # compared with the units inside them, and asking every pair cost a fifth of a query
    by_id: dict[str, list[tuple[dict[str, Any], float]]] = {}
    for pair in units:
        by_id.setdefault(pair[0]["id"], []).append(pair)
    above = {uid: [outer for outer in lineage(uid)[:-1] if outer in by_id]
             if is_citation_id(uid) else [] for uid in by_id}
    inside: dict[str, int] = {}  # the most of the query's words a unit inside each id holds
    for pair in units:
        for outer in above[pair[0]["id"]]:
            inside[outer] = max(inside.get(outer, -1), words(pair))
    # a unit gives way to a unit inside it that holds as many of the query's words: 64B
    # ("brak automatycznego przekazania lew") stays when only "lew" is found in 64B1
    leaves = [pair for pair in units if inside.get(pair[0]["id"], -1) < words(pair)]
    # a clause is read after the text leading into it (64A1 after "Gdy fałszywy renons
    # uprawomocnił się i:"): it adds to its own score the score of a lead-in above it that gave
    # way to it ("kiedy karta rozgrywającego jest zagrana": 45C2's text, for 45C2a and 45C2b).
    # Its own score holds the lead-in's words only in the weak context field (index.py).
    def lead_in(pair: tuple[dict[str, Any], float]) -> float:
        return max((s for outer in above[pair[0]["id"]] for f, s in by_id[outer]
                    if words((f, s)) <= words(pair) and opens_list(str(f.get("body", "")))),
                   default=0.0)

    leaves = [(fields, score + lead_in((fields, score))) for fields, score in leaves]

    # A unit holding more of the query's words answers it better; those of them that match
    # about as well as the best are read in the law's own order (64A1 before 64B5 for a query
    # every clause of 64 answers); a clearly better one leads.
    leaves.sort(key=lambda pair: (-words(pair), -pair[1], id_sort_key(pair[0]["id"])))
    most = words(leaves[0])
    best = leaves[0][1]
    near = sorted((pair for pair in leaves if words(pair) == most and pair[1] >= NEAR_BEST * best),
                  key=lambda pair: id_sort_key(pair[0]["id"]))
    rest = [pair for pair in leaves if pair not in near]
    others = [pair for pair in members if pair[0]["kind"] not in ("unit", "law", "title")]
    # the clauses the best situation found cites come first when it holds more of the query's
    # words than any of them, as a situation brings its law (pointers.title_pointed_to): its
    # players' words said what the query asks, where a clause may share more of its common
    # words ("psych fielded by partner": the psychic call's situation cites 40C1, 40A2 holds
    # "partner"); a term typed ("karta przygwożdżona") is said by its clauses as fully. The ids
    # are 2017 ids: the 1997 text's clause of the same id is another rule
    ordered = near + rest
    ids, held = cited
    if held > most and leaves[0][0]["edition"] == "2017":
        ordered = ([pair for pair in ordered if cites(ids, pair[0]["id"])]
                   + [pair for pair in ordered if not cites(ids, pair[0]["id"])])
    return ordered + others


def rank_by_law(
    scored: list[tuple[dict[str, Any], float]], lang: str | None = None,
    covered: dict[str, int] | None = None, limit: int | None = None,
    below: list[tuple[dict[str, Any], float]] | None = None,
) -> list[tuple[dict[str, Any], float]]:
    """Hits grouped by law: a law whose several units match outranks one lucky unit elsewhere,
    the units of one law stay together, best first, a matching glossary term or situation
    lifts every law it points to, and the edition in force comes first: 1997 text, history,
    never stands before a 2017 law whose text the query found. The first `limit` hits (all).
    `below`: clauses under the candidates' cut (engine.clauses_below_cut), shown for a law
    found without a clause, never ranked."""
    groups: dict[tuple[str, str, str], list[tuple[dict[str, Any], float]]] = {}
    lifts: dict[str, float] = {}
    # the most of the query's words a glossary term found holds, by the law it is first of
    termed: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    preferred = lang or "pl"
    for fields, score in sorted(scored, key=lambda pair: (pair[0]["lang"] != preferred, -pair[1])):
        if fields["kind"] in POINTER_KINDS:
            for nth, number in enumerate(filter(None, fields.get("laws", "").split(","))):
                share = 1.0 if nth == 0 else OTHER_LAWS_SHARE
                lifts[number] = max(lifts.get(number, 0.0), share * score)
                if nth == 0 and fields["kind"] == "glossary":
                    termed[number] = max(termed.get(number, 0),
                                         (covered or {}).get(fields["key"], 0))
            if (fields["kind"], fields["id"]) in seen:
                continue  # one language of a bilingual term is enough
            seen.add((fields["kind"], fields["id"]))
        # a title a situation brought (pointers.py title_pointed_to) joins that situation
        key = (fields["law"] or fields["key"], fields["edition"],
               fields.get("joins") or fields["lang"])
        groups.setdefault(key, []).append((fields, score))

    def law_score(item: tuple[tuple[str, str, str], list[tuple[dict[str, Any], float]]]) -> float:
        (law, _, _), members = item
        # a title a situation brought in only stands with it: the query did not find it
        whole = max((score for f, score in members
                     if f["kind"] in ("law", "title") and not f.get("pulled")), default=0.0)
        units = sorted(score for f, score in members if f["kind"] not in ("law", "title"))
        top = units[::-1][: len(LAW_WEIGHTS)]
        total = LAW_DOC_WEIGHT * whole + sum(w * s for w, s in zip(LAW_WEIGHTS, top, strict=False))
        return total + LIFT_WEIGHT * lifts.get(law, 0.0)

    # A law found in the query's language is not listed again in the other one, unless the
    # other language holds its text and the query's only its title (no English text yet).
    def has_text(key: tuple[str, str, str]) -> bool:
        return any(f["kind"] == "unit" for f, _ in groups[key])

    for law, edition, group_lang in list(groups):
        mine = (law, edition, preferred)
        if group_lang == preferred or mine not in groups:
            continue
        other = (law, edition, group_lang)
        if has_text(other) and not has_text(mine):
            del groups[mine]
        else:
            del groups[other]
    scores = {key: law_score((key, members)) for key, members in groups.items()}
    cited = cited_by_best(scored, covered)
    # what each law's hits are, and how they are marked, read once
    kinds = {key: {f["kind"] for f, _ in members} for key, members in groups.items()}
    marks = {key: {mark for f, _ in members for mark in ("named", "listed", "joins")
                   if f.get(mark)} for key, members in groups.items()}
    texted = {key for key in groups if kinds[key] & {"unit", "law"}}
    # the best law text found, in either edition: a 2017 law is put first when it answers
    # about as well (a 2017 law that only mentions the words does not push the 1997 text
    # that answers them down)
    best = max((score for key, score in scores.items() if key in texted), default=0.0)

    # how many of the query's words a law's best unit holds (`covered`, by document key)
    # ... a law known by its titles only holds the words of the glossary terms found whose first
    # law it is (`termed`), as it holds its situations' (a term is grouped by its own key):
    # "wyjąłem karty z niewłaściwego pudełka" names Law 15's term, and a situation of Law 7 held
    # more words
    words = {key: max([(covered or {}).get(f["key"], 0) for f, _ in members]
                      + ([] if key in texted else [termed.get(key[0], 0)]))
             for key, members in groups.items()}
    most = max((words[key] for key in texted), default=0)

    def order(key: tuple[str, str, str]) -> tuple[bool, float]:
        # the law in force goes first when it answers as fully as the best law text found
        in_force = (key[1] == "2017" and scores[key] >= IN_FORCE_SHARE * best
                    and words[key] >= most)
        return (not in_force, -scores[key])

    ordered = sorted(groups, key=order)
    # where a law is found in both editions, its 2017 text (or title) stands before its 1997 text
    for key in [k for k in ordered if k[1] == "2017"]:
        older = (key[0], "1997", key[2])
        if older in ordered and ordered.index(older) < ordered.index(key):
            ordered.remove(key)
            ordered.insert(ordered.index(older), key)
    # 1997 text is history: it never stands before a law in force whose text was found, however
    # weakly (a share of the best score let "declarer forbids the lead of the suit" list 1997
    # Law 55 above 2017 50D2a, and ranked worse on both query sets)
    current = [key for key in ordered if key[1] == "2017" and "unit" in kinds[key]]
    # ... nor before the law in force a situation brought (pointers.py title_pointed_to: the law
    # the description rests on, known by its titles only; 1997 58B4 stood above Law 13 for
    # "wykryty", where the site lists Law 13 first)
    # ... nor before a law in force the query found by its titles (its title, its sections'
    # headings, its players' words), as the site orders them (order.js currentFirst)
    anchors = [key for key in ordered
               if key in current or "joins" in marks[key]
               or (key[1] == "2017" and any(f["kind"] == "title" and not f.get("pulled")
                                            for f, _ in groups[key]))]
    if anchors:
        moved = [key for key in ordered[:ordered.index(anchors[-1])] if key[1] == "1997"]
        ordered = [key for key in ordered if key not in moved]
        at = ordered.index(anchors[-1]) + 1
        ordered[at:at] = moved
    # a law's heading against the clauses: the words its own titles hold, not its situations',
    # but for the situation that brought the title (pointers.py title_pointed_to), which answers
    # ... and a title the query names in full (naming.py title_named) keeps its place
    titles = {key: max((covered or {}).get(f["key"], 0) for f, _ in members
                       if f["kind"] == "title" or f.get("brings"))
              for key, members in groups.items()
              if "title" in kinds[key] and "named" not in marks[key] and key not in texted}
    # a title listed as the heading of the situations found (pointers.py titles_listed_with)
    # gives way to a clause holding as many of the words, as a situation brings its law first
    # only when it holds more of them than any clause (title_pointed_to)
    listed = {key for key in groups if "listed" in marks[key]}
    # the words each law's best clause holds: a long law holds every word typed in passing
    clauses = {key: max((covered or {}).get(f["key"], 0)
                        for f, _ in groups[key] if f["kind"] == "unit") for key in current}
    titles_after_text(ordered, current, titles, clauses, listed)
    named_titles_first(ordered, [key for key in groups
                                 if "title" in kinds[key] and "unit" not in kinds[key]],
                       {key for key in groups if "named" in marks[key]})
    found: list[tuple[dict[str, Any], float]] = []
    for key in ordered:  # the laws in order until `limit` hits: a law further on is not shown
        if limit is not None and len(found) >= limit:
            break
        members = groups[key]
        if "unit" not in kinds[key]:
            members = members + [pair for pair in below or () if (
                pair[0]["law"], pair[0]["edition"], pair[0]["lang"]) == key]
        found.extend(deepest(members, covered, cited)[:PER_LAW])
    return found[:limit]


def titles_after_text(ordered: list[Any], answering: list[Any], titles: dict[Any, int],
                      words: dict[Any, int], ties_to_text: set[Any] = frozenset()) -> None:
    """Move, in place, each law known by its title only (`titles`: the query's words its
    titles hold) after the last law in force whose text answers (`answering`) with a clause
    holding more of the query's words (`words`, per law its best clause's: the whole of a long
    law holds them in passing; a title the query names in full is left out of `titles`):
    "revoke on the twelfth trick" names Law 62 by its English title, and 64B6 answers it in
    Polish; "partner" names Laws 4 and 40 by their titles, and 45G holds more of "zakryłem lewę
    zanim partner dołożył". A title in `ties_to_text` gives way to a text holding as many."""
    for key in [key for key in ordered if key in titles]:
        at = ordered.index(key)
        # a short title scores high for the one word it holds (or the words typed, where the
        # text holds their translations, weighted less): only a text holding more of the
        # query's words outranks it
        later = [ordered.index(other) for other in answering
                 if ordered.index(other) > at and (words[other] > titles[key] or (
                     key in ties_to_text and words[other] == titles[key]))]
        if later:
            ordered.remove(key)
            ordered.insert(max(later), key)


def named_titles_first(ordered: list[Any], titled: list[Any], named: set[Any]) -> None:
    """Among the laws known by their titles only (`titled`), put, in place, those whose title
    the query names in full (`named`, naming.py title_named) first, in the places the titles
    held: "wyjście rozgrywającego poza kolejnością" is Law 55's title, before 53's."""
    slots = [i for i, key in enumerate(ordered) if key in titled]
    keys = sorted((ordered[i] for i in slots), key=lambda key: key not in named)
    for i, key in zip(slots, keys, strict=True):
        ordered[i] = key
