// The classroom's pages (docs/classroom.md): no build step, no other host.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("message").textContent = text; };

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

  function studentPage() {
    let ws = null, versions = {}, tables = [], ref = 0, last = null;
    const send = (msg) => { msg.ref = ++ref; ws.send(JSON.stringify(msg)); };
    const lessonMessage = lessonStudentPart(send);  // the lesson's part of the page
    function log(line) { const p = document.createElement("div"); p.textContent = line; $("log").prepend(p); }
    function button(label, onclick, key) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = label;
      if (key) b.dataset.key = key;
      b.addEventListener("click", onclick); return b;
    }
    // projector mode: one toggle, kept in this browser
    const app = $("app"), proj = $("projector");
    function setProjector(on) {
      app.classList.toggle("sl-projector", on); proj.setAttribute("aria-pressed", String(on));
      localStorage.setItem("sl-projector", on ? "1" : "");
    }
    proj.addEventListener("click", () => setProjector(!app.classList.contains("sl-projector")));
    setProjector(!!localStorage.getItem("sl-projector"));
    function showTables() {
      $("table-list").replaceChildren(...tables.map((t) => {
        const div = document.createElement("div");
        div.append("Table " + t.table + " (" + t.rules.preset + "): ");
        t.seats.forEach((kind, i) => {
          if (kind === "bot") div.appendChild(button("Sit in seat " + (i + 1), () => send({ type: "sit", table: t.table, seat: i })));
          else div.append(t.names[i] + " ");
        });
        return div;
      }));
      $("tables").hidden = last !== null || tables.length === 0;
    }
    // which control had the keyboard focus, so a redraw gives it back
    function focusKey() {
      const f = document.activeElement;
      if (!f || !f.closest || !f.closest("#seat")) return null;
      if (f.dataset.card) return "card:" + f.dataset.card + ":" + (f.dataset.as || "");
      return f.dataset.key || "seat";
    }
    function refocus(key) {
      if (!key) return;
      const all = [...$("seat").querySelectorAll("button, select")];
      const same = all.find((b) => (b.dataset.card ? "card:" + b.dataset.card + ":" + (b.dataset.as || "") : b.dataset.key) === key);
      const next = same || $("drawing").querySelector("button.sl-legal") || $("choices").querySelector("button") || $("status");
      next.focus();
    }
    function showState(s) {
      const key = focusKey();
      last = s;
      $("tables").hidden = true;
      $("seat").hidden = false;
      $("seat-title").textContent = "Table " + s.table + ": " + s.rules;
      $("drawing").innerHTML = s.html;  // the server's own drawing of this seat's view
      const choices = [];
      if (s.can_look) choices.push(button("Look at your cards", () => send({ type: "look", table: s.table }), "look"));
      if (s.legal_bids.length <= 16) {
        for (const b of s.legal_bids) choices.push(button("Bid " + b.label, () => send({ type: "bid", table: s.table, bid: b.bid }), "bid:" + b.label));
      } else {  // many bids (the Acorns nils + N): one menu and a button, as in play mode
        const label = document.createElement("label"); label.htmlFor = "bid-menu"; label.textContent = "Your bid ";
        const menu = document.createElement("select"); menu.id = "bid-menu"; menu.dataset.key = "bid-menu";
        s.legal_bids.forEach((b, i) => { const o = document.createElement("option"); o.value = String(i); o.textContent = b.label; menu.appendChild(o); });
        const three = s.legal_bids.findIndex((b) => b.bid === 3);
        if (three >= 0) menu.value = String(three);
        choices.push(label, menu, button("Bid", () => send({ type: "bid", table: s.table, bid: s.legal_bids[Number(menu.value)].bid }), "bid:menu"));
      }
      if (s.exchange) {
        if (s.exchange.blind) choices.push(button("Pass " + s.exchange.hi + " cards unseen", () => send({ type: "exchange", table: s.table, count: s.exchange.hi }), "pass-unseen"));
        else $("status").textContent = "Choose " + s.exchange.hi + " cards to pass: click them, then Pass.";
      }
      $("choices").replaceChildren(...choices);
      const picked = new Set();
      $("drawing").querySelectorAll("button[data-card]").forEach((b) => {
        b.addEventListener("click", () => {
          if (s.exchange && !s.exchange.blind) {
            picked.has(b.dataset.card) ? picked.delete(b.dataset.card) : picked.add(b.dataset.card);
            b.classList.toggle("sl-selected");
            b.setAttribute("aria-pressed", String(picked.has(b.dataset.card)));
            return;
          }
          send({ type: "play", table: s.table, card: b.dataset.card, as: b.dataset.as || null });
        });
      });
      if (s.exchange && !s.exchange.blind) $("choices").appendChild(button("Pass the chosen cards", () => send({ type: "exchange", table: s.table, cards: [...picked] }), "pass"));
      if (!s.exchange || s.exchange.blind) $("status").textContent = s.status;  // the server's status line, said to this seat
      // hints and taking back: shown when the teacher turned them on at this table
      const mine = s.waiting_for === s.seat && !s.over;
      $("hint-button").hidden = !s.settings.hints;
      $("hint-button").disabled = !mine;
      $("undo-button").hidden = !s.settings.undo;
      $("undo-button").textContent = s.undo_asked.length ? "Take back (agree)" : "Take back";
      if (!mine) $("hint").textContent = "";
      const held = s.held.filter((x) => x !== s.seat).map((x) => s.names[x]);
      $("held").textContent = held.length ? "A robot plays for " + held.join(", ") + " until they come back." : "";
      refocus(key);
    }
    $("hint-button").addEventListener("click", () => { if (last) send({ type: "hint", table: last.table }); });
    $("undo-button").addEventListener("click", () => { if (last) send({ type: "undo", table: last.table }); });
    function connect() {
      ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (lessonMessage(m)) return;
        if (m.type === "welcome") { $("join").hidden = true; tables = m.tables; showTables(); $("my-games").hidden = false; say("Welcome, " + m.name + "."); }
        else if (m.type === "state") { versions[m.table] = m.version; showState(m.state); }
        else if (m.type === "update") {
          if (versions[m.table] !== undefined && m.from_version !== versions[m.table]) { send({ type: "resync", table: m.table }); return; }
          versions[m.table] = m.version;
          for (const ev of m.events) log(ev.words);
          showState(m.state);
        }
        else if (m.type === "hint") $("hint").textContent = m.words;
        else if (m.type === "undo_asked") say(m.words);
        else if (m.type === "undone") { log(m.words); say(m.words); }
        else if (m.type === "back") { for (const w of m.words) log("While you were away: " + w); say(m.message); }
        else if (m.type === "refused" || m.type === "error") say(m.message);
        else if (m.type === "paused") say(m.words);  // the teacher's (teacher.py)
        else if (m.type === "left") { say(m.words); $("seat").hidden = true; }
        else if (m.type === "ack") say("");
      };
      let opened = false;
      ws.onopen = () => { opened = true; };
      ws.onclose = () => {
        if (!opened) { localStorage.removeItem("sl-joined"); $("join").hidden = false; return; }
        say("The connection closed: reconnecting…"); setTimeout(connect, 2000);
      };
    }
    $("join").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await fetch("/api/join", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: $("code").value, name: $("name").value }) });
      if (!r.ok) { say((await r.json()).error); return; }
      localStorage.setItem("sl-joined", "1");
      connect();
    });
    const given = new URLSearchParams(location.search).get("code");  // from the QR code
    if (given && $("code")) $("code").value = given;
    // a student who comes back (same browser: the cookie) is let in at once
    if (localStorage.getItem("sl-joined")) connect();
  }

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

  function lessonStudentPart(send) {
    function button(label, onclick) {
      const b = el("button", label); b.type = "button"; b.addEventListener("click", onclick); return b;
    }
    function show(a) {
      $("lesson").hidden = !a;
      if (!a) return;
      $("lesson-question").textContent = a.question;
      const body = $("lesson-body");
      body.replaceChildren();
      if (a.withheld) { body.appendChild(el("p", a.withheld)); return; }
      if (a.kind === "poll") {
        const drawing = el("div");
        drawing.innerHTML = a.html;  // the server's own drawing of the seat to play
        drawing.querySelectorAll("button[data-card]").forEach((b) => {
          if (a.revealed) { b.disabled = true; return; }
          b.addEventListener("click", () => send({ type: "answer", activity: a.activity, card: b.dataset.card, as: b.dataset.as || null }));
        });
        body.appendChild(drawing);
        body.appendChild(el("p", a.yours ? "Your answer: " + a.yours + "." : "Click the card you would play."));
        if (a.answer) {
          body.appendChild(el("p", a.answer.text, "sl-answer"));
          if (a.answer.yours) body.appendChild(el("p", "Your card: " + a.answer.yours + "."));
          body.appendChild(lines("ul", a.answer.cards.map((c) => c.text)));
        }
      } else if (a.kind === "whatif") {
        body.appendChild(a.revealed ? sideBySide(a) : el("p", "The teacher will show what the engine finds."));
      } else if (a.kind === "quiz") {
        for (const q of a.questions) {
          const box = el("fieldset"); box.appendChild(el("legend", "Question " + (q.question + 1)));
          box.append(el("p", q.prompt), lines("ul", q.shown));
          q.choices.forEach((c, i) => {
            const b = button(c, () => send({ type: "answer", activity: a.activity, question: q.question, choice: i }));
            if (q.yours) { b.disabled = true; if (q.yours.choice === i) b.setAttribute("aria-pressed", "true"); }
            box.appendChild(b);
          });
          if (q.yours) for (const f of q.yours.feedback) box.appendChild(el("p", f, q.yours.right ? "sl-right" : "sl-wrong"));
          body.appendChild(box);
        }
      }
    }
    function mistakes(items) {
      $("my-mistakes").replaceChildren(...(items.length ? items.map((x) => {
        const li = el("li", x.words + (x.count > 1 ? " (" + x.count + " times)" : "") + " ");
        if (x.scenario) { const link = el("a", "See an example"); link.href = x.scenario.href; link.target = "_blank"; li.appendChild(link); }
        return li;
      }) : [el("li", "No mistakes so far.")]));
    }
    $("mistakes-button").addEventListener("click", () => send({ type: "mistakes" }));
    return (m) => {
      if (m.type === "lesson") { $("mistakes").hidden = false; show(m.activity); return true; }
      if (m.type === "feedback") return true;  // the lesson message that follows shows it
      if (m.type === "mistakes") { mistakes(m.items); return true; }
      return false;
    };
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

  if (document.getElementById("new")) teacherPage(); else studentPage();
})();
