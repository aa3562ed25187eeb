// The classroom's pages (docs/classroom.md): no build step, no other host.
"use strict";
// What the student's, the teacher's and the presenter's pages share (window.SL).
(function () {
  const $ = (id) => document.getElementById(id);
  // the page's message line; ``kind`` "info" (the default) or "refusal" (drawn as an error)
  const say = (text, kind) => {
    const m = $("message"); m.textContent = text; m.dataset.kind = kind || "info";
  };
  // ---------------------------------------------------------------- the lesson (lesson.py)
  // One open activity at a time (a poll, a what-if, a quiz) and the board of mistakes.
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  };
  const lines = (tag, items) => { const l = el(tag); for (const x of items) l.appendChild(el("li", x)); return l; };
  function sideBySide(a) {
    const t = el("table", null, "sl-side");
    const head = el("tr"); head.append(el("th", "What happened"), el("th", "The what-if"));
    head.childNodes.forEach((th) => th.setAttribute("scope", "col"));
    const body = el("tr");
    const left = el("td"); left.append(lines("ul", a.happened), el("p", "Tricks taken: " + a.taken.happened));
    const right = el("td"); right.append(lines("ul", a.branch), el("p", "Tricks taken: " + a.taken.branch));
    body.append(left, right); t.append(head, body);
    const box = el("div"); box.append(t, el("pre", a.summary.join("\n"), "sl-summary"));
    return box;
  }

  window.SL = { $, say, el, lines, sideBySide };
})();
