/* The cases of tests/data/citation_ids_cases.json asked of site_overrides/assets/bridgelaw/ids.js
 * (window.bridgelawIds): the same table tests/test_citation_id_cases.py asks of
 * tools/normalize/citation_id.py. checkIdCases returns what was answered wrong, [] when nothing;
 * tests/test_citation_id_cases.py runs it with node, tests/browser/test_ids_in_browser.py in
 * Chromium on the built site. */
function checkIdCases(Ids, cases) {
  "use strict";
  var wrong = [];
  function expect(what, got, want) {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      wrong.push(what + ": " + JSON.stringify(got) + ", not " + JSON.stringify(want));
    }
  }
  cases.ids.forEach(function (c) {
    var name = JSON.stringify(c.id);
    expect("isId(" + name + ")", Ids.isId(c.id), c.valid);
    expect("namesALaw(" + name + ")", Ids.namesALaw(c.id), c.names_a_law);
    expect("parts(" + name + ")", Ids.parts(c.id), c.valid ? c.parts : null);
    expect("lineage(" + name + ")", Ids.lineage(c.id), c.valid ? c.lineage : null);
    expect("lawOf(" + name + ")", Ids.lawOf(c.id), c.law);
    expect("upTo(" + name + ", section)", Ids.upTo(c.id, "section"), c.valid ? c.section : null);
  });
  cases.inside.forEach(function (c) {
    expect("isInside(" + c[0] + ", " + c[1] + ")", Ids.isInside(c[0], c[1]), c[2]);
  });
  // the order asked of two shuffles: reversed, and every other one first
  var reversed = cases.order.slice().reverse();
  var dealt = cases.order.filter(function (v, i) { return i % 2; })
    .concat(cases.order.filter(function (v, i) { return !(i % 2); }));
  [reversed, dealt].forEach(function (ids) {
    expect("sort(" + ids.join(" ") + ")", ids.slice().sort(Ids.compare), cases.order);
  });
  cases.children.forEach(function (c) {
    expect("childId(" + c[0] + ", " + c[1] + ")", Ids.childId(c[0], c[1]), c[2]);
  });
  cases.queries.forEach(function (c) {
    expect("parseQuery(" + c[0] + ")", Ids.parseQuery(c[0]), c[1]);
  });
  return wrong;
}
