/* The site search, 2 of 7: reading Pagefind (loaded only when the reader opens the search), its
 * searches kept for the keystrokes after, and their results merged. Loaded after find.js, whose
 * S.find asks through S.searchWords, S.searchBoth and S.merged. */
(function (S) {
  "use strict";

  var ROOT = S.ROOT;
  // Pagefind adds a bonus for query words found in weighted metadata, on top of the body score.
  // `about` holds a law's names in both languages with their folded and inflected forms (see
  // ABOUT in tools/site/pagefind_records.py): the body score saturates on a long law, and without the bonus
  // a long law that uses the words in passing outranks the law they name. The printed `title`
  // gets none: it misses those forms, and its bonus would rank "UPRAWNIENIA DZIADKA" above the
  // law whose name is the other case of the word typed. The other fields are not words, or
  // (rests_on, a situation's law: order.js) name what a page points to, not what it says.
  // first_law_of, the glossary terms a law known by its titles only rests under, is read by
  // order.js, not searched.
  var RANKING = { metaWeights: { about: 3, title: 0, law: 0, edition: 0, target: 0, rests_on: 0, rests_on_title: 0,
    rests_on_unit: 0, cites_laws: 0, first_law_of: 0 } };
  // Fewer results than this for all the words together: rank by the words one by one instead.
  var ENOUGH = 3;

  var pagefind = null;

  /** Pagefind itself, imported once. */
  S.loadPagefind = function () {
    if (!pagefind) {
      pagefind = import(new URL("pagefind/pagefind.js", ROOT).href).then(function (pf) {
        // noWorker: the search runs on the page itself, which saves the 41 KB worker script
        return Promise.resolve(pf.options({ baseUrl: ROOT.pathname, noWorker: true, ranking: RANKING })).then(function () {
          if (pf.init) pf.init();
          return pf;
        });
      }, function (error) {
        pagefind = null; // no signal for a moment: imported again on the next keystroke
        throw error;
      });
    }
    return pagefind;
  };

  // Pagefind reads a word as every word that begins with its stem ("lead": "leader";
  // "rekontra": "rekontrze"), but only among the index chunks already loaded: where those words
  // run on into the next chunk, a query found more after another query had loaded it ("loud"
  // before "declarer led from the wrong hand" put Law 54 first), and answered differently in
  // one visit. The chunks where the words beginning with the word's possible stems end (the
  // word less none to STEM_CUT letters, followed by a letter above every letter the texts
  // use) are loaded before the search, so a query always reads the same words.
  var LAST_FORM = "\u044f\u044f", STEM_CUT = 3, STEM_MIN = 3;

  function stemEnds(words) {
    var ends = [];
    String(words).split(/\s+/).filter(Boolean).forEach(function (w) {
      // a word of fewer than STEM_MIN letters is its own only stem
      for (var cut = 0; cut <= STEM_CUT && (cut === 0 || w.length - cut >= STEM_MIN); cut++) {
        var end = w.slice(0, w.length - cut) + LAST_FORM;
        if (ends.indexOf(end) < 0) ends.push(end);
      }
    });
    return ends;
  }

  /** One Pagefind search: every search Pagefind runs goes through here (a test records them). */
  S.ask = function (pf, words, options) {
    var ends = stemEnds(words);
    return Promise.resolve(ends.length && pf.preload ? pf.preload(ends.join(" ")) : null).then(function () {
      return pf.search(words, options);
    });
  };

  // Searches kept for the keystrokes after: typing on asks again for most of what the keystroke
  // before asked (each word but the last, one by one), and Pagefind would run each anew.
  var kept = new Map(), KEPT_SEARCHES = 200;

  /** S.ask, answered from the searches kept when asked before, with each result read once. */
  function search(pf, words, options) {
    var key = words + "\u0000" + JSON.stringify(options || {}), found = kept.get(key);
    if (!found) {
      if (kept.size >= KEPT_SEARCHES) kept.clear();
      found = Promise.resolve(S.ask(pf, words, options)).then(readOnce);
      // asked again on the next keystroke (unless the searches were let go and asked anew)
      found.catch(function () { if (kept.get(key) === found) kept.delete(key); });
      kept.set(key, found);
    }
    return found;
  }

  // What data() gives of a page that no search changes (its content, anchors, meta, url), and
  // the weight of each word place of it that a search has reported, kept per page: Pagefind's
  // data() builds the page's excerpt and each sub-result's anew, splitting the whole page once
  // per unit, where ranking reads only the units' places (rank.js makes its own snippets).
  var pages = new Map(), KEPT_PAGES = 400;

  /** A page's headings with text, in page order: where Pagefind's sub-results begin. */
  function headingsOf(d) {
    return (d.anchors || []).filter(function (a) {
      return /h\d/i.test(a.element) && a.text && /\S/.test(a.text);
    }).sort(function (a, b) { return a.location - b.location; });
  }

  /** Places grouped by the heading above them (`headings`, headingsOf), as Pagefind's
   * sub-results: the places above the first heading go to the page. */
  function grouped(headings, places) {
    var out = [], current = { weighted_locations: [] }, next = 0;
    places.forEach(function (place) {
      if (next >= headings.length || place.location < headings[next].location) {
        current.weighted_locations.push(place);
        return;
      }
      if (current.weighted_locations.length) out.push(current);
      while (next < headings.length && place.location >= headings[next].location) next++;
      current = { anchor: headings[next - 1], weighted_locations: [place] };
    });
    if (current.weighted_locations.length) out.push(current);
    return out;
  }

  /** A page's places grouped as Pagefind's sub-results (a test compares them with Pagefind's). */
  S.subResults = function (d, places) { return grouped(headingsOf(d), places); };

  /** A result's data: Pagefind's the first time a page is read or where the result holds a
   * place whose weight no search of the page has reported yet, else made from the page kept
   * and the result's places (`words`) with the same sub-results. */
  function pageData(r, read) {
    var page = pages.get(r.id), at = r.words;
    if (page && at && at.every(function (l) { return l in page.weights; })) {
      var places = at.map(function (l) { return { location: l, weight: page.weights[l] }; });
      return Promise.resolve(Object.assign({}, page.data,
        { weighted_locations: places, locations: at.slice(), sub_results: grouped(page.headings, places) }));
    }
    return read.call(r).then(function (d) {
      if (!page) {
        if (pages.size >= KEPT_PAGES) pages.clear();
        pages.set(r.id, page = { data: Object.assign({}, d), headings: headingsOf(d), weights: Object.create(null) });
      }
      (d.weighted_locations || []).forEach(function (l) { page.weights[l.location] = l.weight; });
      return Object.assign({}, d);
    });
  }

  /** The results with each one's data() read once (pageData): a page is read by several
   * searches of one query and by the keystrokes after. A copy is kept, as Pagefind rewrites
   * the sub-results of its one object per page on the next call. */
  function readOnce(found) {
    ((found && found.results) || []).forEach(function (r) {
      var read = r.data, got = null;
      r.data = function () {
        if (!got) {
          got = pageData(r, read);
          got.catch(function () { got = null; }); // a fragment not to be had now: read again
        }
        return got;
      };
    });
    return found;
  }

  /** Results for all the words `together`; when too few pages hold them all (or `together` is
   * null), every page holding any of the words `single` (query.js lawWords may read more words
   * one by one than together), ranked by the sum of its scores word by word (a page with more
   * of them comes first). */
  function searchWords(pf, together, single, options) {
    return (together ? search(pf, together.join(" "), options) : Promise.resolve(null)).then(function (found) {
      if (found && (together.length < 2 || found.results.length >= ENOUGH)) return found.results;
      return Promise.all(single.map(function (w) { return search(pf, w, options); })).then(function (each) {
        return merged(each.map(function (one) { return one ? one.results : []; }));
      });
    });
  }

  /** Several searches' results as one list, best first: a page found by more of them adds up
   * their scores, and its data their matches (mergedData). */
  function merged(lists) {
    var byId = {}, order = [];
    lists.forEach(function (results) {
      (results || []).forEach(function (r) {
        if (!byId[r.id]) { byId[r.id] = { id: r.id, score: 0, parts: [] }; order.push(r.id); }
        byId[r.id].score += r.score;
        byId[r.id].parts.push(r);
      });
    });
    return order.map(function (id) { var m = byId[id]; m.data = function () { return mergedData(m.parts); }; return m; })
      .sort(function (a, b) { return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
  }

  /** Results for the words typed and, when an English query named glossary terms, for their
   * Polish words too (no page holds both): a page found by both adds up its two scores and
   * matches, so the Polish text that answers stands among the English titles that name it. */
  function searchBoth(pf, words, polish, single) {
    if (!polish.length) return searchWords(pf, words, single);
    return Promise.all([searchWords(pf, words, single), searchWords(pf, polish, polish)]).then(merged);
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

  S.searchWords = searchWords;
  S.searchBoth = searchBoth;
  S.merged = merged;
})(window.bridgelawSearch = window.bridgelawSearch || {});
