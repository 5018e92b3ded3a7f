"""The decision trees: every tree in assistant/trees loads, validates, and every path ends in a
ruling with valid citations; the validator catches each kind of broken tree."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.build import build_assistant, corpus_ids
from assistant.paths import enumerate_paths
from assistant.tree import WalkError, walk
from assistant.tree_check import validate_trees
from assistant.tree_load import load_tree, load_trees
from tools.config import Config
from tools.errors import BridgelawError, SourceError
from tools.model import Corpus, corpus_from_json
from tools.reference import load_reference

CONFIG = Config()
TREES = load_trees(CONFIG.assistant_dir / "trees")
OUTLINE = load_reference(CONFIG).outline.all_ids()
MY_LAWS = {"41", "45", "46", "47", "61", "62", "63", "64"}


def built_corpus() -> Corpus:
    """The corpus the scrape stage wrote, or an empty one before it has run."""
    if CONFIG.model_file.exists():
        return corpus_from_json(CONFIG.model_file.read_text(encoding="utf-8"))
    return Corpus()


KNOWN = corpus_ids(built_corpus())


def test_outline_loaded() -> None:
    assert "64B7" in OUTLINE and "45C4b" in OUTLINE


def test_trees_cover_my_laws() -> None:
    covered = {law for tree in TREES.values() for law in tree.laws}
    assert MY_LAWS <= covered


def test_all_trees_validate() -> None:
    problems = validate_trees(TREES, KNOWN, OUTLINE)
    assert problems == [], "\n".join(f"{p.where}: {p.message}" for p in problems)


@pytest.mark.parametrize("tree_id", sorted(TREES))
def test_every_path_ends_in_a_cited_outcome(tree_id: str) -> None:
    tree = TREES[tree_id]
    paths = enumerate_paths(tree)
    assert len(paths) >= 2
    for path in paths:
        assert path.outcome is not None, f"{tree_id} {path.answers}: {path.problem}"
        assert path.outcome.cites, f"{tree_id} {path.answers} ends without citations"
        for cite in path.outcome.cites:
            assert cite in KNOWN or cite in OUTLINE, f"{tree_id} {path.answers}: {cite}"
        # walking the same answers reaches the same outcome
        assert walk(tree, path.answers).node.id == path.nodes[-1]
    # every node of the tree lies on some path
    on_paths = {node for path in paths for node in path.nodes}
    assert on_paths == set(tree.nodes)


SECTION_QUESTION = re.compile(
    r"\b(któr[ya]|któr[ey]|jaki)\s+(przepis|punkt|paragraf|ust[eę]p)"
    r"|\bwhich\s+(law|section|subsection|paragraph|clause)\b"
    r"|\b(section|przepis)\s+(applies|ma zastosowanie|stosuje się)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("tree_id", sorted(TREES))
def test_questions_are_about_facts_not_sections(tree_id: str) -> None:
    for node in TREES[tree_id].nodes.values():
        if node.question is not None:
            for text in (node.question.pl, node.question.en):
                assert not SECTION_QUESTION.search(text), f"{tree_id}/{node.id}: {text}"


def test_section_question_pattern() -> None:
    assert SECTION_QUESTION.search("Which section applies?")
    assert SECTION_QUESTION.search("Który przepis ma zastosowanie?")
    assert not SECTION_QUESTION.search("Czy karta została pokazana przy wykonywaniu przepisu?")


def test_revoke_trick_won_in_dummy_is_not_won_by_declarer() -> None:
    tree = TREES["revoke"]
    winner = tree.nodes["revoke-trick-winner"]
    assert "dummy" in winner.help.en and "dziadku" in winner.help.pl
    dummy_answer = [i for i, a in enumerate(winner.answers, 1) if "dummy" in a.label.en]
    assert len(dummy_answer) == 1
    result = walk(tree, [1, 2, 1, 1, 1, 1, dummy_answer[0]])
    assert result.outcome is not None and result.outcome.tricks == 1
    assert "64A2" in result.outcome.cites


def test_revoke_tree_cites_every_64b_exception_and_64c() -> None:
    cited = {c for n in TREES["revoke"].nodes.values() if n.outcome for c in n.outcome.cites}
    assert {f"64B{i}" for i in range(1, 9)} <= cited
    assert {"64A1", "64A2", "64C1", "64C2a", "64C2b", "62A", "62B1", "62B2", "62D1"} <= cited


def write_tree(tmp: Path, name: str, text: str) -> Path:
    path = tmp / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
id: {name}
laws: ["64"]
title: {{pl: "Próba", en: "Trial"}}
start: q
nodes:
  q:
    question: {{pl: "Czy wykonano zagranie?", en: "Was a play made?"}}
    answers:
      - label: {{pl: "Tak", en: "Yes"}}
        next: {yes}
      - label: {{pl: "Nie", en: "No"}}
        next: {no}
  done:
    outcome:
      ruling: {{pl: "{ruling_pl}", en: "Nothing happens."}}
      cites: [{cite}]
  other:
    outcome:
      ruling: {{pl: "Nic.", en: "Nothing."}}
      cites: ["64A1"]
"""


def broken(tmp: Path, **changes: str) -> list[str]:
    values = {"name": "trial", "yes": "done", "no": "other", "ruling_pl": "Nic się nie dzieje.",
              "cite": '"64A1"'}
    values.update(changes)
    tree = load_tree(write_tree(tmp, values["name"], GOOD.format(**values)))
    return [f"{p.kind} {p.where} {p.message}" for p in validate_trees({tree.id: tree}, set(),
                                                                     OUTLINE)]


def test_validator_accepts_good_tree(tmp_path: Path) -> None:
    assert broken(tmp_path) == []


def test_validator_dangling_next(tmp_path: Path) -> None:
    problems = broken(tmp_path, yes="nowhere")
    assert any(p.startswith("dangling-next") and "node q" in p and "nowhere" in p
               for p in problems)
    assert any(p.startswith("unreachable-node") and "node done" in p for p in problems)


def test_validator_cycle(tmp_path: Path) -> None:
    problems = broken(tmp_path, no="q")
    assert any(p.startswith("tree-cycle") and "tree trial" in p for p in problems)
    assert any(p.startswith("unreachable-node") and "other" in p for p in problems)


def test_validator_missing_language(tmp_path: Path) -> None:
    problems = broken(tmp_path, ruling_pl="")
    assert len(problems) == 1
    assert problems[0].startswith("missing-translation")
    assert "tree trial, node done: ruling has no pl text" in problems[0]


def test_validator_unknown_and_malformed_cites(tmp_path: Path) -> None:
    assert any("unknown-citation" in p and "64D9" in p for p in broken(tmp_path, cite='"64D9"'))
    assert any("bad-citation" in p for p in broken(tmp_path, cite='"Law 64"'))
    assert any("missing-citation" in p and "node done" in p
               for p in broken(tmp_path, cite=""))


def test_loader_errors_name_the_file(tmp_path: Path) -> None:
    path = write_tree(tmp_path, "bad", "id: bad\nnodes: [unclosed\n")
    with pytest.raises(SourceError, match="bad.yaml.*not valid YAML"):
        load_tree(path)
    path = write_tree(tmp_path, "wrong-name", GOOD.format(name="other-name", yes="done",
                                                          no="other", ruling_pl="x", cite='"64"'))
    with pytest.raises(SourceError, match="must equal the file name"):
        load_tree(path)
    path = write_tree(tmp_path, "both", GOOD.replace(
        "    outcome:\n      ruling: {{pl: \"Nic.\"",
        "    question: {{pl: \"a\", en: \"b\"}}\n    outcome:\n      ruling: {{pl: \"Nic.\"",
    ).format(name="both", yes="done", no="other", ruling_pl="x", cite='"64"'))
    with pytest.raises(SourceError, match="node other: a node has either"):
        load_tree(path)


def test_walk_rejects_bad_answers() -> None:
    tree = TREES["revoke"]
    with pytest.raises(WalkError, match="node twelfth-trick: answer 1 is 3"):
        walk(tree, [3])
    with pytest.raises(WalkError, match="after the ruling"):
        walk(tree, [2, 1, 1])
    open_walk = walk(tree, [1])
    assert open_walk.outcome is None and open_walk.node.id == "established"


@pytest.mark.build  # runs the assistant stage
def test_strict_build_fails_on_broken_tree(tmp_path: Path) -> None:
    assistant = tmp_path / "assistant"
    shutil.copytree(CONFIG.assistant_dir / "trees", assistant / "trees")
    shutil.copy(CONFIG.assistant_dir / "situations.yaml", assistant / "situations.yaml")
    text = (assistant / "trees" / "revoke.yaml").read_text(encoding="utf-8")
    (assistant / "trees" / "revoke.yaml").write_text(
        text.replace("next: two-tricks", "next: three-tricks"), encoding="utf-8"
    )
    config = replace(CONFIG, assistant_dir=assistant, build_dir=tmp_path / "build",
                     content_dir=tmp_path / "content", strict=True)
    message = "tree revoke, node later-trick-after-win: .*three-tricks"
    with pytest.raises(BridgelawError, match=message):
        build_assistant(Corpus(), config, load_reference(config))
    loose = build_assistant(Corpus(), replace(config, strict=False), load_reference(config))
    assert any(p.kind == "dangling-next" and "revoke" in p.where for p in loose.problems)
    assert any(p.kind == "flowchart-skipped" and p.where == "revoke" for p in loose.problems)
    assert not (tmp_path / "build" / "flowcharts" / "revoke.pl.svg").exists()
    assert (tmp_path / "build" / "flowcharts" / "card-played.pl.svg").exists()


def all_cited_ids() -> list[tuple[str, str]]:
    """(where, id) for every id a tree (questions and outcomes) or a situation cites."""
    from assistant.situations import load_situations

    cited = []
    for tree in TREES.values():
        for node in tree.nodes.values():
            cites = list(node.cites) + (list(node.outcome.cites) if node.outcome else [])
            cited += [(f"{tree.id}/{node.id}", cite) for cite in cites]
    for situation in load_situations(CONFIG):
        cited += [(f"situation {situation.id}", law) for law in situation.laws]
    return cited


def test_every_cited_id_is_in_the_2017_outline() -> None:
    """Strictly the official 2017 outline: not the corpus, where a 1997 unit could stand in."""
    cited = all_cited_ids()
    assert len(TREES) >= 20 and len(cited) >= 600  # cannot pass on an empty catalogue
    assert len(OUTLINE) >= 700
    # the outline really tells 2017 from 1997: 63C and 64A2(II) are 1997 ids, 68D2b is 2017
    assert "63C" not in OUTLINE and "68D2b" in OUTLINE and "62C3" in OUTLINE
    missing = sorted({f"{where}: {cite}" for where, cite in cited if cite not in OUTLINE})
    assert missing == []
    # and the outline ids are those a validator accepts, so a typo is caught
    assert any(cite == "64B8" for _, cite in cited)


def test_no_citation_points_at_an_empty_unit() -> None:
    """An empty unit (61B2, 45C4, 67B2 ...) only holds sub-items: cite the exact sub-item."""
    from tools.normalize.outline import load_outline

    outline = load_outline(CONFIG.outline_file)
    assert outline.is_empty("61B2") and outline.is_empty("67B2")
    empty = sorted({f"{where}: {cite}" for where, cite in all_cited_ids()
                    if outline.is_empty(cite)})
    assert empty == []
