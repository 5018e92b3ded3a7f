/* The site search, 5 of 7: the order of the pages found, by the CLI's rules
 * (tools/search/rank.py): by law, the edition in force first, and the law a situation rests on
 * listed with it. rank.js turns the pages into result items (S.items calls these). */
(function (S) {
  "use strict";

  var TEXT = S.TEXT;
  var Q = window.bridgelawQuery;

  /** A page's Pagefind score weighed by the share of the query's words it holds. */
  S.weighed = function (d, reading) {
    var words = Math.max(1, (reading.words || []).length);
    return (d.score || 0) * (1 + S.rule("coverage_weight") * S.recordCovered(d, reading) / words);
  };

  /** The ids the best-weighed situation found cites (its page's "cites" filter values,
   * assistant/pages.py) and how many of the query's words it holds (none and 0 when no
   * situation was found): its clauses come first in a law none of whose clauses holds as many
   * (rank.js unitItems; cited_by_best in tools/search/pointers.py). */
  S.citedByBest = function (found, reading) {
    var best = { ids: [], covered: 0 }, top = -1;
    found.forEach(function (d) {
      var ids = (d.filters || {}).cites;
      if ((d.meta || {}).law || !ids || !ids.length) return;
      var by = S.weighed(d, reading);
      if (by > top) { best = { ids: ids, covered: S.recordCovered(d, reading) }; top = by; }
    });
    return best;
  };

  /** The pages found in the order of their laws' scores, as the CLI ranks by law
   * (tools/search/engine.py, rank.py): a page's Pagefind score weighed by the share of the
   * query's words it holds (COVERAGE_WEIGHT: a short title scores high in Pagefind for one word
   * typed, a page holding more of the words answers better), a law in force scored by its best
   * page (its 1997 text's included) and lifted by the situations found resting on it (the law
   * a situation rests on by its weighed score, each other law it cites by a share:
   * page_lift_weight, other_laws_share) and
   * by a glossary term the query names whose first law it is (by that share of its own), each
   * situation right after the law it rests on; then the edition in force first: 1997 text,
   * history, after every 2017 law whose text the query found, and a law's 2017 page before its
   * 1997 text. One rule for every kind of page: the site's earlier rules for titles against
   * text, named titles and situations against clauses put the right law first less often (533
   * against 550 of the 691 read queries, tools/search/README.md). */
  S.currentFirst = function (found, reading) {
    var words = Math.max(1, (reading.words || []).length);
    function weighed(d) { return S.weighed(d, reading); }
    function inForce(d) { return d.meta && d.meta.law && d.meta.edition === "2017"; }
    // the headwords of the glossary terms the query names, in players' words or in English,
    // the longest only ("pierwsze wyjście poza kolejnością", Law 54's, holds Law 53's term)
    var terms = (reading.synonyms || []).concat(reading.terms || []);
    var heads = terms.filter(function (t) { return !terms.some(function (o) { return Q.inside(t, o); }); })
      .map(function (t) { return t.term; });
    // whether the query names a glossary term whose first law the page is (its record's
    // first_law_of, tools/site/pagefind_records.py): the CLI lifts that law by the term's score
    function termed(d) {
      return (d.meta.first_law_of ? JSON.parse(d.meta.first_law_of) : [])
        .some(function (head) { return heads.indexOf(head) >= 0; });
    }
    var own = {}, old = {}, lift = {}, named = {};
    found.forEach(function (d) {
      var meta = d.meta || {}, by = weighed(d);
      if (inForce(d)) own[meta.law] = Math.max(own[meta.law] || 0, by);
      if (inForce(d) && termed(d)) named[meta.law] = true;
      if (meta.law && meta.edition === "1997") old[meta.law] = Math.max(old[meta.law] || 0, by);
      if (meta.law || !meta.rests_on) return;
      String(meta.cites_laws || meta.rests_on).split(",").forEach(function (n, i) {
        lift[n] = Math.max(lift[n] || 0, (i ? S.rule("other_laws_share") || 0 : 1) * by);
      });
    });
    // a law in force is scored by its 1997 text found too: the build holds most laws in force
    // by their titles only, and their 1997 text says what they are about (history is still
    // never listed before them)
    Object.keys(old).forEach(function (law) { own[law] = Math.max(own[law] || 0, old[law]); });
    // ... and lifted by a glossary term the query names whose first law it is, by the share a
    // situation lifts the other laws it cites by ("declarer led from the wrong hand" names the
    // term of Law 55, not of 54)
    Object.keys(named).forEach(function (law) {
      lift[law] = Math.max(lift[law] || 0, S.rule("other_laws_share") * own[law]);
    });
    function lawScore(law) { return (own[law] || 0) + S.rule("page_lift_weight") * (lift[law] || 0); }
    var key = new Map(), group = new Map();
    found.forEach(function (d) {
      var meta = d.meta || {};
      // a situation sorts with the law it rests on, after that law's own page, and a law's
      // 1997 text by its own score, never before its law
      var law = meta.law || meta.rests_on;
      if (law) group.set(d, law);
      var score = !law ? weighed(d) : meta.edition === "1997" ? Math.min(weighed(d), lawScore(law)) : lawScore(law);
      key.set(d, [score, inForce(d) ? 0 : 1, found.indexOf(d)]);
    });
    var out = found.slice().sort(function (a, b) {
      var x = key.get(a), y = key.get(b);
      return y[0] - x[0] || x[1] - y[1] || x[2] - y[2];
    });
    // among the laws known by their titles only, one whose title the query names in full, or
    // with a section heading the query says and nothing more ("błąd sędziego", 82C), takes the
    // first of their places (title_named and named_titles_first in tools/search/rank.py and
    // engine.py); a title named gives way to one whose pages, its situations', hold more of the
    // words ("rekontra choć nikt nie kontrował" names Law 19's title, and a situation of Law 36
    // holds every word)
    // the most of the query's words each law's pages hold: its own pages (`own`), or those and
    // the situations resting on it
    function lawsHold(own) {
      var by = {};
      out.forEach(function (d) {
        var law = group.get(d);
        if (law && (!own || d.meta.law)) by[law] = Math.max(by[law] || 0, S.recordCovered(d, reading));
      });
      return by;
    }
    var titled = out.filter(function (d) { return d.meta && d.meta.titles_only; });
    var titleNamed = titled.filter(function (d) { return titleSaid(d, reading); });
    var holds = titleNamed.length ? lawsHold(false) : {};
    var most = titled.reduce(function (m, d) { return Math.max(m, holds[d.meta.law] || 0); }, 0);
    var said = titled.filter(function (d) {
      return headingSaid(d, reading) || (titleNamed.indexOf(d) >= 0 && (holds[d.meta.law] || 0) >= most);
    });
    if (said.length) {
      // ... each with the situations listed under it (those resting on it), as the CLI groups
      // them: a situation never stands under another law's heading
      var blocks = [], block = null;
      out.forEach(function (d) {
        var meta = d.meta || {};
        if (titled.indexOf(d) >= 0) {
          block = { head: d, items: [d] };
          blocks.push(block);
        } else if (block && !meta.law && group.get(d) === block.head.meta.law) {
          block.items.push(d);
        } else {
          block = null;
          blocks.push({ head: null, items: [d] });
        }
      });
      var heads = blocks.filter(function (b) { return b.head; });
      var placed = heads.filter(function (b) { return said.indexOf(b.head) >= 0; })
        .concat(heads.filter(function (b) { return said.indexOf(b.head) < 0; }));
      var next = 0;
      out = [].concat.apply([], blocks.map(function (b) { return b.head ? placed[next++].items : b.items; }));
    }
    // a clause in force holding every word of the query answers before the laws without text
    // found whose own pages hold fewer, however their situations tell it (titles_after_text and
    // ties_to_text in tools/search/rank.py): "declarer touched a card of dummy" is 45C3, not
    // Law 42's title
    var full = out.find(function (d) { return S.textFound(d) && S.bestClause(d, reading) >= words; });
    if (full) {
      var held = lawsHold(true), texts = {};
      out.forEach(function (d) {
        var law = group.get(d);
        if (law && S.textFound(d)) texts[law] = true;
      });
      // ... but a title the query names in full keeps its place (as rank.py leaves it out)
      var moved = out.slice(0, out.indexOf(full)).filter(function (d) {
        var law = group.get(d);
        return law && !texts[law] && (held[law] || 0) < words && said.indexOf(d) < 0;
      });
      out = out.filter(function (d) { return moved.indexOf(d) < 0; });
      var at = out.indexOf(full) + 1;
      while (at < out.length && group.get(out[at]) === group.get(full)) at++;
      out = out.slice(0, at).concat(moved, out.slice(at));
    }
    // 1997 text is history: it never answers before a law in force whose text the query found
    // (find.js textFound); a law's own 2017 page stands before its 1997 text by the keys above
    return S.historyAfter(out, S.textFound, function (d) { return d.meta && d.meta.law && d.meta.edition === "1997"; });
  };

  /** A law page's title as printed, without "Przepis 48. " (the words its h1 adds). */
  S.printedTitle = function (d) {
    return String((d.meta || {}).title || "").replace(/^\D*\d+\.\s*/, "");
  };

  function form(w, of) { return of.some(function (o) { return Q.sameWord(w, o); }); }

  /** Whether the query names the law's own title in full (naming.py title_named): every
   * content word of it, two at least, a form of a word typed, those words side by side in the
   * query in any order, which may say more ("pas poza kolejnością przed prawym
   * przeciwnikiem" is Law 30's title). */
  var titleSaid = S.titleSaid = function (d, reading) {
    var words = Q.contentWords(S.printedTitle(d)).map(S.bare);
    var typed = Q.contentWords((reading.words || []).join(" ")).map(S.bare);
    if (words.length < 2) return false;
    for (var at = 0; at < Math.max(1, typed.length - words.length + 1); at++) {
      var near = typed.slice(at, at + words.length);
      if (words.every(function (w) { return form(w, near); })) return true;
    }
    return false;
  };

  /** Whether the query says one of a page's section headings and nothing more: every content
   * word of the heading (two at least) is a form of a word read, and every content word typed
   * a form of one of the heading's (a longer story names a heading of two common words in
   * passing: engine.py, the sections of a title document). The anchor of that heading, if any. */
  var headingSaid = S.headingSaid = function (d, reading) {
    var typed = Q.contentWords((reading.words || []).join(" ")).map(S.bare);
    return (d.anchors || []).find(function (a) {
      if (!a.id || a.id === (d.meta || {}).law) return false;
      var words = Q.contentWords(String(a.text || "").replace(a.id, " ")).map(S.bare);
      return words.length >= 2 && words.every(function (w) { return form(w, typed); }) &&
        typed.every(function (w) { return form(w, words); });
    }) || null;
  };

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

  /** The laws in force the situations found rest on (their first laws), each listed right
   * before its situation (the law, then the situation that rests on it) when no page of that
   * law was found: a law whose text the build holds as the clause the situation cites first, a
   * law known by its titles only as its title page; either after the last law text with a
   * clause holding as many of the query's words (`reading`), where that stands after the
   * situation (ties_to_text in tools/search/rank.py). The situation page names the law in its
   * hidden metadata (rests_on and the rest in assistant/pages.py), as the CLI lists the titles
   * with their situations (title_pointed_to and titles_listed_with in
   * tools/search/pointers.py); currentFirst has put each situation where its law's score
   * stands. Returned: the items to list, each with the situation it stands before and the law
   * text it must follow, if any. */
  S.restsOn = function (ordered, reading) {
    function own(law) {
      return ordered.some(function (d) { return d.meta && d.meta.law === law && d.meta.edition === "2017"; });
    }
    // how many of the query's words the best clause of each law text found holds, read once
    var clauses = new Map();
    ordered.filter(S.textFound).forEach(function (d) { clauses.set(d, S.bestClause(d, reading)); });
    var listed = [], seen = {};
    ordered.forEach(function (d) {
      var meta = d.meta || {}, law = meta.rests_on_title && meta.rests_on;
      if (!law || seen[law] || own(law)) return;
      seen[law] = true;
      var held = S.recordCovered(d, reading);
      var after = ordered.filter(function (o) { return clauses.has(o) && clauses.get(o) >= held; }).pop();
      listed.push({
        before: d,
        after: after && ordered.indexOf(after) > ordered.indexOf(d) ? after : null,
        // the clause the situation cites first where the build holds the law's text, else
        // the law's title page
        item: {
          id: meta.rests_on_unit || law, edition: "2017", url: S.unitUrl("2017", meta.rests_on_unit || law),
          text: [], title: TEXT.law + " " + meta.rests_on_title, kind: meta.rests_on_unit ? "" : TEXT.titlesOnly
        }
      });
    });
    return listed;
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
