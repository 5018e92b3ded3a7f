"""`bridgelaw check-translation`: the translation check of the built model, printed."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from tools.config import Config
from tools.model import LANGS

if TYPE_CHECKING:
    from tools.normalize.glossary import Term
    from tools.translation.check import TranslationCheck


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the check-translation subcommand."""
    check = subparsers.add_parser(
        "check-translation",
        help="hold every Polish unit against its English twin and print where they differ")
    check.add_argument("--law", type=int, action="append", metavar="N",
                       help="only this law (may be repeated)")
    check.add_argument("--edition", type=int, choices=(1997, 2017), default=2017,
                       help="the edition to check (default 2017, in force)")
    check.add_argument("--lang", choices=LANGS, default="en",
                       help="the language of the messages (default en)")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--model", type=Path, metavar="FILE",
                       help="a corpus.json to check (default: the last build's)")
    check.set_defaults(func=run_check)


def run_check(args: argparse.Namespace) -> int:
    """Check the model's laws in both languages; print the findings (status 0 either way)."""
    from tools.model import corpus_from_json
    from tools.normalize.glossary import load_glossary
    from tools.normalize.outline import load_outline
    from tools.show import load_corpus
    from tools.translation.acks import load_acks
    from tools.translation.check import check_translation

    config = Config()
    if args.model is not None:
        if not args.model.is_file():
            from tools.errors import BridgelawError

            raise BridgelawError(f"{args.model}: no such model file")
        corpus = corpus_from_json(args.model.read_text(encoding="utf-8"))
    else:
        corpus = load_corpus(config)
    glossary = load_glossary(config.glossary_file)
    check = check_translation(corpus, glossary, load_acks(config.translation_acks_file),
                              load_outline(config.outline_file).all_ids(),
                              editions=(args.edition,),
                              laws=tuple(args.law) if args.law else None)
    english = any(law.lang == "en" for law in corpus.laws)
    if args.json:
        print(json.dumps(check_json(check, args.edition, glossary, english), ensure_ascii=False,
                         indent=1, sort_keys=True))
    else:
        print(check_text(check, args.edition, glossary, args.lang, english), end="")
    return 0


def status_lines(check: TranslationCheck, edition: int, english_anywhere: bool,
                 lang: str) -> list[str]:
    """Why nothing was compared, if so, then what was compared and found."""
    from tools.translation.text import edition_facts, headline

    head = headline(check, english_anywhere, lang)
    return [line for line in (head, *edition_facts(check, edition, lang)) if line]


def check_text(check: TranslationCheck, edition: int, glossary: list[Term], lang: str,
               english_anywhere: bool) -> str:
    """The check as text: status, counts by kind, then each finding by law and unit."""
    from tools.render.cite_text import edition_label
    from tools.translation.text import describe

    terms = {term.id: term for term in glossary}
    label = edition_label(edition, lang)
    lines = [label[:1].upper() + label[1:],
             *status_lines(check, edition, english_anywhere, lang)]
    law = None
    for finding in check.findings:
        if finding.law != law:
            law = finding.law
            lines += ["", f"{'Przepis' if lang == 'pl' else 'Law'} {law} ({finding.edition})"]
        messages = describe(finding, lang, terms)
        lines.append(f"  {finding.unit:<8} {finding.kind:<9} {finding.severity:<7}{messages[0]}")
        lines += [f"  {'':<26}{message}" for message in messages[1:]]
        lines.append(f"  {'':<8} PL: {finding.pl or '—'}")
        lines.append(f"  {'':<8} EN: {finding.en or '—'}")
    for ack in check.unused_acks:
        lines.append(f"unused acknowledgement: {ack.edition} {ack.unit} {ack.kind}: the texts "
                     "no longer show what it covers; review or remove it")
    return "\n".join(lines) + "\n"


def check_json(check: TranslationCheck, edition: int, glossary: list[Term],
               english_anywhere: bool) -> dict:
    """The check as JSON-ready data: status, findings, and the terms they name."""
    named = sorted({t for f in check.layer if f.kind == "term" for t in f.only_pl + f.only_en})
    terms = {term.id: {"pl": term.pl, "en": term.en} for term in glossary if term.id in named}
    return {
        "edition": edition,
        "status": {lang: status_lines(check, edition, english_anywhere, lang)
                   for lang in LANGS},
        "english_present": english_anywhere,
        "compared": check.compared.get(edition, []),
        "one_language": check.one_language.get(edition, {}),
        "findings": [asdict(f) for f in check.findings],
        "acknowledged": [asdict(f) for f in check.acknowledged],
        "unused_acknowledgements": [asdict(a) for a in check.unused_acks],
        "terms": terms,
    }
