"""The translation check's words: interface strings in Polish and English, what a finding
says, and what a check compared (shared by the site pages and `bridgelaw check-translation`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tools.model import LANGS, Finding

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.translation.check import TranslationCheck

# Interface words of the translation check in both languages; written by us.
UI: dict[str, dict[str, str]] = {
    "pl": {
        "law": "Przepis",
        "t_title": "Kontrola przekładu",
        "t_intro": "Program zestawia każdy punkt tekstu polskiego z jego angielskim bliźniakiem "
        "i wskazuje, gdzie się różnią: przywołane przepisy, liczby, terminy ze słownika, punkty "
        "tylko w jednym języku lub podzielone, długość odbiegająca od zwykłej w danym przepisie. "
        "Uwaga to pytanie do tłumacza, nie wyrok.",
        "t_no_english": "Brak tekstu angielskiego: żaden przepis tej kompilacji nie ma tekstu "
        "w obu językach, więc niczego nie porównano.",
        "t_edition_none": "Żaden przepis tego wydania nie ma tekstu w obu językach.",
        "t_compared": "przepisy w obu językach",
        "t_only_pl": "tylko po polsku",
        "t_only_en": "tylko po angielsku",
        "t_findings": "uwagi",
        "t_acknowledged": "uznane za zamierzone",
        "t_no_findings": "Brak uwag.",
        "t_mark": "Uwagi do przekładu",
        "t_all": "Wszystkie uwagi do przekładu",
        "t_kind_missing": "brak punktu",
        "t_kind_split": "punkt podzielony",
        "t_kind_citation": "odwołania",
        "t_kind_number": "liczby",
        "t_kind_term": "terminy",
        "t_kind_length": "długość",
        "t_sev_high": "ważna",
        "t_sev_medium": "średnia",
        "t_sev_low": "drobna",
        "t_citation": "przywołane tylko po polsku: {pl}; tylko po angielsku: {en}",
        "t_number": "liczby tylko po polsku: {pl}; tylko po angielsku: {en}",
        "t_term_pl": "po polsku „{pl}”, po angielsku brak „{en}”",
        "t_term_en": "po angielsku „{en}”, po polsku brak „{pl}”",
        "t_missing_pl": "punkt {unit} jest tylko w tekście polskim",
        "t_missing_en": "punkt {unit} jest tylko w tekście angielskim",
        "t_missing_sub": "z podpunktami: {n}",
        "t_note_pl": "przypis {marker} jest tylko w tekście polskim",
        "t_note_en": "przypis {marker} jest tylko w tekście angielskim",
        "t_text_pl": "tekst polski ma tu treść, angielski nie",
        "t_text_en": "tekst angielski ma tu treść, polski nie",
        "t_split_pl": "punkt {unit} jest tylko po polsku; tekst angielski ma jego treść w {other}",
        "t_split_en": "punkt {unit} jest tylko po angielsku; tekst polski ma jego treść w {other}",
        "t_length": "tekst polski ma {ratio} znaku na znak angielski, zwykle w tym przepisie "
        "{usual}",
    },
    "en": {
        "law": "Law",
        "t_title": "Translation check",
        "t_intro": "A program holds every unit of the Polish text against its English twin and "
        "shows where they differ: laws cited, numbers, glossary terms, units in one language "
        "only or split, a length far from the law's usual. A finding is a question for the "
        "translator, not a verdict.",
        "t_no_english": "No English text is present: no law of this build has text in both "
        "languages, so nothing was compared.",
        "t_edition_none": "No law of this edition has text in both languages.",
        "t_compared": "laws in both languages",
        "t_only_pl": "Polish only",
        "t_only_en": "English only",
        "t_findings": "findings",
        "t_acknowledged": "acknowledged as intended",
        "t_no_findings": "No findings.",
        "t_mark": "Translation findings",
        "t_all": "All translation findings",
        "t_kind_missing": "missing unit",
        "t_kind_split": "split unit",
        "t_kind_citation": "citations",
        "t_kind_number": "numbers",
        "t_kind_term": "terms",
        "t_kind_length": "length",
        "t_sev_high": "high",
        "t_sev_medium": "medium",
        "t_sev_low": "low",
        "t_citation": "cited only in Polish: {pl}; only in English: {en}",
        "t_number": "numbers only in Polish: {pl}; only in English: {en}",
        "t_term_pl": "Polish uses “{pl}”, the English lacks “{en}”",
        "t_term_en": "English uses “{en}”, the Polish lacks “{pl}”",
        "t_missing_pl": "unit {unit} is in the Polish text only",
        "t_missing_en": "unit {unit} is in the English text only",
        "t_missing_sub": "with sub-units: {n}",
        "t_note_pl": "footnote {marker} is in the Polish text only",
        "t_note_en": "footnote {marker} is in the English text only",
        "t_text_pl": "the Polish text has words here, the English none",
        "t_text_en": "the English text has words here, the Polish none",
        "t_split_pl": "unit {unit} is in Polish only; the English puts its words in {other}",
        "t_split_en": "unit {unit} is in English only; the Polish puts its words in {other}",
        "t_length": "the Polish text has {ratio} characters per English one, usually {usual} "
        "in this law",
    },
}


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
