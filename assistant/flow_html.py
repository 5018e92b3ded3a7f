"""Flowcharts as HTML: a decision tree drawn top to bottom in boxes and branch lines that the
browser wraps to any width, so a 390-pixel phone never scrolls sideways.

Reads the tree as assistant.json holds it (plain dicts), so the MkDocs hook can draw it. Each
question is a numbered box; its answers hang below it on a branch line, each leading to the next
box. The answer leading to the longest run of questions continues in the same column, after the
others (so the chart grows down instead of stepping ever further right). A question
reached again is not drawn twice: a box says "go to question N" and links to it. Cited ids are
small chips: a link to the unit when its 2017 text is in the build, plain text otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.flowchart_dot import first_sentence
from tools.interface import interface
from tools.markup import MARKUP as M
from tools.render.base import esc

TEXT = interface("flowchart_html")


def _text(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or "")
    return str(value or "")


@dataclass
class _Flow:
    """State of one drawing: the tree, where links go, and the questions drawn so far."""

    tree: dict[str, Any]
    lang: str
    cites: dict[str, Any]
    root: str
    numbers: dict[str, int] = field(default_factory=dict)

    @property
    def nodes(self) -> dict[str, Any]:
        """The tree's nodes by id."""
        return self.tree.get("nodes", {})

    def anchor(self, node_id: str) -> str:
        """The id of a question's box (unique on a page holding several trees)."""
        return f"flow-{self.tree['id']}-{node_id}"

    def chips(self, cites: list[str]) -> str:
        """The cited ids as chips: links where the 2017 text is on this site."""
        if not cites:
            return ""
        ui = TEXT[self.lang]
        out = []
        for cite in cites:
            info = self.cites.get(cite) or {}
            url = info.get("url") or ""
            title = str(info.get("title") or "")
            if url and not info.get("external"):
                attrs = f' title="{esc(title)}"' if title else ""
                out.append(f'<a class="{M.flow_cite}" href="{esc(self.root + url)}"{attrs}>'
                           f"{esc(cite)}</a>")
            else:
                note = f"{title} ({ui['not_in_build']})" if title else ui["not_in_build"]
                out.append(f'<span class="{M.flow_cite} {M.flow_cite_out}" title="{esc(note)}">'
                           f"{esc(cite)}</span>")
        return f'<p class="{M.flow_cites}" aria-label="{ui["cites"]}">' + " ".join(out) + "</p>"

    def outcome(self, node: dict[str, Any]) -> str:
        """An outcome's box: the ruling's first sentence, tricks, adjusted score, cites."""
        ui = TEXT[self.lang]
        outcome = node["outcome"]
        ruling = first_sentence(_text(outcome["ruling"], self.lang))
        lines = [f'<p class="flow-text">{esc(ruling)}</p>']
        extra = []
        if outcome.get("tricks"):
            extra.append(ui["tricks"].format(n=outcome["tricks"]))
        if outcome.get("adjust"):
            extra.append(ui["adjust"])
        if extra:
            lines.append(f'<p class="{M.flow_meta}">{esc(" · ".join(extra))}</p>')
        lines.append(self.chips(list(outcome.get("cites") or [])))
        return f'<div class="{M.flow_node} {M.flow_outcome}">' + "".join(lines) + "</div>"

    def draw(self, node_id: str) -> str:
        """The box of `node_id` and everything below it, in reading order."""
        node = self.nodes[node_id]
        if node.get("outcome"):
            return self.outcome(node)
        ui = TEXT[self.lang]
        if node_id in self.numbers:
            number = self.numbers[node_id]
            return (f'<p class="{M.flow_node} {M.flow_goto}"><a href="#{self.anchor(node_id)}">'
                    f"{esc(ui['goto'].format(n=number))} ↑</a></p>")
        number = self.numbers[node_id] = len(self.numbers) + 1
        box = (f'<div class="{M.flow_node} flow-question" id="{self.anchor(node_id)}">'
               f'<p class="flow-text"><span class="{M.flow_number}" '
               f'aria-label="{esc(ui["question"].format(n=number))}">{number}</span> '
               f"{esc(_text(node.get('question'), self.lang))}</p>"
               f"{self.chips(list(node.get('cites') or []))}</div>")
        answers = list(node.get("answers") or [])
        follow = self.continuation(answers)
        items = []
        for index, answer in enumerate(answers, start=1):
            if answer["next"] == follow:
                continue
            label = f"{index}. {_text(answer.get('label'), self.lang)}"
            items.append(f'<li class="{M.flow_branch}"><p class="{M.flow_answer}">{esc(label)}</p>'
                         f"{self.draw(answer['next'])}</li>")
        if follow:  # drawn after the other answers, in this column
            index = next(i for i, a in enumerate(answers, start=1) if a["next"] == follow)
            label = f"{index}. {_text(answers[index - 1].get('label'), self.lang)}"
            items.append(f'<li class="{M.flow_branch} {M.flow_next}"><p class="{M.flow_answer}">'
                         f"{esc(label)} ↓</p></li>")
        below = f'<ul class="{M.flow_branches}">{"".join(items)}</ul>' if items else ""
        return box + below + (self.draw(follow) if follow else "")

    def continuation(self, answers: list[dict[str, Any]]) -> str:
        """The answer whose questions go on longest (drawn straight down, the others aside)."""
        targets = [a["next"] for a in answers
                   if not self.nodes[a["next"]].get("outcome") and a["next"] not in self.numbers]
        if not targets or len(set(targets)) != len(targets):
            return ""
        return max(targets, key=lambda target: (self.size(target, set()), -targets.index(target)))

    def size(self, node_id: str, seen: set[str]) -> int:
        """How many questions a chart from `node_id` draws (each once)."""
        if node_id in seen or node_id in self.numbers or self.nodes[node_id].get("outcome"):
            return 0
        seen.add(node_id)
        return 1 + sum(self.size(a["next"], seen) for a in self.nodes[node_id].get("answers", []))


def render_flow(tree: dict[str, Any], lang: str, cites: dict[str, Any], root: str) -> str:
    """The tree as an HTML flowchart (cites: assistant.json's cites in `lang`; root: "../../")."""
    flow = _Flow(tree, lang, cites, root)
    return f'<div class="{M.flow}" lang="{lang}">{flow.draw(tree["start"])}</div>'
