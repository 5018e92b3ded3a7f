/* bridgelaw site search: Pagefind, loaded only when the reader opens the search.
 * Citation queries ("64B3", "przepis 50D2a", "Law 61B") jump straight to the unit.
 * Everything the reader typed is shown as text (textContent), never parsed as HTML. */
(function () {
  "use strict";

  var script = document.currentScript;
  // assets/search/search.js -> the site root, wherever the site is served from
  var ROOT = new URL("../../", script ? script.src : location.href);
  var LANG = (document.documentElement.lang || "pl").slice(0, 2) === "en" ? "en" : "pl";
  var MAX_CHARS = 200;
  var MAX_RESULTS = 8;
  var CANDIDATES = 8; // results whose fragments are loaded (one request each), grouped by law
  var LAW_WEIGHTS = [1, 0.5, 0.25]; // a law's best, second and third unit make its rank
  var PER_LAW = 3;
  // Pagefind adds a bonus for words of the `title` metadata, but our titles are shown as
  // printed ("UPRAWNIENIA DZIADKA") and miss the folded and inflected forms each record already
  // carries, weighted, in its body: the bonus would rank a unit whose title has the exact word
  // above the law whose title has its other case. Titles weigh through the body weights only.
  var RANKING = { metaWeights: { title: 0 } };
  // Function words and question words (Polish and English, folded), as tools/analysis.py
  // drops them: Pagefind wants every word of a query, and "co gdy" or "what if" would then
  // find only the pages that happen to hold them.
  var STOPS = {};
  ("a aby albo ale an and are as at az be bo but by byc byl byla bylo byly can co czy dla do does for from gdy gdzie go has have how i ich if ile im in into is it its ja jak jaka jaki jakie jakiej jakim jako je jego jej jesli jest jezeli juz kiedy ktora ktore ktorego ktorej ktory ktorych ktorym lub ma mam may me mi moge mozna my na nad nia nie niz o od of on or oraz po pod przed przy sa should sie so ta tak tam te tego tej ten that the their then there these this to tu tym u w was we what when where which who wiec will with z za ze zeby").split(" ").forEach(function (w) { STOPS[w] = true; });
  // Fewer results than this for all the words together: rank by the words one by one instead.
  var ENOUGH = 3;

  /** Results grouped by law, as the CLI does: a law with several matching units outranks one
   * lucky unit elsewhere, and the units of one law stay together, best first. */
  function byLaw(scored) {
    var groups = {}, order = [];
    scored.forEach(function (s) {
      var meta = s.data.meta || {};
      var key = meta.law ? meta.edition + "/" + meta.law : s.data.url;
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(s);
    });
    function lawScore(members) {
      return members.slice(0, LAW_WEIGHTS.length).reduce(function (sum, s, i) { return sum + LAW_WEIGHTS[i] * s.score; }, 0);
    }
    var first = {}, rank = {};
    order.forEach(function (key, i) { first[key] = i; rank[key] = lawScore(groups[key]); });
    order.sort(function (a, b) { return rank[b] - rank[a] || first[a] - first[b]; });
    return order.reduce(function (out, key) { return out.concat(groups[key].slice(0, PER_LAW)); }, []);
  }
  var TEXT = {
    pl: {
      open: "Szukaj", label: "Szukaj w przepisach", placeholder: "Szukaj: słowo, zwrot albo numer (64B3)",
      close: "Zamknij", loading: "Wczytywanie wyszukiwarki…", none: "Brak wyników dla: ",
      tooLong: "Zapytanie jest za długie (najwyżej " + MAX_CHARS + " znaków).",
      noWords: "Zapytanie nie zawiera liter ani cyfr.", jump: "Przejdź do przepisu",
      missing: "Nie ma przepisu ", nearest: "; najbliższe: ", results: "Wyniki: ",
      failed: "Nie udało się wczytać wyszukiwarki.", law: "Przepis"
    },
    en: {
      open: "Search", label: "Search the laws", placeholder: "Search: a word, a phrase or a number (64B3)",
      close: "Close", loading: "Loading search…", none: "No results for: ",
      tooLong: "The query is too long (at most " + MAX_CHARS + " characters).",
      noWords: "The query has no letters or digits.", jump: "Go to law",
      missing: "There is no law ", nearest: "; nearest: ", results: "Results: ",
      failed: "The search could not be loaded.", law: "Law"
    }
  }[LANG];

  var PREFIX = /^(?:§+|l(?=\s*\d)|l\.|laws?|rule|prawo|przep\S*|art\.?|artyku\S*|punkt\S*|pkt\.?)\s*/i;
  var CITE = /^(\d{1,2})\s*([A-Ha-h])?\s*(\d{1,2})?\s*(?:\(?([a-h])\)?)?\.?$/;

  /** The citation id a query names ("64 C 2" -> "64C2"), or null. */
  function parseCitation(query) {
    var rest = query.trim();
    for (var i = 0; i < 3; i++) {
      var stripped = rest.replace(PREFIX, "").trim();
      if (stripped === rest) break;
      rest = stripped;
    }
    var m = CITE.exec(rest);
    if (!m) return null;
    var n = parseInt(m[1], 10);
    if (n < 1 || n > 93 || (m[3] && !m[2]) || (m[4] && !m[3])) return null;
    return String(n) + (m[2] || "").toUpperCase() + (m[3] || "") + (m[4] || "").toLowerCase();
  }

  /** The word lowercased with diacritics removed (ł -> l too), as the index folds it. */
  var FOLDED_MARK = "\u00a6";

  function fold(word) {
    return word.toLowerCase().replace(/ł/g, "l").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  /** The query's content words: function and question words left out, unless nothing else. */
  function contentWords(query) {
    var words = query.match(/[\p{L}\p{N}]+/gu) || [];
    var kept = words.filter(function (w) { return !STOPS[fold(w)]; });
    return kept.length ? kept : words;
  }

  /** Results for all the words; when too few pages hold them all, every page holding any of
   * them, ranked by the sum of its scores word by word (a page with more of them comes first). */
  function searchWords(pf, words) {
    return pf.search(words.join(" ")).then(function (found) {
      if (!found || words.length < 2 || found.results.length >= ENOUGH) return found && found.results;
      return Promise.all(words.map(function (w) { return pf.search(w); })).then(function (each) {
        var byId = {}, order = [];
        each.forEach(function (one) {
          (one ? one.results : []).forEach(function (r) {
            if (!byId[r.id]) { byId[r.id] = { id: r.id, score: 0, data: r.data }; order.push(r.id); }
            byId[r.id].score += r.score;
          });
        });
        return order.map(function (id) { return byId[id]; })
          .sort(function (a, b) { return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
      });
    });
  }

  var pagefind = null;
  var citations = null;
  var ui = null;
  var generation = 0;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text != null) node.textContent = text;
    return node;
  }

  function siteUrl(path) {
    // Pagefind may return "/laws/..." or "laws/...": both are relative to the site root here.
    var rel = String(path);
    if (rel.indexOf(ROOT.pathname) === 0) rel = rel.slice(ROOT.pathname.length);
    return new URL(rel.replace(/^\/+/, ""), ROOT).href;
  }

  var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", "#39": "'", "#x27": "'", nbsp: "\u00a0" };

  /** Text with the character references Pagefind writes turned back into characters. */
  function unescape(text) {
    return text.replace(/&(#?\w+);/g, function (all, name) { return ENTITIES[name] || all; });
  }

  /** Whether a text word is a form of a query word: same folded stem, allowing for endings. */
  function isFormOf(word, queries) {
    var f = fold(word.replace(/[^\p{L}\p{N}]/gu, ""));
    return !!f && queries.some(function (q) {
      var shorter = Math.min(q.length, f.length);
      if (shorter < 4) return q === f;
      var n = Math.max(4, shorter - 2);
      return f.slice(0, n) === q.slice(0, n);
    });
  }

  /** A snippet from the record's own text when it carries a folded copy (see FOLDED_MARK in
   * tools/pagefind.py): Pagefind's excerpt would often show that copy ("zostal popelniony")
   * instead of the law's words. The window starts a few words before the first match. */
  function ownExcerpt(content, words) {
    var text = content.slice(0, content.indexOf(FOLDED_MARK)).split(/\s+/).filter(Boolean);
    var queries = words.map(fold);
    var first = text.findIndex(function (w) { return isFormOf(w, queries); });
    var start = Math.max(0, (first < 0 ? 0 : first) - 6), end = Math.min(text.length, start + 30);
    var out = document.createDocumentFragment();
    if (start > 0) out.appendChild(document.createTextNode("… "));
    text.slice(start, end).forEach(function (w, i) {
      if (i) out.appendChild(document.createTextNode(" "));
      out.appendChild(isFormOf(w, queries) ? el("mark", {}, w) : document.createTextNode(w));
    });
    if (end < text.length) out.appendChild(document.createTextNode(" …"));
    return out;
  }

  /** Pagefind's excerpt with only its <mark> kept, rebuilt from text nodes (never parsed as
   * HTML: any other tag stays visible text); a DOMParser per result cost more than the rest. */
  function excerptNodes(html) {
    var out = document.createDocumentFragment();
    html.split(/(<mark>[\s\S]*?<\/mark>)/).forEach(function (part, i) {
      if (!part) return;
      if (i % 2) out.appendChild(el("mark", {}, unescape(part.slice(6, -7))));
      else out.appendChild(document.createTextNode(unescape(part)));
    });
    return out;
  }

  function build() {
    var panel = el("div", { "class": "bl-search", role: "dialog", "aria-modal": "true", "aria-label": TEXT.label, hidden: "" });
    var box = el("div", { "class": "bl-search__box" });
    var input = el("input", {
      type: "search", "class": "bl-search__input", "aria-label": TEXT.label, placeholder: TEXT.placeholder,
      autocomplete: "off", spellcheck: "false", maxlength: "2000", enterkeyhint: "search"
    });
    var close = el("button", { type: "button", "class": "bl-search__close", "aria-label": TEXT.close }, "×");
    var status = el("p", { "class": "bl-search__status", role: "status", "aria-live": "polite" });
    var list = el("ol", { "class": "bl-search__results" });
    box.appendChild(input);
    box.appendChild(close);
    panel.appendChild(box);
    panel.appendChild(status);
    panel.appendChild(list);
    document.body.appendChild(panel);
    close.addEventListener("click", closeSearch);
    panel.addEventListener("click", function (e) { if (e.target === panel) closeSearch(); });
    input.addEventListener("input", function () { run(input.value); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        var first = list.querySelector("a");
        if (first) { e.preventDefault(); location.href = first.href; }
      }
    });
    return { panel: panel, input: input, status: status, list: list };
  }

  function loadPagefind() {
    if (!pagefind) {
      pagefind = import(new URL("pagefind/pagefind.js", ROOT).href).then(function (pf) {
        // noWorker: the search runs on the page itself, which saves the 41 KB worker script
        return Promise.resolve(pf.options({ baseUrl: ROOT.pathname, noWorker: true, ranking: RANKING })).then(function () {
          if (pf.init) pf.init();
          return pf;
        });
      });
    }
    return pagefind;
  }

  function loadCitations() {
    if (!citations) {
      citations = fetch(new URL("pagefind/citations.json", ROOT).href).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      });
    }
    return citations;
  }

  function openSearch() {
    if (!ui) ui = build();
    ui.panel.hidden = false;
    document.documentElement.classList.add("bl-search-open");
    ui.input.focus();
    loadPagefind().catch(function () { ui.status.textContent = TEXT.failed; });
    if (ui.input.value) run(ui.input.value);
  }

  function closeSearch() {
    if (!ui) return;
    ui.panel.hidden = true;
    document.documentElement.classList.remove("bl-search-open");
  }

  function show(items, message) {
    // marks which query the list answers (tests and assistive tools wait on it)
    ui.panel.setAttribute("data-searched", ui.input.value);
    ui.list.textContent = "";
    ui.status.textContent = message || "";
    items.forEach(function (item) {
      var li = el("li", { "class": "bl-search__result" });
      var a = el("a", { href: item.url });
      if (item.id) a.appendChild(el("span", { "class": "bl-search__id" }, item.id));
      // the same id can be a different rule in the two editions: say which one this is
      if (item.edition) a.appendChild(el("span", { "class": "bl-search__edition" }, item.edition));
      a.appendChild(el("span", { "class": "bl-search__title" }, item.title));
      if (item.excerpt) {
        var p = el("span", { "class": "bl-search__snippet" });
        p.appendChild(item.excerpt);
        a.appendChild(p);
      }
      li.appendChild(a);
      ui.list.appendChild(li);
    });
  }

  function unitUrl(edition, id) {
    var law = /^\d+/.exec(id)[0];
    return new URL((LANG === "en" ? "en/" : "") + "laws/" + edition + "/" + law + "/#" + id, ROOT).href;
  }

  function nearest(ids, cited) {
    var law = /^\d+/.exec(cited)[0];
    function common(a) { var i = 0; while (i < a.length && a[i] === cited[i]) i++; return i; }
    return ids
      .filter(function (id) { return /^\d+/.exec(id)[0] === law; })
      .sort(function (a, b) { return common(b) - common(a) || a.length - b.length || (a < b ? -1 : 1); })
      .slice(0, 3);
  }

  function jump(cited, mine) {
    return loadCitations().then(function (table) {
      if (mine !== generation) return;
      var byEdition = table[LANG] || table.pl || {};
      var here = document.querySelector(".law-text[data-edition]");
      var editions = [here && here.getAttribute("data-edition"), "2017", "1997"]
        .filter(function (e, i, all) { return e && all.indexOf(e) === i && byEdition[e]; });
      var items = editions
        .filter(function (e) { return byEdition[e].indexOf(cited) >= 0; })
        .map(function (e) { return { id: cited, title: TEXT.jump + " " + cited + " (" + e + ")", url: unitUrl(e, cited) }; });
      if (items.length) return show(items, "");
      var near = [];
      editions.forEach(function (e) {
        nearest(byEdition[e].filter(function (v, i, a) { return a.indexOf(v) === i; }), cited).forEach(function (id) {
          near.push({ id: id, title: TEXT.law + " " + id + " (" + e + ")", url: unitUrl(e, id) });
        });
      });
      var names = near.map(function (n) { return n.id; }).filter(function (v, i, a) { return a.indexOf(v) === i; });
      show(near.slice(0, 3), TEXT.missing + cited + (names.length ? TEXT.nearest + names.slice(0, 3).join(", ") : ""));
    });
  }

  function run(raw) {
    var mine = ++generation;
    var query = raw.trim();
    if (!query) return show([], "");
    if (query.length > MAX_CHARS) return show([], TEXT.tooLong);
    if (!/[\p{L}\p{N}]/u.test(query)) return show([], TEXT.noWords);
    var cited = parseCitation(query);
    if (cited) return jump(cited, mine).catch(function () { show([], TEXT.failed); });
    if (!ui.list.childElementCount) ui.status.textContent = TEXT.loading;
    var words = contentWords(query);
    return loadPagefind()
      .then(function (pf) { return searchWords(pf, words); })
      .then(function (results) {
        if (mine !== generation || !results) return null;
        var top = results.slice(0, CANDIDATES);
        return Promise.all(top.map(function (r) { return r.data(); })).then(function (data) {
          return data.map(function (d, i) { return { data: d, score: top[i].score }; });
        });
      })
      .then(function (scored) {
        if (mine !== generation || !scored) return;
        var items = byLaw(scored).slice(0, MAX_RESULTS).map(function (s) {
          var d = s.data, meta = d.meta || {};
          // law units carry their real address (page + anchor) in the "target" metadata
          return { id: meta.unit || "", edition: meta.edition || "", title: meta.title || d.url, url: siteUrl(meta.target || d.url), excerpt: (d.content || "").indexOf(FOLDED_MARK) >= 0 ? ownExcerpt(d.content, words) : excerptNodes(d.excerpt || "") };
        });
        show(items, items.length ? "" : TEXT.none + "“" + query + "”");
      })
      .catch(function () { if (mine === generation) show([], TEXT.failed); });
  }

  function triggers() {
    var found = document.querySelectorAll("[data-bl-search]");
    if (found.length) return found;
    var header = document.querySelector(".md-header__inner") || document.body;
    var button = el("button", { type: "button", "class": "bl-search__open md-header__button", "data-bl-search": "", "aria-label": TEXT.label, title: TEXT.label + " (/)" }, "");
    button.appendChild(el("span", { "class": "bl-search__open-text" }, TEXT.open));
    header.appendChild(button);
    return [button];
  }

  function start() {
    Array.prototype.forEach.call(triggers(), function (t) {
      t.addEventListener("click", openSearch);
      if (t.tagName === "INPUT") t.addEventListener("focus", openSearch);
    });
    document.addEventListener("keydown", function (e) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test((e.target && e.target.tagName) || "") || (e.target && e.target.isContentEditable);
      if (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); openSearch(); }
      else if (e.key === "Escape") closeSearch();
    });
  }

  window.bridgelawSearch = { parseCitation: parseCitation, open: openSearch };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
