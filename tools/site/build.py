"""The site stage: MkDocs builds content/ into a temp folder through the plugin `bridgelaw`
(tools/site/plugin.py: assets copied, Pagefind index, offline pack), and only then does the new
site replace config.site_dir (the last good site survives a failure). The search box's files
(spec, vocabulary, glossary pairs, players' words, in shards) are written here for the plugin.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools.config import ROOT, Config
from tools.errors import BridgelawError
from tools.model import LANGS, LEAD_IN_END, Corpus, Problem
from tools.report import check_stage
from tools.site.pagefind_records import FOLDED_MARK


def run_mkdocs(config: Config, out_dir: Path, corpus: Corpus | None = None
               ) -> tuple[str, list[Problem]]:
    """MkDocs over config.root/mkdocs.yml, from config.content_dir into out_dir, through the
    plugin `bridgelaw` (tools.site.mkdocs_run, tools.site.plugin), whose law records come from
    `corpus` (default: the model file in config.build_dir); returns MkDocs' log (build_site
    reports its warnings) and the problems the plugin met. A failure raises BridgelawError
    with the log."""
    from tools.model import corpus_to_json
    from tools.site.mkdocs_run import config_json
    from tools.site.plugin import read_problems

    with tempfile.TemporaryDirectory(prefix=".mkdocs-run.", dir=out_dir.parent) as handover:
        problems_file = Path(handover) / "problems.json"
        args = [sys.executable, "-m", "tools.site.mkdocs_run",
                "--config-file", str(config.root / "mkdocs.yml"), "--site-dir", str(out_dir),
                "--build-config", config_json(config), "--problems", str(problems_file)]
        if corpus is not None:
            corpus_file = Path(handover) / "corpus.json"
            corpus_file.write_text(corpus_to_json(corpus), encoding="utf-8")
            args += ["--corpus", str(corpus_file)]
        if config.strict:
            args.append("--strict")
        env = dict(os.environ)
        # Material 9.8 prints an end-of-life notice on every `mkdocs` run; we know, and it is
        # not a build problem, so it is switched off here rather than filtered out of the output.
        env["NO_MKDOCS_2_WARNING"] = "1"
        env["PYTHONUTF8"] = "1"
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
        result = subprocess.run(args, cwd=config.root, env=env, capture_output=True, text=True,
                                encoding="utf-8", errors="replace", check=False)
        if result.returncode != 0:
            detail = (result.stderr or result.stdout).strip()
            raise BridgelawError(f"{config.root / 'mkdocs.yml'}: mkdocs build failed:\n{detail}")
        return result.stderr + result.stdout, read_problems(problems_file)


def copy_assistant_assets(config: Config, out_dir: Path) -> list[str]:
    """Copy build/assistant.json and build/flowcharts/*.svg under out_dir/assets/assistant/;
    returns what was missing (the caller reports it)."""
    missing: list[str] = []
    target = out_dir / "assets" / "assistant"
    source = config.build_dir / "assistant.json"
    if source.exists():
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / "assistant.json")
    else:
        missing.append(str(source))
    flowcharts = config.build_dir / "flowcharts"
    svgs = sorted(flowcharts.glob("*.svg")) if flowcharts.is_dir() else []
    if not svgs:
        missing.append(f"{flowcharts}/*.svg")
    for svg in svgs:
        (target / "flowcharts").mkdir(parents=True, exist_ok=True)
        shutil.copy2(svg, target / "flowcharts" / svg.name)
    return missing


# What the search box and the wizard read of the spec (assets/search/query.js); the CLI's weights
# and the citation rule (each page embeds that itself) would only make every first search bigger.
SITE_SPEC_KEYS = ("fold_extra", "inflections", "irregular", "jargon", "max_query_chars",
                  "negation", "pieces", "ranking", "reading", "stops", "synonyms", "translations",
                  "typo_bounds")


def site_specs(spec: dict[str, Any], shards: list[str], pair_shards: list[str],
               synonym_shards: dict[str, list[str]], word_shards: list[str] = ()
               ) -> dict[str, dict[str, Any]]:
    """Per language, the spec the site's scripts read: both languages' stop words (a query may
    mix them), that language's table talk only (query.js reads no other), the names of the
    shards of its synonyms, of the glossary's term pairs (on the Polish pages only) and of the
    vocabulary, so the search box asks only for shards that exist."""
    specs = {}
    for lang in LANGS:
        kept = {key: spec[key] for key in SITE_SPEC_KEYS}
        kept["synonyms"] = synonym_shards[lang]
        kept["jargon"] = spec["jargon"][lang]  # "12" reads as "dwunastej" on a Polish page
        # an English query reads the Polish law text through them on the Polish pages, and on
        # the English pages where they show the Polish text of a law the build has in Polish
        # only; where the English text is there, the Polish words would crowd out the English
        # pages it finds as typed
        reads = lang == "pl" or lang in spec.get("lacking_text", [])
        kept["translations"] = pair_shards if reads else []
        kept["vocabulary"] = shards
        kept["words"] = list(word_shards)
        kept["folded_mark"] = FOLDED_MARK  # where rank.js cuts a record's folded copy off
        kept["lead_in_end"] = LEAD_IN_END  # rank.js reads a clause with its lead-in too
        specs[lang] = kept
    return specs


def letter_key(word: str) -> str:
    """The shard a word belongs to: its first letter's code point in hex, as query.js
    shardKeys names it ("renons" -> "72")."""
    return f"{ord(word[0]):x}"


def vocabulary_shards(vocabulary: dict[str, int], spellings: dict[str, str] | None = None
                      ) -> dict[str, dict[str, int]]:
    """The index's vocabulary split by the first letter of its words (a hex code point): a
    mistyped word is only ever read as a word with its own first letter (correct), so a first
    search loads the shards of its words' letters, not the whole vocabulary. Each word is written
    as the texts spell it ("ręki" for "reki": typos.js printed, which folds it back), so a
    spelling costs no more than the word; words correct() can neither correct nor offer are
    left out, unless the texts spell them otherwise. The words of the language it leaves as
    typed (count 0) go to language_word_shards."""
    from tools.search.query import SHORTEST_CANDIDATE, allowed_typos

    spellings = spellings or {}
    shards: dict[str, dict[str, int]] = {}
    for word, count in sorted(vocabulary.items()):
        spelt = spellings.get(word)
        if count and (spelt or len(word) >= SHORTEST_CANDIDATE or allowed_typos(word)):
            shards.setdefault(letter_key(word), {})[spelt or word] = count
    return shards


def language_word_shards(vocabulary: dict[str, int]) -> dict[str, list[str]]:
    """The words of the language the texts never use (count 0 in the vocabulary:
    tools/search/words.py), split by their first two letters ("72-65" for "re...", as
    typos.js languageWords names them): only a word that the vocabulary lacks and correct()
    would change is looked up, so most searches fetch none, and a lookup fetches a small part."""
    shards: dict[str, list[str]] = {}
    for word, count in sorted(vocabulary.items()):
        if not count:
            shards.setdefault(pair_key(word), []).append(word)
    return shards


def pair_key(word: str) -> str:
    """The shard of a word of the language: its first two letters' code points in hex."""
    return "-".join(f"{ord(letter):x}" for letter in word[:2])


def translation_shards(rows: list[list[Any]]) -> dict[str, list[list[Any]]]:
    """The glossary's term pairs and the word pairs (spec "translations": English form, Polish
    term, 1 on a word pair's rows) split by the
    first letter of the form's first content word (a hex code point), as the vocabulary is: a
    form is read only when the query holds all its words, so a search loads the shards of its
    words' letters, not every pair."""
    from tools.search.analysis import ENGLISH_STOPS
    from tools.search.query import WORD

    shards: dict[str, list[list[Any]]] = {}
    for row in rows:
        first = next((w for w in WORD.findall(row[0]) if w not in ENGLISH_STOPS), "")
        if first:
            shards.setdefault(letter_key(first), []).append(list(row))
    return shards


def synonym_shards(synonyms: list[dict[str, str]], lang: str) -> dict[str, dict[str, list[str]]]:
    """The players' words of one language (spec "synonyms": forms folded), each headword with
    its forms, split by the first letter of a form's first content word (a hex code point), as the
    glossary's term pairs are: a form is read only when the query holds a form of each of its
    words, and forms of one word share its first letter (forms.js sameWord), so a search loads
    the shards of its words' letters, not every synonym (the first search loaded them all)."""
    from tools.search.analysis import ENGLISH_STOPS, POLISH_STOPS

    stops = POLISH_STOPS | ENGLISH_STOPS
    shards: dict[str, dict[str, set[str]]] = {}
    for synonym in synonyms:
        form = synonym["form"]
        # the words query.js synonymTerms reads of a form: function words left out
        first = next((w for w in form.split() if w not in stops), "")
        if synonym["lang"] == lang and first:
            shard = shards.setdefault(letter_key(first), {})
            shard.setdefault(synonym["headword"], set()).add(form)
    return {key: {headword: sorted(forms) for headword, forms in sorted(shard.items())}
            for key, shard in sorted(shards.items())}


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
                    encoding="utf-8")


def copy_search_spec(config: Config, out_dir: Path) -> list[str]:
    """Write the query spec per language (spec-<lang>.json), the index's vocabulary for typos,
    the glossary's term pairs and the players' words, each split by first letter
    (vocabulary-<letter>.json, translations-<letter>.json, synonyms-<lang>-<letter>.json), and
    the words of the language by their first two letters (words-<letter>-<letter>.json) under
    out_dir/assets/search/; returns what was missing."""
    from tools.search.index import SPELLINGS_FILE, VOCABULARY_FILE

    vocabulary_file = config.index_dir / VOCABULARY_FILE
    spellings_file = config.index_dir / SPELLINGS_FILE
    missing = [str(f) for f in (config.search_spec_file, vocabulary_file, spellings_file)
               if not f.exists()]
    target = out_dir / "assets" / "search"
    target.mkdir(parents=True, exist_ok=True)
    shards: dict[str, dict[str, int]] = {}
    language: dict[str, list[str]] = {}
    if vocabulary_file.exists():  # without it the search box reads no typos, and still works
        vocabulary = json.loads(vocabulary_file.read_text(encoding="utf-8"))
        spellings = (json.loads(spellings_file.read_text(encoding="utf-8"))
                     if spellings_file.exists() else {})
        shards = vocabulary_shards(vocabulary, spellings)
        language = language_word_shards(vocabulary)
    for key, words in shards.items():
        _write_json(target / f"vocabulary-{key}.json", words)
    for key, listed in language.items():
        _write_json(target / f"words-{key}.json", listed)
    if config.search_spec_file.exists():
        spec = json.loads(config.search_spec_file.read_text(encoding="utf-8"))
        pairs = translation_shards(spec["translations"])
        for key, rows in pairs.items():
            _write_json(target / f"translations-{key}.json", rows)
        synonyms = {lang: synonym_shards(spec["synonyms"], lang) for lang in LANGS}
        for lang, parts in synonyms.items():
            for key, table in parts.items():
                _write_json(target / f"synonyms-{lang}-{key}.json", table)
        listed = {lang: sorted(parts) for lang, parts in synonyms.items()}
        for lang, kept in site_specs(spec, sorted(shards), sorted(pairs), listed,
                                     sorted(language)).items():
            _write_json(target / f"spec-{lang}.json", kept)
    return missing


def _swap_in(new_dir: Path, site_dir: Path) -> None:
    """Replace site_dir by new_dir with two renames; the old site is removed only afterwards."""
    old = site_dir.with_name(f".{site_dir.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if site_dir.exists():
        os.replace(site_dir, old)
    os.replace(new_dir, site_dir)
    if old.exists():
        shutil.rmtree(old)


# A record of MkDocs' log starts with its level; its further lines follow it, indented.
_LOG_RECORD = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+-\s+")


def log_problems(log: str, where: str) -> list[Problem]:
    """A problem for each record of MkDocs' log above INFO, and for any text outside its
    records (a notice a package prints, a traceback): nothing it says is dropped unseen."""
    problems: list[Problem] = []
    level = ""
    for line in log.splitlines():
        record = _LOG_RECORD.match(line)
        if record:
            level = record.group(1)
            if level not in ("DEBUG", "INFO"):
                problems.append(Problem("mkdocs-warning", where, line.strip()))
        elif not line.strip():
            level = ""  # a record's further lines follow it at once
        elif not (level and line[:1].isspace()):
            problems.append(Problem("mkdocs-warning", where, f"MkDocs printed: {line.strip()}"))
    return problems


def build_site(config: Config, corpus: Corpus | None = None) -> list[Problem]:
    """Build the static site into config.site_dir (strict MkDocs when config.strict); the search
    index takes its law records from `corpus` (default: the model file in config.build_dir).
    Returns the problems met; a strict build stops on any before the new site replaces the old."""
    site_dir = config.site_dir
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.", dir=site_dir.parent))
    try:
        out = work / "site"
        log, problems = run_mkdocs(config, out, corpus)
        problems = log_problems(log, str(config.root / "mkdocs.yml")) + problems
        check_stage("site", problems, config.strict)  # the index's missing inputs too
        _swap_in(out, site_dir)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems
