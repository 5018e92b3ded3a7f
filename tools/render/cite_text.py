"""Edition words in both languages, and a citation as terminal lines (`show`, `rule`, `lookup`)."""

from __future__ import annotations

from typing import Any

from tools.normalize.cite2017 import IN_FORCE, OLD, Cite

# Interface words about editions, shared by the command line and the site pages; ours.
EDITION_UI: dict[str, dict[str, str]] = {
    "pl": {
        "in_force": "wydanie {edition} (obowiązujące)",
        "superseded": "wydanie {edition} (nieobowiązujące, zastąpione wydaniem 2017)",
        "laws": "Przepisy (wydanie {edition})",
        "not_in_build": "Tekstu {id} z wydania 2017 nie ma w tej kompilacji.",
        "not_in_build_short": "tekstu 2017 nie ma w tej kompilacji",
        "official_title": "Tytuł urzędowy",
        "title_en": "tytuł angielski: polskiego nie ma w tej kompilacji",
        "title_pl": "tytuł polski: angielskiego nie ma w tej kompilacji",
        "no_title": "tytułu nie ma w tej kompilacji",
        "official_link": "Tekst 2017 na stronie PZBS",
        "official_short": "tekst 2017 na stronie PZBS",
        "counterpart": "Odpowiednik z wydania 1997 (inna numeracja, tekst nieobowiązujący)",
        "counterpart_short": "odpowiednik z 1997",
        "new": "Nowy w wydaniu 2017: w wydaniu 1997 nie ma odpowiednika.",
        "no_counterpart": "Odpowiednika z wydania 1997 nie ma w tej kompilacji.",
        "uncertain": "niepewne",
        "see": "zobacz",
        "same_id_warning": "Numeracja 1997: ten sam numer w wydaniu 2017 może oznaczać inny "
        "przepis.",
        "new_counterpart": "Odpowiednik w wydaniu 2017",
        "no_new_counterpart": "W wydaniu 2017 nie ma odpowiednika.",
        "external": "strona zewnętrzna",
        "polish_text": "tekst polski",
        "notice_head": "Wydanie 1997 nie obowiązuje",
        "notice_body": "Obowiązuje wydanie 2017. Odpowiednik tego przepisu w wydaniu 2017:",
        "notice_differs": "Numeracja 1997 i 2017 różni się tu w tych punktach (1997 → 2017):",
        "none": "brak",
        "other_text": "Tekst angielski: polskiego tekstu tego przepisu nie ma w tej kompilacji.",
    },
    "en": {
        "in_force": "{edition} edition (in force)",
        "superseded": "{edition} edition (superseded by the 2017 edition)",
        "laws": "Laws ({edition} edition)",
        "not_in_build": "The 2017 text of {id} is not in this build.",
        "not_in_build_short": "2017 text not in this build",
        "official_title": "Official title",
        "title_en": "English title",
        "title_pl": "Polish title: no English title in this build",
        "no_title": "no title in this build",
        "official_link": "2017 text on the PZBS site",
        "official_short": "2017 text on the PZBS site",
        "counterpart": "1997 counterpart (other numbering, superseded text)",
        "counterpart_short": "1997 counterpart",
        "new": "New in the 2017 edition: the 1997 edition has no counterpart.",
        "no_counterpart": "No 1997 counterpart in this build.",
        "uncertain": "uncertain",
        "see": "see",
        "same_id_warning": "1997 numbering: the same number in the 2017 edition may be another "
        "rule.",
        "new_counterpart": "2017 counterpart",
        "no_new_counterpart": "The 2017 edition has no counterpart.",
        "external": "external site",
        "polish_text": "Polish text",
        "notice_head": "The 1997 edition is superseded",
        "notice_body": "The 2017 edition is in force. This law's counterpart in the 2017 edition:",
        "notice_differs": "Here the 1997 and 2017 numbering differ at these units (1997 → 2017):",
        "none": "none",
        "other_text": "Polish text: the English text of this law is not in this build.",
    },
}


def edition_label(edition: int, lang: str) -> str:
    """ "wydanie 2017 (obowiązujące)" / "1997 edition (superseded by the 2017 edition)"."""
    key = "in_force" if edition == IN_FORCE else "superseded"
    return EDITION_UI[lang][key].format(edition=edition)


def title_text(cite: Cite, lang: str) -> str:
    """The citation's title with its fallback marked ("63. Establishment of a Revoke [tytuł
    angielski: ...]")."""
    ui = EDITION_UI[lang]
    title = cite.title
    if not title.lang:
        return f"[{ui['no_title']}]"
    if title.fallback:
        return f"{title.text} [{ui['title_' + title.lang]}]"
    return title.text


def counterpart_text(cite: Cite, lang: str) -> str:
    """ "1997 63C" (with "niepewne"/"uncertain" where the pairing is not confirmed), or ""."""
    ui = EDITION_UI[lang]
    return ", ".join(
        f"{OLD} {old.id}" + (f" ({ui['uncertain']})" if old.uncertain else "")
        for old in cite.counterparts
    )


def cite_line(cite: Cite, lang: str) -> str:
    """One cited id on one line: its title, and when the 2017 text is not in the build, where
    to read it and its 1997 counterpart."""
    ui = EDITION_UI[lang]
    line = f"{cite.id}  {title_text(cite, lang)}"
    if cite.in_build:
        return line + (f" ({ui['polish_text']})" if cite.other_lang_text else "")
    line += f"\n      {ui['not_in_build_short']}; {ui['official_short']}: {cite.official_url}"
    old = counterpart_text(cite, lang)
    if old:
        line += f"\n      {ui['counterpart_short']}: {old}"
    return line


def missing_lines(cite: Cite, lang: str) -> list[str]:
    """What `show` prints for a 2017 id whose text is not in the build."""
    ui = EDITION_UI[lang]
    lines = [
        f"{cite.id} · {edition_label(IN_FORCE, lang)}",
        ui["not_in_build"].format(id=cite.id),
        f"{ui['official_title']}: {title_text(cite, lang)}",
        f"{ui['official_link']} ({ui['external']}): {cite.official_url}",
        "",
    ]
    if cite.counterparts:
        lines.append(f"{ui['counterpart']}:")
        for old in cite.counterparts:
            mark = f" ({ui['uncertain']})" if old.uncertain else ""
            note = f" — {old.note}" if old.note and lang == "en" else ""
            lines.append(f"  {OLD} {old.id}{mark}{note}")
            lines.append(f"    {ui['see']}: bridgelaw show --edition {OLD} {old.id}")
    elif cite.new_in_2017:
        lines.append(ui["new"])
    else:
        lines.append(ui["no_counterpart"])
    return lines


def cite_json(cite: Cite) -> dict[str, Any]:
    """The JSON-ready record of a citation (for `show --json` and `rule --json`)."""
    return {
        "id": cite.id,
        "edition": cite.edition,
        "in_build": cite.in_build,
        "title": cite.title.text,
        "title_lang": cite.title.lang,
        "title_fallback": cite.title.fallback,
        "site_url": cite.site_url,
        "official_url": cite.official_url,
        "new_in_2017": cite.new_in_2017,
        "counterparts_1997": [
            {"id": old.id, "via": old.via, "uncertain": old.uncertain, "note": old.note}
            for old in cite.counterparts
        ],
    }
