// The classroom's pages (docs/classroom.md): no build step, no other host.
// The teacher's page; common.js comes first.
"use strict";
(function () {
  const { $, say, el, lines, sideBySide } = window.SL;

  // ---------------------------------------------------------------- the teacher's page
  function teacherPage() {
    const secret = new URLSearchParams(location.hash.slice(1)).get("secret") || "";
    const headers = { "X-Teacher-Secret": secret, "Content-Type": "application/json" };
    const chosen = new Set();
    let opened = null, students = [], variations = [], sources = {}, seatsKey = "";
    let settingsGen = 0;  // counts the teacher's changes: a table's view fetched before one is stale
    const el = (tag, text, cls) => {
      const e = document.createElement(tag); if (text !== undefined) e.textContent = text;
      if (cls) e.className = cls; return e;
    };
    const button = (label, onclick) => { const b = el("button", label); b.type = "button"; b.addEventListener("click", onclick); return b; };
    async function api(path, body) {
      const r = await fetch(path, body === undefined ? { headers } :
        { method: "POST", headers, body: JSON.stringify(body) });
      const answer = await r.json();
      if (!r.ok) { say(answer.error); return null; }
      if (body !== undefined) say("");  // the teacher acted: an earlier message is done with
      return answer;  // (the page's own reads every few seconds keep the message shown)
    }
    function glanceCard(t) {
      const card = el("section", undefined, "sl-glance" + (t.alert ? " sl-alert" : "") + (t.status === "closed" ? " sl-closed" : ""));
      card.setAttribute("aria-label", "Table " + t.table);
      card.appendChild(el("h3", "Table " + t.table + ": " + t.title));
      card.appendChild(el("p", (t.alert ? "Needs you. " : "") + t.words, "sl-status"));
      const facts = ["Hand " + t.hand];
      if (t.trick) facts.push("trick " + t.trick);
      if (t.turn_words) facts.push("turn: " + t.turn_words);
      facts.push("scores: " + t.teams.map((n, i) => n + " " + t.totals[i]).join(", "));
      if (t.bids.length) facts.push("bids: " + t.bids.map((b, i) => t.names[i] + " " + (b === null ? "not yet" : b)).join(", "));
      facts.push("hints " + (t.settings.hints ? "on" : "off"), "taking back " + (t.settings.undo ? "on" : "off"));
      card.appendChild(el("p", facts.join("; ") + "."));
      const away = t.names.filter((n, i) => t.seats[i] === "person" && !t.connected[i]);
      if (away.length) card.appendChild(el("p", "Not connected: " + away.join(", ") + "."));
      const drawing = el("div"); drawing.innerHTML = t.html; card.appendChild(drawing);  // the server's own drawing (render.table_html)
      if (t.status !== "closed") {
        const label = el("label"); const box = el("input"); box.type = "checkbox"; box.checked = chosen.has(t.table);
        box.addEventListener("change", () => { box.checked ? chosen.add(t.table) : chosen.delete(t.table); showDealTables(); });
        label.append(box, " Choose"); card.appendChild(label);
        card.appendChild(button("Open table " + t.table, () => { opened = t.table; refresh(); }));
        card.appendChild(t.paused ? button("Resume table " + t.table, () => pauseTables([t.table], false))
          : button("Pause table " + t.table, () => pauseTables([t.table], true)));
      }
      return card;
    }
    async function pauseTables(tables, paused) {
      const body = tables === null ? {} : { tables };
      if (tables !== null && !tables.length) { say("Choose tables first (the box \"Choose\" on each table)."); return; }
      if (await api(paused ? "/api/teacher/pause" : "/api/teacher/resume", body)) refresh();
    }
    async function showOpened() {
      if (opened === null) { $("opened").hidden = true; return; }
      const gen = settingsGen;
      const t = await api("/api/teacher/tables/" + opened + "/full");
      if (!t) { opened = null; return; }
      $("opened").hidden = false;
      if (gen === settingsGen) {  // the table's settings as the server has them
        $("set-hints").checked = t.settings.hints; $("set-undo").checked = t.settings.undo;
      }
      $("opened-title").textContent = "Table " + t.table + " in full: " + t.title;
      $("full").innerHTML = t.full_html || "<p>No hand has been dealt yet.</p>";  // render.table_html, every hand face up
      $("events").replaceChildren(...t.events.map((w) => el("div", w)));
      const key = JSON.stringify([t.table, t.names, t.students, students]);
      if (key === seatsKey) return;  // unchanged: keep what the teacher is choosing
      seatsKey = key;
      $("seat-controls").replaceChildren(...t.names.map((name, i) => {
        const p = el("p"); p.append("Seat " + (i + 1) + ": " + name + ". ");
        const id = "seat-" + t.table + "-" + i;
        const label = el("label", "Put in this seat:"); label.htmlFor = id;
        const pick = el("select"); pick.id = id;
        for (const s of students) { const o = el("option", s.name); o.value = String(s.student); pick.appendChild(o); }
        if (t.students[i] !== null && t.students[i] !== undefined) pick.value = String(t.students[i]);
        p.append(label, " ", pick, button("Seat them here", async () => {
          if (await api("/api/teacher/seat", { table: t.table, seat: i, student: Number(pick.value) })) refresh();
        }));
        if (t.seats[i] === "person") p.appendChild(button("Give this seat to a robot", async () => {
          if (await api("/api/teacher/seat", { table: t.table, seat: i, student: null })) refresh();
        }));
        return p;
      }));
    }
    function showDealTables() {
      const list = [...chosen].sort((a, b) => a - b);
      if (!list.length) { $("deal-tables").replaceChildren(el("p", "Choose tables above (the box \"Choose\" on each table).")); return; }
      $("deal-tables").replaceChildren(...list.map((tid) => {
        const p = el("p"); const id = "deal-rules-" + tid;
        const label = el("label", "Table " + tid + " plays it under"); label.htmlFor = id;
        const pick = el("select"); pick.id = id;
        variations.forEach((v, k) => { const o = el("option", v.words); o.value = String(k); pick.appendChild(o); });
        p.append(label, " ", pick); return p;
      }));
    }
    function showSourceNames() {
      const kind = $("deal-source").value;
      $("deal-name").disabled = kind === "upload"; $("deal-file").disabled = kind !== "upload";
      $("deal-name").replaceChildren(...(sources[kind] || []).map((n) => el("option", n)));
    }
    function showComparison(c) {
      const box = $("compare");
      box.replaceChildren(el("h3", "The prepared deal: hand " + c.hand + " of " + c.source));
      const table = el("table"); const head = el("tr");
      for (const h of ["Table", "Rules", "Bids", "Tricks", "Hand score", "Totals"]) { const th = el("th", h); th.scope = "col"; head.appendChild(th); }
      table.appendChild(head);
      for (const t of c.tables) {
        const tr = el("tr");
        const cells = t.finished ? [t.table, t.title + (t.options.length ? ", " + t.options.join(" ") : ""), t.bids.join(", "), t.taken.join(", "),
          t.teams.map((n, i) => n + " " + t.hand_score[i]).join(", "), t.teams.map((n, i) => n + " " + t.totals[i]).join(", ")]
          : [t.table, t.title, "still playing", "", "", ""];
        for (const x of cells) tr.appendChild(el("td", String(x)));
        table.appendChild(tr);
      }
      box.appendChild(table);
      for (const t of c.tables) {
        box.appendChild(el("h4", "Table " + t.table));
        if (t.score_words) box.appendChild(el("pre", t.score_words));
        box.appendChild(el("pre", t.words));
      }
    }
    let lastDeal = null;
    async function refresh() {
      const body = await api("/api/teacher/overview");
      if (!body) return;
      $("class").textContent = body.class;
      students = body.students;
      $("students").replaceChildren(...body.students.map((s) => el("li", s.student + ": " + s.name)));
      $("problems").replaceChildren(...(body.problems || []).map((w) => el("li", w)));
      $("glance").replaceChildren(...body.tables.map(glanceCard));
      $("tables").replaceChildren(...body.tables.map((t) => {
        const tr = el("tr");
        for (const text of [t.table, t.rules.preset, t.names.join(", "), t.hand, t.totals.join(" : ")]) tr.appendChild(el("td", String(text)));
        return tr;
      }));
      if (body.deals.length) {
        lastDeal = body.deals[body.deals.length - 1].deal;
        const c = await api("/api/teacher/deals/" + lastDeal);
        if (c) showComparison(c);
      }
      await showOpened();
    }
    $("pause-all").addEventListener("click", () => pauseTables(null, true));
    $("resume-all").addEventListener("click", () => pauseTables(null, false));
    $("pause-chosen").addEventListener("click", () => pauseTables([...chosen], true));
    $("resume-chosen").addEventListener("click", () => pauseTables([...chosen], false));
    $("close-opened").addEventListener("click", () => { opened = null; $("opened").hidden = true; });
    // the opened table's hints and taking back (tables.SETTINGS), and the teacher's take-back
    for (const [id, name] of [["set-hints", "hints"], ["set-undo", "undo"]]) {
      const box = $(id);
      box.addEventListener("change", async () => {
        if (opened === null) return;
        settingsGen++;
        const done = await api("/api/teacher/tables/" + opened + "/settings", { [name]: box.checked });
        settingsGen++;
        if (done) { box.checked = done.settings[name]; refresh(); } else box.checked = !box.checked;
      });
    }
    $("take-back").addEventListener("click", async () => {
      if (opened === null) return;
      const done = await api("/api/teacher/tables/" + opened + "/undo", {});
      if (done) { say(done.words); refresh(); }
    });
    $("deal-source").addEventListener("change", showSourceNames);
    document.querySelectorAll("button[data-export]").forEach((b) => b.addEventListener("click", async () => {
      say("Preparing " + b.textContent + "…");
      const r = await fetch("/api/teacher/export/" + b.dataset.export, { headers });
      if (!r.ok) { say((await r.json()).error); return; }
      const name = (r.headers.get("content-disposition") || "").split('filename="')[1] || b.dataset.export;
      const a = document.createElement("a"); a.href = URL.createObjectURL(await r.blob());
      a.download = name.replace(/"$/, ""); document.body.appendChild(a); a.click(); a.remove();
      say("");
    }));
    $("deal").addEventListener("submit", async (e) => {
      e.preventDefault();
      const tables = [...chosen].sort((a, b) => a - b).map((tid) => {
        const v = variations[Number($("deal-rules-" + tid).value)];
        return Object.keys(v.options).length ? { table: tid, options: v.options } : { table: tid };
      });
      if (!tables.length) { say("Choose tables first (the box \"Choose\" on each table)."); return; }
      const body = { source: $("deal-source").value, hand: Number($("deal-hand").value), tables };
      if (body.source === "upload") {
        const file = $("deal-file").files[0];
        if (!file) { say("Choose a record file first."); return; }
        try { body.record = JSON.parse(await file.text()); } catch (err) { say("That file is not a game record (it is not JSON)."); return; }
      } else body.name = $("deal-name").value;
      const c = await api("/api/teacher/deal", body);
      if (c) { chosen.clear(); showComparison(c); showDealTables(); refresh(); }
    });
    $("new").addEventListener("submit", async (e) => {
      e.preventDefault();
      if (await api("/api/teacher/tables", { preset: $("preset").value, pace: Number($("pace").value) })) refresh();
    });
    api("/api/teacher/records").then((r) => { if (r) { sources = r; variations = r.variations; showSourceNames(); showDealTables(); } });
    async function showQr() {  // the students' address as a QR code, drawn by the server
      const r = await fetch("/api/teacher/qr", { headers });
      if (!r.ok) return;
      const body = await r.json();
      $("qr").innerHTML = body.svg;
      $("qr-url").textContent = body.url.split("?")[0];
    }
    showQr();
    refresh(); setInterval(refresh, 3000);
    lessonTeacherPart(headers);  // the lesson's part of the page
  }

  function lessonTeacherPart(headers) {
    let timer = null;
    const num = (id) => ($(id).value.trim() === "" ? undefined : Number($(id).value));
    const hand = (id) => (num(id) === undefined ? undefined : num(id) - 1);  // people count hands from 1, the protocol from 0
    async function command(body) {
      const r = await fetch("/api/teacher/lesson", { method: "POST", headers, body: JSON.stringify(body) });
      const v = await r.json();
      if (!r.ok) { say(v.error); return; }
      say(""); show(v);
    }
    async function refresh() {
      const r = await fetch("/api/teacher/lesson", { headers });
      if (r.ok) show(await r.json());
    }
    function show(v) {
      const box = $("lesson-view");
      box.replaceChildren();
      if (timer === null && v.activity) timer = setInterval(refresh, 1500);
      if (!v.activity) { box.appendChild(el("p", "No question is open.")); return; }
      box.appendChild(el("p", v.question + (v.revealed ? " (the answer is shown to the class)" : ""), "sl-question"));
      if (v.kind === "poll") {
        const drawing = el("div"); drawing.innerHTML = v.html; box.appendChild(drawing);
        box.appendChild(el("p", v.solver === "working" ? "The solver is working on this position…" : v.verdict));
        const t = el("table");
        const head = el("tr");
        for (const h of ["Card", "Answers", "Who", "The solver's verdict"]) { const th = el("th", h); th.setAttribute("scope", "col"); head.appendChild(th); }
        t.appendChild(head);
        for (const c of v.spread) {
          const tr = el("tr", null, c.best ? "sl-best" : "");
          tr.append(el("td", c.label), el("td", c.count), el("td", c.names.join(", ")), el("td", c.verdict || ""));
          t.appendChild(tr);
        }
        box.append(t, el("p", v.answered + " of " + v.students + " students answered."));
      } else if (v.kind === "whatif") {
        box.appendChild(sideBySide(v));
      } else if (v.kind === "quiz") {
        for (const q of v.questions) {
          const f = el("fieldset"); f.appendChild(el("legend", "Question " + (q.question + 1) + ": " + q.right + " of " + q.answers.length + " right"));
          f.append(el("p", q.prompt), el("p", "Answer: " + q.choices[q.answer]));
          f.appendChild(lines("ul", q.answers.map((a) => a.name + ": " + a.answer + (a.right ? " (right)" : " (wrong)"))));
          box.appendChild(f);
        }
      }
    }
    async function board() {
      const r = await fetch("/api/teacher/mistakes", { headers });
      const v = await r.json();
      if (!r.ok) { say(v.error); return; }
      $("board").replaceChildren(...v.students.flatMap((s) => s.rules.map((x) => {
        const tr = el("tr");
        const link = el("td");
        if (x.scenario) { const a = el("a", "Example"); a.href = x.scenario.href; a.target = "_blank"; link.appendChild(a); }
        tr.append(el("td", s.name), el("td", x.words + " (" + x.rule + ")"), el("td", x.count), el("td", x.last), link);
        return tr;
      })));
    }
    $("poll-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "poll", table: num("poll-table"), hand: hand("poll-hand"), step: num("poll-step"), budget: num("poll-budget") }); });
    $("whatif-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "whatif", table: num("whatif-table"), hand: hand("whatif-hand"), step: num("whatif-step"), action: $("whatif-action").value.trim(), then: $("whatif-then").value }); });
    $("quiz-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "quiz", preset: $("quiz-preset").value, level: num("quiz-level"), count: num("quiz-count") }); });
    $("lesson-reveal").addEventListener("click", () => command({ type: "reveal" }));
    $("lesson-end").addEventListener("click", () => command({ type: "end" }));
    $("board-refresh").addEventListener("click", board);
    refresh();
  }


  teacherPage();
})();
