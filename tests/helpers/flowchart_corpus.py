"""A two-law corpus for the flowchart tests: Law 64 in 2017 and Law 62 in 1997 (Polish)."""

from __future__ import annotations

from tools.model import Corpus, Law, Unit


def small_corpus() -> Corpus:
    """Law 64 in 2017 (Polish) and Law 62 in 1997 (Polish), as the snapshot has them."""
    law64 = Law(number=64, edition=2017, lang="pl", title="Postępowanie po uprawomocnieniu",
                sections=[Unit("64A", 1, "A", title="Automatyczne przekazanie lew",
                               children=[Unit("64A1", 2, "1", text="..."),
                                         Unit("64A2", 2, "2", text="...")]),
                          Unit("64C", 1, "C", title="Rekompensata szkody",
                               children=[Unit("64C1", 2, "1", text="...")])])
    law62 = Law(number=62, edition=1997, lang="pl", title="Poprawienie fałszywego renonsu",
                sections=[Unit("62A", 1, "A", text="...")])
    return Corpus(laws=[law64, law62])
