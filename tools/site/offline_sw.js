/* bridgelaw service worker: one build of the site kept for reading with no network.
 *
 * self.BL_PACK (written above by tools/site/offline.py, with self.BL_TEXT, the worker's words)
 * lists every kept file as [path from the site root, content hash, tier]. One cache per build,
 * named by the pack's version. A first visit installs the shell (few files, so it takes over
 * soon), then fills in the reader's core (search index, wizard, home), the reader's pages and
 * the other language's. A new build installs into a new cache: files whose hash did not change
 * are copied from the old cache, the others fetched; every fetched file is checked against its
 * hash, so a file of another build is never kept. Only when the new cache holds all the old one
 * held does the new worker take over and the old cache go, whole: never a mix. */
(function () {
  "use strict";

  var PACK = self.BL_PACK;
  var SCOPE = self.registration.scope;
  var PREFIX = "bridgelaw:" + new URL(SCOPE).pathname + ":";
  var CACHE = PREFIX + PACK.version;
  var INDEX = "__bridgelaw_pack__.json"; // in each cache: the hashes of its build
  var PARALLEL = 10; // more than the browser's 6 connections: the next request waits at the socket, not here
  var HASH = {};
  PACK.files.forEach(function (file) { HASH[file[0]] = file[1]; });

  var TEXT = self.BL_TEXT; // {lang: {notSaved}}: tools/data/interface.yaml, script_worker

  function url(path) { return new URL(path, SCOPE).href; }

  /* A URL's kept path ("laws/2017/64/"), or null outside the scope. */
  function rel(href) {
    if (href.indexOf(SCOPE) !== 0) return null;
    var path = href.slice(SCOPE.length).split("#")[0].split("?")[0];
    try { path = decodeURI(path); } catch (e) { /* keep it as it is */ }
    if (path === "index.html" || /\/index\.html$/.test(path)) path = path.slice(0, -10);
    return path;
  }

  function langOf(path) {
    var first = (path || "").split("/")[0];
    return PACK.langs.indexOf(first) >= 0 ? first : PACK["default"];
  }

  /* Tiers in the order this reader gets them: shell, own core, own pages, then the rest. */
  function tierOrder(lang) {
    var order = ["shell", "core-" + lang, "pages-" + lang];
    PACK.langs.forEach(function (other) {
      if (other !== lang) order.push("core-" + other, "pages-" + other);
    });
    return order;
  }

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  /* Fetch one kept file, check that it is this build's, store it. */
  function fetchInto(cache, path) {
    var request = new Request(url(path), { cache: "no-cache", credentials: "same-origin" });
    return fetch(request).then(function (response) {
      if (!response.ok) throw new Error(path + ": HTTP " + response.status);
      var type = response.headers.get("Content-Type") || "application/octet-stream";
      return response.arrayBuffer().then(function (body) {
        return crypto.subtle.digest("SHA-256", body).then(function (digest) {
          if (hex(digest).slice(0, 16) !== HASH[path]) {
            var error = new Error(path + ": the server has another build");
            error.stale = true;
            throw error;
          }
          return cache.put(url(path), new Response(body, { headers: { "Content-Type": type } }));
        });
      });
    });
  }

  /* Run task(item) for every item, PARALLEL at a time; the first failure stops the rest. */
  function pool(items, task) {
    var next = 0;
    var failed = null;
    function worker() {
      if (failed || next >= items.length) return Promise.resolve();
      var item = items[next++];
      return task(item).then(worker, function (error) { failed = failed || error; });
    }
    var workers = [];
    for (var i = 0; i < PARALLEL; i += 1) workers.push(worker());
    return Promise.all(workers).then(function () { if (failed) throw failed; });
  }

  function otherCaches() {
    return caches.keys().then(function (names) {
      return names.filter(function (name) { return name.indexOf(PREFIX) === 0 && name !== CACHE; });
    });
  }

  /* path -> where an older build's cache holds that file, with the hash it had there. */
  function reusable(names) {
    var found = {};
    return names.reduce(function (chain, name) {
      return chain.then(function () {
        return caches.open(name).then(function (cache) {
          return cache.match(url(INDEX)).then(function (index) {
            if (!index) return null; /* an install that never finished: nothing to trust */
            return index.json().then(function (hashes) {
              return cache.keys().then(function (requests) {
                requests.forEach(function (request) {
                  var path = rel(request.url);
                  if (path !== null && hashes[path] && !found[path]) {
                    found[path] = { cache: cache, request: request, hash: hashes[path] };
                  }
                });
              });
            });
          });
        });
      });
    }, Promise.resolve()).then(function () { return found; });
  }

  self.addEventListener("install", function (event) {
    event.waitUntil(Promise.all([caches.open(CACHE), otherCaches().then(reusable)])
      .then(function (got) {
        var cache = got[0], old = got[1];
        var wanted = PACK.files.filter(function (file) { return file[2] === "shell" || old[file[0]]; });
        return pool(wanted, function (file) {
          var before = old[file[0]];
          if (before && before.hash === file[1]) {
            return before.cache.match(before.request).then(function (response) {
              return response ? cache.put(url(file[0]), response) : fetchInto(cache, file[0]);
            });
          }
          return fetchInto(cache, file[0]);
        }).then(function () {
          return cache.put(url(INDEX), new Response(JSON.stringify(HASH),
            { headers: { "Content-Type": "application/json" } }));
        });
      })
      .then(function () { return self.skipWaiting(); }, function (error) {
        /* a half-filled cache of this build is never kept: the next visit starts it again */
        return caches.delete(CACHE).then(function () { throw error; });
      }));
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(otherCaches()
      .then(function (names) { return Promise.all(names.map(function (name) { return caches.delete(name); })); })
      .then(function () { return self.clients.claim(); }));
  });

  /* ---- filling in the rest after the first install, and telling the pages ---- */

  var filling = null;

  function status(cache, lang) {
    return cache.keys().then(function (requests) {
      var have = {};
      requests.forEach(function (request) { have[rel(request.url)] = true; });
      var tiers = {};
      var done = 0;
      PACK.files.forEach(function (file) {
        var tier = tiers[file[2]] = tiers[file[2]] || { have: 0, total: 0 };
        tier.total += 1;
        if (have[file[0]]) { tier.have += 1; done += 1; }
      });
      var order = tierOrder(lang);
      var ready = function (tier) { return !tiers[tier] || tiers[tier].have === tiers[tier].total; };
      return {
        type: "bl-offline", version: PACK.version, lang: lang, have: have, done: done,
        total: PACK.files.length, core: ready(order[0]) && ready(order[1]),
        complete: done === PACK.files.length, tiers: tiers
      };
    });
  }

  function tell(message) {
    var copy = {};
    Object.keys(message).forEach(function (key) { if (key !== "have") copy[key] = message[key]; });
    return self.clients.matchAll({ type: "window" }).then(function (list) {
      list.forEach(function (client) { client.postMessage(copy); });
    });
  }

  function fill(lang) {
    if (filling) return filling;
    filling = caches.open(CACHE).then(function (cache) {
      return status(cache, lang).then(function (now) {
        var order = tierOrder(lang);
        var todo = PACK.files.filter(function (file) { return !now.have[file[0]]; })
          .map(function (file, i) { return { file: file, rank: order.indexOf(file[2]) * 1e6 + i }; })
          .sort(function (a, b) { return a.rank - b.rank; });
        var last = 0;
        tell(now);
        return pool(todo, function (item) {
          return fetchInto(cache, item.file[0]).then(function () {
            if (Date.now() - last > 250) {
              last = Date.now();
              return status(cache, lang).then(tell);
            }
            return null;
          });
        }).then(function () { return status(cache, lang).then(tell); });
      });
    }).catch(function (error) {
      if (error && error.stale) self.registration.update();
      return tell({ type: "bl-offline", version: PACK.version, error: String(error && error.message || error) });
    }).then(function () { filling = null; });
    return filling;
  }

  self.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "bl-fill") {
      event.waitUntil(fill(PACK.langs.indexOf(data.lang) >= 0 ? data.lang : PACK["default"]));
    }
  });

  /* ---- answering requests: this build's cache first, the network for the rest ---- */

  function notSaved(path) {
    var lang = langOf(path);
    var body = "<!doctype html><html lang=\"" + lang + "\"><meta charset=\"utf-8\">" +
      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Offline</title>" +
      "<p style=\"font:1.1rem/1.5 sans-serif;margin:2rem 1rem\">" + TEXT[lang].notSaved +
      " <a href=\"" + url(lang === PACK["default"] ? "" : lang + "/") + "\">⌂</a></p>";
    return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }

  function notFound(path) {
    return caches.open(CACHE).then(function (cache) { return cache.match(url("404.html")); })
      .then(function (page) {
        if (!page) return notSaved(path);
        return page.arrayBuffer().then(function (body) {
          return new Response(body, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
        });
      });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var path = rel(request.url);
    if (path === null || path === "sw.js") return; /* other hosts are never touched */
    if (!(path in HASH)) {
      if (request.mode !== "navigate") return;
      if ((path + "/") in HASH) {
        event.respondWith(Response.redirect(url(path + "/"), 301));
        return;
      }
      event.respondWith(fetch(request).catch(function () { return notFound(path); }));
      return;
    }
    event.respondWith(caches.open(CACHE)
      .then(function (cache) { return cache.match(url(path)); })
      .then(function (hit) {
        return hit || fetch(request).catch(function () {
          return request.mode === "navigate" ? notSaved(path) : Response.error();
        });
      }));
  });
})();
