"""The offline pack: what the service worker keeps, in which order, under which version; the web
app manifests. Written into the built site after Pagefind has indexed it.

`sw.js` at the site root is the worker (tools/site/offline_sw.js) with the pack in front of it:
every file as [site path, content hash, tier]. The version is a hash of that list, so it changes
exactly when a kept file changes, and a rebuild of the same sources writes the same bytes. Tiers:

- "shell": styles, scripts, icons, manifests, the 404 page, the search engine, the wizard's data;
- "core-<lang>": that language's home, wizard, situation list, table of laws and search index;
- "pages-<lang>": every other page of that language, and the search fragments of the laws known
  by their titles only (kept with their title pages: a search offline before then leaves them out).

The worker installs the shell, takes over, then fetches the reader's core (offline search and
wizard within seconds), the reader's pages, then the other language's core and pages.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from tools.errors import BridgelawError
from tools.interface import WORKER_SECTION, interface
from tools.model import LANGS
from tools.urls import DEFAULT_LANG, lang_root

WORKER = Path(__file__).with_name("offline_sw.js")
THEME_COLOR = "#1b5e20"
APP = interface("app")  # the installed app's names and description
ICONS = (("assets/bridgelaw/icon-192.png", "192x192", "any"),
         ("assets/bridgelaw/icon-512.png", "512x512", "any"),
         ("assets/bridgelaw/icon-maskable-512.png", "512x512", "maskable"))
SHELL = re.compile(r"^(assets/(bridgelaw|search|wizard)/[^/]+"
                   r"|assets/stylesheets/main\.[0-9a-f]+\.min\.css|assets/assistant/assistant\.json"
                   r"|pagefind/(pagefind\.js|pagefind-entry\.json|citations\.json)"
                   r"|(en/)?manifest\.webmanifest|404\.html)$")
SEARCH = re.compile(r"^pagefind/(wasm\.(?P<a>\w+)\.pagefind"
                    r"|pagefind\.(?P<b>\w+?)_[0-9a-f]+\.pf_meta"
                    r"|(index|fragment|filter)/(?P<c>\w+?)_[0-9a-f]+\.pf_(index|fragment|filter))$")
# The search's helper shards (tools/site/build.py): the typo vocabulary, the words of the
# language it leaves as typed, and the glossary pairs that read an English query in the Polish
# text. None is needed to search: they follow the
# core, first of the default language's pages, so search and the wizard are offline sooner; a
# search made offline before they are kept corrects no typo and reads English words as typed
# (query.js reads a missing shard as empty).
SEARCH_SHARDS = re.compile(r"^assets/search/(vocabulary|translations)-[0-9a-f]+\.json$"
                           r"|^assets/search/words-[0-9a-f]+-[0-9a-f]+\.json$")
# The players' words of one language ("karta karna"), split by first letter: the language's
# search reads them first, so they come first in its core, not in the shell every reader waits for.
SYNONYM_SHARDS = re.compile(r"^assets/search/synonyms-(?P<lang>\w+)-[0-9a-f]+\.json$")
CORE_PAGES = ("", "wizard/", "situations/", "laws/")
FRAGMENT_MARK = b"pagefind_dcd"
SKIP = re.compile(r"\.map$|^assets/bridgelaw/icon-maskable\.svg$")


@dataclass(frozen=True)
class Entry:
    """One kept file: its path from the site root (a page by its directory), hash and tier."""

    path: str
    hash: str
    tier: str
    size: int


def _lang_of(path: str) -> str:
    first = path.split("/", 1)[0]
    return first if first in LANGS and first != DEFAULT_LANG else DEFAULT_LANG


def _page_tier(page: str) -> str:
    """The tier of a page given by its directory path ("", "laws/2017/64/", "en/wizard/")."""
    lang = _lang_of(page)
    bare = page.removeprefix(lang_root(lang))
    return f"core-{lang}" if bare in CORE_PAGES else f"pages-{lang}"


def _order(entry: Entry) -> tuple[int, str]:
    """Within a tier: the search's shards, laws in force, situations, the rest, 1997 laws."""
    path = entry.path
    shard = SEARCH_SHARDS.match(path) or SYNONYM_SHARDS.match(path)
    rank = (-1 if shard else 0 if "laws/2017/" in path
            else 1 if "situations/" in path else 3 if "laws/1997/" in path else 2)
    return rank, path


def titles_only_fragment(data: bytes) -> bool:
    """Whether a Pagefind fragment is the record of a law known by its titles only."""
    text = gzip.decompress(data)
    if not text.startswith(FRAGMENT_MARK):
        raise ValueError("not a Pagefind fragment (no pagefind_dcd mark)")
    return json.loads(text[len(FRAGMENT_MARK):]).get("meta", {}).get("titles_only") == "1"


def classify(rel: str, data: bytes = b"") -> tuple[str, str] | None:
    """(kept path, tier) of a site file, or None when the pack leaves it out."""
    if SKIP.search(rel):
        return None
    if rel == "index.html" or rel.endswith("/index.html"):
        page = rel.removesuffix("index.html")
        return page, _page_tier(page)
    if SEARCH_SHARDS.match(rel):
        return rel, f"pages-{DEFAULT_LANG}"
    players = SYNONYM_SHARDS.match(rel)
    if players:
        return (rel, f"core-{players.group('lang')}") if players.group("lang") in LANGS else None
    if SHELL.match(rel):
        return rel, "shell"
    match = SEARCH.match(rel)
    if match:
        lang = match.group("a") or match.group("b") or match.group("c")
        if lang not in LANGS:
            return None
        if rel.endswith(".pf_fragment") and data and titles_only_fragment(data):
            return rel, f"pages-{lang}"
        return rel, f"core-{lang}"
    return None


def collect(site: Path) -> list[Entry]:
    """Every kept file of a built site, tier by tier, in the order the worker fetches them."""
    entries = []
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = file.relative_to(site).as_posix()
        data = file.read_bytes()
        try:
            kept = classify(rel, data)
        except (OSError, ValueError) as error:  # gzip.BadGzipFile is an OSError
            raise BridgelawError(f"{file}: unreadable search fragment: {error}") from error
        if kept is None:
            continue
        entries.append(Entry(kept[0], hashlib.sha256(data).hexdigest()[:16], kept[1], len(data)))
    tiers = ["shell", *(f"{kind}-{lang}" for lang in LANGS for kind in ("core", "pages"))]
    return sorted(entries, key=lambda e: (tiers.index(e.tier), *_order(e)))


def version_of(entries: list[Entry]) -> str:
    """The pack's version: a hash of every kept path and content hash."""
    digest = hashlib.sha256()
    for entry in sorted(entries, key=lambda e: e.path):
        digest.update(f"{entry.path}\0{entry.hash}\n".encode())
    return digest.hexdigest()[:12]


def web_manifest(lang: str) -> dict[str, object]:
    """The web app manifest of one language (URLs relative to the manifest's own place)."""
    up = "" if lang == DEFAULT_LANG else "../"
    name, short = APP[lang]["name"], APP[lang]["short_name"]
    return {
        "id": "./", "name": name, "short_name": short, "description": APP[lang]["description"],
        "lang": lang, "dir": "ltr", "start_url": "./", "scope": up or "./",
        "display": "standalone", "background_color": "#ffffff", "theme_color": THEME_COLOR,
        "icons": [{"src": up + src, "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for src, sizes, purpose in ICONS],
    }


def write_manifests(site: Path) -> None:
    """manifest.webmanifest at the root (Polish) and under en/ (English)."""
    for lang in LANGS:
        folder = site if lang == DEFAULT_LANG else site / lang
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(web_manifest(lang), ensure_ascii=False, indent=1, sort_keys=True)
        (folder / "manifest.webmanifest").write_text(text + "\n", encoding="utf-8")


def worker_source(entries: list[Entry]) -> str:
    """sw.js: the pack and the worker's words as data, then the worker's code."""
    pack = {"version": version_of(entries), "langs": list(LANGS), "default": DEFAULT_LANG,
            "files": [[e.path, e.hash, e.tier] for e in entries]}
    data = json.dumps(pack, ensure_ascii=False, separators=(",", ":"))
    words = json.dumps(interface(WORKER_SECTION), ensure_ascii=False, separators=(",", ":"),
                       sort_keys=True)
    return (f"/* bridgelaw offline pack {pack['version']}: generated by tools/site/offline.py */\n"
            f"self.BL_PACK = {data};\nself.BL_TEXT = {words};\n"
            + WORKER.read_text(encoding="utf-8"))


def write_offline(site: Path) -> list[Entry]:
    """Write the manifests and sw.js into a built site; returns the pack's entries."""
    write_manifests(site)
    entries = collect(site)
    (site / "sw.js").write_text(worker_source(entries), encoding="utf-8")
    return entries

