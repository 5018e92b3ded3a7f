/* bridgelaw site search: Pagefind, loaded only when the reader opens the search.
 * Citation queries ("64B3", "przepis 50D2a", "Law 61B") jump straight to the unit.
 * Everything the reader typed is shown as text (textContent), never parsed as HTML. */
(function () {
  "use strict";

  var script = document.currentScript;
  // assets/search/search.js -> the site root, wherever the site is served from
  var ROOT = new URL("../../", script ? script.src : location.href);
  var LANG = (document.documentElement.lang || "pl").slice(0, 2) === "en" ? "en" : "pl";
  var MAX_RESULTS = 8;
  // Each law page is one Pagefind record and its units are sub-results, so ranking laws needs
  // no per-unit requests: only the best few laws are loaded (one fragment each) to show them.
  var CANDIDATES = 6;
  var TITLE_PAGES = 4; // title-only law pages read beyond the CANDIDATES (see candidates())
  var OTHER_PAGES = 3; // pages that are not law text (situations, glossary) read beyond them
  // How hits are ranked, the CLI's rules (tools/search/rank.py, in the spec as "ranking"):
  // per_law, a law's best units shown; near_best, units scoring this share of a law's best are
  // shown in the law's order; in_force_share, a 2017 law this close to the best law text goes
  // first; before_history, a 2017 law this close to it stands before all 1997 text.
  function rule(name) { return Q.spec.ranking[name]; }
  // Pagefind adds a bonus for query words found in weighted metadata, on top of the body score.
  // `about` holds a law's names in both languages with their folded and inflected forms (see
  // ABOUT in tools/site/pagefind.py): the body score saturates on a long law, and without the bonus
  // a long law that uses the words in passing outranks the law they name. The printed `title`
  // gets none: it misses those forms, and its bonus would rank "UPRAWNIENIA DZIADKA" above the
  // law whose name is the other case of the word typed. The other fields are not words.
  var RANKING = { metaWeights: { about: 3, title: 0, law: 0, edition: 0, target: 0 } };
  // How every engine reads a query: assets/search/query.js, shared with the wizard's filter.
  var Q = window.bridgelawQuery;
  var fold = Q.fold, contentWords = Q.contentWords, lawWords = Q.lawWords, correct = Q.correct;
  function loadSpec() { return Q.load(ROOT); }
  // Fewer results than this for all the words together: rank by the words one by one instead.
  var ENOUGH = 3;

  /** The edition in force first: a 2017 law that answers about as well as the best law text
   * found stands before every other page, and 1997 text, history, last (in_force_share in
   * tools/search/rank.py orders the CLI's hits the same way). Pagefind's order stays within
   * each group. */
  function currentFirst(laws, words) {
    var queries = words.map(fold);
    function covered(d) {  // how many of the query's words the record holds in some form,
      // its names included (a law's titles in both languages)
      var text = ((d.content || "") + " " + ((d.meta && d.meta.about) || "")).split(/[\r\n\s]+/g);
      return queries.filter(function (q) { return text.some(function (w) { return isFormOf(w, [q]); }); }).length;
    }
    // the best law text: a law known by its titles only has none (as in tools/search/rank.py)
    var lawText = laws.filter(function (d) { return d.meta && d.meta.law && !d.meta.titles_only; });
    var best = lawText.reduce(function (m, d) { return Math.max(m, d.score || 0); }, 0);
    var most = lawText.reduce(function (m, d) { return Math.max(m, covered(d)); }, 0);
    function first(d) {
      var meta = d.meta || {};
      return meta.law && meta.edition === "2017" && (d.score || 0) >= rule("in_force_share") * best && covered(d) >= most;
    }
    var out = laws.filter(first).concat(laws.filter(function (d) { return !first(d); }));
    // 1997 text is history: it never answers before a law in force that the query found
    var old = function (d) { return d.meta && d.meta.law && d.meta.edition === "1997"; };
    var current = function (d) {
      return first(d) || (d.meta && d.meta.law && d.meta.edition === "2017" && !d.meta.titles_only &&
        (d.score || 0) >= rule("before_history") * best);
    };
    var last = out.reduce(function (at, d, i) { return current(d) ? i : at; }, -1);
    if (last >= 0) {
      var kept = out.filter(function (d, i) { return !(old(d) && i < last); });
      var moved = out.filter(function (d, i) { return old(d) && i < last; });
      var at = kept.reduce(function (pos, d, i) { return current(d) ? i : pos; }, -1) + 1;
      out = kept.slice(0, at).concat(moved, kept.slice(at));
    }
    // where a law is found in both editions, its 2017 text stands before its 1997 text
    out.slice().forEach(function (d) {
      var meta = d.meta || {};
      if (meta.edition !== "2017" || !meta.law) return;
      var older = out.findIndex(function (o) { return o.meta && o.meta.law === meta.law && o.meta.edition === "1997"; });
      var here = out.indexOf(d);
      if (older >= 0 && older < here) { out.splice(here, 1); out.splice(older, 0, d); }
    });
    return out;
  }

  /** Whether `other` is a unit inside `id` ("64A1" in "64A"; "64B10" is not in "64B1"), as
   * is_inside in tools/normalize/citation_id.py. */
  function below(id, other) {
    if (other.indexOf(id) !== 0 || other === id) return false;
    var next = other.charAt(id.length);
    // a sub-item's own sub-items are roman numerals: 40B2ai and 40B2aiv lie inside 40B2a
    return next === "." || /\d/.test(next) !== /\d/.test(id.charAt(id.length - 1)) ||
      (/\d[a-z]$/.test(id) && /[ivx]/.test(next));
  }

  /** A sub-result's score: the scores Pagefind gave its matched words, summed. */
  function unitScore(sub) {
    return (sub.weighted_locations || []).reduce(function (sum, l) { return sum + l.balanced_score; }, 0);
  }

  // The words: assets/bridgelaw/interface.js (tools/data/interface.yaml, script_search; notInBuild
  // is the editions section's not_in_build, the same words on the Python side).
  var WORDS = window.bridgelawText[LANG];
  var TEXT = Object.assign({ notInBuild: WORDS.editions.not_in_build }, WORDS.search);

  // The one citation-id rule (tools/data/citation_ids.json), embedded in the page by main.html.
  var RULE = (function () {
    try { return JSON.parse(document.getElementById("bl-citation-rule").textContent); } catch (e) { return null; }
  })();
  var PREFIX = RULE ? new RegExp(RULE.prefix, RULE.flags) : null;
  var CITE = RULE ? new RegExp(RULE.query, RULE.flags) : null;

  /** The citation id a query names ("64 C 2" -> "64C2", "Law 71 item 1" -> "71.1"), or null;
   * tools/normalize/citation_id.py parse_citation_query does the same with the same rule. */
  function parseCitation(query) {
    if (!CITE) return null;
    var rest = query.trim();
    for (var i = 0; i < 3; i++) {
      var stripped = rest.replace(PREFIX, "").trim();
      if (stripped === rest) break;
      rest = stripped;
    }
    var m = CITE.exec(rest);
    if (!m) return null;
    var g = {};
    RULE.query_groups.forEach(function (name, index) { g[name] = m[index + 1] || ""; });
    var n = parseInt(g.law, 10);
    if (n < 1 || n > 93 || (g.item && !g.section) || (g.sub && !(g.item || g.law_item))) return null;
    var sub = g.sub.toLowerCase();
    if (g.law_item) return String(n) + RULE.law_item_separator + String(parseInt(g.law_item, 10)) + sub;
    return String(n) + g.section.toUpperCase() + g.item + sub;
  }

  var FOLDED_MARK = "\u00a6"; // starts a record's folded copy (FOLDED_MARK in tools/site/pagefind.py)

  /** Results for all the words; when too few pages hold them all, every
   * page holding any of them, ranked by the sum of its scores word by word (a page with more of
   * them comes first); `oneByOne` goes straight to the words one by one. */
  function searchWords(pf, words, oneByOne) {
    return (oneByOne ? Promise.resolve(null) : pf.search(words.join(" "))).then(function (found) {
      if (found && (words.length < 2 || found.results.length >= ENOUGH)) return found.results;
      return Promise.all(words.map(function (w) { return pf.search(w); })).then(function (each) {
        var byId = {}, order = [];
        each.forEach(function (one) {
          (one ? one.results : []).forEach(function (r) {
            if (!byId[r.id]) { byId[r.id] = { id: r.id, score: 0, parts: [] }; order.push(r.id); }
            byId[r.id].score += r.score;
            byId[r.id].parts.push(r);
          });
        });
        return order.map(function (id) { var m = byId[id]; m.data = function () { return mergedData(m.parts); }; return m; })
          .sort(function (a, b) { return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
      });
    });
  }

  /** One page's data for several one-word results: its sub-results with the words' matches
   * together. Pagefind keeps one object per page and rewrites its sub-results on each data()
   * call, so the calls run one after another and each call's list is kept. */
  function mergedData(parts) {
    var lists = [], last = null;
    return parts.reduce(function (chain, r) {
      return chain.then(function () { return r.data(); }).then(function (d) { last = d; lists.push(d.sub_results || []); });
    }, Promise.resolve()).then(function () {
      var byAnchor = {}, order = [];
      lists.forEach(function (subs) {
        subs.forEach(function (sub) {
          var key = sub.anchor ? sub.anchor.id : "";
          if (!byAnchor[key]) { byAnchor[key] = { anchor: sub.anchor, weighted_locations: [] }; order.push(key); }
          byAnchor[key].weighted_locations = byAnchor[key].weighted_locations.concat(sub.weighted_locations || []);
        });
      });
      return Object.assign({}, last, { sub_results: order.map(function (k) { return byAnchor[k]; }) });
    });
  }

  var pagefind = null;
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

  /** Whether a text word is a form of a query word: same folded stem, allowing for endings. */
  function isFormOf(word, queries) {
    var f = fold(word.replace(/[^\p{L}\p{N}]/gu, ""));
    return !!f && queries.some(function (q) { return Q.sameWord(f, q); });
  }

  /** A snippet from a unit's own words (a law record's content also holds the folded copy
   * and the weighted titles, see FOLDED_MARK in tools/site/pagefind.py, which must not show). The
   * window starts a few words before the first match. */
  function ownExcerpt(text, words) {
    var queries = words.map(fold);
    var first = text.findIndex(function (w) { return isFormOf(w, queries); });
    var start = Math.max(0, (first < 0 ? 0 : first) - 6), end = Math.min(text.length, start + 30);
    var out = document.createDocumentFragment();
    var plain = start > 0 ? "… " : ""; // runs of unmarked words go in as one text node
    text.slice(start, end).forEach(function (w, i) {
      var gap = i ? " " : "";
      if (!isFormOf(w, queries)) { plain += gap + w; return; }
      if (plain + gap) out.appendChild(document.createTextNode(plain + gap));
      out.appendChild(el("mark", {}, w));
      plain = "";
    });
    if (end < text.length) plain += " …";
    if (plain) out.appendChild(document.createTextNode(plain));
    return out;
  }

  /** A page other than a law's as one result item; its hidden folded copy (after the
   * FOLDED_MARK) stays out of the snippet. */
  function pageItem(d, words) {
    var content = (d.content || "").split(/[\r\n\s]+/g);
    var end = content.indexOf(FOLDED_MARK);
    var url = siteUrl(d.url);
    // the page's section ("situations/..." or "en/situations/...") says what kind of page it is
    var section = url.slice(ROOT.href.length).replace(/^en\//, "").split("/")[0];
    return {
      id: "", edition: "", kind: TEXT.kinds[section] || "", title: (d.meta && d.meta.title) || d.url,
      url: url, excerpt: ownExcerpt(end < 0 ? content : content.slice(0, end), words)
    };
  }

  /** A law's best-matching units as result items, best first. A unit's words run from the
   * end of its heading ("64B3" and its title) to the FOLDED_MARK that closes them; Pagefind
   * counts word locations over the content split at white space, as done here. The law's own
   * row (its number, no text) is shown only when no unit of it matched: the units' results
   * already carry the law's title and link into the same page. */
  function unitItems(d, words) {
    var meta = d.meta || {};
    var content = (d.content || "").split(/[\r\n\s]+/g);
    var page = siteUrl(meta.target); // the law page: the record's own url is a stand-in
    var items = (d.sub_results || [])
      .filter(function (sub) { return sub.anchor && sub.anchor.id; })
      .map(function (sub, i) { return { sub: sub, score: unitScore(sub), i: i }; })
      .sort(function (a, b) { return b.score - a.score || a.i - b.i; })
      .map(function (s) {
        var anchor = s.sub.anchor;
        var heading = anchor.text.trim().split(/\s+/);
        var start = anchor.location + heading.length;
        var end = content.indexOf(FOLDED_MARK, start);
        var text = content.slice(start, end < 0 ? undefined : end);
        var own = heading.slice(1).join(" ");
        return {
          id: anchor.id, edition: meta.edition || "", url: page + "#" + anchor.id, text: text,
          title: (meta.title || "") + (own ? " › " + own : ""), own: own, bare: !own && !text.length,
          kind: meta.titles_only ? TEXT.titlesOnly : "", // a 2017 law known by its titles only
          score: s.score, i: s.i
        };
      });
    var units = items.filter(function (item) { return !item.bare; });
    // how many of the query's words a unit holds, in its own heading and text
    var queries = words.map(fold);
    units.forEach(function (item) {
      var text = item.text.concat(item.own.split(/\s+/));
      item.covered = queries.filter(function (q) { return text.some(function (w) { return isFormOf(w, [q]); }); }).length;
    });
    // the deepest units that match: 64A1, not 64A when both do; a unit gives way only to a
    // unit inside it holding as many of the query's words (tools/search/rank.py deepest)
    var leaves = units.filter(function (item) {
      return !units.some(function (other) { return below(item.id, other.id) && other.covered >= item.covered; });
    });
    // a unit holding more of the query's words answers it better; among those, units about as
    // good as the best are read in the law's own order
    var most = leaves.reduce(function (m, item) { return Math.max(m, item.covered); }, 0);
    var full = leaves.filter(function (item) { return item.covered === most; });
    var best = full.reduce(function (m, item) { return Math.max(m, item.score); }, 0);
    var near = full.filter(function (item) { return item.score >= rule("near_best") * best; })
      .sort(function (a, b) { return a.i - b.i; });
    var rest = leaves.filter(function (item) { return near.indexOf(item) < 0; })
      .sort(function (a, b) { return b.covered - a.covered || b.score - a.score || a.i - b.i; });
    var shown = near.concat(rest);
    if (!items.length) {
      // found by its names alone (its title in the other language, its glossary terms): the
      // law itself, as the CLI lists a law's heading when none of its units matched
      items = [{
        id: meta.law, edition: meta.edition || "", url: page + "#" + meta.law, text: [],
        title: meta.title || "", own: "", kind: meta.titles_only ? TEXT.titlesOnly : "", score: d.score, i: 0
      }];
    }
    return (shown.length ? shown : items.slice(0, 1)).slice(0, rule("per_law")).map(function (item) {
      item.excerpt = ownExcerpt(item.text, words);
      return item;
    });
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
    // A result in the page being read only changes the anchor, with no new page to replace the
    // open panel: close it, or it keeps covering the unit the reader asked for.
    list.addEventListener("click", function (e) {
      var plain = e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
      if (plain && e.target.closest && e.target.closest("a")) closeSearch();
    });
    input.addEventListener("input", function () { run(input.value); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        var first = list.querySelector("a");
        if (first) { e.preventDefault(); closeSearch(); location.href = first.href; }
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

  function loadCitations() { return Q.json(ROOT, "pagefind/citations.json"); }

  function openSearch() {
    if (!ui) ui = build();
    ui.panel.hidden = false;
    document.documentElement.classList.add("bl-search-open");
    ui.input.focus();
    Promise.all([loadPagefind(), loadSpec()]).catch(function () { ui.status.textContent = TEXT.failed; });
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
      if (item.external) a.setAttribute("rel", "external noopener");
      if (item.id) a.appendChild(el("span", { "class": "bl-search__id" }, item.id));
      // the same id can be a different rule in the two editions: say which one this is
      if (item.edition) a.appendChild(el("span", { "class": "bl-search__edition" }, item.edition));
      // 1997 text is history: say so beside its edition
      if (item.edition === "1997") a.appendChild(el("span", { "class": "bl-search__superseded" }, TEXT.superseded));
      if (item.kind) a.appendChild(el("span", { "class": "bl-search__kind" }, item.kind));
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

  /** A typed id means the 2017 edition, in force: its unit when the build has it; else its
   * page on the source site and its 1997 counterpart (tools/normalize/cite2017.py), never the 1997 unit
   * that happens to have the same id. A reader of a 1997 page is offered 1997 by that id too. */
  function jump(cited, mine) {
    return loadCitations().then(function (table) {
      if (mine !== generation) return;
      var byEdition = table[LANG] || table.pl || {};
      var force = table.in_force || {};
      var here = document.querySelector(".law-text[data-edition]");
      var reading = here && here.getAttribute("data-edition");
      function has(e, id) { return (byEdition[e] || []).indexOf(id) >= 0; }
      function go(e, id, title) { return { id: id, edition: e, title: title, url: unitUrl(e, id) }; }
      var items = [];
      if (reading === "1997" && has("1997", cited)) items.push(go("1997", cited, TEXT.jump + " " + cited));
      if (has("2017", cited)) items.push(go("2017", cited, TEXT.jump + " " + cited));
      var message = "";
      if (!has("2017", cited) && (force.outline || []).indexOf(cited) >= 0) {
        var law = /^\d+/.exec(cited)[0];
        items.push({ id: cited, edition: "2017", title: TEXT.official, external: true,
          url: force.official[LANG].replace("{number}", law) });
        if ((force.title_pages || []).indexOf(Number(law)) >= 0) {  // its section's row, offline too
          items.push(go("2017", /^\d+[A-Z]?/.exec(cited)[0], TEXT.titlePage));
        }
        ((force.counterparts || {})[cited] || []).forEach(function (old) {
          if (has("1997", old)) items.push(go("1997", old, TEXT.counterpart + cited));
        });
        message = TEXT.notInBuild.replace("{id}", cited);
      }
      if (items.length) return show(items, message);
      var editions = ["2017", "1997"].filter(function (e) { return byEdition[e]; });
      var near = [];
      editions.forEach(function (e) {
        nearest(byEdition[e].filter(function (v, i, a) { return a.indexOf(v) === i; }), cited).forEach(function (id) {
          near.push({ id: id, edition: e, title: TEXT.law + " " + id, url: unitUrl(e, id) });
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
    if (!ui.list.childElementCount) ui.status.textContent = TEXT.loading;
    return loadSpec().then(function () {
      if (mine !== generation) return null;
      if (query.length > Q.spec.max_query_chars) return show([], TEXT.tooLong.replace("{n}", Q.spec.max_query_chars));
      if (!/[\p{L}\p{N}]/u.test(query)) return show([], TEXT.noWords);
      var cited = parseCitation(query);
      if (cited) return jump(cited, mine);
      var words = contentWords(query);
      var known = Q.vocabulary(ROOT, words); // fetched while Pagefind loads
      return loadPagefind()
        .then(function (pf) { return find(pf, words, known, mine); })
        .then(function (got) {
          if (mine !== generation || !got) return;
          var items = currentFirst(got.found, got.words).reduce(function (out, d) {
            var meta = d.meta || {};
            return out.concat(meta.law ? unitItems(d, got.words) : [pageItem(d, got.words)]);
          }, []).slice(0, MAX_RESULTS);
          var note = got.typed.length ? TEXT.corrected.replace("{fixed}", got.fixed.join(", "))
            .replace("{typed}", got.typed.join(", ")) : "";
          show(items, items.length ? note : TEXT.none + "“" + query + "”");
        });
    }).catch(function () { if (mine === generation) show([], TEXT.failed); });
  }

  /** The best CANDIDATES law pages with text, with the laws known by their titles only and the
   * pages that only point to laws (situations, glossary) found among them: a short title page
   * or a situation page scores high for the words players use, and must not crowd the text of
   * the law that answers out of the pages read (at most TITLE_PAGES and OTHER_PAGES more). */
  function candidates(results) {
    var picked = [], next = 0, texts = 0, others = 0;
    function more() {
      var batch = results.slice(next, Math.min(next + CANDIDATES - texts, CANDIDATES + TITLE_PAGES + OTHER_PAGES));
      next += batch.length;
      if (!batch.length) return picked;
      return Promise.all(batch.map(function (r) {
        // a page that cannot be read (offline, before the worker has kept a title page's
        // fragment: tools/site/offline.py) is left out, not the whole search
        return r.data().then(function (d) { return Object.assign({}, d, { score: r.score }); },
          function () { return null; });
      })).then(function (got) {
        got.forEach(function (d) {
          if (!d) return;
          var meta = d.meta || {};
          // law text is what a director must see: pages that only point to laws (situations,
          // the glossary) are shown, but do not count among the laws read (OTHER_PAGES more)
          if (!meta.law && others++ >= OTHER_PAGES) return;
          picked.push(d);
          if (meta.law && !meta.titles_only) texts++;
        });
        return texts >= CANDIDATES ? picked : more();
      });
    }
    return more();
  }

  /** The best pages for the words in the law's own words; a word the index does not know is
   * read as a possible typo of its nearest word of the index (tools/search/query.py read_query), the
   * word meant is searched, and the reader is told which. */
  function find(pf, words, vocabulary, mine) {
    return vocabulary.then(function (known) {
      var typed = [], fixed = [];
      words.forEach(function (w) {
        var c = correct(w, known);
        if (c) { typed.push(w); fixed.push(c); }
      });
      var read = words.concat(fixed);
      // Pagefind wants every word of its query: a typo the index lacks would leave only the
      // pages that repeat it, so Pagefind gets the word meant and the typo counts as unmatched
      var sought = words.filter(function (w) { return typed.indexOf(w) < 0; }).concat(fixed);
      var asked = lawWords(sought);
      return searchWords(pf, asked).then(function (results) {
        if (mine !== generation || !results) return null;
        return candidates(results);
      }).then(function (found) {
        // pages in players' words may hold every word where no law does ("obie strony zrobiły
        // renons"): the laws holding most of them are read too, after those pages
        if (!found || asked.length < 2 || found.some(function (d) { return d.meta && d.meta.law; })) return found;
        return searchWords(pf, asked, true).then(candidates).then(function (laws) {
          return found.concat(laws.filter(function (d) { return d.meta && d.meta.law; }));
        });
      }).then(function (found) {
        return found && { found: found, words: read, typed: typed, fixed: fixed };
      });
    });
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
