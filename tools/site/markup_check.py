"""The markup contract checked where it cannot be imported: every class our stylesheets name is
declared in tools/data/markup.yaml, every declared name is written by a renderer or a script,
and no renderer or script writes a declared class as a literal (tests/test_markup.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from tools.markup import MARKUP_FILE, is_declared, markup_table
from tools.model import Problem

# Classes of Material and its Markdown extensions, not ours: the only classes a stylesheet of
# ours may name without declaring them.
FOREIGN_PREFIXES = ("md-",)
FOREIGN_CLASSES = frozenset({"headerlink"})

STYLESHEETS = "site_overrides/assets/*/*.css"
SCRIPTS = "site_overrides/assets/*/*.js"
# The Python that writes page markup, and the one template.
RENDERERS = ("tools/render/*.py", "tools/site/*.py", "assistant/flow_html.py", "assistant/pages.py",
             "site_overrides/hooks/*.py", "site_overrides/main.html")

_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CSS_PRELUDE = re.compile(r"([^{};]*)\{")  # what stands before a block: selectors or an @rule
_CSS_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")  # attribute selector values: [href$=".pdf"]
_SELECTOR_CLASS = re.compile(r"(?<![\w-])\.(-?[_a-zA-Z][\w-]*)|(?<=[\w\])])\.(-?[_a-zA-Z][\w-]*)")
_CLASS_ATTR = re.compile(r"class=(\\?[\"'])")
_JS_TOKEN = re.compile(r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|/\*.*?\*/|//[^\n]*", re.S)
_JS_CLASS_CONTEXT = re.compile(r"(?:className\s*\+?=|className\s*:|\"class\"\s*:|"
                               r"classList\.\w+\()\s*$")


def files(root: Path, patterns: Iterable[str]) -> list[Path]:
    """The files under root matching the patterns, sorted."""
    return sorted({path for pattern in patterns for path in root.glob(pattern)})


def stylesheet_classes(css: str) -> set[str]:
    """Every class a stylesheet's selectors name."""
    css = _CSS_QUOTED.sub("", _CSS_COMMENT.sub("", css))
    selectors = " ".join(p for p in _CSS_PRELUDE.findall(css) if not p.strip().startswith("@"))
    return {a or b for a, b in _SELECTOR_CLASS.findall(selectors)}


def is_foreign(class_name: str) -> bool:
    """Whether a class is Material's or an extension's (FOREIGN_*), not ours."""
    return class_name in FOREIGN_CLASSES or class_name.startswith(FOREIGN_PREFIXES)


def _attr_value(text: str, start: int, quote: str) -> tuple[list[str], int]:
    """The literal words of a class attribute's value from `start`: its words outside braces
    (f-string or Jinja expressions) and the quoted strings inside them."""
    words, depth, i, plain = [], 0, start, ""
    while i < len(text) and not (depth == 0 and text.startswith(quote, i)):
        char = text[i]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth and char in "\"'":
            end = text.find(char, i + 1)
            words += text[i + 1:end].split() if end > 0 else []
            i = max(end, i)
        elif not depth:
            plain += char
        if char in "{}":
            plain += " "
        i += 1
    return words + plain.split(), i


def literal_classes(path: Path) -> list[tuple[int, str]]:
    """Declared classes the file writes or selects as literals: (line, class)."""
    text = path.read_text(encoding="utf-8")
    found: list[tuple[int, str]] = []
    if path.suffix == ".js":
        for token in _JS_TOKEN.finditer(text):
            if token.group()[0] not in "\"'":
                continue
            value = token.group()[1:-1]
            words = [a or b for a, b in _SELECTOR_CLASS.findall(value)]
            if _JS_CLASS_CONTEXT.search(text[max(0, token.start() - 40):token.start()]):
                words += value.split()
            line = text.count("\n", 0, token.start()) + 1
            found += [(line, w) for w in words if is_declared(w)]
        return found
    for match in _CLASS_ATTR.finditer(text):
        words, _ = _attr_value(text, match.end(), match.group(1))
        line = text.count("\n", 0, match.start()) + 1
        found += [(line, w) for w in words if is_declared(w)]
    return found


def check_markup(root: Path) -> list[Problem]:
    """Stylesheets under root against the table: undeclared classes, declared names no
    renderer or script writes."""
    problems = []
    for sheet in files(root, [STYLESHEETS]):
        for name in sorted(stylesheet_classes(sheet.read_text(encoding="utf-8"))):
            if not (is_foreign(name) or is_declared(name)):
                problems.append(Problem("markup-undeclared", str(sheet),
                                        f"class {name!r} is not declared in {MARKUP_FILE.name}"))
    writers = "\n".join(path.read_text(encoding="utf-8")
                        for path in files(root, [*RENDERERS, SCRIPTS]))
    for name, value in markup_table().items():
        if not re.search(rf"(?:\bM|\bmarkup)\.{name}\b", writers):
            problems.append(Problem("markup-unused", str(MARKUP_FILE),
                                    f"{name} ({value}) is written by no renderer or script"))
    return problems
