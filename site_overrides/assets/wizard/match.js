/* The ruling wizard, 2 of 4: reading a query against the situations (the wizard's list and the
 * situation filter on the situations index page). */
(function (W) {
  "use strict";

  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;

  /* Queries are read as the search box reads them (assets/search/query.js: folding, function
   * and question words, players' words), so the filter and the search cannot drift apart.
   * W.Q is set in init() (wizard.js): query.js runs after these scripts (theme scripts come
   * last). */

  /* Lowercase without diacritics, so "wist z niewlasciwej reki" finds "niewłaściwej ręki". */
  function fold(text) {
    return W.Q.fold(String(text || ""));
  }

  function words(text) {
    return fold(text).split(/[^a-z0-9]+/).filter(function (w) { return w.length > 0; });
  }

  /* The query's content words in the law's words, cut to a stem-like prefix, 70% of the word
   * and at least four letters ("partnerowi" -> "partner", "renonsu" -> "renon"), so an
   * inflected word still finds the catalogue's form. Before the spec has arrived, words of
   * one or two letters stand in for the function words (the filter runs again on arrival). */
  function queryStems(query) {
    var Q = W.Q;
    var content = Q.spec ? Q.contentWords(query) : [];
    // players' words name a law's term as in the search box: "nie" before a word counts
    var typed = Q.spec ? Q.lawWords(content, true, Q.synonymTerms(content, Q.negatedWords(query))).map(fold)
      : words(query);
    return typed
      .filter(function (w) { return Q.spec || w.length > 2 || /^[0-9]+$/.test(w); })
      .map(function (w) {
        return w.length > 4 ? w.slice(0, Math.max(4, Math.ceil(w.length * 0.7))) : w;
      });
  }

  /* Which items to show: those matching the most query words (all of them when possible). */
  W.bestMatches = function (texts, query) {
    var stems = queryStems(query);
    if (!stems.length) return texts.map(function () { return true; });
    var scores = texts.map(function (text) {
      var folded = fold(text);
      return stems.filter(function (w) { return folded.indexOf(w) !== -1; }).length;
    });
    var best = Math.max.apply(null, scores);
    return scores.map(function (score) { return best > 0 && score === best; });
  };

  /* How well a title answers the query: the title itself typed (with or without diacritics)
   * first, then a title that holds the query, then one holding more of its words, with fewer
   * other words. Zero for an empty query (the catalogue keeps its order). */
  function titleScore(title, query) {
    var q = words(query).join(" ");
    if (!q) return 0;
    var t = words(title).join(" ");
    if (t === q) return 1000;
    if ((" " + t + " ").indexOf(" " + q + " ") !== -1) return 500 - t.length / 100;
    if (t.indexOf(q) === 0) return 400 - t.length / 100;
    var stems = queryStems(query);
    var found = stems.filter(function (w) { return t.indexOf(w) !== -1; }).length;
    var titleWords = words(title).length || 1;
    return found * 10 + found / titleWords;
  }

  /* Reorder the items of a list: the best name first (an item's names are its title, then
   * the phrasings players use, which count a little less), the catalogue order otherwise. */
  W.rankItems = function (list, items, names, query) {
    var order = items.map(function (item, i) {
      var score = names[i].reduce(function (best, name, k) {
        return Math.max(best, titleScore(name, query) * (k === 0 ? 1 : 0.9));
      }, 0);
      return { item: item, i: i, score: score };
    });
    order.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
    order.forEach(function (entry) { list.appendChild(entry.item); });
  };

  /* Run the filter `run` on every keystroke, and again once the spec or the players' words of
   * the query's letters have arrived (query.js prepare), unless the reader has typed on: until
   * then the filter reads the query without them. An empty query is not run again (the
   * catalogue shows whole, and a button in focus keeps it). */
  W.whenRead = function (input, run) {
    function again() {
      var query = input.value;
      W.Q.prepare(W.ROOT, query).then(function (changed) {
        if (changed && query && input.value === query) run();
      }, function () { /* the spec failed: the filter keeps its fallback */ });
    }
    input.addEventListener("input", function () { run(); again(); });
    again();
  };

  /* ---- the situation filter on the situations index page ---- */

  W.setupFilter = function (input) {
    var links = Array.prototype.slice.call(document.querySelectorAll("." + M.situation_link));
    var none = document.querySelector("." + M.situation_filter_none);
    function apply() {
      var shown = 0;
      var keep = W.bestMatches(links.map(function (link) {
        return link.getAttribute("data-words") + " " + link.textContent;
      }), input.value);
      links.forEach(function (link, i) {
        var item = link.closest("li") || link;
        item.hidden = !keep[i];
        if (keep[i]) shown += 1;
      });
      document.querySelectorAll("." + M.situation_group).forEach(function (group) {
        var visible = group.querySelectorAll("li:not([hidden])").length;
        group.hidden = visible === 0;
        var list = group.querySelector("ul");
        if (!list) return;
        var groupLinks = Array.prototype.slice.call(list.querySelectorAll("." + M.situation_link))
          .sort(function (a, b) { return links.indexOf(a) - links.indexOf(b); });
        W.rankItems(list, groupLinks.map(function (link) { return link.closest("li") || link; }),
          groupLinks.map(function (link) {
            return [link.textContent].concat((link.getAttribute("data-names") || "").split("|"));
          }), input.value);
      });
      if (none) none.hidden = shown !== 0;
    }
    apply();
    W.whenRead(input, apply);
  };
})(window.bridgelawWizard = window.bridgelawWizard || {});
