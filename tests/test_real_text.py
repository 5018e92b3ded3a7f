"""bench/real_text.py: the 2017 English Laws read from a text laid out as the ACBL printing's
extraction. Every text here is placeholder words in that layout, never the law's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.real_text import read_laws, repair_ligatures, with_real_english
from tools.errors import SourceError
from tools.model import Corpus, Law, Unit, walk
from tools.normalize.outline import Outline

NO_OUTLINE = Outline(2017, {})  # titles as the text prints them

# The contents (section titles run on, wrapped, a page number after one), then the laws; pages end
# in a form feed and the page number, a footnote stands at the foot of its page.
PLACEHOLDER = """Front matter words
Table of Contents
Definitions
LAW 1 - PLACEHOLDER ONE
A. Alpha Heading B. Beta Heading
LAW 2 - PLACEHOLDER TWO 4
LAW 3 - PLACEHOLDER THREE
A. Gamma Heading of
Many Words 5
Index to Duplicate Laws

\f2
Definitions
Lorem: Ipsum words.

\f3
LAW 1
PLACEHOLDER ONE
A. Alpha Heading Lorem ipsum. 1. Dolor sit. 2.(a) Amet words. (b) Consectetur as in (a) above; \
then: (i.) Adipiscing elit. (ii.) Sed do.
B. Beta Heading Eiusmod tempor1 incididunt.
1 Footnote placeholder words.

\f4
LAW 2
PLACEHOLDER TWO
Ut labore the o ender and a di erent a ected shu ed o cial word.
LAW 3
PLACEHOLDER THREE
A. Gamma Heading of Many Words Magna aliqua

\f5
enim minim. 1. Veniam quis. 2. Nostrud.
Index to Duplicate Laws
Lorem 1A
"""


def write(tmp_path: Path, text: str, name: str = "laws.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1"))
    return path


def shape(law: Law) -> list[tuple[str, int, str]]:
    return [(unit.id, unit.level, unit.label) for unit in walk(law.sections)]


def test_reads_ids_levels_titles_and_footnotes(tmp_path: Path) -> None:
    laws = read_laws(write(tmp_path, PLACEHOLDER), count=3, outline=NO_OUTLINE)
    assert [(law.number, law.edition, law.lang) for law in laws] == [(1, 2017, "en"),
                                                                     (2, 2017, "en"),
                                                                     (3, 2017, "en")]
    one, two, three = laws
    assert shape(one) == [("1A", 1, "A"), ("1A1", 2, "1"), ("1A2", 2, "2"), ("1A2a", 3, "a"),
                          ("1A2b", 3, "b"), ("1A2bi", 4, "i"), ("1A2bii", 4, "ii"),
                          ("1B", 1, "B")]
    units = {unit.id: unit for unit in walk(one.sections)}
    assert [u.title for u in one.sections] == ["Alpha Heading", "Beta Heading"]
    assert units["1A"].text == "Lorem ipsum."
    assert units["1A2"].text == ""  # only holds its sub-items
    assert units["1A2b"].text == "Consectetur as in (a) above; then:"  # "(a)" cited, not opened
    assert units["1A2bii"].text == "Sed do."
    assert units["1B"].text == "Eiusmod tempor* incididunt."
    assert [(f.marker, f.text) for f in one.footnotes] == [("*", "Footnote placeholder words.")]
    assert one.title == "Placeholder One"
    assert two.sections == [] and two.title == "Placeholder Two"
    assert two.text == ("Ut labore the offender and a different affected shuffled official word.")
    assert shape(three) == [("3A", 1, "A"), ("3A1", 2, "1"), ("3A2", 2, "2")]
    assert three.sections[0].title == "Gamma Heading of Many Words"
    assert three.sections[0].text == "Magna aliqua enim minim."  # joined across the page break
    assert three.source_url.endswith("laws.txt#law-3") and three.fetch_date


def test_titles_come_from_the_outline_where_it_has_them(tmp_path: Path) -> None:
    one = read_laws(write(tmp_path, PLACEHOLDER), count=3)[0]  # the project's outline
    assert one.title == "The Pack" and one.sections[0].title == "Alpha Heading"


def test_wbf_numbering_of_laws_15_and_71(tmp_path: Path) -> None:
    toc = ["LAW 1 - FIRST"] + [f"LAW {n} - FILLER" for n in range(2, 72)]
    toc[14] += "\nA. Alpha Heading B. Beta Heading"
    body = [f"LAW {n}\nFILLER\nFiller words." for n in range(1, 72)]
    body[14] = ("LAW 15\nFILLER\nA. Alpha Heading 1. Lorem. 2. (a) Ipsum. (b) Dolor. (c) Sit. "
                "3. Amet. 4. Elit.\nB. Beta Heading 1. Sed. 2. Do. 3. Tempor.")
    body[70] = "LAW 71\nFILLER\nLead words:\nA. lorem words; or\nB. ipsum words."
    text = "\n".join(toc) + "\n\f1\n" + "\n".join(body) + "\n"
    laws = read_laws(write(tmp_path, text), count=71, outline=NO_OUTLINE)
    assert [unit_id for unit_id, *_ in shape(laws[14])] == [
        "15A", "15A1", "15A1a", "15A1b", "15A1c", "15A2", "15A3", "15B", "15B1", "15B2", "15B3"]
    assert {u.id: u.text for u in walk(laws[14].sections)}["15A2"] == "Amet."
    assert shape(laws[70]) == [("71.1", 2, "1"), ("71.2", 2, "2")]
    assert laws[70].text == "Lead words:"


@pytest.mark.parametrize("text", [
    "LAW 1 - ONLY CONTENTS\nA. Alpha Heading\n",  # no law's text at all
    PLACEHOLDER.replace("LAW 2\n", "LAW 7\n"),  # a law missing
    PLACEHOLDER.replace("\f4\nLAW 2", "\f4\nLaw two"),  # a heading not laid out as one
])
def test_a_wrong_layout_names_the_file(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text, "wrong-layout.txt")
    with pytest.raises(SourceError, match="wrong-layout.txt"):
        read_laws(path, count=3, outline=NO_OUTLINE)


def test_the_full_count_is_required(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="laws 1 to 93 expected"):
        read_laws(write(tmp_path, PLACEHOLDER), outline=NO_OUTLINE)
    with pytest.raises(SourceError, match="missing.txt"):
        read_laws(tmp_path / "missing.txt")


def test_ligature_repair_joins_only_known_words() -> None:
    assert repair_ligatures("a card, a ected, O enses, su cient, insu ciently") == (
        "a card, affected, Offenses, sufficient, insufficiently")
    assert repair_ligatures("lorem o ipsum") == "lorem o ipsum"


def test_with_real_english_replaces_only_english_2017() -> None:
    polish = Law(1, 2017, "pl", "Tytuł", source_url="https://example.invalid/pl/1")
    old = Law(1, 2017, "en", "Old", sections=[Unit("1A", 1, "A", text="old words")])
    earlier = Law(41, 1997, "pl", "Dawny")
    real = Law(1, 2017, "en", "Real", sections=[Unit("1A", 1, "A", text="see Law 1B")])
    corpus = with_real_english(Corpus(laws=[polish, old, earlier]), [real], {"1", "1A", "1B"})
    assert [law.title for law in corpus.laws] == ["Tytuł", "Dawny", "Real"]
    assert corpus.law(2017, "en", 1).counterpart_url == "https://example.invalid/pl/1"
    assert real.counterpart_url == ""  # the laws given are left as they are
    assert [(ref.source, ref.target) for ref in corpus.crossrefs if ref.lang == "en"] == [
        ("1A", "1B")]
