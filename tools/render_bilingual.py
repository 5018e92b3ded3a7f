"""The phone's language toggle on a law page that has both texts: two radio buttons before the
rows, so CSS alone shows one language or the other (no script, nothing moves as the page loads).
On a wide screen both texts stand side by side and the toggle is hidden (assets/bridgelaw/site.css).
"""

from __future__ import annotations

NAMES = {"pl": "Polski", "en": "English"}
LABEL = {"pl": "Język tekstu przepisu", "en": "Language of the law text"}


def lang_toggle(page_lang: str, primary_lang: str, other_lang: str) -> str:
    """The toggle's inputs and labels: the page's own text first, the other one tap away."""
    inputs = (
        '<input type="radio" class="lang-pick-input" name="bl-text-lang" id="bl-show-main" '
        'value="main" checked>'
        '<input type="radio" class="lang-pick-input" name="bl-text-lang" id="bl-show-other" '
        'value="other">'
    )
    labels = (
        f'<div class="lang-pick" role="group" aria-label="{LABEL[page_lang]}">'
        f'<label for="bl-show-main" lang="{primary_lang}">{NAMES[primary_lang]}</label>'
        f'<label for="bl-show-other" lang="{other_lang}">{NAMES[other_lang]}</label></div>'
    )
    return inputs + labels
