/* The site search, 1 of 7 (find.js, ask.js, score.js, rank.js, order.js, cite.js, search.js,
 * loaded in this order): what every part shares (the site root, the page's language and words),
 * and finding the pages a query asks for (reading Pagefind: ask.js). Every file adds to one
 * namespace, window.bridgelawSearch; how every engine reads a query is assets/search/query.js
 * (typos: typos.js), loaded before them. */
(function (S) {
  "use strict";

  // the site root, wherever the site is served from, and the page's language: assets/bridgelaw/paths.js
  S.SITE = window.bridgelawSite;
  S.ROOT = S.SITE.root;
  S.LANG = S.SITE.lang;
  // The words: assets/bridgelaw/interface.js (tools/data/interface.yaml, script_search; notInBuild
  // is the editions section's not_in_build, the same words on the Python side).
  var WORDS = window.bridgelawText[S.LANG];
  S.TEXT = Object.assign({ notInBuild: WORDS.editions.not_in_build }, WORDS.search);

  S.el = function (tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text != null) node.textContent = text;
    return node;
  };

  var ROOT = S.ROOT;
  var Q = window.bridgelawQuery;
  // Each law page is one Pagefind record and its units are sub-results, so ranking laws needs
  // no per-unit requests: only the best few laws are loaded (one fragment each) to show them.
  var CANDIDATES = 6;
  var TITLE_PAGES = 4; // title-only law pages read beyond the CANDIDATES (see candidates())
  var OTHER_PAGES = 3; // pages that are not law text (situations, glossary) read beyond them

  /** Whether a page is 2017 law text the query found: a unit of it matched, not the law's own
   * row, found by its names (has_text in tools/search/rank.py). */
  S.textFound = function (d) {
    var meta = d.meta || {};
    return !!meta.law && meta.edition === "2017" && !meta.titles_only &&
      (d.sub_results || []).some(function (sub) { return sub.anchor && sub.anchor.id && sub.anchor.id !== meta.law; });
  };

  /** `negated` (forms.js negatedWords) with each word of `read` that stands in for the word of
   * `typed` at its place joined to "nie" too, where that word was typed after it: a typo's word
   * meant, a word's spelling in the texts. */
  function readAfterNie(negated, typed, read) {
    var out = Object.assign(Object.create(null), negated);
    typed.forEach(function (w, i) {
      var r = read[i].toLowerCase();
      if (r !== w.toLowerCase() && Q.joinedOf(out, w)) out[r] = Q.spec.negation + r;
    });
    return out;
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
        return r.data().then(function (d) { return Object.assign({}, d, { score: r.score, result: r.id }); },
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
   * word meant is searched, and the reader is told which (not of another form of the word
   * typed, typos.js formOf); `pairs`, the glossary's term pairs
   * for the words (query.js translations), let an English query read the Polish law text;
   * `players`, the players' words of the words' letters fetched (query.js synonyms), let
   * synonymTerms read them; `negated`, the words typed after "nie" with the words they make
   * joined (forms.js negatedWords). `stale` says the reader has typed on since: no page is read for a
   * query no longer shown (the answer is then null). */
  S.find = function (pf, words, vocabulary, stale, pairs, players, negated) {
    return Promise.all([vocabulary, pairs || Promise.resolve([]), players]).then(function (got) {
      // a word typed without its diacritics is searched as the texts spell it (typos.js printed)
      var asTyped = words;
      words = asTyped.map(function (w) { return Q.printed(w, got[0]); });
      negated = readAfterNie(negated, asTyped, words);
      // a word that names a glossary term or word pair in some form is no typo ("prohibits" for
      // "prohibit a lead"): the CLI knows it by its stem, the glossary being in its index
      var typedTerms = Q.translate(words, got[1]);
      var naming = [].concat.apply([], typedTerms.map(function (t) { return t.naming; }));
      var near = {};
      words.forEach(function (w) { near[w] = naming.indexOf(w) < 0 && Q.correct(w, got[0]); });
      // ... nor is a word of the language the texts never use ("fool" beside "foul")
      var asked = words.filter(function (w) { return near[w]; }).map(Q.fold);
      return (asked.length ? Q.languageWords(ROOT, asked) : Promise.resolve({})).then(function (language) {
        return { got: got, typedTerms: typedTerms, near: near, language: language };
      });
    }).then(function (read) {
      var got = read.got, typedTerms = read.typedTerms;
      var typed = [], fixed = [], said = { typed: [], fixed: [] };
      words.forEach(function (w) {
        var c = !read.language[Q.fold(w)] && read.near[w];
        if (c) { typed.push(w); fixed.push(c); }
        // the reader is told of a typo, not of another form of the word typed (typos.js formOf)
        if (c && !Q.formOf(w, c)) { said.typed.push(w); said.fixed.push(c); }
      });
      var read = words.concat(fixed);
      // a typo typed after "nie": the word it meant is read after it too (read_query)
      negated = readAfterNie(negated, typed, fixed);
      // Pagefind wants every word of its query: a typo the index lacks would leave only the
      // pages that repeat it, so Pagefind gets the word meant and the typo counts as unmatched
      // an irregular English form is sought as its verb, which every text's folded copy adds
      // beside the form (tools/site/pagefind_records.py with_folded): "lost" finds "lose"
      var sought = words.filter(function (w) { return typed.indexOf(w) < 0; }).concat(fixed).map(Q.verbOf);
      // an English query also reads the Polish law text, in the Polish words of the glossary
      // terms it names (tools/search/engine.py named_terms): the words typed name them unless a
      // typo was read as another word
      var terms = typed.length ? Q.translate(sought, got[1]) : typedTerms;
      var polish = [], first = [], named = {};
      terms.forEach(function (t) {
        // a word the Polish text says several ways (word pairs: "touched" -> dotknięta, dotknąć,
        // dotykać) is asked for in the first of them as the pairs are sorted: Pagefind wants
        // every word it is given, and asking for each way one by one cost a search per way on
        // every keystroke; the others still count when the units are ranked (rank.js
        // coverage). A term inside a longer one is read as part of it ("both" in "both sides").
        var key = t.naming.join(" "), again = named[key] || terms.some(function (o) { return Q.inside(t, o); });
        named[key] = true;
        t.words.forEach(function (w) {
          if (read.indexOf(w) >= 0) return;
          if (polish.indexOf(w) < 0) polish.push(w);
          if (!again && first.indexOf(w) < 0) first.push(w);
        });
      });
      // the players' words named: in the words sought for Pagefind and, as the CLI reads them,
      // in the words read (the same words unless a typo was corrected)
      var soughtSynonyms = Q.synonymTerms(sought, negated);
      var synonyms = typed.length ? Q.synonymTerms(read, negated) : soughtSynonyms;
      var asked = Q.lawWords(sought, false, soughtSynonyms);
      // read one by one, every word of a headword counts ("fałszywy" beside "renons")
      var single = Q.lawWords(sought, false, soughtSynonyms, true);
      // a word typed after "nie" is searched joined to it too, beside the words (Pagefind wants
      // every word it is given; the CLI adds it as a word it may find): "nienazwał" finds
      // "nienazwaną"
      var joined = Object.keys(negated).map(function (w) { return negated[w]; });
      var reading = { words: read, terms: polish.length ? terms : [], synonyms: synonyms, negated: negated };
      // no clause of the law text in force found holds every word sought (a typo counts as the
      // word meant): a long law may hold them in passing, one in each unit, and the law with
      // the clause that answers be left out of the pages read (a query naming no glossary term
      // in English: one that does reads the Polish text through its terms, asked for already)
      function noClauseHoldsAll(found) {
        return !polish.length && !found.filter(S.textFound).some(function (d) {
          return S.bestClause(d, reading) >= sought.length;
        });
      }
      var searched = S.searchBoth(pf, asked, first, single);
      // players' words are asked for in the law's words, which Pagefind then wants instead:
      // where other words are typed beside them, the words as typed are asked for too, so a
      // page that says them as typed stays among the pages read ("exposure of declarer's
      // cards" is Law 48's own title, though "exposure of a card" is also a players' form of
      // "exposed card"); players' words typed alone are what the glossary says they are
      // ("karta karna": the penalty card in force, not the 1997 text that still used the words)
      var naming = [].concat.apply([], soughtSynonyms.map(function (t) { return t.naming; }));
      var besides = sought.filter(function (w) { return naming.indexOf(w) < 0 && !Q.jargonWords([w]).length; });
      if (besides.length && asked.some(function (w) { return sought.indexOf(w) < 0; })) {
        searched = Promise.all([searched, S.searchWords(pf, sought, sought)]).then(S.merged);
      }
      if (joined.length) searched = Promise.all([searched, S.searchWords(pf, null, joined)]).then(S.merged);
      return searched.then(function (results) {
        if (stale() || !results) return null;
        return candidates(results);
      }).then(function (found) {
        // pages in players' words may hold every word where no law does ("obie strony zrobiły
        // renons"), and 1997 text or a 2017 law's titles where no text in force does ("uznanie
        // roszczenia": the 2017 law is known here by its title only; "drugi renons w tym
        // kolorze": only 1997 text says "drugi"), and law text in force in passing, none of
        // its clauses holding as many ("kiedy przenosi się dwie lewy za renons": Law 50 holds
        // every word, Law 64 more of them in one clause): the laws (in force, when a law was
        // found) holding most of the words are read too, after those pages
        function law(d) { return d.meta && d.meta.law; }
        function inForce(d) { return law(d) && d.meta.edition === "2017"; }
        if (!found || stale()) return null;
        if (asked.length < 2 || (found.some(S.textFound) && !noClauseHoldsAll(found))) return found;
        var wanted = found.some(law) ? inForce : law, have = found.map(function (d) { return d.result; });
        // when a law was found, only the laws in force are asked for (the records' edition
        // filter, tools/site/pagefind_records.py): the 1997 text that holds more of the words
        // would fill the pages read and leave the law in force out; when none was, the laws of
        // either edition, never the situations, which fill Pagefind's first pages for the
        // words players use and left "błąd sędziego" without Law 82
        var only = { filters: { edition: wanted === inForce ? "2017" : { any: ["2017", "1997"] } } };
        // ... by the words as typed and, for an English query read in the Polish text, by the
        // Polish words of the terms it names (the first way of each): 1997 text read first may
        // have left no room for the Polish law in force that holds them ("declarer prohibits
        // the lead": 50D2a)
        var lookFor = single.concat(first.filter(function (w) { return single.indexOf(w) < 0; }));
        return S.searchWords(pf, null, lookFor, only).then(function (results) {
          // the pages read already neither count again nor take the place of a law not read
          return stale() ? null : candidates(results.filter(function (r) { return have.indexOf(r.id) < 0; }));
        }).then(function (more) {
          return more && found.concat(more.filter(wanted));
        });
      }).then(function (found) {
        // the Polish words are marked in the text; the typed words are what a page answers
        // ... and the general words table talk stands for ("12" -> "dwunastej")
        return found && { found: found, words: read.concat(Q.jargonWords(read), polish, joined), said: said,
          reading: reading };
      });
    });
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
