"""Edition words in both languages, and a citation as terminal lines (`show`, `rule`, `lookup`)."""

from __future__ import annotations

from typing import Any

from tools.interface import interface
from tools.normalize.cite2017 import IN_FORCE, OLD, Cite

# Interface words about editions, shared by the command line and the site pages.
EDITION_UI = interface("editions")


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
