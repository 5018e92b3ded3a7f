"""The code's shape the project promises: tools/ never imports assistant/ (the assistant plugs in
through entry points), no stage reaches up into a command module, one pipeline names the stages,
and no Python module is over 300 lines."""

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


# The command modules: they compose stages for the command line; no stage reaches up into them.
COMMAND_MODULES = {"tools.cli", "tools.cli_build", "tools.cli_corpus", "tools.cli_search",
                   "tools.cli_translation", "tools.show", "tools.build", "assistant.cli"}
STAGE_PACKAGES = ("sources", "parse", "normalize", "render", "search", "site")


def test_no_stage_reaches_up_into_a_command_module():
    stage_files = [path for folder in STAGE_PACKAGES
                   for path in (ROOT / "tools" / folder).rglob("*.py")]
    stage_files += [ROOT / "tools" / "pipeline.py", ROOT / "tools" / "scrape.py",
                    ROOT / "assistant" / "build.py"]
    offenders = {str(path.relative_to(ROOT)): sorted(imported_modules(path) & COMMAND_MODULES)
                 for path in stage_files}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_one_pipeline_the_report_and_the_build_read():
    """The report's stages are the pipeline's, in its order."""
    from tools import report
    from tools.pipeline import STAGE_NAMES, STAGES

    assert report.STAGES == STAGE_NAMES == tuple(stage.name for stage in STAGES)
    assert STAGE_NAMES == ("scrape", "render", "assistant", "index", "site")
