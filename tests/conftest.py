"""Shared helpers for the tests (kept small: other test files add their own fixtures).

Test modules import the plain functions with ``from conftest import build_deal, ...`` (pytest
puts ``tests/`` on ``sys.path``, there being no ``tests/__init__.py``).  The local servers the
browser tests and the README test start (Voila, ``spades-lab serve``) share one start-up:
:func:`free_port`, :func:`wait_http` and :func:`voila_server` (the ``voila_url`` fixture).
"""
from __future__ import annotations

import hashlib
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from spades_lab import Game, RuleSet
from spades_lab.core.cards import SUIT_BITS, Card, Play

ROOT = Path(__file__).resolve().parent.parent

#: ``./dev.sh test quick`` (the unit tier) sets SPADES_LAB_TIER=unit: property tests then try a
#: tenth of their examples (:func:`examples`), the full suite all of them.
UNIT_TIER = os.environ.get("SPADES_LAB_TIER") == "unit"


def examples(n: int) -> int:
    """How many examples a property test written for ``n`` tries in this tier.

    >>> examples(60) in (6, 60)
    True
    """
    return max(3, n // 10) if UNIT_TIER else n


#: ``SPADES_LAB_SWEEPS=long`` runs the long sweeps (the solver's equivalence sweeps against the
#: Python search and the engine-driven minimax, the quiz's sweep over every configuration) at
#: the size they were written for: after changing the solver or the quiz, run them so
#: (``SPADES_LAB_SWEEPS=long ./dev.sh test tests/test_solver_diff.py ...``).  The full run
#: takes the first half of each sweep's positions (the same positions, each sweep's random
#: stream read in the same order), every rule set and every search still in it: what makes
#: a fresh clone's ``.ci/run`` fit its twelve minutes (docs/benchmarks.md).
LONG_SWEEPS = os.environ.get("SPADES_LAB_SWEEPS") == "long"


def sweep(n: int) -> int:
    """How many of a long sweep's ``n`` positions (or seeds) this run checks.

    >>> sweep(60) in (30, 60)
    True
    """
    return n if LONG_SWEEPS else max(1, n // 2)
ARTIFACTS = ROOT / "tests" / "artifacts"


# ------------------------------------------------------------------------- local servers
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Wait until ``url`` answers with a success; fail at once if ``proc`` (the server) exits,
    and with TimeoutError after ``timeout`` seconds."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=10):
                return
        except OSError:  # refused, reset, timed out, or an HTTP error status
            time.sleep(0.5)
    raise TimeoutError(f"nothing answered on {url} within {timeout:.0f} s")


def stop(proc: subprocess.Popen[Any], timeout: float = 20, *, group: bool = False) -> None:
    """Terminate a server this test started, killing it if it will not go; with ``group``
    the whole process group it leads (started with ``start_new_session=True``)."""
    def send(sig: int) -> None:
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)

    send(signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        proc.wait()


#: The teacher's secret each store's server printed (a restart keeps it and prints none).
_SECRETS: dict[Path, str] = {}


def start_classroom(db: Path, *extra: str, port: int | None = None, log: Path | None = None
                    ) -> tuple[subprocess.Popen[str], str, str, str]:
    """Start ``spades-lab classroom`` on ``port`` (default a free one) over the store ``db``
    (with ``extra`` arguments): (the process, its address, the class code, the teacher's
    secret), read from what it prints; a restart prints no secret (it keeps the one it had),
    so the secret is then the one this store's server printed last.  Its output goes to
    ``log`` (a file, never a pipe nobody reads; by default beside ``db``)."""
    port = free_port() if port is None else port
    log = log or db.with_suffix(".log")
    with open(log, "w") as out:
        proc = subprocess.Popen([str(Path(sys.executable).parent / "spades-lab"), "classroom",
                                 "--port", str(port), "--db", str(db), *extra],
                                stdout=out, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    text = ""
    for _ in range(600):
        text = log.read_text()
        if "Store:" in text or proc.poll() is not None:
            break
        time.sleep(0.1)
    code = re.search(r"class code (\w+)", text)
    secret = re.search(r"#secret=([\w-]+)", text)
    if secret:
        _SECRETS[db.resolve()] = secret.group(1)
    assert code and (secret or "still works" in text and db.resolve() in _SECRETS), text
    wait_http(base + "/", proc)  # type: ignore[arg-type]
    return proc, base, code.group(1), _SECRETS[db.resolve()]


#: Debian's Chromium, driven by playwright (never ``playwright install``).
CHROMIUM = "/usr/bin/chromium"
#: How every browser test starts it: headless, and asking nothing of the network.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def launch_chromium(pw: Any, *extra: str) -> Any:
    """A playwright browser on Debian's Chromium with :data:`CHROMIUM_ARGS` (and ``extra``)."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra])


@contextmanager
def voila_server(notebook: Path, log: Path) -> Iterator[str]:
    """Voila serving ``notebook`` (run from the repository root, with the package's own
    template and no CDN: ``spades_lab.cli.serve``'s options) on a free port of 127.0.0.1,
    its output in ``log``.  Yields the base URL once the server answers; the notebook itself
    runs when a page opens it."""
    from spades_lab.cli.serve import VOILA_OPTIONS, voila_env

    port = free_port()
    voila = Path(sys.executable).parent / "voila"
    log.parent.mkdir(parents=True, exist_ok=True)
    cmd = [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           *VOILA_OPTIONS, str(notebook.relative_to(ROOT))]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                env={**voila_env(), "MPLBACKEND": "Agg"})
        try:
            url = f"http://127.0.0.1:{port}/"
            wait_http(url, proc)
            yield url
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def voila_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """Voila serving the requesting module's ``NOTEBOOK`` for the whole module; the server's
    log is ``tests/artifacts/voila-<module>.log``."""
    notebook: Path = request.module.NOTEBOOK
    with voila_server(notebook, ARTIFACTS / f"voila-{request.module.__name__}.log") as url:
        yield url


# ------------------------------------------------------------------------- signals


def interruptible() -> None:
    """``preexec_fn`` for a command a test will interrupt with Ctrl-C (SIGINT).  A suite started
    in the background (``nohup ... &``) ignores SIGINT, and a child inherits an ignored signal:
    Python then installs no KeyboardInterrupt handler.  A terminal's Ctrl-C reaches a command
    whose SIGINT is in its default state, so start it that way."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# ------------------------------------------------------------------------- engine helpers


def rules_of(preset: str, **options: Any) -> RuleSet:
    return RuleSet.preset(preset, options)


def build_deal(rules: RuleSet, placed: Mapping[int, Iterable[str]],
               voids: Mapping[int, str] | None = None) -> list[list[str]]:
    """A full legal deal that gives each seat the ``placed`` cards and fills the rest from the
    deck deterministically, never giving seat ``s`` a filler card of a suit in ``voids[s]``
    (a Traveler or Hunter counts for both its suits).  Returns card codes, seat by seat."""
    voids = dict(voids or {})
    n, size = rules.players, rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    used: set[Card] = set()
    for seat, cards in placed.items():
        for text in cards:
            c = rules.deck.parse(text)
            assert c not in used, f"{c} placed twice"
            used.add(c)
            hands[seat].append(c)
    mask = {s: sum(SUIT_BITS[x] for x in voids.get(s, "")) for s in range(n)}
    rest = [c for c in rules.deck.cards if c not in used]
    # most constrained cards first, each to the allowed seat with the most room left
    rest.sort(key=lambda c: sum(1 for s in range(n) if c.bits & mask[s]), reverse=True)
    for c in rest:
        options = [s for s in range(n) if len(hands[s]) < size and not c.bits & mask[s]]
        assert options, f"cannot place {c}: the voids leave no seat for it"
        best = max(options, key=lambda s: (size - len(hands[s]), -s))
        hands[best].append(c)
    assert all(len(h) == size for h in hands)
    return [[c.code for c in h] for h in hands]


def dealt_game(preset: str | RuleSet, placed: Mapping[int, Iterable[str]],
               voids: Mapping[int, str] | None = None, *, dealer: int = 0,
               start: dict[str, list[int]] | None = None, **options: Any) -> Game:
    """A game with one hand dealt by :func:`build_deal` (bidding not started)."""
    rules = preset if isinstance(preset, RuleSet) else RuleSet.preset(preset, options)
    g = Game(rules, dealer=dealer, start=start)
    g.deal(cards=build_deal(rules, placed, voids))
    return g


def bid_all(game: Game, bids: Iterable[Any]) -> None:
    """Bids in turn order, starting with the seat to bid."""
    for b in bids:
        game.bid(b)


def play_all(game: Game, plays: Iterable[Any]) -> None:
    """Plays in turn order: a card text, or (card, as_) for a declared Traveler/Hunter."""
    for p in plays:
        if isinstance(p, tuple):
            game.play(p[0], as_=p[1])
        else:
            game.play(p)


def state_snapshot(game: Game) -> Any:
    """A deep, comparable description of everything an action could change."""
    h = game.hand
    out: dict[str, Any] = {
        "phase": game.phase, "totals": list(game.totals), "bags": list(game.bags),
        "log": len(game.log), "hands_count": len(game.hands),
        "outcome": game.outcome, "next_dealer": game.next_dealer,
    }
    if h is not None:
        out.update({
            "hands": [sorted(c.code for c in x) for x in h.hands],
            "bids": list(h.bids), "looked": list(h.looked), "turn": h.turn,
            "leader": h.leader,
            "exchanges": [(e.blind, e.partner, e.lo, e.hi, e.passed, e.returned)
                          for e in h.exchanges],
            "trick": list(h.trick), "tricks": list(h.tricks), "taken": list(h.taken),
            "won": [list(x) for x in h.won], "broken": h.broken, "superior": h.superior,
            "superior_at": h.superior_at, "scores": h.scores, "hand_phase": h.phase,
            "legal": tuple(game.legal_plays()), "legal_bids": tuple(game.legal_bids()),
        })
    return out


# ---------------------------------------------------------------------------- solver endings

#: every rule-set configuration the solver tests cover, and their test ids
RULE_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("online", {}),
    ("original", {}),
    ("acorns", {}),
    ("acorns", {"travelers_hunters": True}),
    ("acorns", {"travelers_hunters": True, "th_low": True}),
    ("acorns8", {"teams": "fours", "travelers_hunters": True}),
    ("acorns8", {"teams": "pairs"}),
]
RULE_IDS = [f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
            for p, o in RULE_CONFIGS]

# (tests/test_solver.py and tests/test_solver_diff.py)


def deal_and_bid(rules: RuleSet, rng: Any) -> Game:
    """A game dealt with ``rng`` and bid at random (legal bids, none blind) up to its first
    play."""
    g = Game(rules)
    g.deal(rng=rng)
    while g.phase != "play":
        g.bid(rng.choice([b for b in g.legal_bids() if not b.blind]))
    return g


def learner_decides(m: Any, rng: Any, *, blind: float = 0.0) -> None:
    """One decision for a play table's learner (a ``spades_lab.table.PlayModel``): a random
    legal choice, never refused (a blind bid with probability ``blind`` where one is open);
    the bots' moves or the next deal when that is what the table waits for."""
    w = m.waiting()
    if w == "look":
        if blind and rng.random() < blind:  # (no draw without blind bids: seeded paths hold)
            assert m.bid(m.bid_choices()[0].bid), m.message
        else:
            m.look()
    elif w == "bid":
        assert m.bid(rng.choice(m.bid_choices()).bid), m.message
    elif w == "exchange":
        due = m.exchange_due()
        assert due is not None
        if due["face_down"]:
            assert m.exchange(due["hi"]), m.message
        else:
            assert m.exchange([c for c, _ in m.my_cards()][:due["hi"]]), m.message
    elif w == "play":
        legal = [c for c, ok in m.my_cards() if ok]
        assert legal
        plays = m.plays_for(rng.choice(legal))
        assert plays
        assert m.play(rng.choice(plays)), m.message
    elif w == "bots":
        m.run_bots()
    elif w == "next-hand":
        assert m.next_hand()
    else:
        raise AssertionError(f"nothing for the learner to do: {w}")


def deal_to_play(rules: RuleSet, rng: Any) -> Game:
    """A game dealt with ``rng`` and bid by the simple players, up to its first play."""
    from spades_lab.play.players import SimplePlayer, act

    g = Game(rules)
    g.deal(rng=rng)
    players = [SimplePlayer()] * rules.players
    while g.phase != "play":
        act(g, players, rng)
    return g


def ending_pool(rules: RuleSet, rng: Any, nsuits: int, duals: float = 1.0) -> list[Card]:
    """The trumps and ``nsuits`` other random suits, shuffled; in the two-trump sets, with
    probability ``duals``, mostly their Traveler/Hunters, Aces and faces (so the Ace flips)."""
    others = [s for s in rules.deck.suits if s not in rules.trumps]
    suits = list(rules.trumps) + rng.sample(others, min(len(others), nsuits))
    pool = [c for c in rules.deck.cards if any(s in suits for s in c.suits)]
    if rules.two_trumps and (duals >= 1 or rng.random() < duals):
        pool = [c for c in pool if c.is_dual or c.is_ace or c.is_face or rng.random() < 0.3]
    rng.shuffle(pool)
    return pool


def engine_minimax(game: Game, side: set[int], start: int) -> int:
    """Tricks from trick ``start`` on won by ``side``, both sides playing best, found by trying
    every legal play through the engine itself."""
    h = game.hand
    assert h is not None
    legal = game.legal_plays()
    if not legal:
        return sum(1 for t in h.tricks[start:] if t.winner in side)
    vals = []
    for p in legal:
        g2 = game.copy()
        g2.play(p)
        vals.append(engine_minimax(g2, side, start))
    return max(vals) if h.turn in side else min(vals)


def engine_per_move(game: Game) -> dict[Play, int]:
    h = game.hand
    assert h is not None and h.turn is not None
    side = set(game.rules.team_seats[game.rules.team_of(h.turn)])
    out = {}
    for p in game.legal_plays():
        g2 = game.copy()
        g2.play(p)
        out[p] = engine_minimax(g2, side, len(h.tricks))
    return out


def agrees_with_engine(solvers: Iterable[Any], game: Game, label: Any) -> bool:
    """Assert that each solver's per-move values and best count equal the engine-driven
    minimax at ``game``; False (nothing checked) when no card is to be played there."""
    h = game.hand
    if h is None or h.turn is None:
        return False
    want = engine_per_move(game)
    for s in solvers:
        r = s.solve(game)
        assert r.per_move == want, (label, s.enhancements)
        assert r.tricks == max(want.values()), label
    return True


# ------------------------------------------------------------------------- packaging
def uv_command() -> list[str] | None:
    """How to run uv here (``spades-lab[dev]`` installs it beside this interpreter), or None."""
    beside = Path(sys.executable).parent / "uv"
    if beside.is_file():
        return [str(beside)]
    probe = subprocess.run([sys.executable, "-m", "uv", "--version"], capture_output=True)
    return [sys.executable, "-m", "uv"] if probe.returncode == 0 else None


# ------------------------------------------------------------------------- files
def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (relative path: sha256), or {} when there is none: what a
    command left behind, to compare before and after."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------------- watched pages

#: What a served page may load: its own loopback server, and data: URLs.
LOOPBACK = ("http://127.0.0.1", "ws://127.0.0.1", "data:")


def watch_page(page: Any, errors: list[str], elsewhere: list[str],
               allowed: tuple[str, ...] = LOOPBACK) -> None:
    """Record on a playwright page its console errors, page errors and failed responses
    (``errors``) and every request whose address starts with none of ``allowed`` (loopback
    by default: ``elsewhere``)."""
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    page.on("request", lambda r: None if r.url.startswith(allowed)
            else elsewhere.append(r.url))


class Watched:
    """A page at ``url`` in its own browser context (its own cookies: one person), its
    console errors, failed responses and requests to other hosts recorded
    (:func:`watch_page`); every wait on it bounded by ``timeout`` ms."""

    def __init__(self, browser: Any, url: str, *, size: tuple[int, int] = (1024, 768),
                 timeout: int = 60_000) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout)
        self.errors: list[str] = []
        self.elsewhere: list[str] = []
        watch_page(self.page, self.errors, self.elsewhere)
        self.page.goto(url)


# ------------------------------------------------------------------------- the classroom's pages

#: What Chromium itself logs for a connection the stopped server refused, or one a killed
#: server cut off while answering it (the page's script logs nothing): allowed only while the
#: server is down.
REFUSED = re.compile(r"net::ERR_CONNECTION_(REFUSED|RESET)|WebSocket connection to .* failed")


def student_act(p: Any) -> bool:
    """On the classroom's student page (a playwright page ``p``): take the student's decision
    when it is theirs (look, bid, pass, play): whether it did."""
    if ": Your turn to " not in p.inner_text("#status") and not p.locator(
            "#choices button").count():
        return False
    look = p.locator("#choices button", has_text="Look at your cards")
    if look.count():
        look.first.click()
        return True
    if p.locator("#bid-menu").count():
        p.locator("#choices button[data-key='bid:menu']").click()  # the menu's ordinary 3
        return True
    bids = p.locator("#choices button", has_text=re.compile(r"^Bid \d+$"))
    if bids.count():
        bids.first.click()
        return True
    passing = p.locator("#choices button[data-key='pass']")
    if passing.count():
        want = int(re.search(r"Choose (\d+) cards", p.inner_text("#status")).group(1))  # type: ignore[union-attr]
        cards = p.locator("#drawing button[data-card]")
        for i in range(want):
            cards.nth(i).click()
        passing.click()
        return True
    unseen = p.locator("#choices button[data-key='pass-unseen']")
    if unseen.count():
        unseen.click()
        return True
    legal = p.locator("#drawing button.sl-legal")
    if ": Your turn to " in p.inner_text("#status") and legal.count():
        legal.first.click()
        return True
    return False


def student_step(p: Any) -> tuple[str, int]:
    """The status line and the number of cards in the student's hand: the step the page shows."""
    return p.inner_text("#status"), p.locator("#drawing button[data-card]").count()


# ------------------------------------------------------------------------- axe-core

#: axe-core (npm, package.json; ./dev.sh test runs npm ci) and the WCAG tags every audit runs.
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page: Any, selector: str = "body") -> list[dict[str, Any]]:
    """Serious or critical WCAG 2.1 A/AA violations inside ``selector`` of a playwright page,
    as axe-core finds them."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    res = page.evaluate(
        "async ([sel, tags]) => (await axe.run(document.querySelector(sel), "
        "{runOnly: {type: 'tag', values: tags}})).violations.map(v => ({id: v.id, "
        "impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.html.slice(0, 160))}))",
        [selector, WCAG])
    return [v for v in res if v["impact"] in ("serious", "critical")]


# ------------------------------------------------------------------------- text contrast

#: For every visible text node inside a selector: its colour (with the opacity of it and its
#: ancestors) over its background (the background colours of it and its ancestors up to the
#: first opaque one, on white), the WCAG 2.1 contrast ratio and the ratio it needs (3:1 for
#: large text: 24 px, or 18.66 px bold; else 4.5:1).  A text node with reduced opacity or a
#: background image behind it is reported as undecided (what axe-core leaves "incomplete").
#: Text of a disabled control is exempt (WCAG 1.4.3: inactive user interface components).
TEXT_CONTRAST_JS = r"""
(sel) => {
  const parse = c => { const m = /rgba?\(([^)]*)\)/.exec(c || '');
    if (!m) return null; const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (f, b) => [0, 1, 2].map(i => f[i] * f[3] + b[i] * (1 - f[3]));
  const out = {count: 0, low: [], undecided: []};
  for (const root of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode, text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el ||
          el.closest('svg, style, script, option, :disabled, [aria-disabled="true"]')) continue;
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (s.visibility === 'hidden' || !r.width || !r.height ||
          !el.getClientRects().length) continue;
      let opacity = 1, image = false; const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const st = getComputedStyle(e);
        opacity *= Number(st.opacity);
        if (st.backgroundImage && st.backgroundImage !== 'none') image = true;
        const b = parse(st.backgroundColor);
        if (b && b[3] > 0) { layers.push(b); if (b[3] >= 1) break; }
      }
      let bg = [255, 255, 255];
      for (const b of layers.reverse()) bg = over(b, bg);
      const c = parse(s.color); const fg = over([c[0], c[1], c[2], c[3] * opacity], bg);
      const hi = Math.max(lum(fg), lum(bg)), lo = Math.min(lum(fg), lum(bg));
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
      const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
      const item = {text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100, need,
                    color: s.color, size, cls: String(el.className).slice(0, 60)};
      out.count++;
      if (opacity < 1 || image) out.undecided.push(item);
      else if (ratio < need) out.low.push(item);
    }
  }
  return out;
}
"""


def text_contrast(page: Any, selector: str) -> dict[str, Any]:
    """:data:`TEXT_CONTRAST_JS` run on a playwright page: ``count`` text nodes measured,
    ``low`` those below WCAG AA, ``undecided`` those with reduced opacity or a background
    image."""
    result: dict[str, Any] = page.evaluate(TEXT_CONTRAST_JS, selector)
    return result


# ------------------------------------------------------------------------- play mode page


class PlayPage:
    """The Voila page of play mode (``.sl-play-app``) with its console errors and foreign
    requests recorded (tests/test_browser_play*.py)."""

    def __init__(self, pw: Any, url: str, size: tuple[int, int] = (1280, 1000)) -> None:
        self.browser = launch_chromium(pw)
        self.page = self.browser.new_page(viewport={"width": size[0], "height": size[1]})
        self.page.set_default_timeout(120_000)
        self.errors: list[str] = []
        self.foreign: list[str] = []
        host = urllib.parse.urlparse(url).netloc
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                     else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

        def request(r: Any) -> None:
            u = urllib.parse.urlparse(r.url)
            if u.scheme in ("http", "https", "ws", "wss") and u.netloc != host:
                self.foreign.append(r.url)
        self.page.on("request", request)
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.locator(".sl-play-app .sl-status").first.wait_for(state="visible",
                                                                  timeout=180_000)
        self.app = self.page.locator(".sl-play-app").first

    def close(self) -> None:
        self.browser.close()

    # -------------------------------------------------------------- reading the table
    def state(self) -> tuple[str, int]:
        st = self.app.locator(".sl-status").first
        return st.get_attribute("data-wait") or "", int(st.get_attribute("data-gen") or 0)

    def wait_change(self, gen: int, *, or_declare: bool = False) -> None:
        """Until the table is redrawn after ``gen`` (and no bot is still to move), or a
        Traveler/Hunter asks how to declare it."""
        self.page.wait_for_function(
            "([g, d]) => { const s = document.querySelector('.sl-play-app .sl-status');"
            " if (d && document.querySelector('.sl-play-app button.sl-declare-as')) return true;"
            " return s && Number(s.dataset.gen) !== g && s.dataset.wait !== 'bots'; }",
            arg=[gen, or_declare])

    def click(self, selector: str, *, text: str | None = None) -> None:
        _, gen = self.state()
        loc = self.app.locator(selector, has_text=text) if text else self.app.locator(selector)
        loc.first.click()
        self.wait_change(gen)

    def axe(self, selector: str) -> list[dict[str, Any]]:
        """Serious or critical WCAG 2.1 A/AA violations inside ``selector``, and (as
        ``text-contrast``) every text node below the AA contrast ratio or undecided (reduced
        opacity, a background image): :func:`text_contrast`, node by node."""
        bad = axe_violations(self.page, selector)
        c = text_contrast(self.page, selector)
        if c["low"] or c["undecided"]:
            bad.append({"id": "text-contrast", "impact": "serious",
                        "help": "text below the WCAG AA contrast ratio, or undecided",
                        "nodes": c["low"] + c["undecided"]})
        return bad


# ---------------------------------------------------------------------------- claims
#: Two-trick endings for the claim tests (core.claims, teach.claims, the table, the classroom),
#: East (seat 1) to lead, Spades broken.  CLAIM_SURE: East holds the two top Spades; CLAIM_SPLIT:
#: East's Ace of Spades and 2 of Hearts against South's Ace of Hearts (East and West take one
#: trick however East plays).
CLAIM_SURE = [["2H", "3H"], ["AS", "KS"], ["4H", "5H"], ["6H", "7H"]]
CLAIM_SPLIT = [["4D", "5D"], ["AS", "2H"], ["AH", "3D"], ["6D", "7D"]]


def claim_ending(hands: list[list[str]], bids: tuple[Any, ...] = (3, 4, 3, 3),
                 rules: str = "standard", game: Game | None = None) -> Game:
    """The ending ``hands`` after the bids ``bids`` (North, East, South, West: East bids
    first), in ``game`` (a fresh standard game when None) once dealt by seed 3."""
    g = game if game is not None else Game(rules)
    if g.hand is None or g.hand.complete:
        g.deal(rng=random.Random(3))
    for s in (1, 2, 3, 0):
        g.bid(bids[s], seat=s)
    g.set_ending(hands, ["S"], "S")
    return g
