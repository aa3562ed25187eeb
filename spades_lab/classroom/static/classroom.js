// The classroom's pages (docs/classroom.md): no build step, no other host.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("message").textContent = text; };

  function teacherPage() {
    const secret = new URLSearchParams(location.hash.slice(1)).get("secret") || "";
    const headers = { "X-Teacher-Secret": secret, "Content-Type": "application/json" };
    async function refresh() {
      const r = await fetch("/api/teacher/tables", { headers });
      const body = await r.json();
      if (!r.ok) { say(body.error); return; }
      $("class").textContent = body.class;
      $("students").replaceChildren(...body.students.map((s) => {
        const li = document.createElement("li"); li.textContent = s.student + ": " + s.name; return li;
      }));
      $("tables").replaceChildren(...body.tables.map((t) => {
        const tr = document.createElement("tr");
        for (const text of [t.table, t.rules.preset, t.names.join(", "), t.hand, t.totals.join(" : ")]) {
          const td = document.createElement("td"); td.textContent = String(text); tr.appendChild(td);
        }
        return tr;
      }));
    }
    $("new").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await fetch("/api/teacher/tables", { method: "POST", headers,
        body: JSON.stringify({ preset: $("preset").value, pace: Number($("pace").value) }) });
      if (!r.ok) say((await r.json()).error); else refresh();
    });
    refresh(); setInterval(refresh, 3000);
    lessonTeacherPart(headers);  // the lesson's part of the page
  }

  function studentPage() {
    let ws = null, versions = {}, tables = [], ref = 0;
    const send = (msg) => { msg.ref = ++ref; ws.send(JSON.stringify(msg)); };
    const lessonMessage = lessonStudentPart(send);  // the lesson's part of the page
    function log(line) { const p = document.createElement("div"); p.textContent = line; $("log").prepend(p); }
    function button(label, onclick) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = label;
      b.addEventListener("click", onclick); return b;
    }
    function showTables() {
      $("tables").hidden = false;
      $("table-list").replaceChildren(...tables.map((t) => {
        const div = document.createElement("div");
        div.append("Table " + t.table + " (" + t.rules.preset + "): ");
        t.seats.forEach((kind, i) => {
          if (kind === "bot") div.appendChild(button("Sit in seat " + (i + 1), () => send({ type: "sit", table: t.table, seat: i })));
          else div.append(t.names[i] + " ");
        });
        return div;
      }));
    }
    function showState(s) {
      $("seat").hidden = false;
      $("seat-title").textContent = "Table " + s.table + ": " + s.rules;
      $("drawing").innerHTML = s.html;  // the server's own drawing of this seat's view
      const choices = [];
      if (s.can_look) choices.push(button("Look at your cards", () => send({ type: "look", table: s.table })));
      for (const b of s.legal_bids) choices.push(button("Bid " + b.label, () => send({ type: "bid", table: s.table, bid: b.bid })));
      if (s.exchange) {
        if (s.exchange.blind) choices.push(button("Pass " + s.exchange.hi + " cards unseen", () => send({ type: "exchange", table: s.table, count: s.exchange.hi })));
        else $("status").textContent = "Choose " + s.exchange.hi + " cards to pass: click them, then Pass.";
      }
      $("choices").replaceChildren(...choices);
      const picked = new Set();
      $("drawing").querySelectorAll("button[data-card]").forEach((b) => {
        b.addEventListener("click", () => {
          if (s.exchange && !s.exchange.blind) {
            picked.has(b.dataset.card) ? picked.delete(b.dataset.card) : picked.add(b.dataset.card);
            b.classList.toggle("sl-selected");
            return;
          }
          send({ type: "play", table: s.table, card: b.dataset.card, as: b.dataset.as || null });
        });
      });
      if (s.exchange && !s.exchange.blind) $("choices").appendChild(button("Pass the chosen cards", () => send({ type: "exchange", table: s.table, cards: [...picked] })));
      if (!s.exchange) $("status").textContent = s.over ? "The game is over." :
        (s.waiting_for === s.seat ? "Your turn." : "Waiting for " + (s.waiting_for === null ? "the deal" : s.names[s.waiting_for]) + ".");
    }
    function connect() {
      ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (lessonMessage(m)) return;
        if (m.type === "welcome") { $("join").hidden = true; tables = m.tables; showTables(); say("Welcome, " + m.name + "."); }
        else if (m.type === "state") { versions[m.table] = m.version; showState(m.state); }
        else if (m.type === "update") {
          if (versions[m.table] !== undefined && m.from_version !== versions[m.table]) { send({ type: "resync", table: m.table }); return; }
          versions[m.table] = m.version;
          for (const ev of m.events) log(ev.words);
          showState(m.state);
        }
        else if (m.type === "refused" || m.type === "error") say(m.message);
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
    $("poll-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "poll", table: num("poll-table"), step: num("poll-step"), budget: num("poll-budget") }); });
    $("whatif-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "whatif", table: num("whatif-table"), step: num("whatif-step"), action: $("whatif-action").value.trim(), then: $("whatif-then").value }); });
    $("quiz-form").addEventListener("submit", (e) => { e.preventDefault(); command({ type: "quiz", preset: $("quiz-preset").value, level: num("quiz-level"), count: num("quiz-count") }); });
    $("lesson-reveal").addEventListener("click", () => command({ type: "reveal" }));
    $("lesson-end").addEventListener("click", () => command({ type: "end" }));
    $("board-refresh").addEventListener("click", board);
    refresh();
  }

  if (document.getElementById("new")) teacherPage(); else studentPage();
})();
