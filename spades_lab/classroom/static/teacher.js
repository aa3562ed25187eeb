// The classroom's pages (docs/classroom.md): no build step, no other host.
// The teacher's page; common.js comes first.
"use strict";
(function () {
  const { $, say, el, lines, sideBySide } = window.SL;

  // A page whose secret the server refuses (403: out of date after --new-secret, or wrong; 429:
  // too many wrong ones) stops asking at once and says what to do: every request and timer of
  // the page goes through these two, so nothing polls on with a secret the server refuses.
  const timers = [];
  let refusedWords = null;
  const setInterval = (fn, ms) => { const id = window.setInterval(fn, ms); timers.push(id); return id; };
  async function fetch(...args) {
    if (refusedWords !== null) return new Response(JSON.stringify({ error: refusedWords }), { status: 403 });
    // a server that does not answer (restarting, the network down): said once at the top, and
    // answered here as a 503 the page's code handles like any refusal; the page's timers ask
    // again, and the next answer takes the line away
    let r;
    try { r = await window.fetch(...args); } catch (err) {
      const line = document.getElementById("down");
      if (line) line.hidden = false;
      return new Response(JSON.stringify({ error: "" }), { status: 503, headers: { "X-SL-Down": "1" } });
    }
    const line = document.getElementById("down");
    if (line) line.hidden = true;
    const ours = (args[1] && args[1].headers && args[1].headers["X-Teacher-Secret"] !== undefined);
    if (ours && (r.status === 403 || r.status === 429)) {
      let answer = {};
      try { answer = await r.clone().json(); } catch (err) { /* not JSON: the words below */ }
      if (r.status === 429 || answer.code === "stale-secret" || /secret|address/i.test(answer.error || "")) {
        refusedWords = (answer.error || "The server refused this page's teacher address.") +
          " This page has stopped asking the server; reload it once you have the right address.";
        for (const id of timers) window.clearInterval(id);
        const banner = document.getElementById("stale");
        if (banner) { banner.textContent = refusedWords; banner.hidden = false; }
      }
    }
    return r;
  }

  // ---------------------------------------------------------------- the teacher's page
  // A control room in four tabs (Class, Tables, Ask, Results); every answer and refusal is
  // shown next to the control that asked (a note of its own), never at the top of the page.
  function teacherPage() {
    const secret = new URLSearchParams(location.hash.slice(1)).get("secret") || "";
    const headers = { "X-Teacher-Secret": secret, "Content-Type": "application/json" };
    const chosen = new Set();
    let opened = null, students = [], roster = [], variations = [], sources = {}, seatsKey = "", rosterKey = "";
    let setup = [], checked = null, checkGen = 0;
    let settingsGen = 0;  // counts the teacher's changes: a table's view fetched before one is stale
    const notes = {};  // a table card's note (its last refusal or result), kept across the refresh
    const openedBox = $("opened");
    const button = (label, onclick) => { const b = el("button", label); b.type = "button"; b.addEventListener("click", onclick); return b; };
    // a note next to a control: the server's answer in words (a refusal in the refusal colour)
    function note(where, text, refused) {
      const p = typeof where === "string" ? $(where) : where;
      if (!p) return;
      p.textContent = text || ""; p.classList.toggle("sl-refused", !!refused);
    }
    // a request; a refusal is said in ``where`` (the note beside the control), and null returned
    async function api(path, body, where) {
      const r = await fetch(path, body === undefined ? { headers } :
        { method: "POST", headers, body: JSON.stringify(body) });
      let answer;
      try { answer = await r.json(); } catch (err) { answer = { error: "The server did not answer (" + r.status + ")." }; }
      if (r.headers.get("X-SL-Down")) return null;  // said at the top (#down), not beside a control
      if (!r.ok) { lastError = answer.error; if (where) note(where, answer.error, true); return null; }
      if (where && body !== undefined) note(where, "");  // the teacher acted: an earlier note is done with
      return answer;
    }
    let lastError = "";  // the last refusal, for a table card's note
    // ---- the tabs
    const tabs = ["class", "tables", "ask", "results"];
    function show(name) {
      for (const t of tabs) {
        $("tab-" + t).setAttribute("aria-selected", String(t === name));
        $("tab-" + t).tabIndex = t === name ? 0 : -1;
        $("panel-" + t).hidden = t !== name;
      }
    }
    tabs.forEach((t, k) => {
      const b = $("tab-" + t);
      b.addEventListener("click", () => { chose = true; show(t); });
      b.addEventListener("keydown", (e) => {  // arrow keys move between the tabs
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        const next = tabs[(k + step + tabs.length) % tabs.length];
        chose = true; show(next); $("tab-" + next).focus();
      });
    });
    // the first section: the class (its QR code to join by) until a table is open, then the
    // tables; once the teacher picks a tab, theirs
    let chose = false;
    show("class");
    // a two-step button: the first click asks, the second does
    function confirmButton(label, ask, action) {
      const b = button(label, async () => {
        if (!b.dataset.asked) { b.dataset.asked = "1"; b.textContent = ask; return; }
        delete b.dataset.asked; b.textContent = label; await action();
      });
      b.addEventListener("blur", () => { delete b.dataset.asked; b.textContent = label; });
      return b;
    }
    // ---- a table at a glance
    function glanceCard(t) {
      const closed = t.status === "closed";
      const card = el("section", undefined, "sl-glance" + (t.alert ? " sl-alert" : "") + (closed ? " sl-closed" : "") + (t.started ? "" : " sl-waiting"));
      card.setAttribute("aria-label", "Table " + t.table);
      card.dataset.table = String(t.table);
      card.appendChild(el("h3", "Table " + t.table + ": " + t.title));
      if (t.rules_words !== t.title) card.appendChild(el("p", t.rules_words.slice(t.title.length + 2)));
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
      const drawing = el("div", undefined, "sl-drawing"); drawing.innerHTML = t.html; card.appendChild(drawing);  // the server's own drawing (render.table_html)
      if (!closed) {
        const label = el("label"); const box = el("input"); box.type = "checkbox"; box.checked = chosen.has(t.table);
        box.addEventListener("change", () => { box.checked ? chosen.add(t.table) : chosen.delete(t.table); showDealTables(); });
        label.append(box, " Choose"); card.appendChild(label);
        const here = el("p", notes[t.table] ? notes[t.table][0] : "", "sl-note" + (notes[t.table] && notes[t.table][1] ? " sl-refused" : ""));
        here.setAttribute("role", "status");
        const act = async (path, body, done) => {
          const answer = await api(path, body, null);
          notes[t.table] = answer ? [done, false] : [lastError, true];
          refresh();
        };
        if (!t.started) card.appendChild(button("Start table " + t.table, () => act("/api/teacher/tables/" + t.table + "/start", {}, "Table " + t.table + " has started.")));
        card.appendChild(button("Open table " + t.table, () => { opened = t.table; seatsKey = ""; refresh(true); }));
        card.appendChild(t.paused ? button("Resume table " + t.table, () => act("/api/teacher/resume", { tables: [t.table] }, ""))
          : button("Pause table " + t.table, () => act("/api/teacher/pause", { tables: [t.table] }, "")));
        card.appendChild(confirmButton("Close table " + t.table, "Really close table " + t.table + "? (click again)",
          () => act("/api/teacher/tables/" + t.table + "/close", {}, "")));
        card.appendChild(here);
      }
      return card;
    }
    async function pauseTables(tables, paused) {
      const body = tables === null ? {} : { tables };
      if (tables !== null && !tables.length) { note("tables-note", "Choose tables first (the box \"Choose\" on each table).", true); return; }
      const done = await api(paused ? "/api/teacher/pause" : "/api/teacher/resume", body, "tables-note");
      if (done) { note("tables-note", done.tables.length ? (paused ? "Paused: " : "Resumed: ") + done.tables.map((x) => "table " + x).join(", ") + "." : "Nothing to change."); refresh(); }
    }
    // ---- one table in full, shown under its own card (where the teacher is looking)
    async function showOpened(scroll) {
      if (opened === null) { openedBox.hidden = true; return; }
      const gen = settingsGen;
      const t = await api("/api/teacher/tables/" + opened + "/full", undefined, "tables-note");
      if (!t) { opened = null; openedBox.hidden = true; return; }
      const card = document.querySelector(".sl-glance[data-table='" + t.table + "']");
      if (card) card.after(openedBox); else $("glance").appendChild(openedBox);
      openedBox.hidden = false;
      if (gen === settingsGen) {  // the table's settings as the server has them
        $("set-hints").checked = t.settings.hints; $("set-undo").checked = t.settings.undo;
      }
      $("opened-title").textContent = "Table " + t.table + " in full: " + t.rules_words;
      $("full").innerHTML = t.full_html || "<p>No hand has been dealt yet.</p>";  // render.table_html, every hand face up
      $("events").replaceChildren(...t.events.map((w) => el("div", w)));
      // drawn: bring it where the teacher is looking (its heading under the sticky bar)
      if (scroll) {
        openedBox.focus({ preventScroll: true });
        requestAnimationFrame(() => openedBox.scrollIntoView({ block: "start" }));
      }
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
          if (await api("/api/teacher/seat", { table: t.table, seat: i, student: Number(pick.value) }, "opened-note")) refresh();
        }));
        if (t.seats[i] === "person") p.appendChild(button("Give this seat to a robot", async () => {
          if (await api("/api/teacher/seat", { table: t.table, seat: i, student: null }, "opened-note")) refresh();
        }));
        return p;
      }));
    }
    // ---- closed tables: off the list, each archived with a click
    function showClosed(list) {
      $("closed-title").textContent = "Closed tables (" + list.length + ")";
      $("closed").replaceChildren(...list.map((t) => {
        const li = el("li", "Table " + t.table + ": " + t.rules_words + ". " + t.words + " ");
        const here = el("span", "", "sl-note"); here.setAttribute("role", "status");
        li.append(button("Archive table " + t.table, async () => {
          if (await api("/api/teacher/tables/" + t.table + "/archive", {}, here)) refresh();
        }), here);
        return li;
      }));
    }
    // ---- the roster: who is connected, idle or away, where; rename, merge, remove
    function showRoster() {
      const key = JSON.stringify(roster);
      const typing = $("roster").contains(document.activeElement) && document.activeElement.tagName !== "BUTTON";
      if (key === rosterKey || typing) return;  // keep what the teacher is typing or choosing
      rosterKey = key;
      $("roster").replaceChildren(...roster.map((s) => {
        const tr = el("tr");
        const here = el("p", "", "sl-note"); here.setAttribute("role", "status");
        const name = el("td"); name.append(el("strong", s.name));
        const now = el("td"); now.append(el("span", s.words, "sl-" + s.state));
        const change = el("td");
        const nameId = "rename-" + s.student, mergeId = "merge-" + s.student;
        const nameLabel = el("label", "New name"); nameLabel.htmlFor = nameId;
        const input = el("input"); input.id = nameId; input.size = 12; input.maxLength = 40; input.value = s.name;
        const others = roster.filter((o) => o.student !== s.student);
        const mergeLabel = el("label", "Same student as"); mergeLabel.htmlFor = mergeId;
        const pick = el("select"); pick.id = mergeId;
        for (const o of others) { const opt = el("option", o.name + " (" + o.words.split(",")[0].toLowerCase() + ")"); opt.value = String(o.student); pick.appendChild(opt); }
        const row1 = el("div"); row1.append(nameLabel, " ", input, button("Rename", async () => {
          const done = await api("/api/teacher/students/" + s.student + "/rename", { name: input.value }, here);
          if (done) { note(here, "Renamed " + done.name + "."); refresh(); }
        }));
        const row2 = el("div");
        if (others.length) row2.append(mergeLabel, " ", pick, button("Merge", async () => {
          const done = await api("/api/teacher/students/" + s.student + "/merge", { into: Number(pick.value) }, here);
          if (done) { note("roster-note", s.name + " is now one entry with " + done.name + "."); rosterKey = ""; refresh(); }
        }));
        row2.append(confirmButton("Remove " + s.name, "Really remove " + s.name + "? (click again)", async () => {
          const done = await api("/api/teacher/students/" + s.student + "/remove", {}, here);
          if (done) { note("roster-note", s.name + " is off the class list."); rosterKey = ""; refresh(); }
        }));
        change.append(row1, row2, here);
        tr.append(name, now, change);
        return tr;
      }));
      if (!roster.length) $("roster").appendChild(el("tr")).appendChild(el("td", "No student has joined yet.")).colSpan = 3;
    }
    // ---- a new table: play mode's setup (every option the engine declares), the seats
    function presetOf() { return setup.find((p) => p.preset === $("preset").value) || setup[0]; }
    function control(o) {
      const id = "opt-" + o.option;
      const box = el("label"); box.htmlFor = id;
      let input;
      if (o.kind === "menu") {
        input = el("select");
        o.choices.forEach((c, k) => { const opt = el("option", c.label); opt.value = String(k); input.appendChild(opt); });
        input.value = String(Math.max(0, o.choices.findIndex((c) => c.value === o.value)));
        input.dataset.kind = "menu";
      } else if (o.kind === "flag") {
        input = el("input"); input.type = "checkbox"; input.checked = !!o.value; input.dataset.kind = "flag";
      } else {
        input = el("input"); input.size = o.kind === "text" ? 10 : 6; input.value = String(o.value);
        input.dataset.kind = o.kind; if (o.kind === "count") input.inputMode = "numeric";
      }
      input.id = id; input.dataset.option = o.option;
      input.addEventListener("change", checkSetup);
      if (o.kind === "flag") box.append(input, " " + o.label); else box.append(o.label + " ", input);
      return box;
    }
    function values() {
      const p = presetOf(), out = {};
      for (const o of p.options) {
        const input = $("opt-" + o.option);
        if (!input) continue;
        if (o.kind === "menu") out[o.option] = o.choices[Number(input.value)].value;
        else if (o.kind === "flag") out[o.option] = input.checked;
        else if (o.kind === "count") out[o.option] = input.value.trim() === "" ? 0 : Number(input.value);
        else out[o.option] = input.value;
      }
      return out;
    }
    function showSetup() {
      const p = presetOf();
      if (!p) return;
      $("new-options").replaceChildren(...p.options.filter((o) => o.group === "table").map(control));
      const house = p.options.filter((o) => o.group === "house");
      $("new-house").hidden = !house.length;
      $("new-house-options").replaceChildren(...house.map(control));
      showNewSeats();
      checkSetup();
    }
    function showNewSeats() {
      const p = presetOf();
      if (!p) return;
      const n = checked && checked.ok ? checked.players : p.players;
      const before = [...$("new-seats").querySelectorAll("select")].map((x) => x.value);
      $("new-seats").replaceChildren(...Array.from({ length: n }, (_, i) => {
        const id = "new-seat-" + i;
        const label = el("label", "Seat " + (i + 1)); label.htmlFor = id;
        const pick = el("select"); pick.id = id;
        const robot = el("option", "a robot"); robot.value = ""; pick.appendChild(robot);
        for (const s of students) { const o = el("option", s.name); o.value = String(s.student); pick.appendChild(o); }
        if (before[i] !== undefined && [...pick.options].some((o) => o.value === before[i])) pick.value = before[i];
        const span = el("span"); span.append(label, " ", pick); return span;
      }));
    }
    async function checkSetup() {
      const gen = ++checkGen;
      const c = await api("/api/teacher/setup/check", { preset: $("preset").value, options: values() }, "new-note");
      if (gen !== checkGen || !c) return;
      const players = checked && checked.ok ? checked.players : null;
      checked = c;
      const box = $("new-words");
      if (c.ok) { box.replaceChildren(lines("ul", c.words)); if (c.players !== players) showNewSeats(); }
      else box.replaceChildren(el("p", c.words[0], "sl-note sl-refused"));  // as play mode says it
      $("new").querySelector("button[type=submit]").disabled = !c.ok;
    }
    $("preset").addEventListener("change", () => { checked = null; showSetup(); });
    $("new").addEventListener("submit", async (e) => {
      e.preventDefault();
      if (!checked || !checked.ok) { note("new-note", "Choose rules the engine accepts first.", true); return; }
      const seats = [...$("new-seats").querySelectorAll("select")].map((x) => (x.value === "" ? null : Number(x.value)));
      const body = { preset: $("preset").value, options: checked.options, seats, pace: Number($("pace").value), start: $("start-when").value };
      const t = await api("/api/teacher/tables", body, "new-note");
      if (t) { note("new-note", "Table " + t.table + " is open" + (t.started ? " and playing." : ": it waits for its players.")); refresh(); }
    });
    // ---- a prepared hand
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
        const cells = t.finished ? [t.table, t.rules_words, t.bids.join(", "), t.taken.join(", "),
          t.teams.map((n, i) => n + " " + t.hand_score[i]).join(", "), t.teams.map((n, i) => n + " " + t.totals[i]).join(", ")]
          : [t.table, t.rules_words, "still playing", "", "", ""];
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
    async function dealBody() {
      const tables = [...chosen].sort((a, b) => a - b).map((tid) => {
        const v = variations[Number($("deal-rules-" + tid).value)];
        return Object.keys(v.options).length ? { table: tid, options: v.options } : { table: tid };
      });
      if (!tables.length) { note("deal-note", "Choose tables first (the box \"Choose\" on each table).", true); return null; }
      const body = { source: $("deal-source").value, hand: Number($("deal-hand").value), tables };
      if (body.source === "upload") {
        const file = $("deal-file").files[0];
        if (!file) { note("deal-note", "Choose a record file first.", true); return null; }
        try { body.record = JSON.parse(await file.text()); } catch (err) { note("deal-note", "That file is not a game record (it is not JSON).", true); return null; }
      } else body.name = $("deal-name").value;
      return body;
    }
    async function dealIt(body) {
      $("deal-confirm").replaceChildren();
      const c = await api("/api/teacher/deal", body, "deal-note");
      if (c) { note("deal-note", "Dealt: " + c.tables.map((t) => "table " + t.table).join(", ") + "."); chosen.clear(); showComparison(c); showDealTables(); refresh(); }
    }
    $("deal").addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = await dealBody();
      if (!body) return;
      // the warning first: which games in progress the deal would end
      const check = await api("/api/teacher/deal", { ...body, check: true }, "deal-note");
      if (!check) return;
      if (!check.replaces.length) { await dealIt(body); return; }
      const warn = el("div", undefined, "sl-warn"); warn.setAttribute("role", "alert");
      warn.append(lines("ul", check.replaces), button("Deal it anyway", () => dealIt(body)),
        button("Do not deal", () => { $("deal-confirm").replaceChildren(); note("deal-note", "Nothing was dealt."); }));
      $("deal-confirm").replaceChildren(warn);
    });
    $("deal-source").addEventListener("change", showSourceNames);
    // ---- results
    function showTables() {
      $("tables").replaceChildren(...lastTables.map((t) => {
        const tr = el("tr");
        for (const text of [t.table, t.rules_words, t.names.join(", "), t.hand, t.totals.join(" : ")]) tr.appendChild(el("td", String(text)));
        return tr;
      }));
    }
    $("report-refresh").addEventListener("click", async () => {
      const r = await api("/api/teacher/export/report.json", undefined, "report-note");
      if (!r) return;
      const t = el("table"); const head = el("tr");
      for (const h of ["Student", "Score", "Answers right", "Refused actions", "Hands played"]) { const th = el("th", h); th.scope = "col"; head.appendChild(th); }
      t.appendChild(head);
      for (const s of r.students) { const tr = el("tr"); tr.append(el("td", s.name), el("td", s.words), el("td", s.right + " of " + s.answers), el("td", s.refused), el("td", s.hands)); t.appendChild(tr); }
      const rules = el("table"); const rh = el("tr");
      for (const h of ["The rule", "Refused actions", "Wrong quiz answers"]) { const th = el("th", h); th.scope = "col"; rh.appendChild(th); }
      rules.appendChild(rh);
      for (const x of r.rules) { const tr = el("tr"); tr.append(el("td", x.words), el("td", x.refused), el("td", x.wrong)); rules.appendChild(tr); }
      $("report-view").replaceChildren(t, el("h3", "Mistakes by rule"), r.rules.length ? rules : el("p", "No mistakes so far."));
      const count = (k, word) => k + " " + word + (k === 1 ? "" : "s");
      note("report-note", count(r.students.length, "student") + ", " + count(r.answers, "answer") + ".");
    });
    document.querySelectorAll("button[data-export]").forEach((b) => b.addEventListener("click", async () => {
      note("export-note", "Preparing " + b.textContent + "…");
      const r = await fetch("/api/teacher/export/" + b.dataset.export, { headers });
      if (!r.ok) { note("export-note", (await r.json()).error, true); return; }
      const name = (r.headers.get("content-disposition") || "").split('filename="')[1] || b.dataset.export;
      const a = document.createElement("a"); a.href = URL.createObjectURL(await r.blob());
      a.download = name.replace(/"$/, ""); document.body.appendChild(a); a.click(); a.remove();
      note("export-note", "Downloaded " + b.textContent + ".");
    }));
    // ---- every few seconds: the overview
    let lastTables = [];
    async function refresh(scroll) {
      const body = await api("/api/teacher/overview", undefined, "tables-note");
      if (!body) return;
      $("class").textContent = body.class;
      if (!chose) { chose = true; show(body.tables.length ? "tables" : "class"); }
      const studentsChanged = JSON.stringify(body.students) !== JSON.stringify(students);
      students = body.students; roster = body.roster || [];
      showRoster();
      if (studentsChanged) showNewSeats();
      // a stored table that no longer loads, in words (the class goes on without it)
      $("problems").replaceChildren(...(body.problems || []).map((w) => el("li", w)));
      lastTables = body.tables;
      if (opened !== null && !body.tables.some((t) => t.table === opened)) opened = null;  // closed meanwhile
      const cards = body.tables.map(glanceCard);
      const at = body.tables.findIndex((t) => t.table === opened);
      if (at >= 0) cards.splice(at + 1, 0, openedBox);  // the opened table stays under its card
      $("glance").replaceChildren(...cards);
      if (!body.tables.length) $("glance").appendChild(el("p", "No table is open: open one above."));
      showClosed(body.closed || []);
      showTables();
      if (body.deals.length) {
        const lastDeal = body.deals[body.deals.length - 1].deal;
        const c = await api("/api/teacher/deals/" + lastDeal, undefined, "deal-note");
        if (c) showComparison(c);
      }
      await showOpened(scroll === true);
    }
    $("pause-all").addEventListener("click", () => pauseTables(null, true));
    $("resume-all").addEventListener("click", () => pauseTables(null, false));
    $("pause-chosen").addEventListener("click", () => pauseTables([...chosen], true));
    $("resume-chosen").addEventListener("click", () => pauseTables([...chosen], false));
    $("close-opened").addEventListener("click", () => { opened = null; openedBox.hidden = true; });
    // the opened table's hints and taking back (tables.SETTINGS), and the teacher's take-back
    for (const [id, name] of [["set-hints", "hints"], ["set-undo", "undo"]]) {
      const box = $(id);
      box.addEventListener("change", async () => {
        if (opened === null) return;
        settingsGen++;
        const done = await api("/api/teacher/tables/" + opened + "/settings", { [name]: box.checked }, "opened-note");
        settingsGen++;
        if (done) { box.checked = done.settings[name]; refresh(); } else box.checked = !box.checked;
      });
    }
    $("take-back").addEventListener("click", async () => {
      if (opened === null) return;
      const done = await api("/api/teacher/tables/" + opened + "/undo", {}, "opened-note");
      if (done) { note("opened-note", done.words); refresh(); }
    });
    api("/api/teacher/records").then((r) => { if (r) { sources = r; variations = r.variations; showSourceNames(); showDealTables(); } });
    api("/api/teacher/setup").then((r) => {
      if (!r) return;
      setup = r.presets;
      $("preset").replaceChildren(...setup.map((p) => { const o = el("option", p.words); o.value = p.preset; return o; }));
      showSetup();
    });
    async function showQr() {  // the students' address as a QR code, drawn by the server
      const r = await fetch("/api/teacher/qr", { headers });
      if (!r.ok) return;
      const body = await r.json();
      $("qr").innerHTML = body.svg;
      $("qr-url").textContent = body.url.split("?")[0];
    }
    showQr();
    refresh(); setInterval(refresh, 3000);
    lessonTeacherPart(headers, () => opened);  // the lesson's part of the page
  }

  // The Ask part of the page (lesson.py, present.py): questions on a table's own position, the
  // projector's view and the broadcast line.  openedTable() is the table opened on the page.
  function lessonTeacherPart(headers, openedTable) {
    let timer = null, tables = [], lastOpened = null, quizAt = null, lastAct = null;
    const num = (id) => ($(id).value.trim() === "" ? undefined : Number($(id).value));
    const note = (id, text) => { $(id).textContent = text || ""; };  // each result beside its control
    const button = (label, onclick) => { const b = el("button", label); b.type = "button"; b.addEventListener("click", onclick); return b; };
    async function post(path, body, where) {
      const r = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
      const v = await r.json();
      if (!r.ok) { note(where, v.error); return null; }
      note(where, ""); return v;
    }
    async function command(body, where) {
      const v = await post("/api/teacher/lesson", body, where || "lesson-message");
      if (!v) return null;
      show(v);
      if (v.activity && body.type !== "end" && $("present-auto").checked) await present({ type: "lesson" });
      return v;
    }
    async function refresh() {
      const r = await fetch("/api/teacher/lesson", { headers });
      if (r.ok) show(await r.json());
    }
    function show(v) {
      const box = $("lesson-view");
      box.replaceChildren();
      if (timer === null && v.activity) timer = setInterval(() => { refresh(); presentNow(); }, 1500);
      $("lesson-next").hidden = v.kind !== "quiz";
      if (v.activity !== lastAct) { lastAct = v.activity; quizAt = null; }
      if (!v.activity) { box.appendChild(el("p", "No question is open.")); return; }
      box.appendChild(el("p", v.question + (v.revealed ? " (the answer is shown to the class)" : ""), "sl-question"));
      if (v.who) box.appendChild(el("p", v.who, "sl-who"));
      if (v.kind === "poll") {
        const drawing = el("div"); drawing.innerHTML = v.html; box.appendChild(drawing);  // render.table_html, the seat to play's view
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
          const f = el("fieldset"); f.appendChild(el("legend", "Question " + (q.question + 1) + ": " + q.right + " of " + q.answers.length + " right" + (q.question === quizAt ? " (on the projector)" : "")));
          f.append(el("p", q.prompt), el("p", "Answer: " + q.choices[q.answer]));
          f.appendChild(lines("ul", q.answers.map((a) => a.name + ": " + a.answer + (a.right ? " (right)" : " (wrong)"))));
          box.appendChild(f);
        }
      }
    }
    // ---------------------------------------------------------------- the table asked about
    let tablesTimer = null;
    async function loadTables() {
      const r = await fetch("/api/teacher/tables", { headers });
      if (r.status === 403 || r.status === 429) { clearInterval(tablesTimer); return; }  // an outdated secret: ask no more
      if (!r.ok) return;
      const body = await r.json();
      tables = body.tables.filter((t) => !t.over);
      const pick = $("ask-table"), was = pick.value;
      const key = tables.map((t) => t.table + ":" + t.names.join(",")).join(";");
      if (pick.dataset.key !== key) {
        pick.dataset.key = key;
        pick.replaceChildren(...tables.map((t) => { const o = el("option", "Table " + t.table + " (" + t.names.join(", ") + ")"); o.value = String(t.table); return o; }));
        if (was && tables.some((t) => String(t.table) === was)) pick.value = was;
      }
      const opened = openedTable();
      if (opened !== lastOpened) { lastOpened = opened; if (opened !== null && tables.some((t) => t.table === opened)) pick.value = String(opened); }
      showSeats(); showPositions();
    }
    async function showPositions() {  // the table's positions in words: nothing typed
      const t = tables.find((x) => x.table === chosenTable());
      const pick = $("ask-position"), key = t ? t.table + ":" + t.version : "";
      if (pick.dataset.key === key) return;
      pick.dataset.key = key;
      const was = pick.value;
      const now = el("option", "the table now"); now.value = "";
      if (!t) { pick.replaceChildren(now); return; }
      const r = await fetch("/api/teacher/ask/positions", { method: "POST", headers, body: JSON.stringify({ table: t.table }) });
      if (!r.ok) return;
      const body = await r.json();
      pick.replaceChildren(now, ...body.positions.filter((p) => !p.words.endsWith("(now)")).map((p) => {
        const o = el("option", p.words); o.value = p.hand + ":" + p.step; return o;
      }));
      if ([...pick.options].some((o) => o.value === was)) pick.value = was;
    }
    function chosenPosition(tid) {  // the Ask requests' body: the table, and the position chosen
      const v = $("ask-position").value;
      if (!v) return { table: tid };
      const [hand, step] = v.split(":").map(Number);
      return { table: tid, hand, step };
    }
    function chosenTable() { const v = $("ask-table").value; return v === "" ? null : Number(v); }
    function showSeats() {
      const t = tables.find((x) => x.table === chosenTable());
      const pick = $("present-seat"), key = t ? t.table + ":" + t.names.join(",") : "";
      if (pick.dataset.key === key) return;
      pick.dataset.key = key;
      pick.replaceChildren(...(t ? t.names.map((n, i) => { const o = el("option", "Seat " + (i + 1) + ": " + n); o.value = String(i); return o; }) : []));
    }
    $("ask-table").addEventListener("change", () => { showSeats(); showPositions(); });
    function needTable(where) {
      const tid = chosenTable();
      if (tid === null) note(where, "Open a table first: the questions are asked about a table's position.");
      return tid;
    }
    $("ask-poll").addEventListener("click", async () => {
      const tid = needTable("ask-message"); if (tid === null) return;
      note("ask-message", "The solver is looking at table " + tid + "'s position…");
      $("ask-preview").replaceChildren();
      const p = await post("/api/teacher/ask/preview", { ...chosenPosition(tid), budget: num("ask-budget"), nodes: num("ask-nodes") }, "ask-message");
      if (!p) return;
      const box = $("ask-preview");
      box.append(el("h3", "Before you ask: only you see this"), el("p", p.question, "sl-question"));
      const drawing = el("div"); drawing.innerHTML = p.html; box.appendChild(drawing);  // render.table_html, as the students will see it
      box.appendChild(el("p", p.verdict, "sl-verdict"));
      if (p.exact && !p.choice) box.appendChild(el("p", "Every card does as well as every other here: this position has little to teach."));
      if (p.cards.some((c) => c.verdict)) box.appendChild(lines("ul", p.cards.map((c) => c.label + ": " + (c.verdict || ""))));
      box.appendChild(el("p", p.students + (p.students === 1 ? " student" : " students") + " can answer. " + (p.who || "")));
      box.appendChild(button("Start this poll", async () => {
        if (await command({ type: "poll", table: p.table, hand: p.hand, step: p.step, budget: p.budget, nodes: p.nodes }, "ask-message")) box.replaceChildren();
      }));
    });
    $("ask-whatif").addEventListener("click", async () => {
      const tid = needTable("ask-message"); if (tid === null) return;
      $("ask-preview").replaceChildren();
      const c = await post("/api/teacher/ask/whatif", chosenPosition(tid), "ask-message");
      if (!c) return;
      const box = $("ask-preview");
      box.append(el("h3", "What if, instead…"), el("p", c.happened));
      const then = el("select"); then.id = "whatif-then";
      for (const [v, words] of [["record", "then the table's own actions"], ["players", "then the robots play the hand out"]]) { const o = el("option", words); o.value = v; then.appendChild(o); }
      const label = el("label", "What follows"); label.htmlFor = "whatif-then";
      const p = el("p"); p.append(label, " ", then); box.appendChild(p);
      const choices = el("p");
      for (const x of c.choices) {
        const b = button("Instead: " + x.label, async () => {
          if (await command({ type: "whatif", table: c.table, hand: c.hand, step: c.step, action: x.action, then: then.value }, "ask-message")) box.replaceChildren();
        });
        b.dataset.action = x.action; choices.appendChild(b);
      }
      if (!c.choices.length) choices.appendChild(el("span", "Nothing else was allowed there."));
      box.appendChild(choices);
    });
    // ---------------------------------------------------------------- the projector
    $("present-link").href = "/present#secret=" + encodeURIComponent(new URLSearchParams(location.hash.slice(1)).get("secret") || "");
    function describe(v) {
      if (v.show === "table") return v.table.title.replace(/\.$/, "");  // the page's own full stop follows
      if (v.show === "lesson") {
        const l = v.lesson;
        if (l.kind === "quiz") { quizAt = l.number; return "question " + (l.number + 1) + " of " + l.of + " of the quiz" + (l.revealed ? ", its answer shown" : ""); }
        return l.activity ? "the open question" + (l.revealed ? ", its answer shown" : "") : "no question";
      }
      return "the class code" + (v.note ? " (" + v.note + ")" : "");
    }
    async function present(body) {
      const v = await post("/api/teacher/present", body, "present-message");
      if (v) $("present-now").textContent = describe(v);
      return v;
    }
    async function presentNow() {
      const r = await fetch("/api/teacher/present", { headers });
      if (r.ok) $("present-now").textContent = describe(await r.json());
    }
    $("present-class").addEventListener("click", () => present({ type: "class" }));
    $("present-lesson").addEventListener("click", () => present({ type: "lesson" }));
    $("present-table").addEventListener("click", () => {
      const tid = needTable("present-message"); if (tid === null) return;
      const view = $("present-view").value;
      present(view === "seat" ? { type: "table", table: tid, view, seat: Number($("present-seat").value) } : { type: "table", table: tid, view });
    });
    $("broadcast-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const v = await post("/api/teacher/broadcast", { words: $("broadcast-words").value }, "present-message");
      if (v) note("present-message", "Sent to " + v.sent + (v.sent === 1 ? " student" : " students") + " and the projector: " + v.words);
    });
    $("broadcast-clear").addEventListener("click", async () => {
      if (await post("/api/teacher/broadcast", { words: "" }, "present-message")) note("present-message", "The line is cleared.");
    });
    // ---------------------------------------------------------------- reveal, next, close
    $("quiz-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "quiz", preset: $("quiz-preset").value, level: num("quiz-level"), count: num("quiz-count") }); });
    $("lesson-reveal").addEventListener("click", async () => {  // the answer to the class and the projector
      const v = await post("/api/teacher/present", { type: "reveal" }, "lesson-message");
      if (v) { $("present-now").textContent = describe(v); refresh(); }
    });
    $("lesson-next").addEventListener("click", async () => {
      const v = await post("/api/teacher/present", { type: "next" }, "lesson-message");
      if (v) { $("present-now").textContent = describe(v); refresh(); }
    });
    $("lesson-end").addEventListener("click", () => command({ type: "end" }));
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
    $("board-refresh").addEventListener("click", board);
    refresh(); presentNow(); loadTables(); tablesTimer = setInterval(loadTables, 3000);
  }


  teacherPage();
})();
