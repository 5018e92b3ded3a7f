/* How every engine on the site reads a query, written once (tools/search/query.py writes the spec:
 * build/search_spec.json, of which tools/site/build.py copies what the scripts read to
 * assets/search/spec-<lang>.json): folding, function and question words, players' words, table
 * talk ("12" -> "dwunastej"), typos against the index's vocabulary
 * (assets/search/vocabulary-<letter>.json; typos.js) and the query limit; which words are
 * forms of one word is forms.js. Both add to this file's namespace, loaded after it. The
 * players' words (synonyms-<lang>-<letter>.json) and the glossary's term pairs
 * (translations-<letter>.json) are split by first letter, as the vocabulary is.
 * Read by the search box's scripts (find.js, score.js, rank.js, order.js, cite.js, search.js) and the wizard's filter
 * (assets/wizard/match.js). */
(function () {
  "use strict";

  var Q = { spec: null, loading: null };
  var LANG = window.bridgelawSite.lang; // assets/bridgelaw/paths.js

  var fetched = {};
  /** A JSON file of the site, fetched once (again after a failure): every caller meanwhile
   * gets the same promise. */
  Q.json = function (root, path) {
    var url = new URL(path, root).href;
    if (!fetched[url]) {
      fetched[url] = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).catch(function (error) {
        delete fetched[url]; // a request that failed (no signal) is made again next time
        throw error;
      });
    }
    return fetched[url];
  };

  /** The page language's spec, fetched once from the site root (again after a failure). */
  Q.load = function (root) {
    if (!Q.loading) {
      Q.loading = Q.json(root, "assets/search/spec-" + LANG + ".json").then(function (data) {
        var stops = {};
        data.stops.pl.concat(data.stops.en).forEach(function (w) { stops[w] = true; });
        data.stops = stops;
        // each table-talk form with the general word it stands for (the spec lists them the
        // other way round, which is smaller)
        var jargonOf = {};
        Object.keys(data.jargon || {}).forEach(function (general) {
          data.jargon[general].forEach(function (form) { jargonOf[form] = general; });
        });
        data.jargonOf = jargonOf;
        Q.spec = data;
        return data;
      }, function (error) {
        Q.loading = null; // asked for again on the next keystroke
        throw error;
      });
    }
    return Q.loading;
  };

  /** `compute(word)` kept per word, for up to KEPT words: a search folds every word of the law
   * records it reads, on every keystroke, and the records share their words. Kept only once the
   * spec has arrived: its letters (fold_extra) change what folding gives. */
  function perWord(compute) {
    var kept = new Map();
    return function (word) {
      var key = String(word), known = kept.get(key);
      if (known !== undefined) return known;
      known = compute(key);
      if (Q.spec && kept.size < KEPT) kept.set(key, known);
      return known;
    };
  }
  var KEPT = 100000;

  /** The word lowercased with diacritics removed (ł -> l too), as tools/search/analysis.py folds. */
  var fold = perWord(function (word) {
    var letters = (Q.spec && Q.spec.fold_extra) || { "ł": "l", "Ł": "L" };
    var out = "";
    for (var ch of word) out += letters[ch] || ch;
    return out.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  });

  /** The query's content words: function and question words left out, unless nothing else;
   * what an apostrophe leaves of a word ("declarer's") always (the spec's pieces, read_query). */
  function contentWords(query) {
    var pieces = Q.spec.pieces || [];
    var words = (query.match(/[\p{L}\p{N}]+/gu) || []).filter(function (w) { return pieces.indexOf(w.toLowerCase()) < 0; });
    var kept = words.filter(function (w) { return !Q.spec.stops[fold(w)]; });
    return kept.length ? kept : words;
  }

  // each headword with its forms, of the synonyms' shards fetched so far (Q.synonyms): a
  // form is read only when the query holds its words, so a shard of other letters names nothing
  var synonymForms = {}, headwords = [], merged = {};

  /** The glossary variants in players' words that the query names, as synonym_namings in
   * tools/search/synonyms.py: each {naming: the words typed that name it, term: its headword,
   * words: the headword's content words}, a headword once, by the first of its forms whose
   * every word the query holds ("karta karna" names "karta przygwożdżona"). */
  function synonymTerms(words, negated) {
    var named = [], same = formsOfOneWord();
    // a word typed after "nie" names only a form that negates it too (synonyms.py read_words)
    var read = words.map(function (w) { return Q.joinedOf(negated, w) || w; });
    // a form none of whose words' initials the query lacks (two forms of one word share it)
    var initials = Object.create(null);
    read.forEach(function (w) { initials[Q.initialOf(w)] = true; });
    headwords.forEach(function (headword) {
      synonymForms[headword].some(function (form) {
        var parts = partsOfForm(form);
        if (!parts.length || !parts.initials.every(function (c) { return initials[c]; })) return false;
        var at = parts.map(function (p) { return read.findIndex(function (w) { return same(w, p); }); });
        if (at.some(function (i) { return i < 0; })) return false;
        named.push({
          // every word typed that is a form of one of the variant's words, as the CLI counts
          naming: words.filter(function (w, i) {
            return words.indexOf(w) === i && parts.some(function (p) { return same(read[i], p); });
          }),
          term: headword,
          words: headword.split(/\s+/).filter(function (w) { return !Q.spec.stops[fold(w)]; })
        });
        return true;
      });
    });
    return named;
  }

  /** A players' form's content words, and their initials, made once per form. */
  var formParts = new Map();
  function partsOfForm(form) {
    var parts = formParts.get(form);
    if (!parts) {
      parts = Q.withNegations(form.split(/\s+/)).filter(function (w) { return w && !Q.spec.stops[w]; });
      parts.initials = parts.map(Q.initialOf);
      formParts.set(form, parts);
    }
    return parts;
  }

  /** How a word typed and a word of a players' form (of the page's language: the shards are
   * per language) are one word's forms, as the CLI's stems of that language meet: English by
   * its inflections (Q.inflects), not by the Polish endings of Q.sameWord, which make "under"
   * a form of "underbid". */
  function formsOfOneWord() {
    if (LANG !== "en") return Q.sameWord;
    return function (w, p) { return Q.inflects(fold(w), fold(p)); };
  }

  /** Players' words as the law says them: a glossary variant whose every word the query holds
   * ("karta karna") is replaced by its headword ("karta przygwożdżona"), as tools/search/query.py
   * adds the headword, and a table-talk word by the general words it stands for ("12" ->
   * "dwunastej", tools/search/jargon.py); Pagefind wants every word, so there the variant's
   * words give way (`keep` keeps them beside the headword: a filter that counts the words found).
   * Variants are read in the words typed only, as the CLI reads them: a headword added is not
   * read again as a variant of another term. `named`: synonymTerms(words), when the caller
   * has it already. */
  function lawWords(words, keep, named, whole) {
    var given = {}, added = [];
    (named || synonymTerms(words)).forEach(function (t) {
      // a variant typed as part of its headword ("renons" of "fałszywy renons") finds every
      // page holding the headword as typed: Pagefind is asked nothing more for all the words
      // together, which would only leave out the pages holding the variant alone and load one
      // more index chunk per word; read one by one (`whole`), each word of the headword counts
      if (!keep && !whole && t.naming.every(function (w) { return t.words.indexOf(w) >= 0; })) return;
      if (!keep) t.naming.forEach(function (w) { given[words.indexOf(w)] = true; });
      added = added.concat(t.words);
    });
    words.forEach(function (w, i) {
      var general = jargonWords([w]);
      if (!general.length) return;
      if (!keep) given[i] = true;
      added = added.concat(general);
    });
    var out = words.filter(function (w, i) { return !given[i]; }).concat(added);
    return out.filter(function (w, i, all) { return all.indexOf(w) === i; });
  }

  /** The general words the table-talk words among `words` stand for in the page's language
   * ("12" -> "dwunastej"; JARGON in tools/search/jargon.py), as the CLI adds them to a query. */
  function jargonWords(words) {
    return words.map(function (w) { return Q.spec.jargonOf[fold(w)]; }).filter(Boolean);
  }

  /** The glossary terms and word pairs an English query names, as the Polish law text says them
   * (`rows`, the pairs Q.translations fetched; named_terms in tools/search/engine.py): a term is named
   * when the query holds every word of one of its English forms; each is {naming: the query's
   * words that name it, term: its Polish headword, words: the headword's content words}
   * ("revoke on the twelfth trick" names "fałszywy renons" by "revoke", "lewa" by "trick" ...).
   * The Polish text is what the build has: a Polish query names nothing here. */
  function translate(words, rows) {
    var folded = words.map(fold), chosen = {};
    function partsOf(row) { return row[0].split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w && !Q.spec.stops[w]; }); }
    // a glossary form's word is named in any of its English inflections (Q.inflects); a word
    // pair's row (its third item) lists every inflection and is matched as typed
    function names(row, i, p) { return row[2] ? folded[i] === p : Q.inflects(folded[i], p); }
    (rows || []).forEach(function (row, at) {
      var parts = partsOf(row), had = chosen[row[1]];
      if (!parts.length || had && had.parts.length <= parts.length) return;
      if (!parts.every(function (p) { return words.some(function (w, i) { return names(row, i, p); }); })) return;
      // of a term's forms the query names, the one of fewest words says what it named, as the
      // CLI reads the first form named, the headword before its variants ("suit", not "suit
      // led", in "the lead of the suit": "lead" names the lead there)
      chosen[row[1]] = { at: had ? had.at : at, row: row, parts: parts };
    });
    return Object.keys(chosen).map(function (k) { return chosen[k]; })
      .sort(function (a, b) { return a.at - b.at; })
      .map(function (one) {
        return {
          naming: words.filter(function (w, i) { return one.parts.some(function (p) { return names(one.row, i, p); }); }),
          term: one.row[1],
          words: one.row[1].split(/\s+/).filter(function (w) { return !Q.spec.stops[fold(w)]; })
        };
      });
  }

  /** Whether term `t` is read as part of term `o` (translate's terms): `o` is named by more of
   * the query's words, all of t's among them ("both" in "both sides"); the CLI keeps the
   * longest terms the same way (tools/search/engine.py). */
  function inside(t, o) {
    return o.naming.length > t.naming.length && t.naming.every(function (w) { return o.naming.indexOf(w) >= 0; });
  }

  /** How many of the typed words a text holds (`has(word)`: whether it holds a form of the
   * word): the word, the word it makes after "nie" (`negated`, negatedWords: "nazwał" ->
   * "nienazwał"), a general word it stands for as table talk ("12" -> "dwunastej"), or a
   * glossary term it names (`terms`: translate's, or synonymTerms' for players' words) whose
   * every word it holds, as found_docs in tools/search/engine.py counts them. */
  function covers(has, typed, terms, negated) {
    return typed.filter(function (q) {
      var joined = Q.joinedOf(negated, q);
      return has(q) || (!!joined && has(joined)) || jargonWords([q]).some(has) || (terms || []).some(function (t) {
        return t.naming.indexOf(q) >= 0 && t.words.every(has);
      });
    }).length;
  }

  /** The names of the shards (the hex code points of a word's first `letters` letters, one by
   * default, joined by "-") that the folded words name, of those the spec lists. */
  function shardKeys(listed, folded, letters) {
    var keys = [];
    folded.forEach(function (w) {
      var key = Array.from(w || "").slice(0, letters || 1)
        .map(function (c) { return c.codePointAt(0).toString(16); }).join("-");
      if (key && keys.indexOf(key) < 0 && (listed || []).indexOf(key) >= 0) keys.push(key);
    });
    return keys;
  }

  /** The shards of a table the build splits by first letter (tools/site/build.py: name-<hex>.json;
   * by the first `letters` letters: name-<hex>-<hex>.json) that the folded words name, of those
   * the spec lists (`listed`), each fetched once; a shard that cannot be had reads as `empty`. */
  function shards(root, name, listed, folded, empty, letters) {
    return Promise.all(shardKeys(listed, folded, letters).map(function (key) {
      return Q.json(root, "assets/search/" + name + "-" + key + ".json").catch(function () { return empty; });
    }));
  }

  /** The glossary's term pairs and the word pairs `translate` reads for these words: the build splits them by the
   * first letter of a form's first content word (tools/site/build.py translation_shards), which the
   * query must hold, so only the shards of the words' letters are fetched (none on a page
   * whose spec lists none). */
  Q.translations = function (root, words) {
    return shards(root, "translations", Q.spec.translations, words.map(fold), []).then(function (got) {
      return [].concat.apply([], got).sort();
    });
  };

  /** The players' words `synonymTerms` reads for these words: the build splits them by the first
   * letter of a form's first content word (tools/site/build.py synonym_shards), which the query
   * must hold in some form, so only the shards of the words' letters are fetched; a shard that
   * cannot be had names nothing. Resolves to whether a shard of the words' letters was not read
   * yet when asked for (a query read before then lacked it). */
  Q.synonyms = function (root, words) {
    var folded = words.map(fold), keys = shardKeys(Q.spec.synonyms, folded);
    var missing = keys.some(function (key) { return !merged[key]; });
    return shards(root, "synonyms-" + LANG, Q.spec.synonyms, folded, null).then(function (got) {
      var added = got.filter(function (table, i) {
        if (!table || merged[keys[i]]) return false; // a shard that failed is asked for again
        merged[keys[i]] = true;
        Object.keys(table).forEach(function (headword) {
          var forms = (synonymForms[headword] || []).concat(table[headword]);
          synonymForms[headword] = forms.filter(function (f, j) { return forms.indexOf(f) === j; }).sort();
        });
        return true;
      });
      if (added.length) headwords = Object.keys(synonymForms).sort();
      return missing;
    });
  };

  /** The spec, and the players' words of the query's letters (Q.synonyms): what the wizard's
   * filter reads a query by, as the search box does. Resolves to whether either arrived only
   * now, so the query reads differently than before. */
  Q.prepare = function (root, query) {
    var before = Q.spec;
    return Q.load(root).then(function () { return Q.synonyms(root, contentWords(query)); })
      .then(function (added) { return added || !before; });
  };

  Q.shards = shards;
  Q.fold = fold;
  Q.perWord = perWord;
  Q.contentWords = contentWords;
  Q.synonymTerms = synonymTerms;
  Q.lawWords = lawWords;
  Q.jargonWords = jargonWords;
  Q.translate = translate;
  Q.inside = inside;
  Q.covers = covers;
  window.bridgelawQuery = Q;
})();
