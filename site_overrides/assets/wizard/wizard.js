/* The ruling wizard and the situation filter. No library, no network beyond fetching the
 * site's own assets/assistant.json once. All data is put on the page with textContent. */
(function () {
  "use strict";

  var UI = {
    pl: {
      loading: "Wczytywanie danych asystenta…",
      loadError: "Nie udało się wczytać danych asystenta: ",
      pickSituation: "Co się stało?",
      filterLabel: "Szukaj sytuacji",
      filterPlaceholder: "np. obrońca upuścił kartę",
      noMatch: "Żadna sytuacja nie pasuje. Wybierz przepis poniżej.",
      pickLaw: "Albo wybierz przepis",
      law: "Przepis",
      step: "Pytanie",
      yourAnswers: "Twoje odpowiedzi",
      back: "Wstecz",
      restart: "Zacznij od nowa",
      ruling: "Orzeczenie",
      tricks: "Lewy przekazane stronie niewykraczającej: ",
      adjustYes: "Sędzia może orzec wynik rozjemczy.",
      adjustNo: "Bez wyniku rozjemczego z tego tytułu.",
      share: "Link do tego wyniku",
      copy: "Kopiuj link",
      copied: "Skopiowano.",
      lawsEdition: "Przepisy (wydanie {edition})",
      notInBuild: "tekstu 2017 nie ma w tej kompilacji",
      official: "tekst 2017 na stronie PZBS",
      counterpart: "odpowiednik z 1997",
      uncertain: "niepewne",
      titleFallback: { en: "tytuł angielski: polskiego nie ma w tej kompilacji", "": "tytułu nie ma w tej kompilacji" },
      polishText: "",
      badLink: "Ten link nie pasuje do danych asystenta: ",
      situation: "Sytuacja: ",
      situationPage: "Strona sytuacji",
      help: "Wskazówka: "
    },
    en: {
      loading: "Loading the assistant data…",
      loadError: "Could not load the assistant data: ",
      pickSituation: "What happened?",
      filterLabel: "Search situations",
      filterPlaceholder: "e.g. a defender dropped a card",
      noMatch: "No situation matches. Pick a law below.",
      pickLaw: "Or pick a law",
      law: "Law",
      step: "Question",
      yourAnswers: "Your answers",
      back: "Back",
      restart: "Start again",
      ruling: "Ruling",
      tricks: "Tricks transferred to the non-offending side: ",
      adjustYes: "The director may award an adjusted score.",
      adjustNo: "No adjusted score on this account.",
      share: "Link to this outcome",
      copy: "Copy link",
      copied: "Copied.",
      lawsEdition: "Laws ({edition} edition)",
      notInBuild: "2017 text not in this build",
      official: "2017 text on the PZBS site",
      counterpart: "1997 counterpart",
      uncertain: "uncertain",
      titleFallback: { pl: "Polish title: no English title in this build", "": "no title in this build" },
      polishText: " (Polish text: the English text of this law is not in this build)",
      badLink: "This link does not fit the assistant data: ",
      situation: "Situation: ",
      situationPage: "Situation page",
      help: "Hint: "
    }
  };

  /* Queries are read as the search box reads them (assets/search/query.js: folding, function
   * and question words, players' words), so the filter and the search cannot drift apart. */
  var Q = null; // set in init(): query.js runs after this script (theme scripts come last)

  /* Lowercase without diacritics, so "wist z niewlasciwej reki" finds "niewłaściwej ręki". */
  function fold(text) {
    return Q.fold(String(text || ""));
  }

  function words(text) {
    return fold(text).split(/[^a-z0-9]+/).filter(function (w) { return w.length > 0; });
  }

  /* The query's content words in the law's words, cut to a stem-like prefix, 70% of the word
   * and at least four letters ("partnerowi" -> "partner", "renonsu" -> "renon"), so an
   * inflected word still finds the catalogue's form. Before the spec has arrived, words of
   * one or two letters stand in for the function words (the filter runs again on arrival). */
  function queryStems(query) {
    var typed = Q.spec ? Q.lawWords(Q.contentWords(query), true).map(fold) : words(query);
    return typed
      .filter(function (w) { return Q.spec || w.length > 2 || /^[0-9]+$/.test(w); })
      .map(function (w) {
        return w.length > 4 ? w.slice(0, Math.max(4, Math.ceil(w.length * 0.7))) : w;
      });
  }

  /* Which items to show: those matching the most query words (all of them when possible). */
  function bestMatches(texts, query) {
    var stems = queryStems(query);
    if (!stems.length) return texts.map(function () { return true; });
    var scores = texts.map(function (text) {
      var folded = fold(text);
      return stems.filter(function (w) { return folded.indexOf(w) !== -1; }).length;
    });
    var best = Math.max.apply(null, scores);
    return scores.map(function (score) { return best > 0 && score === best; });
  }

  /* How well a title answers the query: the title itself typed (with or without diacritics)
   * first, then a title that holds the query, then one holding more of its words, with fewer
   * other words. Zero for an empty query (the catalogue keeps its order). */
  function titleScore(title, query) {
    var q = words(query).join(" ");
    if (!q) return 0;
    var t = words(title).join(" ");
    if (t === q) return 1000;
    if ((" " + t + " ").indexOf(" " + q + " ") !== -1) return 500 - t.length / 100;
    if (t.indexOf(q) === 0) return 400 - t.length / 100;
    var stems = queryStems(query);
    var found = stems.filter(function (w) { return t.indexOf(w) !== -1; }).length;
    var titleWords = words(title).length || 1;
    return found * 10 + found / titleWords;
  }

  /* Reorder the items of a list: the best name first (an item's names are its title, then
   * the phrasings players use, which count a little less), the catalogue order otherwise. */
  function rankItems(list, items, names, query) {
    var order = items.map(function (item, i) {
      var score = names[i].reduce(function (best, name, k) {
        return Math.max(best, titleScore(name, query) * (k === 0 ? 1 : 0.9));
      }, 0);
      return { item: item, i: i, score: score };
    });
    order.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
    order.forEach(function (entry) { list.appendChild(entry.item); });
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "className") node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /* The site root, from this script's own address (assets/wizard/wizard.js). */
  function siteRoot() {
    var script = document.currentScript || document.querySelector('script[src*="wizard.js"]');
    return new URL("../../", script.src).href;
  }

  var ROOT = null;

  /* ---- the situation filter on the situations index page ---- */

  function setupFilter(input) {
    var links = Array.prototype.slice.call(document.querySelectorAll(".situation-link"));
    var none = document.querySelector(".situation-filter-none");
    function apply() {
      var shown = 0;
      var keep = bestMatches(links.map(function (link) {
        return link.getAttribute("data-words") + " " + link.textContent;
      }), input.value);
      links.forEach(function (link, i) {
        var item = link.closest("li") || link;
        item.hidden = !keep[i];
        if (keep[i]) shown += 1;
      });
      document.querySelectorAll(".situation-group").forEach(function (group) {
        var visible = group.querySelectorAll("li:not([hidden])").length;
        group.hidden = visible === 0;
        var list = group.querySelector("ul");
        if (!list) return;
        var groupLinks = Array.prototype.slice.call(list.querySelectorAll(".situation-link"))
          .sort(function (a, b) { return links.indexOf(a) - links.indexOf(b); });
        rankItems(list, groupLinks.map(function (link) { return link.closest("li") || link; }),
          groupLinks.map(function (link) {
            return [link.textContent].concat((link.getAttribute("data-names") || "").split("|"));
          }), input.value);
      });
      if (none) none.hidden = shown !== 0;
    }
    input.addEventListener("input", apply);
    apply();
    Q.load(ROOT).then(apply, function () { /* the spec failed: the filter keeps its fallback */ });
  }

  /* ---- the wizard ---- */

  function parseHash(hash) {
    var state = { tree: "", s: "", a: [] };
    (hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq < 0) return;
      var key = decodeURIComponent(part.slice(0, eq));
      var value = decodeURIComponent(part.slice(eq + 1));
      if (key === "tree") state.tree = value;
      else if (key === "s") state.s = value;
      else if (key === "a" && value) state.a = value.split(".").map(Number);
    });
    return state;
  }

  function formatHash(state) {
    var parts = [];
    if (state.tree) parts.push("tree=" + encodeURIComponent(state.tree));
    if (state.s) parts.push("s=" + encodeURIComponent(state.s));
    if (state.a.length) parts.push("a=" + state.a.join("."));
    return parts.length ? "#" + parts.join("&") : "";
  }

  function treesById(data) {
    var trees = data.trees || {};
    if (Array.isArray(trees)) {
      var map = {};
      trees.forEach(function (tree) { map[tree.id] = tree; });
      return map;
    }
    return trees;
  }

  function text(value, lang) {
    if (value === null || value === undefined) return "";
    if (typeof value === "string") return value;
    return value[lang] || "";
  }

  function lawNumber(id) {
    var match = /^(\d+)/.exec(id);
    return match ? Number(match[1]) : 0;
  }

  /* Follow the answers from the start: the steps taken, the node reached, or an error. */
  function walk(tree, answers) {
    var node = tree.nodes[tree.start];
    var nodeId = tree.start;
    var steps = [];
    for (var i = 0; i < answers.length; i += 1) {
      if (!node || node.outcome || !node.answers) {
        return { error: "a=" + answers.join(".") };
      }
      var choice = node.answers[answers[i] - 1];
      if (!choice) return { error: "a=" + answers.join(".") };
      steps.push({ node: node, id: nodeId, answer: answers[i], choice: choice });
      nodeId = choice.next;
      node = tree.nodes[nodeId];
    }
    if (!node) return { error: "a=" + answers.join(".") };
    return { steps: steps, node: node, id: nodeId };
  }

  function Wizard(root, data, lang) {
    this.root = root;
    this.data = data;
    this.lang = lang;
    this.ui = UI[lang] || UI.en;
    this.trees = treesById(data);
    this.situations = data.situations || [];
    this.cites = (data.cites || {})[lang] || {};
    this.edition = data.edition || 2017;
  }

  Wizard.prototype.go = function (state) {
    var hash = formatHash(state);
    if (hash === window.location.hash || (!hash && !window.location.hash)) {
      this.render();
    } else if (!hash) {
      history.pushState(null, "", window.location.pathname + window.location.search);
      this.render();
    } else {
      window.location.hash = hash; /* hashchange renders */
    }
  };

  /* The cited ids: a link to the 2017 text on this site; without it in the build, the official
   * title, a marked link to the source site and the 1997 counterpart (never the 1997 text by
   * the same id: see tools/normalize/cite2017.py). */
  Wizard.prototype.citeList = function (cites) {
    var self = this;
    var ui = this.ui;
    var list = el("ul", { className: "wizard-cites" });
    cites.forEach(function (cite) {
      var item = el("li");
      var info = self.cites[cite] || { url: "", external: true, title: "", title_lang: "", counterparts: [] };
      var ident = { "data-cite": cite, "data-edition": String(self.edition) };
      if (info.url && !info.external) {
        item.appendChild(el("a", Object.assign({ href: new URL(info.url, ROOT).href, className: "wizard-cite" }, ident), cite));
      } else {
        item.appendChild(el("span", Object.assign({ className: "wizard-cite" }, ident), cite));
      }
      if (info.title || info.title_fallback) {
        item.appendChild(document.createTextNode(" — "));
        var title = el("span", { className: "wizard-cite-title" }, info.title || "");
        if (info.title_lang && info.title_lang !== self.lang) title.setAttribute("lang", info.title_lang);
        item.appendChild(title);
        if (info.title_fallback && ui.titleFallback[info.title_lang || ""]) {
          item.appendChild(document.createTextNode(" (" + ui.titleFallback[info.title_lang || ""] + ")"));
        }
      }
      if (info.polish_text) item.appendChild(document.createTextNode(ui.polishText));
      if (info.external) {
        item.appendChild(document.createTextNode(" · " + ui.notInBuild + ": "));
        if (info.url) {
          item.appendChild(el("a", Object.assign({ href: info.url, rel: "external noopener",
            className: "wizard-official external" }, ident), ui.official + " ↗"));
        }
        var olds = info.counterparts || [];
        if (olds.length) item.appendChild(document.createTextNode(" · " + ui.counterpart + ": "));
        olds.forEach(function (old, i) {
          if (i) item.appendChild(document.createTextNode(", "));
          var label = "1997 " + old.id;
          if (old.url) {
            item.appendChild(el("a", { href: new URL(old.url, ROOT).href, className: "wizard-counterpart",
              "data-edition": "1997", "data-counterpart-of": cite, "data-cite-1997": old.id }, label));
          } else {
            item.appendChild(document.createTextNode(label));
          }
          if (old.uncertain) item.appendChild(document.createTextNode(" (" + ui.uncertain + ")"));
        });
      }
      list.appendChild(item);
    });
    return list;
  };

  Wizard.prototype.focusHeading = function () {
    var heading = this.root.querySelector("[data-focus]");
    if (heading && this.rendered) heading.focus();
    this.rendered = true;
  };

  Wizard.prototype.render = function () {
    var state = parseHash(window.location.hash);
    this.root.textContent = "";
    if (!state.tree) {
      this.renderStart("");
    } else if (!this.trees[state.tree]) {
      this.renderStart(this.ui.badLink + "tree=" + state.tree);
    } else {
      this.renderTree(state);
    }
    this.focusHeading();
  };

  Wizard.prototype.renderStart = function (error) {
    var self = this;
    var ui = this.ui;
    if (error) this.root.appendChild(el("p", { className: "wizard-error", role: "alert" }, error));
    var heading = el("h2", { tabindex: "-1", "data-focus": "" }, ui.pickSituation);
    this.root.appendChild(heading);
    var label = el("label", { for: "wizard-filter" }, ui.filterLabel);
    var input = el("input", {
      type: "search", id: "wizard-filter", autocomplete: "off",
      placeholder: ui.filterPlaceholder, className: "wizard-filter"
    });
    var none = el("p", { className: "wizard-none" }, ui.noMatch);
    var names = this.situations.map(function (situation) {
      var phrases = situation.phrases || {};
      return [text(situation.title, self.lang)].concat(phrases[self.lang] || [],
        [text(situation.title, self.lang === "pl" ? "en" : "pl")], phrases[self.lang === "pl" ? "en" : "pl"] || []);
    });
    none.hidden = true;
    var list = el("ul", { className: "wizard-situations" });
    var items = this.situations.map(function (situation) {
      var item = el("li");
      var button = el("button", { type: "button", className: "wizard-choice" },
        text(situation.title, self.lang));
      button.addEventListener("click", function () {
        self.go({ tree: situation.tree, s: situation.id, a: [] });
      });
      item.appendChild(button);
      var phrases = situation.phrases || {};
      item.setAttribute("data-words", [
        text(situation.title, "pl"), text(situation.title, "en"),
        (phrases.pl || []).join(" "), (phrases.en || []).join(" "), (situation.laws || []).join(" ")
      ].join(" "));
      list.appendChild(item);
      return item;
    });
    function filter() {
      var shown = 0;
      var keep = bestMatches(items.map(function (item) {
        return item.getAttribute("data-words");
      }), input.value);
      items.forEach(function (item, i) {
        item.hidden = !keep[i];
        if (keep[i]) shown += 1;
      });
      rankItems(list, items, names, input.value);
      none.hidden = shown !== 0;
    }
    input.addEventListener("input", filter);
    Q.load(ROOT).then(function () { if (input.value) filter(); }, function () {});
    this.root.appendChild(label);
    this.root.appendChild(input);
    this.root.appendChild(none);
    this.root.appendChild(list);

    this.root.appendChild(el("h2", {}, ui.pickLaw));
    var lawList = el("ul", { className: "wizard-trees" });
    Object.keys(this.trees).map(function (id) { return self.trees[id]; })
      .sort(function (a, b) {
        return lawNumber(a.laws[0]) - lawNumber(b.laws[0]) || (a.id < b.id ? -1 : 1);
      })
      .forEach(function (tree) {
        var item = el("li");
        var button = el("button", { type: "button", className: "wizard-choice" });
        button.appendChild(el("span", { className: "wizard-tree-laws" },
          ui.law + " " + tree.laws.join(", ")));
        button.appendChild(el("span", { className: "wizard-tree-title" }, text(tree.title, self.lang)));
        button.addEventListener("click", function () { self.go({ tree: tree.id, s: "", a: [] }); });
        item.appendChild(button);
        lawList.appendChild(item);
      });
    this.root.appendChild(lawList);
  };

  Wizard.prototype.renderTree = function (state) {
    var self = this;
    var ui = this.ui;
    var lang = this.lang;
    var tree = this.trees[state.tree];
    var result = walk(tree, state.a);
    if (result.error) {
      this.root.appendChild(el("p", { className: "wizard-error", role: "alert" },
        ui.badLink + result.error));
      result = walk(tree, []);
      state = { tree: state.tree, s: state.s, a: [] };
    }
    var header = el("div", { className: "wizard-header" });
    header.appendChild(el("p", { className: "wizard-tree-laws" }, ui.law + " " + tree.laws.join(", ")));
    header.appendChild(el("h2", { className: "wizard-tree-title" }, text(tree.title, lang)));
    var situation = this.situations.filter(function (s) { return s.id === state.s; })[0];
    if (situation) {
      var line = el("p", { className: "wizard-situation" }, ui.situation + text(situation.title, lang) + " ");
      var page = new URL((lang === "pl" ? "" : lang + "/") + "situations/" + situation.id + "/", ROOT);
      line.appendChild(el("a", { href: page.href }, ui.situationPage));
      header.appendChild(line);
    }
    this.root.appendChild(header);

    if (result.steps.length) {
      var answered = el("ol", { className: "wizard-steps", "aria-label": ui.yourAnswers });
      result.steps.forEach(function (step) {
        var item = el("li");
        item.appendChild(el("span", { className: "wizard-step-question" }, text(step.node.question, lang)));
        item.appendChild(el("strong", { className: "wizard-step-answer" }, text(step.choice.label, lang)));
        answered.appendChild(item);
      });
      this.root.appendChild(answered);
    }

    var panel = el("section", { className: "wizard-panel", "aria-live": "polite" });
    var node = result.node;
    if (node.outcome) {
      panel.className += " wizard-outcome";
      panel.appendChild(el("h3", { tabindex: "-1", "data-focus": "" }, ui.ruling));
      panel.appendChild(el("p", { className: "wizard-ruling" }, text(node.outcome.ruling, lang)));
      if (typeof node.outcome.tricks === "number") {
        panel.appendChild(el("p", { className: "wizard-tricks" }, ui.tricks + node.outcome.tricks));
      }
      if (typeof node.outcome.adjust === "boolean") {
        panel.appendChild(el("p", { className: "wizard-adjust" },
          node.outcome.adjust ? ui.adjustYes : ui.adjustNo));
      }
      panel.appendChild(el("h4", {}, ui.lawsEdition.replace("{edition}", String(this.edition))));
      panel.appendChild(this.citeList(node.outcome.cites || []));
      var shareId = "wizard-share";
      panel.appendChild(el("label", { for: shareId }, ui.share));
      var share = el("input", { id: shareId, type: "text", readonly: "", className: "wizard-share" });
      share.value = window.location.href;
      panel.appendChild(share);
      var copy = el("button", { type: "button", className: "wizard-copy" }, ui.copy);
      var status = el("span", { className: "wizard-copied", role: "status" });
      copy.addEventListener("click", function () {
        share.select();
        var done = function () { status.textContent = ui.copied; };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(share.value).then(done, function () {
            document.execCommand("copy"); done();
          });
        } else {
          document.execCommand("copy");
          done();
        }
      });
      panel.appendChild(copy);
      panel.appendChild(status);
    } else {
      var questionId = "wizard-q-" + result.id;
      panel.appendChild(el("p", { className: "wizard-step-number" }, ui.step + " " + (result.steps.length + 1)));
      panel.appendChild(el("h3", { id: questionId, tabindex: "-1", "data-focus": "" },
        text(node.question, lang)));
      if (node.help) panel.appendChild(el("p", { className: "wizard-help" }, text(node.help, lang)));
      if (node.cites && node.cites.length) panel.appendChild(this.citeList(node.cites));
      var group = el("div", { className: "wizard-answers", role: "group", "aria-labelledby": questionId });
      node.answers.forEach(function (answer, index) {
        var button = el("button", { type: "button", className: "wizard-answer" }, text(answer.label, lang));
        button.addEventListener("click", function () {
          self.go({ tree: state.tree, s: state.s, a: state.a.concat([index + 1]) });
        });
        group.appendChild(button);
      });
      panel.appendChild(group);
    }
    this.root.appendChild(panel);

    var nav = el("div", { className: "wizard-nav" });
    if (state.a.length) {
      var back = el("button", { type: "button", className: "wizard-back" }, ui.back);
      back.addEventListener("click", function () {
        self.go({ tree: state.tree, s: state.s, a: state.a.slice(0, -1) });
      });
      nav.appendChild(back);
    }
    var restart = el("button", { type: "button", className: "wizard-restart" }, ui.restart);
    restart.addEventListener("click", function () { self.go({ tree: "", s: "", a: [] }); });
    nav.appendChild(restart);
    this.root.appendChild(nav);
  };

  function startWizard(root) {
    var lang = root.getAttribute("data-lang") || document.documentElement.lang || "pl";
    lang = lang.slice(0, 2) === "en" ? "en" : "pl";
    var ui = UI[lang];
    root.textContent = "";
    root.appendChild(el("p", { className: "wizard-loading", role: "status" }, ui.loading));
    var url = new URL(root.getAttribute("data-assistant") || "assets/assistant/assistant.json", ROOT).href;
    fetch(url)
      .then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.json();
      })
      .then(function (data) {
        var wizard = new Wizard(root, data, lang);
        window.addEventListener("hashchange", function () { wizard.render(); });
        wizard.render();
        root.setAttribute("data-ready", "true");
      })
      .catch(function (error) {
        root.textContent = "";
        root.appendChild(el("p", { className: "wizard-error", role: "alert" },
          ui.loadError + (error && error.message ? error.message : String(error))));
        root.setAttribute("data-ready", "error");
      });
  }

  function init() {
    Q = window.bridgelawQuery;
    if (!Q) {  // deferred scripts all run before DOMContentLoaded: query.js will be there
      document.addEventListener("DOMContentLoaded", init, { once: true });
      return;
    }
    ROOT = ROOT || siteRoot();
    var filter = document.getElementById("situation-filter");
    if (filter && !filter.getAttribute("data-ready")) {
      filter.setAttribute("data-ready", "true");
      setupFilter(filter);
    }
    var root = document.getElementById("wizard");
    if (root && !root.getAttribute("data-started")) {
      root.setAttribute("data-started", "true");
      startWizard(root);
    }
  }

  ROOT = siteRoot();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  /* Material's instant navigation swaps pages without reloading scripts. */
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  }
})();
