// The classroom's pages (docs/classroom.md): no build step, no other host.
// The student's page; common.js comes first.
"use strict";
(function () {
  const { $, say, el, lines, sideBySide } = window.SL;

  function studentPage() {
    let ws = null, versions = {}, tables = [], ref = 0, last = null;
    const paused = {};  // table -> the teacher's words while it holds the table
    const scored = { table: null, lines: [], claim: [] };  // the last hand's score, as last said
    const pending = [];  // lines said since the last state (back, undone): kept after its feed
    const send = (msg) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) { say("Not connected: wait until the page has reconnected."); return; }
      msg.ref = ++ref; ws.send(JSON.stringify(msg));
    };
    const lessonMessage = lessonStudentPart(send);  // the lesson's part of the page
    function log(line) { const p = document.createElement("div"); p.textContent = line; $("log").prepend(p); }
    // the feed: the server's lines of this hand (a page that comes back gets them again)
    function feed(words) {
      $("log").replaceChildren();
      for (const w of words) log(w);
      for (const w of pending.splice(0)) log(w);
    }
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
      showClaim(s);
      if (s.exchange && !s.exchange.blind) $("choices").appendChild(button("Pass the chosen cards", () => send({ type: "exchange", table: s.table, cards: [...picked] }), "pass"));
      if (!s.exchange || s.exchange.blind) $("status").textContent = s.status;  // the server's status line, said to this seat
      // hints and taking back: shown when the teacher turned them on at this table
      const mine = s.waiting_for === s.seat && !s.over;
      $("hint-button").hidden = !s.settings.hints;
      $("hint-button").disabled = !mine;
      $("undo-button").hidden = !s.settings.undo;
      $("undo-button").disabled = false;  // (a pause disables it: showPause below)
      $("undo-button").textContent = s.undo_asked.length ? "Take back (agree)" : "Take back";
      if (!mine) $("hint").textContent = "";
      const held = s.held.filter((x) => x !== s.seat).map((x) => s.names[x]);
      $("held").textContent = held.length ? "A robot plays for " + held.join(", ") + " until they come back." : "";
      // the last hand's score in words (play mode's lines; the indented ones are details): the
      // state says it once the hand is over, and the page keeps it through the next hand
      // (with the words of the claim that ended it, if one did: the next deal clears claim_said)
      if (s.score.length || scored.table !== s.table) {
        scored.table = s.table; scored.lines = s.score; scored.claim = s.score.length ? s.claim_said : [];
      }
      $("score").replaceChildren(...(scored.lines.length ? [el("h3", "The score of the last hand"), el("ul")] : []));
      for (const line of scored.lines.length ? scored.claim : []) $("score").lastChild.appendChild(el("li", line));
      for (const line of scored.lines) $("score").lastChild.appendChild(el("li", line.trim(), line.startsWith(" ") ? "sl-indent" : null));
      showPause();
      refocus(key);
    }
    // a claim (docs/classroom.md, "Claims"): on your turn to play, how many of the remaining
    // tricks your side takes (as play mode offers it); when a claim waits for your answer,
    // accept or play on; and the table's words about the last claim
    function showClaim(s) {
      const box = [];
      const c = s.claim;
      if (s.phase === "play" && s.waiting_for === s.seat && !s.over && s.hand && s.hand.length && !c) {
        const r = s.hand.length;  // your cards: the tricks remaining, this one included
        const label = document.createElement("label"); label.htmlFor = "claim-menu"; label.textContent = "Claim ";
        const menu = document.createElement("select"); menu.id = "claim-menu"; menu.dataset.key = "claim-menu";
        const choice = (text, n) => { const o = document.createElement("option"); o.value = String(n); o.textContent = text; menu.appendChild(o); };
        choice("the rest (" + r + ")", r);
        for (let k = r - 1; k > 0; k--) choice(k + " of " + r, k);
        choice("none: concede", 0);
        box.push(label, menu, button("Claim", () => send({ type: "claim", table: s.table, tricks: Number(menu.value) }), "claim"));
      }
      if (c && c.waiting.includes(s.seat)) {
        box.push(el("span", "Your answer to the claim (its words below): "),
          button("Accept the claim", () => send({ type: "claim_answer", table: s.table, answer: "accept" }), "claim-accept"),
          button("Play on", () => send({ type: "claim_answer", table: s.table, answer: "play on" }), "claim-play-on"));
      }
      $("claim").replaceChildren(...box);
      // this hand's claim words (once the hand is over, the score shows them)
      $("claim-said").replaceChildren(...(s.score.length ? [] : s.claim_said.map((w) => el("li", w))));
    }
    // a table the teacher holds: a banner over it, and every control of it disabled
    function showPause() {
      const words = last ? paused[last.table] : undefined;
      $("pause-cover").hidden = !words;
      $("pause-words").textContent = words || "";
      if (words) $("seat").querySelectorAll("button, select").forEach((b) => { b.disabled = true; });
    }
    $("hint-button").addEventListener("click", () => { if (last) send({ type: "hint", table: last.table }); });
    $("undo-button").addEventListener("click", () => { if (last) send({ type: "undo", table: last.table }); });
    // the connection: the page asks the server whether this browser's cookie is a student's
    // (GET /api/me), then opens the websocket; when it closes, it asks again after a pause
    // that doubles from 0.5 s to 5 s (with jitter), for as long as the cookie is good
    let delay = 500, retry = null;
    function connection(text) { $("connection").textContent = text; }
    function again() {
      connection("Reconnecting…");
      if (retry !== null) return;
      const wait = delay * (0.5 + Math.random() / 2);
      delay = Math.min(delay * 2, 5000);
      retry = setTimeout(() => { retry = null; start(); }, wait);
    }
    async function start() {
      let me;
      try {
        const r = await fetch("/api/me", { cache: "no-store" });
        if (!r.ok) { again(); return; }
        me = await r.json();
      } catch (err) { again(); return; }  // the server is not back yet
      if (me.student === null) {  // no student's cookie here (or no longer): the join form
        connection("");
        $("join").hidden = false; $("seat").hidden = true; $("tables").hidden = true;
        if (last !== null || tables.length) say("Your place in the class was not found: join again.");
        return;
      }
      connect();
    }
    function connect() {
      ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (lessonMessage(m)) return;
        if (m.type === "welcome") {
          $("join").hidden = true; tables = m.tables; showTables(); $("my-games").hidden = false;
          connection(""); say("Welcome, " + m.name + ".");
        }
        else if (m.type === "state") {
          versions[m.table] = m.version;
          if (m.feed && (last === null || last.table === m.table)) feed(m.feed);
          showState(m.state);
        }
        else if (m.type === "update") {
          if (versions[m.table] !== undefined && m.from_version !== versions[m.table]) { send({ type: "resync", table: m.table }); return; }
          versions[m.table] = m.version;
          for (const ev of m.events) log(ev.words);
          showState(m.state);
        }
        else if (m.type === "claim") {  // a claim made or answered: every seat is told
          if (last && last.table === m.table) { last.claim = m.claim; last.claim_said = m.words; showState(last); }
        }
        else if (m.type === "hint") $("hint").textContent = m.words;
        else if (m.type === "undo_asked") say(m.words);
        else if (m.type === "undone") { pending.push(m.words); say(m.words); }  // a state follows
        else if (m.type === "back") { for (const w of m.words) pending.push("While you were away: " + w); say(m.message); }
        else if (m.type === "refused" || m.type === "error") say(m.message, "refusal");
        else if (m.type === "paused") {  // the teacher's (teacher.py)
          if (m.paused) paused[m.table] = m.words; else delete paused[m.table];
          say(m.words);
          if (last && last.table === m.table) showState(last);
        }
        else if (m.type === "broadcast") {  // the teacher's line to every device
          $("broadcast-words").textContent = m.words;
          $("broadcast").hidden = !m.words;
        }
        else if (m.type === "left") { say(m.words); $("seat").hidden = true; }
        else if (m.type === "ack") say("");
      };
      ws.onopen = () => { delay = 500; };
      ws.onclose = () => { ws = null; again(); };
    }
    window.addEventListener("online", () => {  // the network is back: try at once
      if (retry === null) return;
      clearTimeout(retry); retry = null; delay = 500; start();
    });
    $("broadcast-close").addEventListener("click", () => { $("broadcast").hidden = true; });
    $("join").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await fetch("/api/join", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: $("code").value, name: $("name").value }) });
      if (!r.ok) { say((await r.json()).error, "refusal"); return; }
      connect();
    });
    const given = new URLSearchParams(location.search).get("code");  // from the QR code
    if (given && $("code")) $("code").value = given;
    // a student who comes back (same browser: the cookie) is let in at once
    start();
  }

  function lessonStudentPart(send) {
    function button(label, onclick) {
      const b = el("button", label); b.type = "button"; b.addEventListener("click", onclick); return b;
    }
    let shown = null;  // the activity on the screen
    function show(a) {
      $("lesson").hidden = !a;
      $("cue").hidden = !a;
      const fresh = a && a.activity !== shown;
      shown = a ? a.activity : null;
      if (fresh) requestAnimationFrame(() => { $("lesson").scrollIntoView({ block: "start" }); $("lesson-title").focus({ preventScroll: true }); });
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
    $("cue-button").addEventListener("click", () => { $("lesson").scrollIntoView({ block: "start" }); $("lesson-title").focus({ preventScroll: true }); });
    return (m) => {
      if (m.type === "lesson") { $("mistakes").hidden = false; show(m.activity); return true; }
      if (m.type === "feedback") return true;  // the lesson message that follows shows it
      if (m.type === "mistakes") { mistakes(m.items); return true; }
      return false;
    };
  }

  studentPage();
})();
