"""HTML flowcharts (assistant/flow_html.py) from the real trees: every question drawn once (a
question reached again is a link back to it), every outcome shown, links only where the 2017
text is in the build, markup in the data shown as text, the same output every time."""

from __future__ import annotations

import re

import pytest

from assistant.build import tree_to_dict
from assistant.flow_html import render_flow
from assistant.links import cite_info
from assistant.tree_load import load_trees
from helpers.flowchart_corpus import small_corpus
from tools.config import Config

TREES = load_trees(Config().assistant_dir / "trees")
CORPUS = small_corpus()


def cites(lang: str) -> dict[str, dict[str, object]]:
    """What assistant.json says of each cited id: its page when the build has the 2017 text."""
    ids = {c for tree in TREES.values() for node in tree.nodes.values()
           for c in (node.outcome.cites if node.outcome else node.cites)}
    out = {}
    for cite in ids:
        info = cite_info(CORPUS, lang, cite)
        out[cite] = {"url": info.site_url if info.in_build else "https://example.invalid/x",
                     "external": not info.in_build, "title": ""}
    return out


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("tree_id", sorted(TREES))
def test_every_node_drawn(tree_id: str, lang: str) -> None:
    tree = tree_to_dict(TREES[tree_id])
    html = render_flow(tree, lang, cites(lang), "../../")
    questions = re.findall(rf'class="flow-node flow-question" id="flow-{tree_id}-([a-z0-9-]+)"',
                           html)
    assert sorted(questions) == sorted(n for n, node in tree["nodes"].items()
                                       if "outcome" not in node)
    assert html.count('class="flow-node flow-outcome"') >= sum(
        1 for node in tree["nodes"].values() if "outcome" in node)
    for target in re.findall(r'class="flow-node flow-goto"><a href="#([^"]+)"', html):
        assert f'id="{target}"' in html
    hrefs = re.findall(r'class="flow-cite" href="([^"]+)"', html)
    assert all(h.startswith("../../") and "/1997/" not in h for h in hrefs), hrefs
    assert "example.invalid" not in html  # a cite not in the build is no link
    assert render_flow(tree, lang, cites(lang), "../../") == html


def test_markup_in_the_data_is_text() -> None:
    tree = {"id": "t", "start": "q", "nodes": {
        "q": {"question": {"pl": "<b>czy</b> & co?"}, "cites": ["1A"],
              "answers": [{"label": {"pl": "<i>tak</i>"}, "next": "o"},
                          {"label": {"pl": "nie"}, "next": "o"}]},
        "o": {"outcome": {"ruling": {"pl": "<script>x</script>. Dalej."}, "cites": ["1A"]}}}}
    html = render_flow(tree, "pl", {"1A": {"url": 'x"y', "external": False}}, "")
    assert "<b>" not in html and "&lt;b&gt;czy&lt;/b&gt; &amp; co?" in html
    assert "<script>" not in html and "&lt;i&gt;tak" in html and 'href="x&quot;y"' in html
