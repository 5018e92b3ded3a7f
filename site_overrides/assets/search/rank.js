/* The site search, 4 of 7: Pagefind's answers ranked into the result items the box shows, by
 * the CLI's rules (tools/search/rank.py), the pages in order.js's order. Words are shown as
 * text (textContent), never as HTML. */
(function (S) {
  "use strict";

  var ROOT = S.ROOT, TEXT = S.TEXT, el = S.el, SITE = S.SITE;
  var Q = window.bridgelawQuery;
  var fold = Q.fold, rule = S.rule, below = S.below, bare = S.bare, splitContent = S.splitContent;
  var coverage = S.coverage, keptFor = S.keptFor;
  // starts a unit's folded copy inside a law record (FOLDED_MARK in
  // tools/site/pagefind_records.py, in the spec as "folded_mark")
  function foldedMark() { return Q.spec.folded_mark; }

  /** `compute(record, reading)` kept per record for the reading last given: find.js asks
   * about a record before the box shows it, for the same reading. */
  function perReading(compute) {
    var kept = new WeakMap();
    return function (d, reading) {
      var last = kept.get(d);
      if (!last || last.reading !== reading) {
        last = { reading: reading, value: compute(d, reading) };
        kept.set(d, last);
      }
      return last.value;
    };
  }

  /** How many of the query's words a law record holds in some form, its names included (a
   * law's titles in both languages); counted once per record and reading, as a law's whole
   * text is long. */
  S.recordCovered = perReading(function (d, reading) {
    var words = keptFor(d).record;
    if (!words) {
      var about = ((d.meta && d.meta.about) || "").split(/[\r\n\s]+/g).map(bare);
      words = keptFor(d).record = splitContent(d.content).folded.concat(about);
    }
    return coverage(words, reading);
  });

  function siteUrl(path) {
    // Pagefind may return "/laws/..." or "laws/...": both are relative to the site root here.
    var rel = String(path);
    if (rel.indexOf(ROOT.pathname) === 0) rel = rel.slice(ROOT.pathname.length);
    return new URL(rel.replace(/^\/+/, ""), ROOT).href;
  }

  /** Whether a text word is a form of a query word: same folded stem, allowing for endings. */
  function isFormOf(word, queries) {
    var f = bare(word);
    return !!f && queries.some(function (q) { return Q.sameWord(f, q); });
  }

  // a law record's text sets a cross-reference off by spaces ("przepis 64C ), jeżeli:";
  // cell_text in tools/site/pagefind_laws.py): a word that opens with closing punctuation is
  // shown joined to the word before it, as the law page has it
  var CLOSES = /^[).,;:!?\]]/;

  /** The gap shown before the i-th word shown, `word`. */
  function gapBefore(word, i) { return i && !CLOSES.test(word) ? " " : ""; }

  /** Words as one line of text, spaced as the law page has them. */
  function spaced(words) {
    return words.map(function (w, i) { return gapBefore(w, i) + w; }).join("");
  }

  /** A snippet from a unit's own words (a law record's content also holds the folded copy
   * and the weighted titles, the spec's marks, tools/site/pagefind_records.py, which must not show). The
   * window starts a few words before the first match. */
  function ownExcerpt(text, words) {
    var queries = words.map(fold);
    var first = text.findIndex(function (w) { return isFormOf(w, queries); });
    var start = Math.max(0, (first < 0 ? 0 : first) - 6), end = Math.min(text.length, start + 30);
    var out = document.createDocumentFragment();
    var plain = start > 0 ? "… " : ""; // runs of unmarked words go in as one text node
    text.slice(start, end).forEach(function (w, i) {
      var gap = gapBefore(w, i);
      if (!isFormOf(w, queries)) { plain += gap + w; return; }
      if (plain + gap) out.appendChild(document.createTextNode(plain + gap));
      out.appendChild(el("mark", {}, w));
      plain = "";
    });
    if (end < text.length) plain += " …";
    if (plain) out.appendChild(document.createTextNode(plain));
    return out;
  }

  /** A page other than a law's as one result item; its hidden folded copy (after the
   * FOLDED_MARK) stays out of the snippet. */
  function pageItem(d, words) {
    var content = (d.content || "").split(/[\r\n\s]+/g);
    var end = content.indexOf(foldedMark());
    var url = siteUrl(d.url);
    // the page's section ("situations/..." or "en/situations/...") says what kind of page it is
    var section = SITE.bare(url.slice(ROOT.href.length)).split("/")[0];
    return {
      id: "", edition: "", kind: TEXT.kinds[section] || "", title: (d.meta && d.meta.title) || d.url,
      url: url, excerpt: function () { return ownExcerpt(end < 0 ? content : content.slice(0, end), words); }
    };
  }

  /** Where a unit's own words lie in its record's content (split at white space): from the
   * end of its heading ("64B3" and its title) to the FOLDED_MARK that closes them. */
  function unitSpan(content, anchor) {
    var start = anchor.location + anchor.text.trim().split(/\s+/).length;
    var end = content.indexOf(foldedMark(), start);
    return [start, end < 0 ? content.length : end];
  }

  /** The words of a unit's heading after its id ("82C Błąd sędziego" -> Błąd, sędziego). */
  function headingWords(anchor) { return anchor.text.trim().split(/\s+/).slice(1); }

  /** What a law record says of its units, whatever the query, made once per record
   * (keptFor): every unit's own words (its anchor is in the record's data, matched or not),
   * the units whose text leads into their items, the law's title and page. */
  function layoutOf(d) {
    var kept = keptFor(d);
    if (kept.layout) return kept.layout;
    var meta = d.meta || {};
    var split = splitContent(d.content), content = split.words;
    var texts = (d.anchors || []).filter(function (a) { return a.id; }).map(function (a) {
      var span = unitSpan(content, a);
      return { id: a.id, text: content.slice(span[0], span[1]), folded: split.folded.slice(span[0], span[1]) };
    });
    var textOf = {};
    texts.forEach(function (a) { textOf[a.id] = a; });
    // the law's texts' average length, its units' with text (score.js measures a unit's against it)
    var said = texts.filter(function (a) { return a.text.length; });
    return (kept.layout = {
      textOf: textOf,
      meanLength: said.reduce(function (sum, a) { return sum + a.text.length; }, 0) / (said.length || 1),
      // the units whose text leads into their items ("Gdy fałszywy renons uprawomocnił się i:"):
      // an item holds their words too, as the CLI reads them (lead_ins in tools/model.py, whose
      // rule the spec carries as lead_in_end)
      leads: texts.filter(function (a) {
        var last = a.text[a.text.length - 1] || "", end = Q.spec.lead_in_end;
        return !!end && last.slice(-end.length) === end; // no rule in an older spec: no lead-ins
      }),
      // the law's title, without its number ("Przepis 45."): every unit stands under it, as the
      // CLI's context_text (with parent_text, the titles of the units above)
      lawTitle: S.printedTitle(d).split(/\s+/),
      page: siteUrl(meta.target) // the law page: the record's own url is a stand-in
    });
  }

  /** A unit of a law record as a result item, but for its places and order, made once per
   * record and unit. */
  function unitOf(d, layout, anchor) {
    var units = keptFor(d).units;
    if (units[anchor.id]) return units[anchor.id];
    var meta = d.meta || {};
    var heading = headingWords(anchor);
    var text = layout.textOf[anchor.id].text;
    var leading = layout.leads.filter(function (a) { return below(a.id, anchor.id); });
    // the titles of the units above it: what it is part of
    var above = (d.anchors || []).filter(function (a) { return a.id && below(a.id, anchor.id); })
      .map(headingWords);
    var own = heading.join(" ");
    // shown with its title path, as the CLI's hits: 45C2b under "Karta uważana za zagraną"
    var path = above.map(function (words) { return words.join(" "); }).concat([own])
      .filter(function (title) { return title; });
    var lead = leading.reduce(function (all, a) { return all.concat(a.folded); }, []);
    var context = above.reduce(function (all, words) { return all.concat(words); }, layout.lawTitle);
    return (units[anchor.id] = {
      id: anchor.id, edition: meta.edition || "", url: layout.page + "#" + anchor.id, text: text,
      title: [meta.title || ""].concat(path).join(" › "), bare: !own && !text.length,
      lead: leading.map(function (a) { return spaced(a.text); }).join(" "),
      // its words folded, with the words leading into it and the titles it stands under
      held: layout.textOf[anchor.id].folded.concat(heading.map(bare), lead, context.map(bare)),
      kind: meta.titles_only ? TEXT.titlesOnly : "" // a 2017 law known by its titles only
    });
  }

  /** rankedUnits, kept per record for the reading last ranked. */
  var lawUnits = perReading(rankedUnits);

  /** lawUnits as result items, each with its snippet: the clauses the best situation found
   * cites first when it holds more of the query's words than any of them (`cited`,
   * S.citedByBest; deepest in tools/search/rank.py), then per_law. */
  function unitItems(d, words, reading, cited) {
    function cites(item) {
      return cited.ids.some(function (id) { return item.id === id || below(id, item.id); });
    }
    var units = lawUnits(d, reading);
    // 2017 ids: the 1997 text's clause of the same id is another rule
    if (cited.covered > S.bestClause(d, reading) && (d.meta || {}).edition === "2017") {
      units = units.filter(cites).concat(units.filter(function (item) { return !cites(item); }));
    }
    return units.slice(0, rule("per_law")).map(function (item) {
      return Object.assign({}, item, { excerpt: function () { return ownExcerpt(item.text, words); } });
    });
  }

  /** The most of the query's words one clause of a law record holds (0 for its heading alone). */
  S.bestClause = function (d, reading) {
    return lawUnits(d, reading).reduce(function (m, item) { return Math.max(m, item.covered || 0); }, 0);
  };

  /** A law's best-matching units, best first. A unit's words run from the end of its heading
   * ("64B3" and its title) to the FOLDED_MARK that closes them; Pagefind counts word
   * locations over the content split at white space, as done here. The law's own row (its
   * number, no text) is given only when no unit of it matched: the units already carry the
   * law's title and link into the same page. */
  function rankedUnits(d, reading) {
    var meta = d.meta || {}, layout = layoutOf(d);
    // a law known by its titles only is one item, its law, as the CLI's title document: its
    // sections' headings are searched (its record) but are no clauses to list
    var subs = meta.titles_only ? [] :
      (d.sub_results || []).filter(function (sub) { return sub.anchor && sub.anchor.id; });
    var items = subs.map(function (sub, i) {
      return Object.assign({ places: sub.weighted_locations || [], i: i }, unitOf(d, layout, sub.anchor));
    });
    S.scoreUnits(d, items, reading, layout.meanLength);
    items.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
    var units = items.filter(function (item) { return !item.bare; });
    // how many of the query's words a unit holds, in its own heading and text, the words
    // leading into it and the titles it stands under (the CLI counts these fields too)
    units.forEach(function (item) {
      item.covered = coverage(item.held, reading);
    });
    // the deepest units that match: 64A1, not 64A when both do; a unit gives way only to a
    // unit inside it holding as many of the query's words (tools/search/rank.py deepest)
    var leaves = units.filter(function (item) {
      return !units.some(function (other) { return below(item.id, other.id) && other.covered >= item.covered; });
    });
    // a clause is read after the text leading into it: it adds to its own score the score of a
    // lead-in above it that gave way to it (45C2's text, for 45C2a and 45C2b; deepest in
    // tools/search/rank.py); not the law's own row, nor a heading with no text
    var leadIds = layout.leads.map(function (a) { return a.id; });
    leaves.forEach(function (item) {
      item.score += units.reduce(function (m, o) {
        var lead = o.id !== meta.law && leadIds.indexOf(o.id) >= 0;
        return lead && below(o.id, item.id) && o.covered <= item.covered ? Math.max(m, o.score) : m;
      }, 0);
    });
    // a unit holding more of the query's words answers it better; among those, units about as
    // good as the best are read in the law's own order
    var most = leaves.reduce(function (m, item) { return Math.max(m, item.covered); }, 0);
    var full = leaves.filter(function (item) { return item.covered === most; });
    var best = full.reduce(function (m, item) { return Math.max(m, item.score); }, 0);
    var near = full.filter(function (item) { return item.score >= rule("near_best") * best; })
      .sort(function (a, b) { return a.i - b.i; });
    var rest = leaves.filter(function (item) { return near.indexOf(item) < 0; })
      .sort(function (a, b) { return b.covered - a.covered || b.score - a.score || a.i - b.i; });
    var shown = near.concat(rest);
    if (!items.length) {
      // found by its names alone (its title in the other language, its glossary terms): the
      // law itself, as the CLI lists a law's heading when none of its units matched
      // (a law known by its titles only whose section heading the query says links to that
      // section, with its heading: order.js headingSaid, as the CLI's hit)
      var heading = meta.titles_only && S.headingSaid(d, reading);
      items = [{
        id: meta.law, edition: meta.edition || "", url: layout.page + "#" + (heading ? heading.id : meta.law),
        text: [], title: [meta.title || ""].concat(heading ? [headingWords(heading).join(" ")] : []).join(" › "),
        kind: meta.titles_only ? TEXT.titlesOnly : "", score: d.score, i: 0
      }];
    }
    return shown.length ? shown : items.slice(0, 1);
  }

  /** The pages found as result items, best first: the edition in force first, then each law's
   * best units, each other page as one item. `words` are marked in the text; `reading` (from
   * find.js) holds the words typed, the glossary terms an English query named, which a page
   * answers in Polish, and the law's terms for the players' words typed (synonyms). */
  S.items = function (found, words, reading) {
    reading = reading || { words: words, terms: [] };
    var ordered = S.currentFirst(found, reading);
    var laws = S.restsOn(ordered, reading); // the situations' laws no page of which was found
    var cited = S.citedByBest(found, reading);
    var pages = ordered.map(function (d) {
      return (d.meta || {}).law ? unitItems(d, words, reading, cited) : [pageItem(d, words)];
    });
    var brought = laws.map(function (law) {
      var item = Object.assign({ excerpt: function () { return ownExcerpt([], []); } }, law.item);
      var at = ordered.indexOf(law.before);
      if (!law.after) pages[at] = [item].concat(pages[at]);
      else {
        // the law, then its situation, after the law text that answers as fully
        var text = ordered.indexOf(law.after);
        pages[text] = pages[text].concat([item], pages[at]);
        pages[at] = [];
      }
      return item;
    });
    // 1997 text, history, never stands before a law in force a situation brought
    return S.historyAfter([].concat.apply([], pages), function (item) { return brought.indexOf(item) >= 0; },
      function (item) { return item.edition === "1997"; });
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
