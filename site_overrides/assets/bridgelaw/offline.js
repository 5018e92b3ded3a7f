/* bridgelaw: registers the service worker (/sw.js, written by tools/site/offline.py) once the page has
   loaded, asks it to keep the whole site for reading with no network, and says how far it got in
   the line at the bottom of the page. A new build taking over reloads the page, so a page of one
   build never runs on the files of another. */
(function () {
  "use strict";

  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  var ROOT = window.bridgelawSite.root, LANG = window.bridgelawSite.lang; // assets/bridgelaw/paths.js
  // the line's words: assets/bridgelaw/interface.js (tools/data/interface.yaml, script_offline)
  var TEXT = window.bridgelawText[LANG].offline;
  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;
  var line = document.querySelector("." + M.bl_offline);
  var hadController = Boolean(navigator.serviceWorker.controller);

  function show(data) {
    var state = data.error ? "error" : data.complete ? "complete" : data.core ? "core" : "saving";
    document.documentElement.setAttribute("data-offline", state);
    document.documentElement.setAttribute("data-offline-version", data.version || "");
    if (line) {
      line.textContent = TEXT[state].replace("{done}", data.done).replace("{total}", data.total);
    }
  }

  function fill() {
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "bl-fill", lang: LANG });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    if (event.data && event.data.type === "bl-offline") show(event.data);
  });
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (hadController) {
      location.reload(); /* a new build took over: show this page as it now is */
      return;
    }
    hadController = true;
    fill();
  });

  function register() {
    navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.href })
      .then(fill)
      .catch(function () { /* no worker (blocked, private mode): the site still works online */ });
  }

  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
