/* The site search, 7 of 7: the search box itself, opened by the header's button or "/".
 * The files before this one (find.js, score.js, rank.js, order.js, cite.js) fill in window.bridgelawSearch.
 * Citation queries ("64B3", "przepis 50D2a", "Law 61B") jump straight to the unit.
 * Everything the reader typed is shown as text (textContent), never parsed as HTML. */
(function (S) {
  "use strict";

  var ROOT = S.ROOT, TEXT = S.TEXT, el = S.el;
  var MAX_RESULTS = 8;
  // How every engine reads a query: assets/search/query.js, shared with the wizard's filter.
  var Q = window.bridgelawQuery;
  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;
  function loadSpec() { return Q.load(ROOT); }

  var ui = null;
  var generation = 0;

  function build() {
    var panel = el("div", { "class": M.bl_search, role: "dialog", "aria-modal": "true", "aria-label": TEXT.label, hidden: "" });
    var box = el("div", { "class": M.bl_search__box });
    var input = el("input", {
      type: "search", "class": M.bl_search__input, "aria-label": TEXT.label, placeholder: TEXT.placeholder,
      autocomplete: "off", spellcheck: "false", maxlength: "2000", enterkeyhint: "search"
    });
    var close = el("button", { type: "button", "class": M.bl_search__close, "aria-label": TEXT.close }, "×");
    var status = el("p", { "class": M.bl_search__status, role: "status", "aria-live": "polite" });
    var list = el("ol", { "class": M.bl_search__results });
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

  function openSearch() {
    if (!ui) ui = build();
    ui.panel.hidden = false;
    document.documentElement.classList.add(M.bl_search_open);
    ui.input.focus();
    Promise.all([S.loadPagefind(), loadSpec()]).catch(function () { ui.status.textContent = TEXT.failed; });
    if (ui.input.value) run(ui.input.value);
  }

  function closeSearch() {
    if (!ui) return;
    ui.panel.hidden = true;
    document.documentElement.classList.remove(M.bl_search_open);
  }

  function show(items, message) {
    // marks which query the list answers (tests and assistive tools wait on it)
    ui.panel.setAttribute("data-searched", ui.input.value);
    ui.list.textContent = "";
    ui.status.textContent = message || "";
    var shownLead = "";
    items.forEach(function (item) {
      var li = el("li", { "class": M.bl_search__result });
      var a = el("a", { href: item.url });
      if (item.external) a.setAttribute("rel", "external noopener");
      if (item.id) a.appendChild(el("span", { "class": M.bl_search__id }, item.id));
      // the same id can be a different rule in the two editions: say which one this is
      if (item.edition) a.appendChild(el("span", { "class": M.bl_search__edition }, item.edition));
      // 1997 text is history: say so beside its edition
      if (item.edition === "1997") a.appendChild(el("span", { "class": M.bl_search__superseded }, TEXT.superseded));
      if (item.kind) a.appendChild(el("span", { "class": M.bl_search__kind }, item.kind));
      a.appendChild(el("span", { "class": M.bl_search__title }, item.title));
      // a clause is read after the text leading into it ("..., jeśli jest:"): shown above it,
      // once for the clauses listed one after another under it (50D2a, 50D2b), so that two
      // results do not fill a phone's screen with the same lines
      if (item.lead && item.lead !== shownLead) a.appendChild(el("span", { "class": M.bl_search__lead }, item.lead));
      shownLead = item.lead || "";
      // made for the items shown only (rank.js): a search ranks many more
      if (item.excerpt) {
        var p = el("span", { "class": M.bl_search__snippet });
        p.appendChild(item.excerpt());
        a.appendChild(p);
      }
      li.appendChild(a);
      ui.list.appendChild(li);
    });
  }

  function run(raw) {
    var mine = ++generation;
    function stale() { return mine !== generation; }
    var query = raw.trim();
    if (!query) return show([], "");
    if (!ui.list.childElementCount) ui.status.textContent = TEXT.loading;
    return loadSpec().then(function () {
      if (stale()) return null;
      if (query.length > Q.spec.max_query_chars) return show([], TEXT.tooLong.replace("{n}", Q.spec.max_query_chars));
      if (!/[\p{L}\p{N}]/u.test(query)) return show([], TEXT.noWords);
      var cited = S.parseCitation(query);
      if (cited) {
        return S.jump(cited).then(function (answer) { if (!stale()) show(answer.items, answer.message); });
      }
      var words = Q.contentWords(query);
      var known = Q.vocabulary(ROOT, words); // fetched while Pagefind loads
      var pairs = Q.translations(ROOT, words);
      var players = Q.synonyms(ROOT, words);
      return S.loadPagefind()
        .then(function (pf) { return S.find(pf, words, known, stale, pairs, players, Q.negatedWords(query)); })
        .then(function (got) {
          if (stale() || !got) return;
          var items = S.items(got.found, got.words, got.reading).slice(0, MAX_RESULTS);
          var notes = [];
          if (got.said.typed.length) {
            notes.push(TEXT.corrected.replace("{fixed}", got.said.fixed.join(", ")).replace("{typed}", got.said.typed.join(", ")));
          }
          if (got.reading.terms.length) notes.push(TEXT.translated.replace("{pairs}", readAs(got.reading.terms)));
          show(items, items.length ? notes.join(" · ") : TEXT.none + "“" + query + "”");
        });
    }).catch(function () { if (!stale()) show([], TEXT.failed); });
  }

  /** The glossary terms an English query was read by in the Polish text, the longest only, as
   * the CLI says them (tools/search/engine.py): "revoke twelfth trick → fałszywy renons w dwunastej
   * lewie" rather than "revoke → fałszywy renons" beside it. */
  function readAs(terms) {
    // a word the Polish text says several ways is read as each: "touched → dotknąć / dotykać"
    var ways = {}, order = [];
    terms.filter(function (t) { return !terms.some(function (o) { return Q.inside(t, o); }); })
      .forEach(function (t) {
        var typed = t.naming.join(" ");
        if (!ways[typed]) { ways[typed] = []; order.push(typed); }
        if (ways[typed].indexOf(t.term) < 0) ways[typed].push(t.term);
      });
    // in code point order, as the CLI sorts them, with its separators (the spec's "reading")
    var say = Q.spec.reading;
    return order.map(function (typed) { return typed + say.as + ways[typed].sort().join(say.ways); }).join(say.pairs);
  }

  function triggers() {
    var found = document.querySelectorAll("[data-bl-search]");
    if (found.length) return found;
    var header = document.querySelector(".md-header__inner") || document.body;
    var button = el("button", { type: "button", "class": M.bl_search__open + " md-header__button", "data-bl-search": "", "aria-label": TEXT.label, title: TEXT.label + " (/)" }, "");
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

  S.open = openSearch;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(window.bridgelawSearch = window.bridgelawSearch || {});
