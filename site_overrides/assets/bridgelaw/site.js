/* bridgelaw: keep the reader's place across the language switch; cross-reference previews;
   the translation check's marks.
   No network: previews read JSON embedded in the page at build time. */
(function () {
  "use strict";

  /* The previews' words: assets/bridgelaw/interface.js (tools/data/interface.yaml, script_site). */
  var TEXT = window.bridgelawText;
  // class names: tools/data/markup.yaml, in the page-script bundle (tools/site/scripts.py)
  var M = window.bridgelawMarkup;

  function pageLang() {
    return window.bridgelawSite.lang; // assets/bridgelaw/paths.js
  }

  function headerOffset() {
    var header = document.querySelector(".md-header");
    return header ? header.getBoundingClientRect().height : 0;
  }

  /* The unit the reader is at: the target if it is on screen, else the first row below the header. */
  function currentUnit() {
    var rows = document.querySelectorAll("." + M.law_text + " ." + M.row + "[id]");
    if (!rows.length) return "";
    var top = headerOffset() + 4;
    var hash = decodeURIComponent(location.hash.slice(1));
    if (hash) {
      var target = document.getElementById(hash);
      if (target) {
        var r = target.getBoundingClientRect();
        if (r.bottom > top && r.top < window.innerHeight) return hash;
      }
    }
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].getBoundingClientRect().bottom > top) return rows[i].id;
    }
    return rows[rows.length - 1].id;
  }

  /* A jump to a clause that completes a sentence above it ("Rozgrywający może:" before 50D2a):
     the sentence is shown too, under the header, when the clause then still starts in the upper
     half of the screen and ends on it; else the clause stays where the browser put it, at the
     top (64B3, two clauses below 64B's sentence). The row holding the sentence is marked by the
     renderer (tools/render/content.py, the model's leads_into). */
  function showLeadIn() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target || !target.classList.contains(M.row)) return;
    var lead = target.previousElementSibling;
    while (lead && !(lead.classList.contains(M.leads) && lead.id &&
                     window.bridgelawIds.isInside(lead.id, id))) {
      lead = lead.previousElementSibling;
    }
    if (!lead) return;
    var top = headerOffset(), room = window.innerHeight - top;
    var above = lead.getBoundingClientRect().top, box = target.getBoundingClientRect();
    if (box.top - above > room / 2 || box.bottom - above > room) return;
    window.scrollBy(0, above - top - 8);
  }
  window.addEventListener("hashchange", showLeadIn);
  window.addEventListener("load", function () { window.requestAnimationFrame(showLeadIn); });

  /* Any link to the same page in the other language (ours and Material's language menu):
     go there at the unit the reader is at. */
  document.addEventListener("click", function (event) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button > 0) return;
    var link = event.target.closest && event.target.closest("a[hreflang]");
    if (!link) return;
    var unit = currentUnit();
    if (!unit) return;
    var url = new URL(link.getAttribute("href"), location.href);
    url.hash = unit;
    link.setAttribute("href", url.href);
    event.preventDefault();
    event.stopPropagation();
    location.assign(url.href);
  }, true);

  /* The phone's language toggle (two radio buttons, CSS shows one text): the unit at the top
     of the screen stays there when the other language, longer or shorter, replaces it. */
  var kept = null;
  function remember() {
    var id = currentUnit();
    var row = id && document.getElementById(id);
    kept = row ? { row: row, top: row.getBoundingClientRect().top } : null;
  }
  document.querySelectorAll("." + M.lang_pick + " label").forEach(function (label) {
    label.addEventListener("pointerdown", remember);
  });
  document.querySelectorAll("." + M.lang_pick_input).forEach(function (input) {
    input.addEventListener("keydown", remember);
    input.addEventListener("change", function () {
      if (kept) window.scrollBy(0, kept.row.getBoundingClientRect().top - kept.top);
      kept = null;
    });
  });

  /* ---- cross-reference previews ---- */

  var data = {};
  document.querySelectorAll("script." + M.xref_data).forEach(function (node) {
    try {
      Object.assign(data, JSON.parse(node.textContent));
    } catch (e) {
      /* a broken blob only loses previews; links still work */
    }
  });

  var pop = null;
  var popFor = null;
  var lastPointer = "mouse";
  var hideTimer = 0;

  function closePop() {
    if (pop) pop.remove();
    if (popFor) popFor.removeAttribute("aria-describedby");
    pop = null;
    popFor = null;
  }

  function openPop(link) {
    var info = data[link.getAttribute("data-ref")];
    if (!info) return false;
    closePop();
    var words = TEXT[pageLang()].site;
    pop = document.createElement("div");
    pop.className = M.xref_pop;
    pop.id = "xref-pop";
    pop.setAttribute("role", "tooltip");
    pop.setAttribute("lang", info.lang);
    var head = document.createElement("p");
    var id = document.createElement("span");
    id.className = M.xref_pop_id;
    id.textContent = info.id;
    head.appendChild(id);
    if (info.edition) {
      /* the same id can be another rule in the other edition: every preview names its own */
      var edition = document.createElement("span");
      edition.className = M.xref_pop_edition;
      edition.setAttribute("lang", pageLang());
      edition.textContent = words.edition.replace("{e}", info.edition);
      head.appendChild(edition);
    }
    if (info.title) {
      var title = document.createElement("span");
      title.className = M.xref_pop_title;
      title.textContent = info.title;
      head.appendChild(title);
    }
    pop.appendChild(head);
    var text = document.createElement("p");
    text.textContent = info.text;
    pop.appendChild(text);
    var go = document.createElement("a");
    go.className = M.xref_go;
    go.href = link.href;
    go.setAttribute("lang", pageLang());
    go.textContent = words.go + " " + info.id + " →";
    pop.appendChild(go);
    pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
    pop.addEventListener("mouseleave", scheduleHide);
    document.body.appendChild(pop);
    var r = link.getBoundingClientRect();
    var left = Math.max(8, Math.min(r.left + window.scrollX,
      window.scrollX + document.documentElement.clientWidth - pop.offsetWidth - 8));
    pop.style.left = left + "px";
    pop.style.top = (r.bottom + window.scrollY + 6) + "px";
    link.setAttribute("aria-describedby", "xref-pop");
    popFor = link;
    return true;
  }

  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(closePop, 300);
  }

  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
    if (pop && !pop.contains(event.target) && !(event.target.closest && event.target.closest("a." + M.xref))) {
      closePop();
    }
  }, true);

  document.querySelectorAll("a." + M.xref + "[data-ref]").forEach(function (link) {
    link.addEventListener("mouseenter", function () {
      if (lastPointer === "touch") return;
      clearTimeout(hideTimer);
      openPop(link);
    });
    link.addEventListener("mouseleave", function () {
      if (lastPointer !== "touch") scheduleHide();
    });
    link.addEventListener("focus", function () {
      if (lastPointer === "keyboard") openPop(link);
    });
    link.addEventListener("blur", function () {
      var shown = pop;
      setTimeout(function () {
        /* only this link's preview, and not when focus went into it */
        if (pop && pop === shown && popFor === link && !pop.contains(document.activeElement)) {
          closePop();
        }
      }, 0);
    });
    /* On a touch screen the first tap previews, the link inside the preview goes there. */
    link.addEventListener("click", function (event) {
      if (lastPointer === "touch" && popFor !== link) {
        if (openPop(link)) event.preventDefault();
      }
    });
  });

  /* ---- translation check marks (<details>, open without script): one open at a time,
     closed by Escape (focus back on the mark) or by a click elsewhere ---- */

  function closeMarks(except) {
    document.querySelectorAll("details." + M.tcheck + "[open]").forEach(function (mark) {
      if (mark !== except) mark.open = false;
    });
  }

  document.addEventListener("toggle", function (event) {
    var mark = event.target;
    if (mark.matches && mark.matches("details." + M.tcheck) && mark.open) closeMarks(mark);
  }, true);

  document.addEventListener("click", function (event) {
    if (!(event.target.closest && event.target.closest("details." + M.tcheck))) closeMarks(null);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Tab") lastPointer = "keyboard";
    if (event.key === "Escape") {
      closePop();
      var open = document.querySelector("details." + M.tcheck + "[open]");
      if (open) {
        closeMarks(null);
        open.querySelector("summary").focus();
      }
    }
  });
})();
