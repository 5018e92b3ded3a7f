/* bridgelaw: citation ids for every script, the one place that takes an id apart in the browser
 * (64B3, 50D2a, 40B2aiv, 71.1): its levels and labels, the ids it hangs from, its law, document
 * order, and the id a typed query names. The rule is tools/data/citation_ids.json as
 * tools/normalize/citation_id.py composes it (script_rule): window.bridgelawIdRule, written ahead
 * of this file into the page-script bundle by tools/site/scripts.py. Each answer is the one
 * citation_id.py gives (tests/data/citation_ids_cases.json holds the cases both must answer). */
(function () {
  "use strict";

  var R = window.bridgelawIdRule;
  var WHOLE = new RegExp("^(?:" + R.id + ")$");
  var LEADING = new RegExp("^(?:" + R.id + ")");
  var PREFIX = new RegExp(R.prefix, R.flags);
  var QUERY = new RegExp(R.query, R.flags);
  var ROMAN = { i: 1, v: 5, x: 10 };
  var DEPTH = {}, KINDS = {};
  R.levels.forEach(function (level, depth) {
    DEPTH[level.name] = depth;
    KINDS[level.name] = Object.keys(level.label).map(function (kind) {
      return { kind: kind, whole: new RegExp("^(?:" + level.label[kind] + ")$"),
               begins: new RegExp("^(?:" + level.label[kind] + ")") };
    });
  });

  /** The id a match found, taken apart: outermost first, each level's name and label and the
   * id down to it (a label starts where the one before it ends, or after the separator). */
  function takenApart(match) {
    var text = match[0], id = { text: text, levels: [], labels: [], lineage: [] }, end = 0;
    R.groups.forEach(function (name, index) {
      var label = match[index + 1];
      if (label === undefined) return;
      end = text.indexOf(label, end) + label.length;
      id.levels.push(name);
      id.labels.push(label);
      id.lineage.push(text.slice(0, end));
    });
    id.law = Number(id.labels[0]);
    id.depth = DEPTH[id.levels[id.levels.length - 1]];
    return id;
  }

  // kept by the text: ranking asks the same few ids for every unit of every keystroke
  function kept(store, pattern) {
    return function (text) {
      text = String(text);
      if (!store.has(text)) {
        if (store.size >= 4096) store.clear();
        var match = pattern.exec(text);
        store.set(text, match ? takenApart(match) : null);
      }
      return store.get(text);
    };
  }
  var parse = kept(new Map(), WHOLE), leading = kept(new Map(), LEADING);

  function kindOf(level, label) {
    var found = KINDS[level].filter(function (k) { return k.whole.test(label); })[0];
    return found ? found.kind : "";
  }

  function roman(numeral) {
    var values = numeral.split("").map(function (c) { return ROMAN[c]; });
    return values.reduce(function (sum, v, i) { return sum + (v < (values[i + 1] || 0) ? -v : v); }, 0);
  }

  /** A sort key in document order: by law, then at each depth by kind in the rule's order
   * (a law's items before its sections), then by value; text that is no id goes last. */
  function sortKey(text) {
    var id = parse(text);
    if (!id) return [1000, String(text)];
    return [id.law].concat(id.levels.slice(1).map(function (level, i) {
      var label = id.labels[i + 1], kind = kindOf(level, label);
      var value = kind === "number" ? Number(label) : kind === "roman" ? roman(label) : label;
      return [R.label_order.indexOf(kind), value];
    }));
  }

  function compareKeys(a, b) {
    for (var i = 0; i < Math.min(a.length, b.length); i++) {
      var x = a[i], y = b[i];
      var c = Array.isArray(x) ? compareKeys(x, y) : x < y ? -1 : x > y ? 1 : 0;
      if (c) return c;
    }
    return a.length - b.length;
  }

  window.bridgelawIds = {
    /** The id `text` is, taken apart ({text, levels, labels, lineage, law, depth}), or null. */
    parse: parse,
    /** The longest id `text` starts with ("64*" -> 64), taken apart, or null. */
    leading: leading,
    /** Whether `text` has the shape of a citation id (64, 64B3, 50D2a, 71.1). */
    isId: function (text) { return parse(text) !== null; },
    /** Whether `text` is an id of a law that exists (1-93, no leading zero). */
    namesALaw: function (text) {
      var id = parse(text);
      return !!id && id.law >= R.law_numbers[0] && id.law <= R.law_numbers[1] && id.text[0] !== "0";
    },
    /** The labels an id is made of ("64B3" -> ["64", "B", "3"]), or null when it is none. */
    parts: function (text) { var id = parse(text); return id ? id.labels.slice() : null; },
    /** The ids from the law down to `text` ("71.1" -> ["71", "71.1"]), or null. */
    lineage: function (text) { var id = parse(text); return id ? id.lineage.slice() : null; },
    /** Whether unit `inner` lies inside `outer` ("64A1" in "64A"; "64B10" is not in "64B1"). */
    isInside: function (outer, inner) {
      var id = parse(inner), at = id ? id.lineage.indexOf(outer) : -1;
      return at >= 0 && at < id.lineage.length - 1;
    },
    /** The law number `text` starts with ("71.1" -> 71, "64*" -> 64), or null. */
    lawOf: function (text) { var id = leading(text); return id ? id.law : null; },
    /** The id down to `level` at most ("64B3" to "section" is "64B"; "71.1" is "71"), or null. */
    upTo: function (text, level) {
      var id = parse(text);
      if (!id) return null;
      var within = id.levels.filter(function (name) { return DEPTH[name] <= DEPTH[level]; });
      return id.lineage[within.length - 1];
    },
    sortKey: sortKey,
    /** Two ids in document order, for Array.prototype.sort. */
    compare: function (a, b) { return compareKeys(sortKey(a), sortKey(b)); },
    /** The id of the unit labelled `label` under `parent` ("71" + "1" -> "71.1"). */
    childId: function (parent, label) {
      var id = parse(parent);
      var item = KINDS[R.law_item_levels[0]].some(function (k) { return k.begins.test(label); });
      return id && id.depth === 0 && item ? parent + R.law_item_separator + label : parent + label;
    },
    /** The citation id a query names ("64 C 2" -> "64C2", "Law 71 item 1" -> "71.1"), or null,
     * as citation_id.py parse_citation_query reads it. */
    parseQuery: function (query) {
      var rest = String(query).trim();
      for (;;) {
        var stripped = rest.replace(PREFIX, "");
        if (stripped === rest) break;
        rest = stripped;
      }
      var m = QUERY.exec(rest.trim());
      if (!m) return null;
      var g = {};
      R.query_groups.forEach(function (name, index) { g[name] = m[index + 1] || ""; });
      var n = parseInt(g.law, 10);
      if (n < R.law_numbers[0] || n > R.law_numbers[1] || (g.item && !g.section) ||
          (g.sub && !(g.item || g.law_item))) return null;
      var sub = g.sub.toLowerCase();
      if (g.law_item) return String(n) + R.law_item_separator + String(parseInt(g.law_item, 10)) + sub;
      return String(n) + g.section.toUpperCase() + g.item + sub;
    }
  };
})();
