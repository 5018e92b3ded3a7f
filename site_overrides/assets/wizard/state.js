/* The ruling wizard, 1 of 4 (state.js, match.js, render.js, wizard.js, loaded in this order):
 * the wizard's state in the URL's hash, the walk through a decision tree, and small helpers.
 * Every file adds to one namespace, window.bridgelawWizard. */
(function (W) {
  "use strict";

  W.el = function (tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "className") node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };

  W.parseHash = function (hash) {
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
  };

  W.formatHash = function (state) {
    var parts = [];
    if (state.tree) parts.push("tree=" + encodeURIComponent(state.tree));
    if (state.s) parts.push("s=" + encodeURIComponent(state.s));
    if (state.a.length) parts.push("a=" + state.a.join("."));
    return parts.length ? "#" + parts.join("&") : "";
  };

  W.treesById = function (data) {
    var trees = data.trees || {};
    if (Array.isArray(trees)) {
      var map = {};
      trees.forEach(function (tree) { map[tree.id] = tree; });
      return map;
    }
    return trees;
  };

  W.text = function (value, lang) {
    if (value === null || value === undefined) return "";
    if (typeof value === "string") return value;
    return value[lang] || "";
  };

  /* The law a cited id belongs to (0 for none), by the one id rule (assets/bridgelaw/ids.js,
   * in the page-script bundle, which runs before the wizard's scripts). */
  W.lawNumber = function (id) {
    return window.bridgelawIds.lawOf(id) || 0;
  };

  /* Follow the answers from the start: the steps taken, the node reached, or an error. */
  W.walk = function (tree, answers) {
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
  };
})(window.bridgelawWizard = window.bridgelawWizard || {});
