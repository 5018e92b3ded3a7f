/* The site search, 5 of 7: the order of the pages found, by the CLI's rules
 * (tools/search/rank.py): the edition in force first, and the law a situation rests on listed
 * with it. rank.js turns the pages into result items (S.items calls these). */
(function (S) {
  "use strict";

  var TEXT = S.TEXT;
  var Q = window.bridgelawQuery;

  /** The edition in force first: a 2017 law that answers about as well as the best law text
   * found stands before every other page, and 1997 text, history, after every 2017 law whose
   * text was found (in_force_share in tools/search/rank.py orders the CLI's hits the same way).
   * Pagefind's order stays within each group. */
  S.currentFirst = function (laws, reading) {
    function covered(d) { return S.recordCovered(d, reading); }
    var up = lifted(laws), score = up.score;
    laws = up.pages;
    // the best law text: a law known by its titles only has none (as in tools/search/rank.py)
    var lawText = laws.filter(function (d) { return d.meta && d.meta.law && !d.meta.titles_only; });
    var best = lawText.reduce(function (m, d) { return Math.max(m, score(d)); }, 0);
    var bestOwn = lawText.reduce(function (m, d) { return Math.max(m, d.score || 0); }, 0);
    // ... and it holds as many of the words as any law page found, by its text or its titles
    var most = laws.filter(function (d) { return d.meta && d.meta.law; })
      .reduce(function (m, d) { return Math.max(m, covered(d)); }, 0);
    function first(d) {
      var meta = d.meta || {};
      // a title is measured against the best law text by their own scores, unlifted: lifted, a
      // title found for one word ("wykryty": Law 15) stood before the situation of the law the
      // CLI lists first (Law 13), and a law text lifted by a situation citing it after the law
      // it rests on ("renons w 12 lewie": 64, lifted by the situations resting on 62) put the
      // title that situation rests on after it
      var own = meta.titles_only ? d.score || 0 : score(d);
      var against = meta.titles_only ? bestOwn : best;
      return meta.law && meta.edition === "2017" && own >= S.rule("in_force_share") * against && covered(d) >= most;
    }
    var out = laws.filter(first).concat(laws.filter(function (d) { return !first(d); }));
    // 1997 text is history: it never answers before a law in force whose text the query found
    // (find.js textFound)
    var old = function (d) { return d.meta && d.meta.law && d.meta.edition === "1997"; };
    var current = S.textFound;
    out = S.historyAfter(out, current, old);
    inForceBeforeOlder(out);
    // a law known by its titles only gives way to a law in force with a clause holding more of
    // the words: its title may hold one word typed ("partner" names Laws 4 and 40), the clause
    // more, or their translations; the whole of a long law holds them in passing
    // (titles_after_text in tools/search/rank.py)
    // ... unless the query names its title in full (S.titleNamed, asked once per title)
    var titlesOnly = out.filter(function (d) { return d.meta && d.meta.titles_only; });
    var named = titlesOnly.filter(function (d) { return S.titleNamed(d, reading); });
    titlesOnly.filter(function (d) { return named.indexOf(d) < 0; }).forEach(function (t) {
      var at = out.indexOf(t), mine = covered(t);
      var later = out.reduce(function (pos, d, i) { return i > at && current(d) && S.bestClause(d, reading) > mine ? i : pos; }, -1);
      if (later > at) { out.splice(at, 1); out.splice(later, 0, t); }
    });
    // among the laws known by their titles only, in the places the titles held: those holding
    // more of the words, by their titles or their situations, first; among equals, those whose
    // title the query names in full (named_titles_first in tools/search/rank.py; titlesByWords).
    // "rekontra choć nikt nie kontrował" names Law 19's title, "Kontra i rekontra", and the
    // situation resting on Law 36 holds every word
    var slots = out.reduce(function (at, d, i) { return d.meta && d.meta.titles_only ? at.concat(i) : at; }, []);
    var titles = slots.map(function (i) { return out[i]; });
    titlesByWords(titles, laws, covered, reading, named)
      .forEach(function (d, k) { out[slots[k]] = d; });
    // ... which may put a title after its own 1997 text again
    inForceBeforeOlder(out);
    return out;
  };

  /** Each page's score with a law in force lifted by the best situation found resting on it
   * (rests_on), as the CLI lifts a law by its pointers (LIFT_WEIGHT in tools/search/rank.py),
   * and the pages with each lifted law moved up before the first law page scored lower; the
   * others keep their order. "how is a matchpoint score calculated" finds situations resting
   * on Law 78, and Law 12 holding the words in passing. (Moving a law only past laws holding
   * no more of the words lost a first place on each build.) */
  function lifted(found) {
    var lift = {};
    found.forEach(function (d) {
      var meta = d.meta || {}, law = !meta.law && meta.rests_on;
      if (!law) return;
      // the law it rests on fully, the other laws it cites by a share (OTHER_LAWS_SHARE)
      String(meta.cites_laws || law).split(",").forEach(function (n, i) {
        var by = (i ? S.rule("other_laws_share") || 0 : 1) * (d.score || 0);
        lift[n] = Math.max(lift[n] || 0, by);
      });
    });
    var scores = new Map();
    function by(d) {
      var meta = d.meta || {};
      return meta.law && meta.edition === "2017" ? lift[meta.law] || 0 : 0;
    }
    found.forEach(function (d) { scores.set(d, (d.score || 0) + S.rule("lift_weight") * by(d)); });
    var out = found.slice();
    found.filter(by).forEach(function (d) {
      var at = out.indexOf(d);
      var to = out.findIndex(function (o, i) { return i < at && o.meta && o.meta.law && scores.get(o) < scores.get(d); });
      if (to >= 0) { out.splice(at, 1); out.splice(to, 0, d); }
    });
    return { pages: out, score: function (d) { return scores.has(d) ? scores.get(d) : d.score || 0; } };
  }

  /** `list` with every item `old` says is history that stands before the last item `anchor`
   * says is in force moved right after that item, in their order: 1997 text never answers
   * before a law in force whose text was found (currentFirst) or that a situation brought
   * (S.items; the anchors in tools/search/rank.py). */
  S.historyAfter = function (list, anchor, old) {
    var last = list.reduce(function (at, d, i) { return anchor(d) ? i : at; }, -1);
    if (last < 0) return list;
    var moved = list.filter(function (d, i) { return i < last && old(d); });
    var kept = list.filter(function (d) { return moved.indexOf(d) < 0; });
    var at = kept.indexOf(list[last]) + 1;
    return kept.slice(0, at).concat(moved, kept.slice(at));
  };

  /** The most of the query's words (`reading`) a situation among the pages `found` resting on
   * `law` holds (0 for none): its words count as its law's, as the CLI groups a situation with
   * its law (rank.py). */
  S.situationsHeld = function (found, law, reading) {
    return found.reduce(function (most, d) {
      return d.meta && !d.meta.law && d.meta.rests_on === law ? Math.max(most, S.recordCovered(d, reading)) : most;
    }, 0);
  };

  /** Where a law is found in both editions, its 2017 text or title stands before its 1997 text
   * (`out` changed in place). */
  function inForceBeforeOlder(out) {
    out.slice().forEach(function (d) {
      var meta = d.meta || {};
      if (meta.edition !== "2017" || !meta.law) return;
      var older = out.findIndex(function (o) { return o.meta && o.meta.law === meta.law && o.meta.edition === "1997"; });
      var here = out.indexOf(d);
      if (older >= 0 && older < here) { out.splice(here, 1); out.splice(older, 0, d); }
    });
  }

  /** `titles`, laws known by their titles only, those holding more of the query's words first
   * (`covered`), by their titles or by a situation found resting on them, whose words count as
   * its law's, as the CLI counts a situation's words as the title it brings (rank.py); among
   * equals, those whose title the query names in full (`named`), then those the query names by
   * a glossary term they are the first law of ("declarer led from the wrong hand": Law 55, not
   * 54), then those whose own titles hold more, then in Pagefind's order (`found`, every page
   * found). A short title scores high in Pagefind for one word typed; the CLI weighs each score
   * by the share of the words a document holds (COVERAGE_WEIGHT in tools/search/engine.py),
   * which the site cannot apply to Pagefind's scores: "pas przed prawym przeciwnikiem nie w
   * kolejności" is Law 30's title and a section of it, and Law 28's title holds one of the
   * words; "obrońca powiedział 3 piki już po ostatnim pasie" is told by the situations resting
   * on Law 39 ("Zapowiedź po końcowym pasie"), not by its title. */
  function titlesByWords(titles, found, covered, reading, named) {
    // the headwords of the glossary terms the query names, in players' words or in English,
    // the longest only ("pierwsze wyjście poza kolejnością", Law 54's, holds Law 53's term)
    var terms = (reading.synonyms || []).concat(reading.terms || []);
    var heads = terms.filter(function (t) { return !terms.some(function (o) { return Q.inside(t, o); }); })
      .map(function (t) { return t.term; });
    // whether the query names a glossary term whose first law it is (its record's first_law_of,
    // tools/site/pagefind_records.py): the CLI lifts that law by the term's score (rank.py)
    function termed(d) {
      var own = d.meta.first_law_of ? JSON.parse(d.meta.first_law_of) : [];
      return own.some(function (head) { return heads.indexOf(head) >= 0; }) ? 1 : 0;
    }
    return titles.map(function (d) {
      var words = covered(d);
      return { d: d, words: words, held: Math.max(words, S.situationsHeld(found, d.meta.law, reading)), named: named.indexOf(d) >= 0 ? 1 : 0,
        termed: termed(d), at: found.indexOf(d) };
    })
      .sort(function (a, b) {
        return b.held - a.held || b.named - a.named || b.termed - a.termed || b.words - a.words || a.at - b.at;
      })
      .map(function (x) { return x.d; });
  }

  /** Whether the query names a law's title in full (title_named in tools/search/engine.py):
   * every content word of the title, two at least ("Przepis 64. " and function words aside),
   * is a form of a word typed. Such a title is the law the query means, whatever text shares
   * one more common word. */
  S.titleNamed = function (d, reading) {
    var fold = Q.fold, stops = Q.spec.stops;
    var title = String((d.meta && d.meta.title) || "").replace(/^\D*\d+\.\s*/, "");
    var words = (title.match(/[\p{L}\p{N}]+/gu) || []).map(function (w) { return fold(w.toLowerCase()); })
      .filter(function (w) { return !stops[w]; });
    var typed = (reading.words || []).map(function (w) { return fold(String(w).toLowerCase()); });
    return words.length >= 2 && words.every(function (w) {
      return typed.some(function (q) { return Q.sameFolded(w, q); });
    });
  };

  /** The laws in force the situations found rest on (their first laws), each listed right
   * before its situation (the law, then the situation that rests on it) when no page of that
   * law was found: a law whose text the build holds as the clause the situation cites first, a
   * law known by its titles only as its title page; either after the law texts holding a
   * clause with as many of the query's words, where those stand after the situation. The
   * situation page names the law in its hidden metadata (rests_on and the rest in
   * assistant/pages.py), as the CLI lists the titles with their situations (title_pointed_to
   * and titles_listed_with in tools/search/pointers.py) and a law's clauses with the
   * situations resting on it (rank.py). The best situation, holding more of the query's words
   * (`reading`) than any clause in force found, stands before the law texts found, and its
   * law's own page before it when found after it, as the CLI's title joins the situation that
   * brought it (rank.py). `ordered` is changed in place; returned: the items to list, each
   * with the situation it stands before and how many of the law texts listed first (S.items)
   * it must follow. */
  S.restsOn = function (ordered, reading) {
    var listed = [];
    var pointing = ordered.filter(function (d) { return d.meta && d.meta.rests_on_title; });
    if (!pointing.length) return listed;
    // how many of the query's words the best clause of each law text found holds, read once
    var texts = ordered.filter(S.textFound).map(function (d) { return S.bestClause(d, reading); });
    var clauses = texts.reduce(function (m, n) { return Math.max(m, n); }, 0);
    function held(d) { return S.recordCovered(d, reading); }
    function own(law) {
      return ordered.find(function (d) { return d.meta && d.meta.law === law && d.meta.edition === "2017"; });
    }
    // the situation holding most of the query's words, the best scored of those (the CLI's
    // scores grow with the words a document holds); only one holding more of them than any
    // clause in force found moves its law up: a clause that answers as fully keeps its place
    var best = ordered.filter(function (d) { return d.meta && d.meta.rests_on; })
      .reduce(function (top, d) {
        return !top || held(d) > held(top) || (held(d) === held(top) && (d.score || 0) > (top.score || 0)) ? d : top;
      }, null);
    var brings = best && best.meta.rests_on_title && clauses < reading.words.length && held(best) > clauses;
    // "karty przełożone w pudełku na części stołów": the situation holds seven of the words,
    // no clause of Law 64 more than two
    var front = brings ? ordered.findIndex(S.textFound) : -1;
    if (front >= 0 && front < ordered.indexOf(best)) {
      ordered.splice(ordered.indexOf(best), 1);
      ordered.splice(front, 0, best);
    }
    var found = brings && own(best.meta.rests_on);
    if (found && found.meta.titles_only && ordered.indexOf(found) > ordered.indexOf(best)) {
      ordered.splice(ordered.indexOf(found), 1);
      ordered.splice(ordered.indexOf(best), 0, found);
    }
    var seen = {};
    pointing.forEach(function (d) {
      var law = d.meta.rests_on;
      if (seen[law] || own(law)) return;
      seen[law] = true;
      listed.push({
        before: d,
        // a clause in force holding as many of the query's words answers before the law a
        // situation rests on (ties_to_text in tools/search/rank.py): the laws whose text holds
        // one such clause, which S.items lists first of the law texts
        after: texts.filter(function (n) { return n >= held(d); }).length,
        // the clause the situation cites first where the build holds the law's text, else
        // the law's title page
        item: {
          id: d.meta.rests_on_unit || law, edition: "2017", url: S.unitUrl("2017", d.meta.rests_on_unit || law),
          text: [], title: TEXT.law + " " + d.meta.rests_on_title, kind: d.meta.rests_on_unit ? "" : TEXT.titlesOnly
        }
      });
    });
    return listed;
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
