/* Which words are forms of one word, as the site reads them (the CLI's stems and verb roots:
 * tools/search/analysis.py): the same beginning with a short ending, English inflections, and
 * the word after "nie" joined to it. Adds to query.js's namespace (window.bridgelawQuery),
 * loaded after it and before typos.js; read by query.js, the search box and the wizard's filter. */
(function (Q) {
  "use strict";

  var fold = Q.fold;

  /** The words, each one right after the spec's negation ("nie") joined to it ("nie", "nazwał"
   * -> "nie", "nienazwał"), unless it is a stop word itself: with_negations in
   * tools/search/analysis.py, which says why. An older cached spec has no negation. */
  function withNegations(words) {
    var not = Q.spec.negation;
    return words.map(function (w, i) {
      var after = !!not && i > 0 && fold(words[i - 1]) === not;
      return after && /^\p{L}+$/u.test(w) && !Q.spec.stops[fold(w)] ? not + w : w;
    });
  }

  /** Each word of the query typed after "nie", lowercase, with the word they make joined
   * ("nazwał" -> "nienazwał"): a text holding that answers the word too (negated_words and the
   * CLI's Query.negated). */
  function negatedWords(query) {
    var words = (query.match(/[\p{L}\p{N}]+/gu) || []).map(function (w) { return w.toLowerCase(); });
    var out = Object.create(null);
    withNegations(words).forEach(function (joined, i) { if (joined !== words[i]) out[words[i]] = joined; });
    return out;
  }

  /** The word `word` makes after "nie" (`negated`, negatedWords), or "" when it was not typed so. */
  function joinedOf(negated, word) {
    var w = String(word).toLowerCase();
    return negated && Object.prototype.hasOwnProperty.call(negated, w) ? negated[w] : "";
  }

  /** Whether two words are forms of one word: the same folded word, or the same beginning
   * (four letters, five from six-letter words) with lengths at most ENDING apart and at most
   * LEFT_OVER letters of each past their common beginning ("dziadek", "dziadkami", "karta",
   * "karty"; not "kolega", "kolejność"; not "rozgrywający", "rozgrywce"); a beginning that is
   * only one of the PREFIXES of verbs is not enough ("przez", "przenosi"; "przed", "przepisu"). */
  var ENDING = 3, LEFT_OVER = 4, PREFIXES = ["prze", "przy"];
  function sameWord(a, b) { return sameFolded(fold(a), fold(b)); }

  /** The verb a folded irregular English form is a form of ("lost" -> "lose": the spec's
   * "irregular", ENGLISH_IRREGULAR in tools/search/analysis.py), else "". */
  function irregular(folded) {
    var table = Q.spec && Q.spec.irregular;
    return table && Object.prototype.hasOwnProperty.call(table, folded) ? table[folded] : "";
  }

  /** The verb of a word typed in an irregular form ("Lost" -> "lose"), else the word as typed. */
  function verbOf(w) { return irregular(fold(String(w))) || w; }

  /** A folded word without an English inflection (-ing, -ed, -es, -s, -ied as -y), a doubled
   * last consonant made single ("bidding" -> "bid"), an irregular form as its verb; the word
   * itself when none is found. */
  function englishBase(w) {
    var verb = irregular(w);
    if (verb) return verb;
    var base = w.replace(/ied$/, "y").replace(/(ing|ed|es|s)$/, "");
    if (base === w || base.length < 3 || /ss$/.test(w) && base === w.slice(0, -1)) return w;
    return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ss|ll)$/.test(base) ? base.slice(0, -1) : base;
  }

  /** sameWord for words already folded. */
  function sameFolded(x, y) {
    if (x === y) return true;
    // every rule below needs the first letter in common: most pairs asked (every form of the
    // glossary against every word typed) end here, before the English bases are made
    if (x.charAt(0) !== y.charAt(0)) return false;
    // two words after "nie" are forms of one word when what follows it is ("nienazwana",
    // "nienazwal"; not "niewie", "niewielki"): the CLI's stems keep the particle apart
    var not = Q.spec && Q.spec.negation;
    if (not && x.slice(0, not.length) === not && y.slice(0, not.length) === not) {
      return sameFolded(x.slice(not.length), y.slice(not.length));
    }
    var a = englishBase(x), b = englishBase(y);
    // English inflections of one word ("ask", "asking"; "bids", "bid"; "passed", "passing"),
    // which the CLI's English stems make one (analysis.py) and the rule below, of Polish
    // endings past four letters, does not
    if (a.length >= 3 && (a === b || a + "e" === b || a === b + "e")) return true;
    var shorter = Math.min(x.length, y.length);
    if (shorter < 4) return false;
    if (Math.max(x.length, y.length) - shorter > ENDING) return false;
    var n = shorter < 6 ? 4 : Math.max(5, shorter - 2), p = 0;
    while (p < shorter && x[p] === y[p]) p++;
    if (p < n) return false;
    // a verb's prefix in common is no evidence: "przez" and "przenosi" share only "prze"
    if (p < 5 && PREFIXES.indexOf(x.slice(0, p)) >= 0) return false;
    return x.length - p <= LEFT_OVER && y.length - p <= LEFT_OVER;
  }

  /** Whether two folded English words are one word's forms, as their Snowball stems meet on
   * the CLI: the same but for an ending of the spec's "inflections", or, after the shorter
   * drops a final e or y, an ending that letter gives way to ("revoked", "penalties",
   * "conceding"; not "players" for "play", nor "pary" for "pard"). */
  function inflects(a, b) {
    var rule = Q.spec.inflections;
    a = irregular(a) || a;
    b = irregular(b) || b;
    if (a === b) return true;
    if (!rule) return a[0] === b[0] && sameWord(a, b); // an older spec
    var s = a.length <= b.length ? a : b, l = s === a ? b : a, last = s.slice(-1);
    function ends(base, endings) {
      return l.indexOf(base) === 0 && endings.indexOf(l.slice(base.length)) >= 0;
    }
    // a spec of the round before lists no endings per dropped letter: any of "endings" follows
    var after = rule.after_dropped ? rule.after_dropped[last] : rule.endings;
    var drops = s.length > 3 && rule.dropped.indexOf(last) >= 0 && !!after;
    return s.length >= 3 && (ends(s, rule.endings) || (drops && ends(s.slice(0, -1), after)));
  }

  /** The letter every form of a word begins with, as the pages' language compares them
   * (query.js formsOfOneWord): the folded word's first (sameFolded), in English its verb's where
   * the form is irregular (inflects: "went" of "go"). */
  function initialOf(word) {
    var folded = fold(word);
    return (window.bridgelawSite.lang === "en" ? verbOf(folded) : folded).charAt(0);
  }

  Q.initialOf = initialOf;
  Q.withNegations = withNegations;
  Q.negatedWords = negatedWords;
  Q.joinedOf = joinedOf;
  Q.sameWord = sameWord;
  Q.sameFolded = sameFolded;
  Q.inflects = inflects;
  Q.verbOf = verbOf;
})(window.bridgelawQuery);
