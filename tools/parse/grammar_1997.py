"""The 1997 grammar: labelled lines to a law tree.

The 1997 pages print every label ("A.", "1.", "a)" in Polish, "(a)" in English), so the tree
is read line by line. Whether the words after a label are a title or text is decided by what
follows, the same way for the Polish chapter page (HTML or text capture) and the English pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.errors import SourceError
from tools.model import Law, Stripped, Unit
from tools.parse.blocks import TERMINAL, clean

SECTION = re.compile(r"^([A-Z])\.\s*(.*)$")
ITEM = re.compile(r"^(\d{1,2})\.\s*(\S.*)$")
SUB_ITEM_PL = re.compile(r"^([a-z])\)\s*(.*)$")
SUB_ITEM_EN = re.compile(r"^\(([a-z])\)\s*(.*)$")
ROMAN = re.compile(r"^\(([IVXL]+|[ivxl]+)\)\s")
DASH = re.compile(r"^[-–]\s?(.*)$")


@dataclass
class TreeBuilder:
    """Builds one law's unit tree from labelled lines."""

    law: Law
    english: bool = False
    where: str = ""
    stack: list[Unit] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    undecided: Unit | None = None  # an item whose words after the label await the next line
    expect_text: bool = False  # a title ended with " -": the next line is its text

    @property
    def sub_item(self) -> re.Pattern[str]:
        """How this language prints a sub-item label."""
        return SUB_ITEM_EN if self.english else SUB_ITEM_PL

    def current_id(self) -> str:
        """Id of the unit text now attaches to (the law's id before the first unit)."""
        return self.stack[-1].id if self.stack else self.law.id

    def open(self, level: int, label: str) -> Unit:
        """Start a unit at `level` below the nearest open unit of a lower level."""
        while self.stack and self.stack[-1].level >= level:
            self.stack.pop()
        parent_id = self.stack[-1].id if self.stack else self.law.id
        unit = Unit(id=parent_id + label, level=level, label=label)
        if unit.id in self.ids:
            raise SourceError(self.where, f"unit {unit.id} occurs twice in law {self.law.id}")
        self.ids.add(unit.id)
        (self.stack[-1].children if self.stack else self.law.sections).append(unit)
        self.stack.append(unit)
        return unit

    def set_title(self, unit: Unit, title: str) -> None:
        """Give `unit` the words after its label as a title (a trailing " -" opens text)."""
        title = title.strip()
        if title.endswith(" -"):
            # The dash that normally opens the text line ended up after the title.
            title, self.expect_text = title[:-2].rstrip(), True
        unit.title = title

    def settle(self, next_line: str) -> None:
        """Decide the undecided item: a title if a "- " line or (after words that are no
        sentence) a sub-item follows, else its text."""
        unit, self.undecided = self.undecided, None
        if unit is None:
            return
        words = unit.title
        if self.english:
            # English pages put the text on the next line without a dash.
            title = words[:1].isupper() and len(words) <= 100 and not words.endswith(TERMINAL)
        else:
            title = bool(DASH.match(next_line)) or (
                unit.level == 2 and bool(self.sub_item.match(next_line))
                and not words.endswith((".", ":")))
        if not title and not self.expect_text:
            unit.title, unit.text = "", words

    def add_text(self, text: str, sep: str = "\n\n") -> None:
        """Add to the current unit's text (or the law's own text before any unit)."""
        if not text:
            return
        target: Unit | Law = self.stack[-1] if self.stack else self.law
        target.text = f"{target.text}{sep}{text}" if target.text else text

    def strip(self, text: str, reason: str) -> None:
        """Record link chrome removed from the current unit's text."""
        self.law.stripped.append(Stripped(clean(text), reason, self.current_id()))

    def line(self, text: str, loose_notes: bool = True) -> None:
        """One line of law text: a labelled unit, "- " text of the current unit, or plain
        text (the law's own text before its first unit; after it, a note when
        `loose_notes`, as on the Polish page, where unit text always follows "- ")."""
        self.settle(text)
        dash = DASH.match(text)
        if self.expect_text and not dash:
            self.expect_text = False
            self.add_text(text)
            return
        self.expect_text = False
        if dash:
            self.add_text(dash.group(1))  # "- " joins a label's title to its text
            return
        section, item, sub = SECTION.match(text), ITEM.match(text), self.sub_item.match(text)
        depth = self.stack[-1].level if self.stack else 0
        if section:
            self.set_title(self.open(1, section.group(1)), section.group(2))
            self.undecided = self.stack[-1] if self.english else None
        elif item and depth >= 1:
            self.set_title(self.open(2, item.group(1)), item.group(2))
            self.undecided = self.stack[-1]
        elif sub and depth >= 2:
            self.set_title(self.open(3, sub.group(1)), sub.group(2))
            self.undecided = self.stack[-1]
        elif ROMAN.match(text) and self.stack:
            self.add_text(text, sep="\n")  # (I), (II)... are part of the parent's sentence
        elif self.stack and loose_notes:
            self.law.notes.append(text)
        else:
            # Items before any section stay in the law's text with their printed labels:
            # an id like "5" + "1" would read as Law 51.
            self.add_text(text)

    def finish(self) -> Law:
        """Settle the last item and return the law."""
        self.settle("")
        return self.law
