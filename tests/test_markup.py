"""The page markup's class names, declared once (tools/data/markup.yaml): the table's own
checks, the stylesheets against it, and no literal class left in a renderer or a script."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tools import markup as markup_module
from tools.config import ROOT
from tools.errors import SourceError
from tools.markup import MARKUP, SCRIPT_GLOBAL, families, is_declared, markup_table
from tools.site.markup_check import (
    RENDERERS,
    SCRIPTS,
    STYLESHEETS,
    check_markup,
    files,
    literal_classes,
    stylesheet_classes,
)
from tools.site.scripts import generated_sources


def test_names_read_as_attributes_and_families_as_prefixes() -> None:
    assert MARKUP.law_text == "law-text" and MARKUP.level == "lvl"
    assert "lvl" in families() and is_declared("lvl3") and not is_declared("law-textx")
    with pytest.raises(AttributeError, match="markup.yaml.*no_such"):
        _ = MARKUP.no_such


@pytest.mark.parametrize(("text", "error"), [
    ("law_text: [law-text]\n", r"markup\.yaml: law_text: .* is not a class name"),
    ("Law-Text: law-text\n", r"markup\.yaml: name 'Law-Text'"),
    ("a: row\nb: row\n", r"markup\.yaml: declared twice: row"),
    ("a: [\n", r"markup\.yaml: cannot read"),
])
def test_bad_table_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                  error: str) -> None:
    broken = tmp_path / "markup.yaml"
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(markup_module, "MARKUP_FILE", broken)
    markup_module._load.cache_clear()
    try:
        with pytest.raises(SourceError, match=error):
            markup_table()
    finally:
        markup_module._load.cache_clear()


def test_the_generated_script_carries_the_table() -> None:
    head = f"window.{SCRIPT_GLOBAL} = "
    line = next(x for x in "".join(generated_sources()).splitlines() if x.startswith(head))
    assert json.loads(line.removeprefix(head).removesuffix(";")) == markup_table()


def test_stylesheet_classes_leave_out_declarations_comments_and_values() -> None:
    css = ('/* .not-this */ @media (min-width: 40em) { .law-text.two-col > .row .cell.main, '
           'a[href$=".pdf"] { color: red; } }\n.md-typeset dl.term::after { content: ".x"; }')
    assert stylesheet_classes(css) == {"law-text", "two-col", "row", "cell", "main",
                                       "md-typeset", "term"}


def test_our_stylesheets_name_only_declared_classes_and_every_name_is_written() -> None:
    assert files(ROOT, [STYLESHEETS]) and check_markup(ROOT) == []


def test_the_check_fails_on_an_undeclared_class(tmp_path: Path) -> None:
    for pattern in (*RENDERERS, SCRIPTS, STYLESHEETS):
        for path in files(ROOT, [pattern]):
            target = tmp_path / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    sheet = tmp_path / "site_overrides/assets/bridgelaw/site.css"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n.law-text .not-declared { x: y; }\n",
                     encoding="utf-8")
    render = tmp_path / "assistant/flow_html.py"  # the only writer of M.flow_goto
    render.write_text(render.read_text(encoding="utf-8").replace("M.flow_goto", "M.flow_next"),
                      encoding="utf-8")
    problems = check_markup(tmp_path)
    assert [(p.kind, Path(p.where).name, p.message) for p in problems] == [
        ("markup-undeclared", "site.css", "class 'not-declared' is not declared in markup.yaml"),
        ("markup-unused", "markup.yaml",
         "flow_goto (flow-goto) is written by no renderer or script"),
    ]


def test_no_renderer_or_script_writes_a_declared_class_as_a_literal() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for path in files(ROOT, [*RENDERERS, SCRIPTS]) for line, name in literal_classes(path)]
    assert found == []


def test_the_literal_check_sees_python_jinja_and_script_literals(tmp_path: Path) -> None:
    py = tmp_path / "r.py"
    py.write_text("a = f'<div class=\"row {M.cell}\">'\n"
                  "b = f'<p class=\"{M.cell} {\"main\" if x else M.other} lvl{n}\">'\n"
                  "c = '<p class=\\\"tex\\\">'\n", encoding="utf-8")
    assert literal_classes(py) == [(1, "row"), (2, "main"), (2, "lvl"), (3, "tex")]
    js = tmp_path / "s.js"
    js.write_text('// ".row" in a comment\nq(".law-text .row[id]");\n'
                  'el("p", { className: "wizard-help extra" });\nx = "row";\n', encoding="utf-8")
    assert literal_classes(js) == [(2, "law-text"), (2, "row"), (3, "wizard-help")]
