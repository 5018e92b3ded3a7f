/* bridgelaw: the site's path scheme and the page's language, for every script, written once.
 * The scheme is tools/urls.py's: window.bridgelawPaths, written ahead of this file into the
 * page-script bundle by tools/site/scripts.py (Polish at the root, English under en/). */
(function () {
  "use strict";

  var P = window.bridgelawPaths;
  var script = document.currentScript;

  /** The site's language for a language code ("en-GB" -> "en"); the default for any other. */
  function langOf(code) {
    var lang = (code || "").slice(0, 2);
    return Object.prototype.hasOwnProperty.call(P.roots, lang) ? lang : P.default_lang;
  }

  window.bridgelawSite = {
    // this file (or the bundle it is part of) lies two folders below the root: assets/bridgelaw/
    root: new URL("../../", script ? script.src : location.href),
    lang: langOf(document.documentElement.lang),
    langOf: langOf,
    /** A page's path from the site root: page("law", "en", {edition: 2017, number: 64}). */
    page: function (kind, lang, values) {
      return P.roots[lang] + P.pages[kind].replace(/\{(\w+)\}/g, function (all, key) {
        return String(values[key]);
      });
    },
    /** A path from the site root without its language's folder ("en/situations/x/" -> "situations/x/"). */
    bare: function (path) {
      for (var lang in P.roots) {
        if (P.roots[lang] && path.indexOf(P.roots[lang]) === 0) return path.slice(P.roots[lang].length);
      }
      return path;
    }
  };
})();
