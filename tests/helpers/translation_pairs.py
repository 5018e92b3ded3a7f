"""SYNTHETIC Polish/English law pairs for the translation check, with planted disagreements.

All 93 laws of the official outline (tools/data/outline_2017.json: ids and levels only) get a
parallel placeholder text in both languages, written here, naming its unit id and saying
"syntetyczny"/"synthetic": no law text is copied from anywhere. The pairs carry what makes a
check hard on real text: Polish inflection beyond the glossary's variants, numbers in words in
one language and digits in the other, "first"/"other" that are no counts, glued Polish links
("przepisy 47D16C1"), relative citations against absolute ones, colloquial equivalents
("wychodzi ze stołu" for "leads from dummy"), lengths that vary from template to template.
Then disagreements are planted, one per chosen unit, each recorded as (kind, edition, unit):
a cited id changed or dropped, a number changed, a term rendered off the glossary, a unit
deleted in one language, a unit's text put into its neighbour (split), an untranslated addition.
Deterministic: choices come from hashes of unit ids and a seed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from tools.model import Corpus, Footnote, Law, Unit
from tools.normalize.citation_id import law_of
from tools.normalize.citations import glued_splits
from tools.normalize.outline import Outline

SYNTHETIC = "SYNTHETIC"
# (Polish, English) sentence templates; {id} the unit, {N} a count, {O} an ordinal place.
# Each may name one swap per language: the official term's words -> an off-glossary rendering.
TEMPLATES: list[tuple[str, str, dict[str, tuple[str, str]]]] = [
    ("Tekst syntetyczny {id}: zastępcze zdanie, w którym sędzia przekazuje {N} stronie "
     "niewykraczającej.",
     "Synthetic text {id}: placeholder wording in which the director transfers {N} to the "
     "non-offending side.",
     {"pl": ("sędzia", "arbiter"), "en": ("director", "referee")}),
    ("Tekst syntetyczny {id}: zdanie zastępcze o karcie przygwożdżonej obrońcy, pokazanej {O}.",
     "Synthetic text {id}: a stand-in sentence about a penalty card of a defender, shown {O}.",
     {"pl": ("karcie przygwożdżonej", "karcie karnej"), "en": ("penalty card", "forfeit card")}),
    ("Tekst syntetyczny {id}: wyrazy zastępcze o pierwszym wyjściu poza kolejnością, wykonanym "
     "przez drugiego obrońcę.",
     "Synthetic text {id}: filler words on an opening lead out of turn made by the other "
     "defender.",
     {"pl": ("obrońcę", "przeciwnika rozgrywającego"), "en": ("defender", "player")}),
    ("Tekst syntetyczny {id}: zastępcze zdanie, w którym lewy przeciwnik pasuje dwukrotnie.",
     "Synthetic text {id}: a placeholder clause in which the left-hand opponent passes twice.",
     {}),
    ("Tekst syntetyczny {id}: słowa zastępcze: dziadek i rozgrywający, {N} w jednej ręce.",
     "Synthetic text {id}: stand-in words: dummy and declarer, {N} held in one hand.",
     {"pl": ("dziadek", "stół"), "en": ("declarer", "contract holder")}),
    ("Tekst syntetyczny {id}: potem może zagrać dowolną kartę, jak mówi tekst zastępczy.",
     "Synthetic text {id}: after that he may play any card, as the placeholder says.", {}),
    ("Tekst syntetyczny {id}: zdanie wypełniające, w którym wykraczający poprawia odzywkę "
     "niewystarczającą.",
     "Synthetic text {id}: a filler sentence in which the offender corrects an insufficient "
     "bid.",
     {"pl": ("niewystarczającą", "za niską"), "en": ("insufficient bid", "too-low bid")}),
    ("Tekst syntetyczny {id}: zastępczo: do rozegrania pozostaje {N}, a deklaracja jest sporna.",
     "Synthetic text {id}: placeholder: {N} remain to be played, and the claim is contested.",
     {"pl": ("deklaracja", "propozycja"), "en": ("claim", "proposal")}),
    ("Tekst syntetyczny {id}: zdanie zastępcze, w którym fałszywy renons staje się "
     "uprawomocnionym fałszywym renonsem, zauważonym {O}.",
     "Synthetic text {id}: a stand-in sentence where a revoke becomes an established revoke, "
     "noticed {O}.",
     {"en": ("revoke", "renege")}),
    ("Tekst syntetyczny {id}: słowa w miejsce reguły: sędzia przyznaje wynik rozjemczy.",
     "Synthetic text {id}: words in place of a rule: the director awards an adjusted score.",
     {"pl": ("wynik rozjemczy", "wynik sędziowski"), "en": ("adjusted score", "ruled score")}),
    ("Tekst syntetyczny {id}: zastępczo o informacji nielegalnej z wahania partnera.",
     "Synthetic text {id}: placeholder about unauthorized information from partner's "
     "hesitation.",
     {"pl": ("informacji nielegalnej", "wiadomości zakazanej"),
      "en": ("unauthorized information", "forbidden news")}),
    ("Tekst syntetyczny {id}: rozgrywający wychodzi z ręki dziadka, a lewa zostaje zakryta.",
     "Synthetic text {id}: declarer leads from dummy, and the trick is turned face down.",
     {"pl": ("rozgrywający", "grający")}),
]
COUNTS = [(2, "dwie lewy", "two tricks"), (3, "trzy lewy", "three tricks"),
          (4, "cztery karty", "four cards"), (5, "pięć kart", "five cards"),
          (6, "sześć lew", "six tricks"), (13, "13 kart", "thirteen cards"),
          (7, "siedem lew", "7 tricks"), (8, "osiem kart", "eight cards"),
          (12, "dwanaście lew", "12 tricks"), (10, "dziesięć kart", "ten cards")]
ORDINALS = [(12, "w dwunastej lewie", "on the twelfth trick"),
            (3, "w trzeciej lewie", "on the third trick"),
            (8, "w ósmej lewie", "on the eighth trick"),
            (5, "w piątej lewie", "on the fifth trick")]
ADDITION = {
    "pl": " Dopisek bez odpowiednika, wyraźnie wydłużający ten tekst ponad zwykłą miarę, "
          "złożony z samych słów zastępczych i niczego więcej nie wnoszący.",
    "en": " An addition with no counterpart, clearly stretching this text beyond its usual "
          "measure, made of stand-in words alone and bringing nothing more.",
}
PLANT_KINDS = ("citation", "number", "term", "missing", "split", "length")


def pick(key: str, n: int) -> int:
    """A deterministic choice in range(n) for `key`."""
    return int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % n


@dataclass
class Spec:
    """One unit's text before it is written: template, count, place, citation per language."""

    template: int
    second: int | None
    count: dict[str, int] = field(default_factory=dict)  # lang -> index into COUNTS
    place: dict[str, int] = field(default_factory=dict)  # lang -> index into ORDINALS
    cite: dict[str, str] = field(default_factory=dict)  # lang -> the citation phrase
    swap: dict[str, bool] = field(default_factory=dict)  # lang -> off-glossary rendering
    addition: dict[str, int] = field(default_factory=dict)  # lang -> times ADDITION added

    def has(self, slot: str) -> bool:
        """Whether a template of this unit has the slot."""
        return any(slot in TEMPLATES[t][0] for t in (self.template, self.second) if t is not None)


def _citation(unit_id: str, law: int, outline: Outline, known: set[str], lang: str,
              style: int, target: str, second: str) -> str:
    """The citation phrase of one language in one of five styles."""
    own = [i for i in outline.ids(law) if i[len(str(law)):][:1].isalpha()
           and not re.search(r"[a-z][ivx]+$", i)]  # relative: "B2a", not "B2aiv"
    if style == 0 or (style >= 3 and not own):
        return f"przepis {target}" if lang == "pl" else f"Law {target}"
    if style == 1:
        return f"przepisy {target} i {second}" if lang == "pl" else f"Laws {target} and {second}"
    if style == 2:  # links glued in the Polish page, when the glue splits one way only
        if lang == "en":
            return f"Laws {target} and {second}"
        glued = target + second
        splits = glued_splits(glued, known)
        fewest = [s for s in splits if len(s) == len(splits[0])] if splits else []
        if fewest == [[target, second]] and "." not in glued and glued not in known:
            return f"przepisy {glued}"
        return f"przepisy {target} i {second}"
    rel = own[pick("rel" + unit_id, len(own))]
    short = rel[len(str(law)):]
    if style == 3:
        return f"punkt {short} powyżej" if lang == "pl" else f"{short} above"
    return f"punkt {short} powyżej" if lang == "pl" else f"Law {rel}"


def _text(spec: Spec, unit_id: str, lang: str) -> str:
    side = 0 if lang == "pl" else 1
    parts = []
    for t in (spec.template, spec.second):
        if t is None:
            continue
        sentence = TEMPLATES[t][side]
        if spec.swap.get(lang) and lang in TEMPLATES[t][2]:
            old, new = TEMPLATES[t][2][lang]
            sentence = sentence.replace(old, new)
        parts.append(sentence)
    text = " ".join(parts).format(id=unit_id, N=COUNTS[spec.count.get(lang, 0)][1 + side],
                                  O=ORDINALS[spec.place.get(lang, 0)][1 + side])
    if spec.cite.get(lang):
        see = "patrz" if lang == "pl" else "see"
        text = text[:-1] + f" ({see} {spec.cite[lang]})."
    return text + ADDITION[lang] * spec.addition.get(lang, 0)


def base_specs(outline: Outline, seed: str = "") -> dict[str, Spec]:
    """A parallel spec for every unit of the outline that holds text (and each law's own)."""
    known = outline.all_ids()
    everything = sorted(known)
    specs: dict[str, Spec] = {}
    for number in outline.laws():
        units = [u.id for u in outline.units(number) if not u.empty]
        intro = [str(number)] if pick("intro" + seed + str(number), 4) == 0 else []
        for unit_id in intro + units:
            key = seed + unit_id
            second = pick("second" + key, len(TEMPLATES)) if pick("two" + key, 3) == 0 else None
            spec = Spec(pick("template" + key, len(TEMPLATES)), second)
            count, place = pick("count" + key, len(COUNTS)), pick("place" + key, len(ORDINALS))
            spec.count = {"pl": count, "en": count}
            spec.place = {"pl": place, "en": place}
            if pick("cite" + key, 3) == 0:
                style = pick("style" + key, 5)
                others = [i for i in everything if law_of(i) != number]
                target = others[pick("target" + key, len(others))]
                second_id = others[pick("target2" + key, len(others))]
                spec.cite = {lang: _citation(unit_id, number, outline, known, lang, style,
                                             target, second_id) for lang in ("pl", "en")}
            specs[unit_id] = spec
    return specs


@dataclass
class Planted:
    """A synthetic pair before it is built: specs, the structural changes, the ground truth."""

    specs: dict[str, Spec]
    removed: dict[str, set[str]] = field(default_factory=lambda: {"pl": set(), "en": set()})
    merged: dict[str, dict[str, list[str]]] = field(
        default_factory=lambda: {"pl": {}, "en": {}})  # lang -> host -> ids put into it
    truth: set[tuple[str, int, str]] = field(default_factory=set)  # (kind, edition, unit)


def _order(outline: Outline, specs: dict[str, Spec]) -> list[tuple[int, str, str, bool]]:
    """(law, unit, previous unit in document order, leaf) for every unit in the outline."""
    out = []
    for number in outline.laws():
        units = outline.units(number)
        previous = str(number)
        for k, unit in enumerate(units):
            leaf = k + 1 == len(units) or units[k + 1].level <= unit.level
            out.append((number, unit.id, previous, leaf))
            previous = unit.id
    return out


def plant(outline: Outline, specs: dict[str, Spec], seed: str = "", rate: int = 25) -> Planted:
    """Plant one disagreement in about `rate` percent of the units, kinds spread evenly."""
    planted = Planted(specs)
    touched: set[str] = set()
    everything = sorted(outline.all_ids())
    parents = {u.id: p for n in outline.laws() for u, p in _parents(outline, n)}
    for number, unit_id, previous, leaf in _order(outline, specs):
        key = seed + "plant" + unit_id
        spec = specs.get(unit_id)
        if spec is None or pick(key, 100) >= rate:
            continue
        lang = ("pl", "en")[pick(key + "lang", 2)]
        structural = (leaf and previous not in touched and parents[unit_id] not in touched
                      and previous != str(number))
        eligible = [k for k in PLANT_KINDS if k == "citation" or k == "length"
                    or (k == "number" and (spec.has("{N}") or spec.has("{O}")))
                    or (k == "term" and any(lang in TEMPLATES[t][2]
                                            for t in (spec.template, spec.second) if t is not None))
                    or (k == "missing" and structural)
                    or (k == "split" and structural and previous in specs)]
        kind = eligible[pick(key + "kind", len(eligible))]
        touched.add(unit_id)
        planted.truth.add((kind, 2017, unit_id))
        if kind == "citation":
            others = [i for i in everything if law_of(i) != number]
            target = others[pick(key + "target", len(others))]
            if spec.cite and pick(key + "drop", 2) == 0:
                spec.cite[lang] = ""
            else:
                spec.cite[lang] = f"przepis {target}" if lang == "pl" else f"Law {target}"
        elif kind == "number":
            slot, pool = ("count", COUNTS) if spec.has("{N}") else ("place", ORDINALS)
            values = getattr(spec, slot)
            noun = pool[values[lang]][2].split()[-1]  # another count of the same thing
            same = [i for i, item in enumerate(pool)
                    if item[2].split()[-1] == noun and i != values[lang]]
            values[lang] = same[pick(key + "value", len(same))]
        elif kind == "term":
            spec.swap[lang] = True
        elif kind == "missing":
            planted.removed[lang].add(unit_id)
        elif kind == "split":
            planted.removed[lang].add(unit_id)
            planted.merged[lang].setdefault(previous, []).append(unit_id)
        else:
            length = len(_text(spec, unit_id, lang))
            spec.addition[lang] = -(-length // len(ADDITION[lang]))
    return planted


def _parents(outline: Outline, number: int) -> list[tuple]:
    """(unit, parent id) for the units of one law; the law's id for its sections."""
    out, stack = [], []
    for unit in outline.units(number):
        while stack and stack[-1].level >= unit.level:
            stack.pop()
        out.append((unit, stack[-1].id if stack else str(number)))
        stack.append(unit)
    return out


def build(outline: Outline, planted: Planted) -> Corpus:
    """Both languages of every law of the outline as a Corpus (2017 edition)."""
    laws = []
    for number in outline.laws():
        for lang in ("pl", "en"):
            def text(unit_id: str, lang: str = lang) -> str:
                spec = planted.specs.get(unit_id)
                own = _text(spec, unit_id, lang) if spec else ""
                extra = [_text(planted.specs[i], i, lang)
                         for i in planted.merged[lang].get(unit_id, [])]
                return "\n\n".join(t for t in (own, *extra) if t)

            name = "Tytuł syntetyczny" if lang == "pl" else "Synthetic title"
            law = Law(number, 2017, lang, name,
                      source_url=f"http://127.0.0.1/synthetic/{lang}/{number}.html",
                      fetch_date="2026-01-01", text=text(str(number)))
            nodes: dict[str, Unit] = {}
            for unit, parent in _parents(outline, number):
                if unit.id in planted.removed[lang] or (parent in planted.removed[lang]):
                    continue
                label = unit.id[len(str(parent)):].lstrip(".")
                heading = ""
                if unit.level == 1:
                    heading = ("Nagłówek syntetyczny " if lang == "pl"
                               else "Synthetic heading ") + unit.id
                node = Unit(unit.id, unit.level, label, heading, text(unit.id))
                nodes[unit.id] = node
                holder = nodes.get(parent)
                (holder.children if holder is not None else law.sections).append(node)
            if pick("footnote" + str(number), 8) == 0:
                note = (f"Przypis syntetyczny do przepisu {number}." if lang == "pl"
                        else f"Synthetic footnote to Law {number}.")
                law.footnotes.append(Footnote("*", note))
            laws.append(law)
    return Corpus(laws=laws)


def synthetic_pairs(outline: Outline, seed: str = "", rate: int = 25) -> tuple[Corpus, set]:
    """The 93-law synthetic pair with planted disagreements, and the planted (kind, edition,
    unit) set."""
    planted = plant(outline, base_specs(outline, seed), seed, rate)
    return build(outline, planted), planted.truth
