"""MkDocs hook: the one citation-id rule (tools/data/citation_ids.json, read by
tools/normalize/citation_id.py) goes into config.extra, and main.html embeds it in every page as
JSON for the search box (assets/search/cite.js), so Python and the browser parse "71.1" alike."""

from __future__ import annotations

from typing import Any

KEYS = ("prefix", "query", "query_groups", "flags", "law_item_separator", "law_numbers")


def on_config(config: Any) -> Any:
    """Read the rule once per build."""
    from tools.normalize.citation_id import RULE

    config.extra["citation_rule"] = {key: RULE[key] for key in KEYS}
    return config
