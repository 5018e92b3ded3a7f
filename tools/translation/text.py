"""The translation check's words: interface strings in Polish and English, what a finding
says, and what a check compared (shared by the site pages and `bridgelaw check-translation`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.interface import interface
from tools.model import LANGS, Finding

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.translation.check import TranslationCheck

# Interface words of the translation check (tools/data/interface.yaml).
UI = interface("translation_check")


def ui_text(lang: str, key: str, **values: object) -> str:
    """One interface string in one language, its {fields} filled."""
    return UI[lang][key].format(**values)


def _listed(values: list[str]) -> str:
    """Values joined by commas, or a dash for none."""
    return ", ".join(values) or "—"


def _decimal(value: float, lang: str) -> str:
    """A ratio with two decimals, a decimal comma in Polish."""
    text = f"{value:.2f}"
    return text.replace(".", ",") if lang == "pl" else text


def describe(finding: Finding, lang: str, terms: dict[str, Term] | None = None) -> list[str]:
    """What a finding says, in the reader's language (one line per term for terms)."""
    terms = terms or {}

    def name(term_id: str, in_lang: str) -> str:
        """A term's headword in one language (its id if the glossary lacks it)."""
        term = terms.get(term_id)
        return term.headword(in_lang) if term is not None else term_id

    kind = finding.kind
    if kind in ("citation", "number"):
        return [ui_text(lang, f"t_{kind}", pl=_listed(finding.only_pl),
                      en=_listed(finding.only_en))]
    if kind == "term":
        return [ui_text(lang, f"t_term_{side}", pl=name(t, "pl"), en=name(t, "en"))
                for side, values in (("pl", finding.only_pl), ("en", finding.only_en))
                for t in values]
    side = "pl" if finding.only_pl else "en"
    ids = finding.only_pl or finding.only_en
    if kind == "split":
        return [ui_text(lang, f"t_split_{side}", unit=finding.unit, other=finding.other)]
    if kind == "length":
        return [ui_text(lang, "t_length", ratio=_decimal(finding.ratio, lang),
                      usual=_decimal(finding.usual, lang))]
    if ids == ["text"]:
        return [ui_text(lang, f"t_text_{side}")]
    if finding.unit.endswith("*"):
        return [ui_text(lang, f"t_note_{side}", marker=finding.unit.lstrip("0123456789"))]
    line = ui_text(lang, f"t_missing_{side}", unit=finding.unit)
    if len(ids) > 1:
        line += f" ({ui_text(lang, 't_missing_sub', n=len(ids) - 1)})"
    return [line]


def _ranges(numbers: list[int]) -> str:
    """Law numbers with runs joined: 41–71, 45."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def _counts(findings: list[Finding], lang: str) -> str:
    """Findings counted by kind, in the kinds' order ("liczby 3, terminy 2")."""
    from tools.translation.check import KINDS

    return ", ".join(f"{ui_text(lang, 't_kind_' + kind)} {n}" for kind in KINDS
                     if (n := sum(1 for f in findings if f.kind == kind)))


def edition_facts(check: TranslationCheck, edition: int, lang: str) -> list[str]:
    """What one edition's check compared and found, as short lines ("label: value")."""
    compared = check.compared.get(edition, [])
    facts = [f"{ui_text(lang, 't_compared')}: {len(compared)}"]
    for code in LANGS:
        only = check.one_language.get(edition, {}).get(code, [])
        if only:
            facts.append(f"{ui_text(lang, 't_only_' + code)}: {_ranges(only)}")
    if compared:
        shown = [f for f in check.layer if f.edition == edition and not f.acknowledged]
        acknowledged = [f for f in check.layer if f.edition == edition and f.acknowledged]
        facts.append(f"{ui_text(lang, 't_findings')}: {len(shown)}"
                     + (f" ({_counts(shown, lang)})" if shown else ""))
        facts.append(f"{ui_text(lang, 't_acknowledged')}: {len(acknowledged)}")
    return facts


def headline(check: TranslationCheck, english_anywhere: bool, lang: str) -> str:
    """"" when something was compared; else why nothing was (no English text at all, or none
    in what was asked)."""
    if check.compared:
        return ""
    return ui_text(lang, "t_no_english" if not english_anywhere else "t_edition_none")
