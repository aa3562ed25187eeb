// The classroom's pages (docs/classroom.md): no build step, no other host.
// The presenter view (classroom/present.py), for the projector; common.js comes first.
// It reads GET /api/teacher/present with the teacher's secret and opens no websocket.
"use strict";
(function () {
  const { $, say, el } = window.SL;
  const secret = new URLSearchParams(location.hash.slice(1)).get("secret") || "";
  const headers = { "X-Teacher-Secret": secret };
  let last = "", qr = null, timer = null, down = false;

  function fit() {  // scale what is shown down (never up) to the stage: no scrollbar at 1024x768
    const stage = $("stage"), box = $("fit");
    box.style.transform = "";
    const w = box.scrollWidth, h = box.scrollHeight;
    const s = Math.min(1, stage.clientWidth / Math.max(w, 1), stage.clientHeight / Math.max(h, 1));
    box.style.transform = s < 1 ? "scale(" + s + ")" : "";
  }
  const html = (markup, cls) => { const d = el("div", undefined, cls); d.innerHTML = markup; return d; };  // the server's own drawing (render.table_html)

  function joinPart() {
    const box = el("div", undefined, "sl-join");
    if (qr) {
      const code = html(qr.svg, "sl-qr-box"), svg = code.querySelector("svg");
      if (svg && !svg.getAttribute("viewBox")) {  // drawn at its own size: a viewBox lets it fill the box
        svg.setAttribute("viewBox", "0 0 " + svg.getAttribute("width") + " " + svg.getAttribute("height"));
      }
      box.appendChild(code);
    }
    const words = el("div");
    words.append(el("p", "Join the class: the code is"), el("p", last.code, "sl-code"));
    if (qr) words.appendChild(el("p", "at " + qr.url.split("?")[0]));
    box.appendChild(words);
    return box;
  }
  function spreadTable(rows, head) {
    const t = el("table", undefined, "sl-spread");
    const tr = el("tr");
    for (const h of head) { const th = el("th", h); th.scope = "col"; tr.appendChild(th); }
    t.appendChild(tr);
    const most = Math.max(1, ...rows.map((r) => r.count));
    for (const r of rows) {
      const row = el("tr", undefined, r.best ? "sl-best" : "");
      const count = el("td"); const bar = el("span", undefined, "sl-bar-fill");
      bar.style.width = Math.round(120 * r.count / most) + "px"; bar.setAttribute("aria-hidden", "true");
      count.append(bar, String(r.count));
      row.append(el("td", r.label + (r.best ? " (best)" : "")), count);
      if (head.length > 2) row.appendChild(el("td", r.verdict || ""));
      t.appendChild(row);
    }
    return t;
  }
  function lessonPart(v) {
    const box = el("div");
    if (!v.activity) { box.appendChild(el("p", v.question, "sl-big-question")); return box; }
    if (v.kind === "quiz") {
      box.appendChild(el("p", "Question " + (v.number + 1) + " of " + v.of + ": " + v.prompt, "sl-big-question"));
      if (v.shown.length) box.appendChild(el("pre", v.shown.join("\n"), "sl-shown"));
      const list = el("ol", undefined, "sl-choices");
      v.choices.forEach((c, k) => {
        const right = v.revealed && k === v.answer;
        list.appendChild(el("li", c + (v.revealed ? ": " + v.counts[k] + (right ? " (the answer)" : "") : ""), right ? "sl-right" : ""));
      });
      box.append(list, el("p", v.answered + " of " + v.students + " answered", "sl-count"));
    } else {
      box.appendChild(el("p", v.question, "sl-big-question"));
      if (v.trumps) box.appendChild(html(v.trumps));
      if (v.html) box.appendChild(html(v.html));
      if (v.note) box.appendChild(el("p", v.note, "sl-note"));
      if (v.kind === "poll") {
        if (v.revealed) {
          box.appendChild(el("p", v.verdict, "sl-verdict"));
          box.appendChild(spreadTable(v.spread, ["Card", "Answers", "The solver's verdict"]));
        } else box.appendChild(el("p", v.answered + " of " + v.students + " answered", "sl-count"));
      } else if (v.kind === "whatif" && v.revealed) box.appendChild(window.SL.sideBySide(v));
    }
    if (v.who) box.appendChild(el("p", v.who, "sl-who"));
    return box;
  }
  function tablePart(t) {
    const box = el("div");
    box.append(el("p", t.title, "sl-table-title"), html(t.trumps), html(t.html));
    return box;
  }
  function show(v) {
    $("corner").textContent = v.show === "class" ? "" : "Class code " + v.class;
    $("broadcast").textContent = v.words;
    say(v.note || "");
    let part;
    if (v.show === "table") part = tablePart(v.table);
    else if (v.show === "lesson") part = lessonPart(v.lesson);
    else part = joinPart();
    $("fit").replaceChildren(part);
    fit();
  }
  async function refresh() {
    let r;
    try { r = await fetch("/api/teacher/present", { headers }); } catch (e) { say("The server does not answer: it may be restarting."); down = true; return; }
    if (r.status === 403 || r.status === 429) {  // an outdated address: stop asking (never trip the limit)
      clearInterval(timer); timer = null;
      say("This address no longer has the teacher's secret: open the presenter view again from the teacher's page.");
      return;
    }
    const v = await r.json();
    if (!r.ok) { say(v.error); return; }
    const key = JSON.stringify(v);
    if (down) { down = false; say(v.note || ""); }  // the server answers again: its line goes
    if (key === last.key) return;  // unchanged: nothing redrawn
    last = { key, code: v.class };
    show(v);
  }
  async function start() {
    const r = await fetch("/api/teacher/qr", { headers });
    if (r.ok) qr = await r.json();
    await refresh();
    if (r.ok) timer = setInterval(refresh, 1000);
  }
  window.addEventListener("resize", fit);
  start();
})();
