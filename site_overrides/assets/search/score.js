/* The site search, 3 of 7: what ranking reads of a law record, and the score of each of its
 * units from the places Pagefind matched, by the CLI's BM25 (tools/search/score.py): a unit's
 * own titles, the titles above it and its text, each a field with its role's weight. */
(function (S) {
  "use strict";

  var Q = window.bridgelawQuery;
  var fold = Q.fold;
  // How hits are ranked, the CLI's rules (tools/search/rank.py, in the spec as "ranking"):
  // per_law, a law's best units shown; near_best, units scoring this share of a law's best are
  // shown in the law's order; coverage_weight, page_lift_weight and other_laws_share, how a
  // page's score is weighed by the query's words it holds and a law lifted by the situations
  // resting on it (order.js currentFirst); roles, k1 and b, a unit's fields' weights and BM25's
  // constants (score.py ROLE_WEIGHTS and TermScores).
  function rule(name) { return Q.spec.ranking[name]; }
  S.rule = rule;

  /** Whether `other` is a unit inside `id` ("64A1" in "64A"; "64B10" is not in "64B1"), as
   * is_inside in tools/normalize/citation_id.py: the one rule (assets/bridgelaw/ids.js). */
  S.below = window.bridgelawIds.isInside;

  /** A text word folded, without the punctuation around it ("renonsu)" -> "renonsu"); each
   * once, as query.js folds (query.js perWord). */
  var bare = S.bare = Q.perWord(function (word) { return fold(word.replace(/[^\p{L}\p{N}]/gu, "")); });

  /** A record's content split at white space, as Pagefind counts word locations, with each
   * word folded (`bare`), and what ranking reads of the record on each page that no query
   * changes (`pages`: its words, its units as items but for their places): kept by the
   * content, as every keystroke's search returns new records of the same pages (a law's whole
   * text is long). */
  var contentKept = new Map();
  S.splitContent = function (content) {
    var kept = contentKept.get(content || "");
    if (!kept) {
      var words = (content || "").split(/[\r\n\s]+/g);
      kept = { words: words, folded: words.map(bare), pages: Object.create(null) };
      if (contentKept.size >= 256) contentKept.clear();
      contentKept.set(content || "", kept);
    }
    return kept;
  };

  /** What ranking keeps of a record on its page (S.splitContent's `pages`). */
  S.keptFor = function (d) {
    var pages = S.splitContent(d.content).pages, page = String((d.meta && d.meta.target) || d.url);
    return pages[page] || (pages[page] = { units: Object.create(null) });
  };

  /** How many of the query's words (`reading`: the words typed, the glossary terms they
   * name in Polish, query.js translate, and the law's terms for the players' words among them,
   * query.js synonymTerms) a text holds in some form; `folded`, its words folded (`bare`).
   * Each distinct word is compared once per query word: a law's whole text is long. */
  S.coverage = function (folded, reading) {
    var set = wordSet(folded), known = set.known;
    return Q.covers(function (q) {
      var f = fold(q);
      if (!(f in known)) known[f] = !!set.forms[f] || set.unique.some(function (w) { return Q.sameFolded(w, f); });
      return known[f];
    }, reading.words, reading.terms.concat(reading.synonyms || []), reading.negated);
  };

  /** A text's distinct words, and whether each query word asked about was a form of one of
   * them, kept with the text's word list: typing on asks about the same words again. */
  var wordSets = new WeakMap();
  function wordSet(folded) {
    var set = wordSets.get(folded);
    if (!set) {
      var forms = Object.create(null);
      folded.forEach(function (f) { if (f) forms[f] = true; });
      set = { forms: forms, unique: Object.keys(forms), known: Object.create(null) };
      wordSets.set(folded, set);
    }
    return set;
  }

  /** BM25's share for `n` places of one word in a field `length` words long, `average` the
   * usual length (no length norm when not given): a word said again counts less each time. */
  function saturated(n, length, average) {
    var k1 = rule("k1"), b = rule("b");
    return n * (k1 + 1) / (n + (average ? k1 * (1 - b + b * length / average) : k1));
  }

  /** A field's score as the CLI's (score.py TermScores): its places counted per query word
   * they are a form of (`wordOf`), each word saturated and weighed by its rarity (`rarity`),
   * times the field's role weight. */
  function fieldScore(places, role, wordOf, rarity, length, average) {
    var counts = Object.create(null);
    places.forEach(function (l) { var k = wordOf(l.location); counts[k] = (counts[k] || 0) + 1; });
    var weight = rule("roles")[role];
    return Object.keys(counts).reduce(function (sum, k) {
      return sum + weight * rarity(k) * saturated(counts[k], length, average);
    }, 0);
  }

  /** Whether Pagefind matched a word in a title (a heading or a weighted title copy, weighted
   * above body text, tools/site/pagefind_records.py; on the law's own row also its names and
   * glossary terms) rather than in the text. */
  function inTitle(place) { return place.weight > 1; }

  /** Sets each unit's `score` (`items`, the units of law record `d` Pagefind matched, each
   * with its id, its own words `text` and Pagefind's `places`) for the query's words
   * (`reading`): its own titles, the titles of the units above it (not the law's: every unit
   * has it) and its text, measured against `average`, the length of the law's texts. */
  S.scoreUnits = function (d, items, reading, average) {
    if (rule("k1") == null) {
      // an older spec, cached: Pagefind's scores of the places summed, as that spec's box did
      items.forEach(function (item) {
        item.score = item.places.reduce(function (sum, l) { return sum + l.balanced_score; }, 0);
      });
      return;
    }
    var meta = d.meta || {}, folded = S.splitContent(d.content).folded;
    // a place's word, read as the query word it is a form of: a word said in two forms
    // ("karta", "kartę") is one word said twice; Pagefind also matches a longer word by the
    // query word it begins with ("wistujący" for "wist"), read as that word
    var queries = reading.words.concat.apply(reading.words, reading.terms.concat(reading.synonyms || [])
      .map(function (t) { return t.words; })).map(fold);
    var keys = Object.create(null);
    function wordOf(location) {
      var f = folded[location] || "";
      if (!(f in keys)) {
        keys[f] = queries.find(function (q) { return Q.sameFolded(f, q); }) ||
          queries.find(function (q) { return f.indexOf(q) === 0; }) || f;
      }
      return keys[f];
    }
    // a word's rarity among the law's units (BM25's idf): a word every clause of the law says
    // ("renons" in Law 64) tells its clauses apart less than one only a few say; a unit's
    // score only orders the units of its law (the laws go by the words their clauses hold,
    // S.items), and Pagefind gives no counts per unit of its own
    var count = (d.anchors || []).filter(function (a) { return a.id; }).length || 1;
    var holding = Object.create(null), headings = {};
    items.forEach(function (item) {
      var seen = Object.create(null);
      item.places.forEach(function (l) { seen[wordOf(l.location)] = true; });
      Object.keys(seen).forEach(function (k) { holding[k] = (holding[k] || 0) + 1; });
      headings[item.id] = item.places.filter(inTitle); // read by the units inside it
    });
    function rarity(k) { var n = holding[k] || 0; return Math.log(1 + (count - n + 0.5) / (n + 0.5)); }
    // a title holding every word the law was matched by, when several, weighs more (the CLI's
    // ALL_WORDS_BONUS, score.py score_query)
    var matched = Object.keys(holding);
    function allWords(places) {
      var held = Object.create(null);
      places.forEach(function (l) { held[wordOf(l.location)] = true; });
      return matched.length > 1 && matched.every(function (k) { return held[k]; });
    }
    items.forEach(function (item) {
      var above = Object.keys(headings).filter(function (id) { return id !== meta.law && S.below(id, item.id); })
        .reduce(function (all, id) { return all.concat(headings[id]); }, []);
      var bonus = allWords(headings[item.id]) ? 1 + rule("all_words_bonus") : 1;
      item.score = bonus * fieldScore(headings[item.id], "title", wordOf, rarity) +
        fieldScore(above, "parent", wordOf, rarity) +
        fieldScore(item.places.filter(function (l) { return !inTitle(l); }), "body", wordOf, rarity, item.text.length, average);
    });
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
