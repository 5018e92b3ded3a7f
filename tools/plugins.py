"""The parts of the pipeline that live outside tools/ (the ruling assistant), found by name in
the package's entry points (pyproject.toml), as MkDocs finds its plugins: tools/ never imports
them, so the assistant depends on tools/ and never the other way round."""

from __future__ import annotations

from typing import Any

from tools.errors import BridgelawError

STAGE_GROUP = "bridgelaw.stages"  # name -> a build stage: function of (corpus, config, reference)
COMMAND_GROUP = "bridgelaw.commands"  # name -> a module with register(subparsers)


def plugins(group: str) -> dict[str, Any]:
    """Every entry point of `group` in this package, loaded, by name in sorted order."""
    from importlib.metadata import PackageNotFoundError, distribution  # 20 ms: only when needed

    try:
        points = distribution("bridgelaw").entry_points.select(group=group)
    except PackageNotFoundError as error:
        raise BridgelawError("bridgelaw is not installed, so its plugins cannot be found: "
                             "run `bash tools/setup.sh`") from error
    return {point.name: point.load() for point in sorted(points, key=lambda p: p.name)}


def plugin(group: str, name: str) -> Any:
    """The one entry point `name` of `group`; an error naming both when the package lacks it."""
    found = plugins(group)
    if name not in found:
        raise BridgelawError(f"no {group} entry point {name!r} in pyproject.toml "
                             f"(have: {', '.join(found) or 'none'}); reinstall with "
                             "`bash tools/setup.sh`")
    return found[name]
