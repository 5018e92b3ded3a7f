"""MkDocs hook: the class names of tools/data/markup.yaml go into config.extra, so main.html
writes its classes from the same table as the Python renderers and the scripts."""

from __future__ import annotations

from typing import Any


def on_config(config: Any) -> Any:
    """Read the table once per build."""
    from tools.markup import markup_table

    config.extra["markup"] = markup_table()
    return config
