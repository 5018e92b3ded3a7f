"""The code's shape the project promises: tools/ never imports assistant/ (the assistant plugs in
through entry points), and no Python module is over 300 lines."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from assistant.build import build_assistant
from tools.plugins import COMMAND_GROUP, STAGE_GROUP, plugin, plugins

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 300
MODULE_NAME = re.compile(r"""["']assistant\.(?!json\b)[a-z_.]+["']""")  # not assistant.json


def imported_modules(path: Path) -> set[str]:
    """Every module a Python file imports, at any depth of its code."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_tools_never_imports_the_assistant():
    offenders = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tools").rglob("*.py")
                       if any(name.split(".")[0] == "assistant"
                              for name in imported_modules(path)))
    assert offenders == []
    # ... nor names it for importlib: the plugins come from pyproject.toml only
    named = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tools").rglob("*.py")
                   if MODULE_NAME.search(path.read_text(encoding="utf-8")))
    assert named == []


def test_the_assistant_is_found_as_a_plugin():
    assert plugin(STAGE_GROUP, "assistant") is build_assistant
    commands = plugins(COMMAND_GROUP)
    assert [module.__name__ for module in commands.values()] == ["assistant.cli"]
    assert "register" in dict(inspect.getmembers(commands["assistant"]))


def test_no_module_over_300_lines():
    sizes = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
             for folder in ("tools", "assistant", "site_overrides")
             for path in (ROOT / folder).rglob("*.py")}
    assert sizes and {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
