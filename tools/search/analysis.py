"""Text analysis for search: Polish and English analyzers and diacritic folding.

Whoosh pickles the analyzer into the index, so the filters are module-level classes that hold
no stemmer object: the pure-Python Snowball stemmers live in a module cache and are looked up
on use.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, Token

# Letters NFKD does not decompose into base + combining mark.
FOLD_LETTERS = {"ł": "l", "Ł": "L", "ß": "ss", "æ": "ae", "ø": "o", "đ": "d"}
_FOLD_EXTRA = str.maketrans(FOLD_LETTERS)

# Words with a letter or digit run; keeps "64B3" and "fałszywy" whole.
WORD_PATTERN = r"\w+"

# What an apostrophe leaves of an English word typed ("declarer's", "don't"): no word of either
# language, left out of a query's words by every engine (the spec's `pieces`). Only queries: the
# texts' analysis keeps them, as the ranking was tuned on it.
APOSTROPHE_PIECES = frozenset("s t d m ll re ve".split())

# Function words and the question words players type ("co gdy", "czy można"); folded.
POLISH_STOPS = frozenset(
    """a aby albo ale az bo by byc byl byla bylo byly co czy dla do gdy gdzie go i ich ile
    im ja jak jaka jaki jakie jakiej jakim jako je jego jej jesli jest jezeli juz kiedy
    ktora ktore ktorego ktorej ktory ktorych ktorym lub ma mam mi moge mozna na nad nia nie
    niz o od oraz po pod przed przy sa sie ta tak tam te tego tej ten to tu tym u w we wiec
    z za ze zeby""".split()
)

ENGLISH_STOPS = frozenset(
    """a an and are as at be but by can do does for from has have how i if in into is it
    its may me my of on or should so that the their then there these this to was what when
    where which who will with""".split()
)


# "nie" is written apart from a verb and joined to a participle or an adjective ("nie nazwał",
# "nienazwana"; the glossary's "strona nie wykraczająca" is "strona niewykraczająca"). A stop word
# on its own, it is read with the word after it where what it negates matters: a glossary form
# is named only by a query that negates what the form negates ("strona wykraczająca" is not the
# non-offending side), and "nie X" also finds the joined form ("nie nazwał" -> "nienazwaną").
NEGATION = "nie"


def with_negations(words: list[str]) -> list[str]:
    """The words, each one right after NEGATION joined to it ("nie", "nazwał" -> "nie",
    "nienazwał"), unless it is a stop word itself ("nie tę"; of either language, as the site's
    spec lists them)."""
    def negated(i: int, word: str) -> bool:
        return i > 0 and fold(words[i - 1].lower()) == NEGATION and word.isalpha() \
            and fold(word.lower()) not in POLISH_STOPS | ENGLISH_STOPS
    return [NEGATION + word if negated(i, word) else word for i, word in enumerate(words)]


def negated_words(words: list[str]) -> dict[str, str]:
    """Each word typed right after NEGATION, lowercase, with the word they make joined
    (with_negations): {"nazwał": "nienazwał"}; a word typed twice is read negated."""
    lower = [word.lower() for word in words]
    return {word: joined for word, joined in zip(lower, with_negations(lower), strict=True)
            if joined != word}


def strip_marks(text: str) -> str:
    """The text without its combining marks (ą->a, ż->z), as engines that only drop marks fold
    it: letters with no mark to drop stay (ł stays ł)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """The text with diacritics removed (ą->a, ł->l, ż->z); other characters kept."""
    return strip_marks(text.translate(_FOLD_EXTRA))


@lru_cache(maxsize=4)
def _stemmer(language: str):  # noqa: ANN202 - snowballstemmer has no public stemmer type
    import snowballstemmer

    return snowballstemmer.stemmer(language)


def _mobile_e(stem: str) -> str | None:
    """The stem without its fleeting "e" (dziadek -> dziadk, koniec -> konc), if it has one."""
    if len(stem) >= 5 and stem[-2] == "e" and stem[-1] in "kc" and stem[-3] not in "aeiouy":
        return stem[:-2] + stem[-1]
    return None


def mobile_e_forms(word: str) -> list[str]:
    """Other surface forms of a word whose "e" comes and goes (dziadka -> dziadek, dziadek ->
    dziadka), folded; for engines that stem but do not know this rule (Pagefind)."""
    folded = fold(word.lower())
    forms = []
    if _mobile_e(folded):  # dziadek -> dziadka
        forms.append(folded[:-2] + folded[-1] + "a")
    stem = _stemmer("polish").stemWord(folded)
    if len(stem) >= 4 and stem[-1] in "kc" and stem[-2] not in "aeiouy" and stem != folded:
        forms.append(stem[:-1] + "e" + stem[-1])  # dziadka -> dziadk -> dziadek
    return [form for form in forms if form != folded]


def stem_key(word: str) -> tuple[str, str]:
    """The word's Polish and English Snowball stems, folded: words with the same key are found
    by the same queries in a stemming engine."""
    folded = fold(word.lower())
    return _stemmer("polish").stemWord(folded), _stemmer("english").stemWord(folded)


def _light_stem(folded: str) -> str | None:
    """The word without its trailing vowels (wyjscie, wyjscia -> wyjsc): Snowball reads a
    folded "-cie" as an ending and cuts too much, and this variant meets it halfway."""
    light = folded.rstrip("aeiouy")
    return light if len(light) >= 4 and light != folded else None


# Endings of Polish verb forms, folded, longest first: past tense (nazwał, dotknęła; and in the
# first and second person players type, dotknąłem, zagrałaś), passive and active participles
# (nazwana, dotknięta, nazywając), the infinitive and the verbal noun (zagranie). Snowball cuts
# each form of one verb differently ("nazwana" -> "nazwan", "nazwał" -> "nazwal"); the form
# without its ending is the root they share ("nazw", "dotkn").
VERB_ENDINGS = tuple(sorted(
    """al ala alo ali aly el ela elo eli ely il ila ilo ili ily yl yla ylo yli yly
    alem alam ales alas elem elam eles elas ilem ilam iles ilas ylem ylam yles ylas
    any ana ane anej anego anym ani ony ona one onej onego oni
    iety ieta iete ietej ietego ieci ety eta ete etej etego ity ita ite itej itego
    ajac ujac""".split(), key=len, reverse=True))
VERB_ROOT_MIN = 4  # shorter roots ("gr" of "grał") would join unrelated words


def verb_root(folded: str) -> str | None:
    """The root a verb's forms share once their ending is cut (nazwana, nazwał -> nazw), or
    None when the word has no such ending or too little is left."""
    for ending in VERB_ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= VERB_ROOT_MIN:
            return folded[: -len(ending)]
    return None


# Present-tense endings of the verbs in -ować, folded (licytuje, licytują, licytujesz): their
# past and infinitive (licytował, licytować) keep "ow" where the present has "uj", so Snowball and
# verb_root leave the two apart ("licytuj", "licytow").
PRESENT_ENDINGS = ("ujecie", "ujemy", "ujesz", "uje", "uja", "uj")


def infinitive_root(folded: str) -> str | None:
    """The root a present-tense form of an -ować verb shares with its past and infinitive
    (licytuje -> licytow), or None."""
    for ending in PRESENT_ENDINGS:
        # three letters before the ending at least ("pas-uje"): "cz-uje", "ps-uje" are no -ować
        # verbs, and the root with "ow" is then longer than the shortest verb root
        if folded.endswith(ending) and len(folded) - len(ending) >= VERB_ROOT_MIN - 1:
            return folded[: -len(ending)] + "ow"
    return None


@lru_cache(maxsize=200_000)
def polish_terms(word: str) -> tuple[str, ...]:
    """Index/query terms of one lowercase word: folded, fold-then-stem, stem-then-fold, light,
    verb root."""
    folded = fold(word)
    if folded in POLISH_STOPS:
        return ()
    if folded.isdigit() or not folded.isalpha():
        return (folded,)
    stem = _stemmer("polish").stemWord
    terms = {folded, stem(folded), fold(stem(word))}
    terms.update(t for t in (_light_stem(folded), verb_root(folded), infinitive_root(folded)) if t)
    terms.update(v for v in [_mobile_e(t) for t in list(terms)] if v)
    return tuple(sorted(t for t in terms if t))


# British -ise spellings read as -ize ("unauthorised" as "unauthorized"): the 2017 Laws are
# printed both ways (WBF, ACBL); words that only end so are left alone.
_ISE = re.compile(r"^([a-z]{4,})is(e|ed|es|ing|ation|ations|er|ers)$")
_ISE_WORDS = frozenset("""advise advised advises advising arise arises arising chastise comprise
    comprised comprises comprising compromise compromised compromises concise demise despise
    devise devised devising disguise disguised enterprise excise exercise exercised exercises
    exercising expertise franchise improvise incise merchandise otherwise paradise precise
    premise premises promise promised promises promising revise revised revises revising
    supervise supervised supervising surmise surprise surprised surprises surprising televise
    treatise likewise clockwise noise poise praise raise raised raises raising cruise bruise
    wise rise rises""".split())


# English verbs whose past forms Snowball cannot bring to their stem ("lost" -> "lost", "lose" ->
# "lose"): each form read as its verb, in the index and the query alike (the site: the spec's
# "irregular", read by forms.js irregular and verbOf; with_folded in
# tools/site/pagefind_records.py adds the verb to every page). Left out:
# forms that are other words here ("left" of the left-hand opponent, "lay", "bound"),
# auxiliaries and stop words ("did", "been", "gone" to "go", a Polish stop word), and verbs no
# law or query uses.
ENGLISH_IRREGULAR = {
    form: verb.strip()
    for line in """become: became; begin: began begun; break: broke broken; bring: brought;
    catch: caught; choose: chose chosen; come: came; deal: dealt; draw: drew drawn;
    fall: fell fallen; feel: felt; find: found; forbid: forbade forbidden;
    forget: forgot forgotten; get: got gotten; give: gave given; hear: heard; hide: hid hidden;
    hold: held; keep: kept; know: knew known; lead: led; lose: lost; make: made; mean: meant;
    mislead: misled; misunderstand: misunderstood; mistake: mistook mistaken; overhear:
    overheard; run: ran; say: said; see: saw seen; seek: sought; send: sent; show: shown;
    sit: sat; speak: spoke spoken; stand: stood; take: took taken; tell: told; think: thought;
    throw: threw thrown; understand: understood; uphold: upheld; win: won; withdraw: withdrew
    withdrawn; withhold: withheld; write: wrote written""".split(";")
    for verb, forms in [line.split(":")]
    for form in forms.split()
}


def ize_spelling(word: str) -> str:
    """The -ize spelling of a British -ise word ("authorised" -> "authorized"), else the word."""
    if word in _ISE_WORDS:
        return word
    match = _ISE.match(word)
    return f"{match.group(1)}iz{match.group(2)}" if match else word


@lru_cache(maxsize=200_000)
def english_terms(word: str) -> tuple[str, ...]:
    """Index/query terms of one lowercase English word: its folded Snowball stem, British
    -ise spellings read as -ize, an irregular verb form as its verb."""
    folded = fold(word)
    if folded in ENGLISH_STOPS:
        return ()
    if folded.isdigit() or not folded.isalpha():
        return (folded,)
    return (_stemmer("english").stemWord(ize_spelling(ENGLISH_IRREGULAR.get(folded, folded))),)


class PolishFilter(Filter):
    """Replaces each token with its Polish terms, all at the token's position."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            for term in polish_terms(token.text):
                token.text = term
                yield token


class EnglishFilter(Filter):
    """Replaces each token with its English stem (stop words dropped)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            for term in english_terms(token.text):
                token.text = term
                yield token


def polish_analyzer():  # noqa: ANN201 - a Whoosh CompositeAnalyzer
    """Whoosh analyzer for Polish: words, lowercase, folded and stemmed variants."""
    return RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | PolishFilter()


def english_analyzer():  # noqa: ANN201 - a Whoosh CompositeAnalyzer
    """Whoosh analyzer for English: words, lowercase, stop words out, folded Snowball stem."""
    return RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | EnglishFilter()


def terms(text: str, lang: str) -> list[str]:
    """All terms the analyzer of `lang` produces for `text`, in order (for tests and queries)."""
    analyzer = polish_analyzer() if lang == "pl" else english_analyzer()
    return [token.text for token in analyzer(text)]


def distinct_words(phrases: list[str]) -> list[str]:
    """The words of the phrases, once each: the glossary repeats a word in many phrases
    ("fałszywy renons", "fałszywego renonsu", "falszywy renons w dwunastej lewie"), and words
    whose Polish and English stems both agree ("Dziadka", "dziadka") index alike. Every copy
    would only make the index and the fragments bigger."""
    seen: dict[tuple[str, str], str] = {}
    for word in re.findall(r"\w+", " ".join(phrases)):
        seen.setdefault(stem_key(word), word)
    return list(seen.values())
