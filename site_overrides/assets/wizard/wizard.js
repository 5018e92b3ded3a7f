/* The ruling wizard and the situation filter, 4 of 4: starts them on the pages that hold them.
 * No library, no network beyond fetching the site's own assets/assistant.json once. The files
 * before this one (state.js, match.js, render.js) fill in window.bridgelawWizard. */
(function (W) {
  "use strict";

  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;

  var el = W.el;

  /* The site root and the languages: assets/bridgelaw/paths.js, loaded before this file. */
  var SITE = window.bridgelawSite;

  function startWizard(root) {
    var lang = SITE.langOf(root.getAttribute("data-lang") || document.documentElement.lang);
    var ui = window.bridgelawText[lang].wizard;
    root.textContent = "";
    root.appendChild(el("p", { className: "wizard-loading", role: "status" }, ui.loading));
    var url = new URL(root.getAttribute("data-assistant") || "assets/assistant/assistant.json", W.ROOT).href;
    fetch(url)
      .then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.json();
      })
      .then(function (data) {
        var wizard = new W.Wizard(root, data, lang);
        window.addEventListener("hashchange", function () { wizard.render(); });
        wizard.render();
        root.setAttribute("data-ready", "true");
      })
      .catch(function (error) {
        root.textContent = "";
        root.appendChild(el("p", { className: M.wizard_error, role: "alert" },
          ui.loadError + (error && error.message ? error.message : String(error))));
        root.setAttribute("data-ready", "error");
      });
  }

  function init() {
    W.Q = window.bridgelawQuery;
    if (!W.Q) {  // deferred scripts all run before DOMContentLoaded: query.js will be there
      document.addEventListener("DOMContentLoaded", init, { once: true });
      return;
    }
    W.ROOT = W.ROOT || SITE.root.href;
    var filter = document.getElementById("situation-filter");
    if (filter && !filter.getAttribute("data-ready")) {
      filter.setAttribute("data-ready", "true");
      W.setupFilter(filter);
    }
    var root = document.getElementById("wizard");
    if (root && !root.getAttribute("data-started")) {
      root.setAttribute("data-started", "true");
      startWizard(root);
    }
  }

  W.ROOT = SITE.root.href;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  /* Material's instant navigation swaps pages without reloading scripts. */
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  }
})(window.bridgelawWizard = window.bridgelawWizard || {});
