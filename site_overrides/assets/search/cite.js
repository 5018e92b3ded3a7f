/* The site search, 6 of 7: citation queries ("64B3", "przepis 50D2a", "Law 61B") read as the
 * unit they name, answered with a jump to it; what to show is returned, search.js shows it. */
(function (S) {
  "use strict";

  var ROOT = S.ROOT, LANG = S.LANG, TEXT = S.TEXT, SITE = S.SITE;
  var Q = window.bridgelawQuery;
  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;

  // citation ids, taken apart and read from a query by the one rule (assets/bridgelaw/ids.js)
  var Ids = window.bridgelawIds;

  /** The citation id a query names ("64 C 2" -> "64C2", "Law 71 item 1" -> "71.1"), or null;
   * tools/normalize/citation_id.py parse_citation_query does the same with the same rule. */
  S.parseCitation = Ids.parseQuery;

  function loadCitations() { return Q.json(ROOT, "pagefind/citations.json"); }

  S.unitUrl = unitUrl; // order.js links a situation's law the same way
  function unitUrl(edition, id) {
    var law = Ids.lawOf(id);
    return new URL(SITE.page("law", LANG, { edition: edition, number: law }) + "#" + id, ROOT).href;
  }

  function nearest(ids, cited) {
    var law = Ids.lawOf(cited);
    function common(a) { var i = 0; while (i < a.length && a[i] === cited[i]) i++; return i; }
    return ids
      .filter(function (id) { return Ids.lawOf(id) === law; })
      .sort(function (a, b) { return common(b) - common(a) || a.length - b.length || (a < b ? -1 : 1); })
      .slice(0, 3);
  }

  /** A typed id means the 2017 edition, in force: its unit when the build has it; else its
   * page on the source site and its 1997 counterpart (tools/normalize/cite2017.py), never the 1997 unit
   * that happens to have the same id. A reader of a 1997 page is offered 1997 by that id too.
   * The answer: { items, message } for the box to show. */
  S.jump = function (cited) {
    return loadCitations().then(function (table) {
      var byEdition = table[LANG] || table.pl || {};
      var force = table.in_force || {};
      var here = document.querySelector("." + M.law_text + "[data-edition]");
      var reading = here && here.getAttribute("data-edition");
      function has(e, id) { return (byEdition[e] || []).indexOf(id) >= 0; }
      function go(e, id, title) { return { id: id, edition: e, title: title, url: unitUrl(e, id) }; }
      var items = [];
      if (reading === "1997" && has("1997", cited)) items.push(go("1997", cited, TEXT.jump + " " + cited));
      if (has("2017", cited)) items.push(go("2017", cited, TEXT.jump + " " + cited));
      var message = "";
      if (!has("2017", cited) && (force.outline || []).indexOf(cited) >= 0) {
        var law = Ids.lawOf(cited);
        // our own page first, its section's row (there offline too; Enter stays on the site),
        // then the source site's page, marked as leaving the site
        if ((force.title_pages || []).indexOf(law) >= 0) {
          items.push({ id: cited, edition: "2017", title: TEXT.titlePage,
            url: unitUrl("2017", Ids.upTo(cited, "section")) });
        }
        items.push({ id: cited, edition: "2017", title: TEXT.official, external: true,
          url: force.official[LANG].replace("{number}", String(law)) });
        ((force.counterparts || {})[cited] || []).forEach(function (old) {
          if (has("1997", old)) items.push(go("1997", old, TEXT.counterpart + cited));
        });
        message = TEXT.notInBuild.replace("{id}", cited);
      }
      if (items.length) return { items: items, message: message };
      var editions = ["2017", "1997"].filter(function (e) { return byEdition[e]; });
      var near = [];
      editions.forEach(function (e) {
        nearest(byEdition[e].filter(function (v, i, a) { return a.indexOf(v) === i; }), cited).forEach(function (id) {
          near.push({ id: id, edition: e, title: TEXT.law + " " + id, url: unitUrl(e, id) });
        });
      });
      var names = near.map(function (n) { return n.id; }).filter(function (v, i, a) { return a.indexOf(v) === i; });
      return { items: near.slice(0, 3),
        message: TEXT.missing + cited + (names.length ? TEXT.nearest + names.slice(0, 3).join(", ") : "") };
    });
  };
})(window.bridgelawSearch = window.bridgelawSearch || {});
