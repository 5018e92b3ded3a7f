/* The ruling wizard, 3 of 4: the wizard's pages (the start: situations and laws; a tree's
 * questions, answers and outcome). Its words: assets/bridgelaw/interface.js (script_wizard, and
 * the editions words shared with the Python side). All data is put on the page with textContent. */
(function (W) {
  "use strict";

  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;

  var el = W.el;
  var text = W.text;

  function Wizard(root, data, lang) {
    this.root = root;
    this.data = data;
    this.lang = lang;
    var words = window.bridgelawText[lang] || window.bridgelawText.en;
    this.ui = words.wizard;
    this.ed = words.editions; // the words the wizard shares with the Python side
    this.trees = W.treesById(data);
    this.situations = data.situations || [];
    this.retired = data.retired || {}; // an old situation id -> the one that answers it now
    this.cites = (data.cites || {})[lang] || {};
    this.edition = data.edition || 2017;
  }

  Wizard.prototype.go = function (state) {
    var hash = W.formatHash(state);
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
    var ed = this.ed;
    var list = el("ul", { className: M.wizard_cites });
    cites.forEach(function (cite) {
      var item = el("li");
      var info = self.cites[cite] || { url: "", external: true, title: "", title_lang: "", counterparts: [] };
      var ident = { "data-cite": cite, "data-edition": String(self.edition) };
      if (info.url && !info.external) {
        item.appendChild(el("a", Object.assign({ href: new URL(info.url, W.ROOT).href, className: M.wizard_cite }, ident), cite));
      } else {
        item.appendChild(el("span", Object.assign({ className: M.wizard_cite }, ident), cite));
      }
      if (info.title || info.title_fallback) {
        item.appendChild(document.createTextNode(" — "));
        var title = el("span", { className: "wizard-cite-title" }, info.title || "");
        if (info.title_lang && info.title_lang !== self.lang) title.setAttribute("lang", info.title_lang);
        item.appendChild(title);
        var note = info.title_fallback && self.fallbackNote(info.title_lang || "");
        if (note) item.appendChild(document.createTextNode(" (" + note + ")"));
      }
      if (info.polish_text) item.appendChild(document.createTextNode(ui.polishText));
      if (info.external) {
        item.appendChild(document.createTextNode(" · " + ed.not_in_build_short + ": "));
        if (info.url) {
          item.appendChild(el("a", Object.assign({ href: info.url, rel: "external noopener",
            className: "wizard-official external" }, ident), ed.official_short + " ↗"));
        }
        var olds = info.counterparts || [];
        if (olds.length) item.appendChild(document.createTextNode(" · " + ed.counterpart_short + ": "));
        olds.forEach(function (old, i) {
          if (i) item.appendChild(document.createTextNode(", "));
          var label = "1997 " + old.id;
          if (old.url) {
            item.appendChild(el("a", { href: new URL(old.url, W.ROOT).href, className: "wizard-counterpart",
              "data-edition": "1997", "data-counterpart-of": cite, "data-cite-1997": old.id }, label));
          } else {
            item.appendChild(document.createTextNode(label));
          }
          if (old.uncertain) item.appendChild(document.createTextNode(" (" + ed.uncertain + ")"));
        });
      }
      list.appendChild(item);
    });
    return list;
  };

  /* What marks a title in another language than the reader's ("title_en": the English title
   * stands in for a missing Polish one), or a missing title (""): the editions section's words,
   * as the situation pages (tools/render/cite_html.py) mark it. */
  Wizard.prototype.fallbackNote = function (titleLang) {
    if (titleLang === this.lang) return "";
    return titleLang ? this.ed["title_" + titleLang] : this.ed.no_title;
  };

  Wizard.prototype.focusHeading = function () {
    var heading = this.root.querySelector("[data-focus]");
    if (heading && this.rendered) heading.focus();
    this.rendered = true;
  };

  Wizard.prototype.render = function () {
    var state = W.parseHash(window.location.hash);
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
    if (error) this.root.appendChild(el("p", { className: M.wizard_error, role: "alert" }, error));
    var heading = el("h2", { tabindex: "-1", "data-focus": "" }, ui.pickSituation);
    this.root.appendChild(heading);
    var label = el("label", { for: "wizard-filter" }, ui.filterLabel);
    var input = el("input", {
      type: "search", id: "wizard-filter", autocomplete: "off",
      placeholder: ui.filterPlaceholder, className: M.wizard_filter
    });
    var none = el("p", { className: "wizard-none" }, ui.noMatch);
    var names = this.situations.map(function (situation) {
      var phrases = situation.phrases || {};
      return [text(situation.title, self.lang)].concat(phrases[self.lang] || [],
        [text(situation.title, self.lang === "pl" ? "en" : "pl")], phrases[self.lang === "pl" ? "en" : "pl"] || []);
    });
    none.hidden = true;
    var list = el("ul", { className: M.wizard_situations });
    var items = this.situations.map(function (situation) {
      var item = el("li");
      var button = el("button", { type: "button", className: M.wizard_choice },
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
      var keep = W.bestMatches(items.map(function (item) {
        return item.getAttribute("data-words");
      }), input.value);
      items.forEach(function (item, i) {
        item.hidden = !keep[i];
        if (keep[i]) shown += 1;
      });
      W.rankItems(list, items, names, input.value);
      none.hidden = shown !== 0;
    }
    W.whenRead(input, filter);
    this.root.appendChild(label);
    this.root.appendChild(input);
    this.root.appendChild(none);
    this.root.appendChild(list);

    this.root.appendChild(el("h2", {}, ui.pickLaw));
    var lawList = el("ul", { className: M.wizard_trees });
    Object.keys(this.trees).map(function (id) { return self.trees[id]; })
      .sort(function (a, b) {
        return W.lawNumber(a.laws[0]) - W.lawNumber(b.laws[0]) || (a.id < b.id ? -1 : 1);
      })
      .forEach(function (tree) {
        var item = el("li");
        var button = el("button", { type: "button", className: M.wizard_choice });
        button.appendChild(el("span", { className: M.wizard_tree_laws },
          ui.law + " " + tree.laws.join(", ")));
        button.appendChild(el("span", { className: M.wizard_tree_title }, text(tree.title, self.lang)));
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
    var result = W.walk(tree, state.a);
    if (result.error) {
      this.root.appendChild(el("p", { className: M.wizard_error, role: "alert" },
        ui.badLink + result.error));
      result = W.walk(tree, []);
      state = { tree: state.tree, s: state.s, a: [] };
    }
    var header = el("div", { className: "wizard-header" });
    header.appendChild(el("p", { className: M.wizard_tree_laws }, ui.law + " " + tree.laws.join(", ")));
    header.appendChild(el("h2", { className: M.wizard_tree_title }, text(tree.title, lang)));
    // a link shared before its situation was folded into another names the other one
    var wanted = Object.prototype.hasOwnProperty.call(this.retired, state.s) ? this.retired[state.s] : state.s;
    var situation = this.situations.filter(function (s) { return s.id === wanted; })[0];
    if (situation) {
      var line = el("p", { className: "wizard-situation" }, ui.situation + text(situation.title, lang) + " ");
      var page = new URL(window.bridgelawSite.page("situation", lang, { id: situation.id }), W.ROOT);
      line.appendChild(el("a", { href: page.href }, ui.situationPage));
      header.appendChild(line);
    }
    this.root.appendChild(header);

    if (result.steps.length) {
      var answered = el("ol", { className: M.wizard_steps, "aria-label": ui.yourAnswers });
      result.steps.forEach(function (step) {
        var item = el("li");
        item.appendChild(el("span", { className: M.wizard_step_question }, text(step.node.question, lang)));
        item.appendChild(el("strong", { className: M.wizard_step_answer }, text(step.choice.label, lang)));
        answered.appendChild(item);
      });
      this.root.appendChild(answered);
    }

    var panel = el("section", { className: "wizard-panel", "aria-live": "polite" });
    var node = result.node;
    if (node.outcome) {
      panel.className += " " + M.wizard_outcome;
      panel.appendChild(el("h3", { tabindex: "-1", "data-focus": "" }, ui.ruling));
      panel.appendChild(el("p", { className: M.wizard_ruling }, text(node.outcome.ruling, lang)));
      if (typeof node.outcome.tricks === "number") {
        panel.appendChild(el("p", { className: "wizard-tricks" }, ui.tricks + node.outcome.tricks));
      }
      if (typeof node.outcome.adjust === "boolean") {
        panel.appendChild(el("p", { className: "wizard-adjust" },
          node.outcome.adjust ? ui.adjustYes : ui.adjustNo));
      }
      panel.appendChild(el("h4", {}, this.ed.laws.replace("{edition}", String(this.edition))));
      panel.appendChild(this.citeList(node.outcome.cites || []));
      var shareId = "wizard-share";
      panel.appendChild(el("label", { for: shareId }, ui.share));
      var share = el("input", { id: shareId, type: "text", readonly: "", className: M.wizard_share });
      share.value = window.location.href;
      panel.appendChild(share);
      var copy = el("button", { type: "button", className: M.wizard_copy }, ui.copy);
      var status = el("span", { className: M.wizard_copied, role: "status" });
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
      panel.appendChild(el("p", { className: M.wizard_step_number }, ui.step + " " + (result.steps.length + 1)));
      panel.appendChild(el("h3", { id: questionId, tabindex: "-1", "data-focus": "" },
        text(node.question, lang)));
      if (node.help) panel.appendChild(el("p", { className: M.wizard_help }, text(node.help, lang)));
      if (node.cites && node.cites.length) panel.appendChild(this.citeList(node.cites));
      var group = el("div", { className: M.wizard_answers, role: "group", "aria-labelledby": questionId });
      node.answers.forEach(function (answer, index) {
        var button = el("button", { type: "button", className: M.wizard_answer }, text(answer.label, lang));
        button.addEventListener("click", function () {
          self.go({ tree: state.tree, s: state.s, a: state.a.concat([index + 1]) });
        });
        group.appendChild(button);
      });
      panel.appendChild(group);
    }
    this.root.appendChild(panel);

    var nav = el("div", { className: M.wizard_nav });
    if (state.a.length) {
      var back = el("button", { type: "button", className: M.wizard_back }, ui.back);
      back.addEventListener("click", function () {
        self.go({ tree: state.tree, s: state.s, a: state.a.slice(0, -1) });
      });
      nav.appendChild(back);
    }
    var restart = el("button", { type: "button", className: M.wizard_restart }, ui.restart);
    restart.addEventListener("click", function () { self.go({ tree: "", s: "", a: [] }); });
    nav.appendChild(restart);
    this.root.appendChild(nav);
  };

  W.Wizard = Wizard;
})(window.bridgelawWizard = window.bridgelawWizard || {});
