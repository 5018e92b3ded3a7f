/* How the site reads a typo, as tools/search/query.py does: the edit distance and its bounds
 * (the spec's typo_bounds), the nearest word of the index's vocabulary (fetched by first letter),
 * and which near words are only other forms of the word typed. Adds to query.js's namespace
 * (window.bridgelawQuery), loaded after it; read by find.js. */
(function (Q) {
  "use strict";

  /** The edit distance of two words (adjacent letters swapped count once), or bound + 1. */
  function distance(a, b, bound) {
    if (Math.abs(a.length - b.length) > bound) return bound + 1;
    var before = [], prev = [], cur;
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
      }
      if (Math.min.apply(null, cur) > bound) return bound + 1;
      before = prev; prev = cur;
    }
    return prev[b.length];
  }

  /** How many wrong letters a folded word of this length may carry and still be corrected. */
  function allowedTypos(w) {
    var bound = 0;
    Q.spec.typo_bounds.some(function (b) { bound = b[1]; return w.length < b[0]; });
    return bound;
  }

  /** How often the texts use a word of the vocabulary (Q.vocabulary: the count, or [count,
   * spelling] for a word the texts spell with diacritics). */
  function count(entry) {
    return Array.isArray(entry) ? entry[0] : entry || 0;
  }

  /** The word as the texts spell it, where it was typed without the diacritics they give it
   * ("reki" -> "ręki"); else as typed. Pagefind stems and scores the two spellings apart, where
   * the CLI's folded index reads them as one. */
  function printed(word, vocabulary) {
    var entry = vocabulary[Q.fold(word)];
    return Array.isArray(entry) && Q.fold(word) === word.toLowerCase() ? entry[1] : word;
  }

  /** The word of the index's vocabulary a mistyped word most likely meant (tools/search/query.py
   * correct: same first letter, as many wrong letters as the spec's typo_bounds allow), or "". */
  function correct(word, vocabulary) {
    var w = Q.fold(word), bound = allowedTypos(w);
    if (!bound || vocabulary[w] || !/^\p{L}+$/u.test(w)) return "";
    var best = null;
    Object.keys(vocabulary).forEach(function (c) {
      if (c.length < 4 || c[0] !== w[0] || Math.abs(c.length - w.length) > bound) return;
      var d = distance(w, c, bound);
      if (d > bound) return;
      var key = [d, -count(vocabulary[c]), c];
      if (!best || key[0] < best[0] || (key[0] === best[0] && (key[1] < best[1] || (key[1] === best[1] && key[2] < best[2])))) best = key;
    });
    return best ? best[2] : "";
  }

  /** Whether the near word `correct` found is a form of the word typed ("wykryte" for
   * "wykryty", "zakazać" for "zakazał"): an inflection the texts do not use, which the CLI knows
   * by its stem and does not call a typo; searched, but not said. Words shorter than
   * FORM_NOT_TYPO are left to the distance: their forms are told apart too loosely ("renos" and
   * "renons" share a beginning). */
  function formOf(word, near) {
    var w = Q.fold(word);
    return w.length >= FORM_NOT_TYPO && Q.sameFolded(near, w);
  }
  var FORM_NOT_TYPO = 6;

  /** The part of the index's vocabulary that `correct` and `printed` read for these words: the
   * build splits it by first letter (tools/site/build.py vocabulary_shards), as a word is only
   * ever read as a word with its own first letter, so only the shards of the words' letters are
   * fetched; a shard that cannot be had corrects and respells nothing. */
  Q.vocabulary = function (root, words) {
    var corrected = words.map(Q.fold).filter(function (w) { return /^\p{L}+$/u.test(w); });
    return Q.shards(root, "vocabulary", Q.spec.vocabulary, corrected, {}).then(function (got) {
      // a shard writes each word as the texts spell it (tools/site/build.py vocabulary_shards):
      // read by its folded form, with its spelling where that differs
      var known = {};
      got.forEach(function (shard) {
        Object.keys(shard).forEach(function (w) {
          var folded = Q.fold(w);
          known[folded] = folded === w ? shard[w] : [shard[w], w];
        });
      });
      return known;
    });
  };

  /** The words of the language among these folded words, as an object: those the build found
   * near the vocabulary (tools/search/words.py) and split by their first two letters
   * (tools/site/build.py language_word_shards; the spec lists the shards that exist). Asked
   * only for words correct() would change: a word of the language stays as typed. */
  Q.languageWords = function (root, words) {
    return Q.shards(root, "words", Q.spec.words, words, [], 2).then(function (lists) {
      var known = Object.create(null);
      lists.forEach(function (list) { list.forEach(function (w) { known[w] = true; }); });
      return known;
    });
  };

  Q.correct = correct;
  Q.printed = printed;
  Q.formOf = formOf;
})(window.bridgelawQuery);
