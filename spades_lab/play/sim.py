"""Simulation: many hands or whole games, for any rule set and any players, seeded and
reproducible, in one process, several processes, or on a Dask cluster.

Every hand (or game) ``i`` is played from its own ``random.Random(f"{seed}:hand:{i}")`` (or
``...:game:{i}``), so the results are the same whether they are computed in one process, in
many, or on a cluster, and whatever the chunking.  Seats rotate through the player types
(hand ``i`` gives seat ``s`` the type ``players[(s + i) % n]``) and the dealer moves every
``n`` hands, so no player type keeps a seat's advantage.

>>> res = simulate_hands("standard", ["heuristic", "random"], 8, seed=1)
>>> len(res.hands), int(res.hands["tricks_0"].add(res.hands["tricks_1"]).add(
...     res.hands["tricks_2"]).add(res.hands["tricks_3"]).min())
(8, 13)
>>> simulate_hands("standard", "random", 8, seed=1).hands.equals(
...     simulate_hands("standard", "random", 8, seed=1, chunk=3).hands)
True

pandas is imported when frames are built (``import spades_lab`` does not import this module).
"""
from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TextIO

from ..core.engine import Game, Hand
from ..core.errors import echo
from ..core.rules import RuleSet, rules_of
from ..core.tricks import trick_winner as _trick_winner
from .players import PLAYER_TYPES, Player, make_player, play_game, play_hand

_batch_module: ModuleType | None
try:  # the numpy batch path is the optional ``sim`` extra: imported here, or known absent
    from . import batch as _batch_module
except ModuleNotFoundError as _missing:  # pragma: no cover - only without numpy
    if _missing.name != "numpy":
        raise
    _batch_module = None


def _batch() -> Any:
    """The batch path (:mod:`spades_lab.play.batch`), or why it is not there."""
    if _batch_module is None:  # pragma: no cover - only without numpy
        raise ImportError("The fast batch path needs numpy, part of the optional 'sim' extra: "
                          "pip install 'spades-lab[sim]'.")
    return _batch_module


# ---------------------------------------------------------------------------- specs


def seat_types(rules: RuleSet, players: str | Sequence[str]) -> list[str]:
    """Player type per seat from a name (every seat), a name per seat, or a name per
    partnership (each seat of team ``t`` gets ``players[t]``; with four pairs, two names
    alternate around the table).

    >>> seat_types(RuleSet.preset("standard"), ["heuristic", "random"])
    ['heuristic', 'random', 'heuristic', 'random']
    >>> seat_types(RuleSet.preset("acorns8"), ["heuristic", "random"])[:4]
    ['heuristic', 'random', 'heuristic', 'random']
    """
    n = rules.players
    if isinstance(players, str):
        names = [players] * n
    elif len(players) == n:
        names = list(players)
    elif players and rules.team_count % len(players) == 0:
        names = [players[rules.team_of(s) % len(players)] for s in range(n)]
    else:
        raise ValueError(f"players: give one type, one per seat ({n}) or one per "
                         f"partnership ({rules.team_count}; fewer repeat around the table)")
    for name in names:
        if name not in PLAYER_TYPES:
            raise ValueError(f"unknown player type {echo(name, 40)}; use one of "
                             f"{', '.join(PLAYER_TYPES)}")
    return names


@dataclass(frozen=True)
class _Job:
    rules: dict[str, Any]
    seats: tuple[str, ...]
    seed: int | str
    kind: str  # "hands" or "games"
    rotate: bool
    keep_records: bool
    max_hands: int
    start: dict[str, Any] | None


def _arrangement(job: _Job, i: int, n: int) -> tuple[list[str], int]:
    """(player type per seat, dealer) for hand/game ``i``."""
    if not job.rotate:
        return list(job.seats), 0
    r = i % n
    return [job.seats[(s + r) % n] for s in range(n)], (i // n) % n


def _run_range(job: _Job, lo: int, hi: int) -> tuple[list[dict[str, Any]],
                                                     list[dict[str, Any]],
                                                     list[dict[str, Any]]]:
    """Play items lo..hi-1; returns (hand rows, game rows, records)."""
    rules = rules_of(job.rules)
    n = rules.players
    cache: dict[str, Player] = {}
    hand_rows: list[dict[str, Any]] = []
    game_rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    for i in range(lo, hi):
        types, dealer = _arrangement(job, i, n)
        players = [cache.setdefault(t, make_player(t)) for t in types]
        rng = random.Random(f"{job.seed}:{job.kind[:-1]}:{i}")
        game = Game(rules, dealer=dealer, start=job.start)
        if job.kind == "hands":
            play_hand(game, players, rng)
        else:
            play_game(game, players, rng, max_hands=job.max_hands)
        for h in game.hands:
            row = hand_row(game, h, types)
            row["game"] = i if job.kind == "games" else None
            row["index"] = i
            hand_rows.append(row)
        if job.kind == "games":
            game_rows.append(game_row(game, types, i))
        if job.keep_records:
            records.append(game.to_record())
    return hand_rows, game_rows, records


# ---------------------------------------------------------------------------- rows


def _team_types(rules: RuleSet, types: Sequence[str]) -> list[str]:
    out = []
    for seats in rules.team_seats:
        kinds = sorted({types[s] for s in seats})
        out.append(kinds[0] if len(kinds) == 1 else "+".join(kinds))
    return out


def hand_row(game: Game, hand: Hand, types: Sequence[str] | None = None) -> dict[str, Any]:
    """One complete hand as a flat dict (a row of :attr:`SimResult.hands`).

    Keys: ``preset``, ``options``, ``hand``, ``dealer``, per seat ``player_s``, ``bid_s`` (as in
    records), ``tricks_s``, ``nil_kind_s``/``nil_blind_s``/``nil_made_s`` (None without a nil),
    ``ace_lost_s`` (tricks the seat would have won had the Ace not flipped); per partnership
    ``team{t}_player``, ``_bid``, ``_counted``, ``_made``, ``_points``, ``_bags_added``,
    ``_bag_penalty``, ``_hand_score``, ``_total``, ``_bags``; ``superior``, ``superior_trick``,
    ``superior_seat``; ``ace_flips`` (tricks where an Ace ranked high), ``ace_flip_decided``
    (tricks whose winner the flip changed); ``th_played``, ``th_as_trump``, ``th_won``
    (Travelers/Hunters played, declared as a trump, winning a trick); ``exchanges``.
    """
    rules = game.rules
    n = rules.players
    assert hand.scores is not None, "the hand is not complete"
    row: dict[str, Any] = {"preset": rules.name, "options": _options_text(rules),
                           "hand": hand.index, "dealer": hand.dealer}
    types = list(types) if types is not None else ["?"] * n
    for s in range(n):
        row[f"player_{s}"] = types[s]
    for t, tt in enumerate(_team_types(rules, types)):
        row[f"team{t}_player"] = tt
    nil_of = {nr.seat: nr for ts in hand.scores for nr in ts.nils}
    for s in range(n):
        b = hand.bids[s]
        assert b is not None
        row[f"bid_{s}"] = b.to_json()
        row[f"tricks_{s}"] = hand.taken[s]
        nr = nil_of.get(s)
        row[f"nil_kind_{s}"] = b.nil
        row[f"nil_blind_{s}"] = b.blind if b.nil else None
        row[f"nil_made_{s}"] = nr.made if nr is not None else None
    for ts in hand.scores:
        t = ts.team
        row[f"team{t}_bid"] = ts.bid
        row[f"team{t}_counted"] = ts.tricks
        row[f"team{t}_made"] = ts.made
        row[f"team{t}_points"] = ts.points
        row[f"team{t}_bags_added"] = ts.bags_added
        row[f"team{t}_bag_penalty"] = ts.bag_penalty
        row[f"team{t}_hand_score"] = ts.hand_score
        row[f"team{t}_total"] = ts.total
        row[f"team{t}_bags"] = ts.bags
    at = hand.superior_at
    row["superior"] = hand.superior if at else None  # set by a first break (Acorns sets)
    row["superior_trick"] = at[0] if at else None
    row["superior_seat"] = at[1] if at else None
    flips = decided = 0
    lost = [0] * n
    th = th_trump = th_won = 0
    trumps = rules.trumps
    for tr in hand.tricks:
        plays = tr.plays
        if rules.deck.ace_flips and any(p.card.is_ace for _, p in plays) and \
                any(p.card.is_face for _, p in plays):
            flips += 1
            low_winner = _trick_winner(rules, plays, tr.superior_before, ace_high=False)[0]
            if low_winner != tr.winner:
                decided += 1
                lost[low_winner] += 1
        for seat, p in plays:
            if p.card.is_dual:
                th += 1
                th_trump += p.suit in trumps
                th_won += seat == tr.winner
    row["ace_flips"] = flips
    row["ace_flip_decided"] = decided
    for s in range(n):
        row[f"ace_lost_{s}"] = lost[s]
    row["th_played"] = th
    row["th_as_trump"] = th_trump
    row["th_won"] = th_won
    row["exchanges"] = sum(1 for e in hand.exchanges if e.passed)
    return row


def _options_text(rules: RuleSet) -> str:
    opts = rules.options()
    return ",".join(f"{k}={v}" for k, v in sorted(opts.items())) if opts else ""


def game_row(game: Game, types: Sequence[str], index: int) -> dict[str, Any]:
    """One game as a flat dict (a row of :attr:`SimResult.games`)."""
    rules = game.rules
    tt = _team_types(rules, types)
    row: dict[str, Any] = {"preset": rules.name, "options": _options_text(rules),
                           "game": index, "hands": len(game.hands), "over": game.over,
                           "winner": game.winner,
                           "winner_player": tt[game.winner] if game.winner is not None
                           else None}
    for t in range(rules.team_count):
        row[f"team{t}_player"] = tt[t]
        row[f"team{t}_total"] = game.totals[t]
        row[f"team{t}_bags"] = game.bags[t]
    return row


# ---------------------------------------------------------------------------- driving


@dataclass
class SimResult:
    """What a simulation returns: ``hands`` (one row per hand, a pandas DataFrame), ``games``
    (one row per game, or None for hand simulations) and ``records`` (game records, when
    ``keep_records=True``)."""

    rules: RuleSet
    hands: Any
    games: Any = None
    records: list[dict[str, Any]] | None = field(default=None, repr=False)


def simulate_hands(rules: RuleSet | str | Mapping[str, Any], players: str | Sequence[str]
                   = "heuristic", n: int = 1000, seed: int | str = 0, **kw: Any) -> SimResult:
    """Play ``n`` independent hands (each from a fresh game at 0-0, or at ``start``).

    Keywords: ``processes`` (worker processes, default 1; capped at the machine's cores
    unless ``force_processes=True``), ``client`` (a ``dask.distributed.Client`` to run on
    instead), ``progress`` (a tqdm bar), ``chunk`` (hands per task), ``keep_records``,
    ``records_out`` (an open text file: each game record is written there as one JSON line as
    its chunk finishes, instead of being kept), ``rotate`` (rotate seats, default True),
    ``start``.

    The work is streamed: chunks are made and queued a few per worker at a time, so only the
    result rows grow with ``n`` (:func:`iter_simulation` hands them over a chunk at a time,
    for a caller that folds them as they come, as ``spades-lab simulate`` does with
    :class:`~spades_lab.play.stats.SimSummary`).  Ctrl-C (KeyboardInterrupt) stops every
    worker before it propagates, and a worker whose parent dies exits by itself.
    """
    return _simulate(rules, players, n, seed, "hands", **kw)


def simulate_games(rules: RuleSet | str | Mapping[str, Any], players: str | Sequence[str]
                   = "heuristic", n: int = 100, seed: int | str = 0, *, max_hands: int = 200,
                   **kw: Any) -> SimResult:
    """Play ``n`` whole games (stopping a game after ``max_hands`` hands); the result has
    both ``hands`` (with a ``game`` column) and ``games``.  Keywords as :func:`simulate_hands`.
    """
    return _simulate(rules, players, n, seed, "games", max_hands=max_hands, **kw)


@dataclass(frozen=True)
class SimChunk:
    """One finished chunk of a streamed simulation (:func:`iter_simulation`): its hand rows
    (dicts as :func:`hand_row` makes them, in hand order, with ``game`` and ``index``), its game
    rows (:func:`game_row`; empty for hand simulations) and its game records (empty unless
    asked for)."""

    hands: list[dict[str, Any]]
    games: list[dict[str, Any]]
    records: list[dict[str, Any]]


def iter_simulation(rules_in: RuleSet | str | Mapping[str, Any], players: str | Sequence[str]
                    = "heuristic", n: int = 1000, seed: int | str = 0, kind: str = "hands", *,
                    processes: int = 1, client: Any = None, progress: bool = False,
                    chunk: int | None = None, keep_records: bool = False, rotate: bool = True,
                    start: dict[str, list[int]] | None = None, max_hands: int = 200,
                    force_processes: bool = False) -> Generator[SimChunk, None, None]:
    """The simulation of :func:`simulate_hands` (``kind="hands"``) or :func:`simulate_games`
    (``kind="games"``), one :class:`SimChunk` at a time in order, for callers that fold the
    rows as they come instead of keeping them (the ``simulate`` command: memory flat in
    ``n``).  Close it (``contextlib.closing``) or run it to the end: closing it early stops
    the workers."""
    rules = rules_of(rules_in)
    if kind not in ("hands", "games"):
        raise ValueError(f"kind is 'hands' or 'games', not {echo(kind)}")
    if type(n) is not int or n < 1:
        raise ValueError(f"the number of {kind} must be a whole number of at least 1, not "
                         f"{echo(n)}")
    processes = worker_count(processes, force_processes)
    job = _Job(rules.to_json(), tuple(seat_types(rules, players)), seed, kind, rotate,
               keep_records, max_hands, start)
    if chunk is None:
        chunk = 200 if kind == "hands" else 10
        if processes > 1:
            chunk = max(1, min(chunk, -(-n // (4 * processes))))
    # the arguments are checked above, at the call; the work starts at the first chunk asked
    return _chunks(_stream(_run_range, job, _ranges(n, chunk), processes, client, progress,
                           -(-n // chunk)))


def _chunks(parts: Generator[Any, None, None]) -> Generator[SimChunk, None, None]:
    with closing(parts):
        for rows, games, recs in parts:
            yield SimChunk(rows, games, recs)


def hand_columns(rows: Sequence[Mapping[str, Any]], kind: str = "hands") -> list[str]:
    """The columns of the hand table for rows of :func:`hand_row` (``game`` only in game
    simulations)."""
    cols = list(rows[0]) if rows else []
    return [c for c in cols if c != "game"] if kind == "hands" else cols


def _simulate(rules_in: RuleSet | str | Mapping[str, Any], players: str | Sequence[str], n: int,
              seed: int | str, kind: str, *, records_out: TextIO | None = None,
              keep_records: bool = False, **kw: Any) -> SimResult:
    import pandas as pd

    rules = rules_of(rules_in)
    columns: list[str] | None = None
    hand_rows: list[tuple[Any, ...]] = []
    game_rows: list[dict[str, Any]] = []
    records: list[dict[str, Any]] | None = [] if keep_records else None
    with closing(iter_simulation(rules, players, n, seed, kind,
                                 keep_records=keep_records or records_out is not None,
                                 **kw)) as parts:
        for part in parts:
            rows = part.hands
            # a tuple per hand takes a fifth of the memory of a dict per hand
            if columns is None and rows:
                columns = list(rows[0])
            hand_rows.extend(tuple(r.values()) if list(r) == columns else
                             tuple(r.get(c) for c in columns or ()) for r in rows)
            game_rows.extend(part.games)
            if records is not None:
                records.extend(part.records)
            if records_out is not None:
                records_out.writelines(json.dumps(r) + "\n" for r in part.records)
    hands = pd.DataFrame.from_records(hand_rows, columns=columns)
    if kind == "hands" and "game" in hands:
        hands = hands.drop(columns=["game"])
    games_frame = pd.DataFrame(game_rows) if kind == "games" else None
    return SimResult(rules, hands, games_frame, records)


# ---------------------------------------------------------------------------- streaming work
#: Chunks in flight per worker process: enough to keep every worker busy, few enough that
#: memory does not grow with the number of hands asked for.
IN_FLIGHT_PER_WORKER = 2


def _ranges(n: int, chunk: int) -> Iterator[tuple[int, int]]:
    """(lo, hi) item ranges, made as they are needed (never a list of them all)."""
    for lo in range(0, n, chunk):
        yield lo, min(n, lo + chunk)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(processes: int, force: bool = False) -> int:
    """``processes`` capped at the machine's cores (more workers than cores only slow a
    simulation down), unless ``force``; at least 1."""
    if type(processes) is not int or processes < 1:
        raise ValueError(f"processes must be a whole number of at least 1, not "
                         f"{echo(processes)}")
    return processes if force else min(processes, cores())


def _stream(fn: Callable[..., Any], job: Any, ranges: Iterator[tuple[int, int]],
            processes: int, client: Any, progress: bool, total: int
            ) -> Generator[Any, None, None]:
    """``fn(job, lo, hi)`` for each range, results yielded in range order.  With several
    processes (or a Dask ``client``) at most :data:`IN_FLIGHT_PER_WORKER` chunks per worker
    are queued at a time; on Ctrl-C or any error the workers are stopped before it is
    raised."""
    bar = _bar(progress, total)
    try:
        if client is not None:
            yield from _stream_dask(fn, job, ranges, client, bar)
        elif processes > 1 and total > 1:
            yield from _stream_pool(fn, job, ranges, processes, bar)
        else:
            for lo, hi in ranges:
                yield fn(job, lo, hi)
                bar(1)
    finally:
        bar(0, close=True)


def _stream_pool(fn: Callable[..., Any], job: Any, ranges: Iterator[tuple[int, int]],
                 processes: int, bar: Callable[..., None]) -> Iterator[Any]:
    """``fn(job, lo, hi)`` over ``processes`` worker processes this generator manages itself:
    one pipe per worker and no helper thread, so stopping is only ending the workers.  A
    range is handed out once fewer than :data:`IN_FLIGHT_PER_WORKER` chunks wait at a worker
    and it is within that many chunks per worker of the next one to yield (results that come
    early wait for it; never more than the chunks in flight)."""
    workers = _start_workers(fn, job, processes)
    conns = [conn for _, conn in workers]
    busy = dict.fromkeys(conns, 0)
    results: dict[int, Any] = {}
    limit = processes * IN_FLIGHT_PER_WORKER
    sent = done_out = 0
    more = True
    finished = False
    try:
        while True:
            while more and sent < done_out + limit:
                conn = min(conns, key=busy.__getitem__)
                if busy[conn] >= IN_FLIGHT_PER_WORKER:
                    break
                nxt = next(ranges, None)
                if nxt is None:
                    more = False
                    break
                conn.send((sent, *nxt))
                busy[conn] += 1
                sent += 1
            if done_out in results:
                yield results.pop(done_out)
                done_out += 1
                bar(1)
                continue
            if done_out == sent and not more:
                break
            for conn in _wait_ready([c for c in conns if busy[c]]):
                try:
                    seq, ok, value = conn.recv()
                except (EOFError, OSError):
                    raise RuntimeError("a simulation worker process stopped unexpectedly") \
                        from None
                busy[conn] -= 1
                if not ok:
                    raise value
                results[seq] = value
        finished = True
    finally:
        _stop_workers(workers, gently=finished)


def _wait_ready(conns: list[Any]) -> list[Any]:
    from multiprocessing.connection import wait

    return wait(conns)


def _start_workers(fn: Callable[..., Any], job: Any, processes: int) -> list[tuple[Any, Any]]:
    """``processes`` worker processes, each with its end of a pipe; Ctrl-C is held back while
    they start (so none is hit before it has set itself to leave Ctrl-C to the parent)."""
    import multiprocessing

    ctx = multiprocessing.get_context()
    workers: list[tuple[Any, Any]] = []
    held = hasattr(signal, "pthread_sigmask")
    if held:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for k in range(processes):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker_main, args=(theirs, fn, job, os.getpid()),
                               name=f"spades-lab-worker-{k}", daemon=True)
            workers.append((proc, mine))
            proc.start()
            theirs.close()
    except BaseException:
        _stop_workers(workers, gently=False)
        raise
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return workers


def _stop_workers(workers: list[tuple[Any, Any]], gently: bool) -> None:
    """End the workers and reap them: after a finished run each is told to stop; after Ctrl-C,
    an error or an early close each is terminated at once, its chunk abandoned.  A worker still
    alive after 2 seconds is killed."""
    for proc, conn in workers:
        if gently:
            with contextlib.suppress(OSError):
                conn.send(None)  # its pipe may stay open in its siblings (forked): say stop
        elif proc.pid is not None and proc.is_alive():
            proc.terminate()
        with contextlib.suppress(OSError):
            conn.close()
    for proc, _ in workers:
        if proc.pid is None:
            continue
        proc.join(timeout=2)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=1)


def _worker_main(conn: Any, fn: Callable[..., Any], job: Any, parent: int) -> None:
    """A worker: run ``fn(job, lo, hi)`` for each (seq, lo, hi) read from ``conn`` and send
    back (seq, True, result) or (seq, False, the exception), until told to stop (None) or
    the pipe closes."""
    _worker_init(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # now ignored (init)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:  # the run is over
            return
        seq, lo, hi = task
        try:
            reply = (seq, True, fn(job, lo, hi))
        except Exception as e:  # the parent raises it
            reply = (seq, False, _portable(e))
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


def _portable(e: Exception) -> Exception:
    """``e`` if it survives pickling, else a RuntimeError saying what it was."""
    import pickle

    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        return RuntimeError(f"{type(e).__name__}: {e}")


def _worker_init(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle (the terminal sends it to the whole
    process group), and the worker exits by itself if the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    ppid = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != ppid or not _alive(parent):
                os._exit(1)

    threading.Thread(target=watch, name="spades-lab-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stream_dask(fn: Callable[..., Any], job: Any, ranges: Iterator[tuple[int, int]],
                 client: Any, bar: Callable[..., None]) -> Iterator[Any]:
    width = max(1, sum(client.nthreads().values())) * IN_FLIGHT_PER_WORKER
    pending: deque[Any] = deque()
    try:
        for lo, hi in itertools.islice(ranges, width):
            pending.append(client.submit(fn, job, lo, hi, pure=False))
        while pending:
            result = pending.popleft().result()
            nxt = next(ranges, None)
            if nxt is not None:
                pending.append(client.submit(fn, job, *nxt, pure=False))
            yield result
            bar(1)
    finally:
        for fut in pending:
            fut.cancel()


def _bar(progress: bool, total: int) -> Callable[..., None]:
    if not progress:
        return lambda k, close=False: None
    from tqdm.auto import tqdm

    t = tqdm(total=total, unit="chunk")

    def step(k: int, close: bool = False) -> None:
        if k:
            t.update(k)
        if close:
            t.close()
    return step


# ---------------------------------------------------------------------------- batch path


def simulate_random_batch(rules: RuleSet | str | Mapping[str, Any], n: int, seed: int = 0, *,
                          processes: int = 1, progress: bool = False,
                          force_processes: bool = False, **kw: Any) -> Any:
    """``n`` hands of uniform random play through the numpy batch path
    (:func:`spades_lab.play.batch.play_random_hands`), as a DataFrame with the columns of
    :func:`simulate_hands` that it has.  Chunks are seeded by number, so the frame is the same
    with any number of processes; they are streamed like :func:`simulate_hands`'s."""
    import pandas as pd

    with closing(iter_random_batch(rules, n, seed, processes=processes, progress=progress,
                                   force_processes=force_processes, **kw)) as parts:
        frames = list(parts)
    return pd.concat(frames, ignore_index=True)


def iter_random_batch(rules: RuleSet | str | Mapping[str, Any], n: int, seed: int = 0, *,
                      processes: int = 1, progress: bool = False,
                      force_processes: bool = False, **kw: Any) -> Generator[Any, None, None]:
    """:func:`simulate_random_batch` one chunk's DataFrame at a time, in order (close it or run
    it to the end, as :func:`iter_simulation`)."""
    chunk = _batch().CHUNK
    r = rules_of(rules)
    _batch().check_batch_rules(r)
    if type(n) is not int or n < 1:
        raise ValueError(f"the number of hands must be a whole number of at least 1, not "
                         f"{echo(n)}")
    processes = worker_count(processes, force_processes)
    job = (r.to_json(), seed, kw)
    return _batch_frames(r, _stream(_batch_chunk, job, _ranges(n, chunk), processes, None,
                                    progress, -(-n // chunk)))


def _batch_frames(r: RuleSet, parts: Generator[Any, None, None]) -> Generator[Any, None, None]:
    with closing(parts):
        for df in parts:
            for s in range(r.players):
                df[f"player_{s}"] = "random"
            for t in range(r.team_count):
                df[f"team{t}_player"] = "random"
            yield df


def _batch_chunk(job: tuple[dict[str, Any], int, dict[str, Any]], lo: int, hi: int) -> Any:
    rules_json, seed, kw = job
    return _batch_frame(rules_json, lo, hi - lo, seed, kw)


def _batch_frame(rules_json: dict[str, Any], lo: int, count: int, seed: int,
                 kw: dict[str, Any]) -> Any:
    return _batch().play_random_hands(rules_of(rules_json), count, seed, first_index=lo,
                                      **kw).to_frame()


def hands_per_second(fn: Callable[[], Any], count: int, repeats: int = 3) -> list[float]:
    """Run ``fn`` ``repeats`` times and return hands per second for each run (for benchmarks)."""
    import time

    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        out.append(count / (time.perf_counter() - t))
    return out


def iter_presets() -> Iterable[RuleSet]:
    """Every preset with its defaults, and Acorns with Travelers and Hunters."""
    for name in ("standard", "online", "original", "acorns", "acorns8"):
        yield RuleSet.preset(name)
    yield RuleSet.preset("acorns", travelers_hunters=True)


__all__ = ["simulate_hands", "simulate_games", "simulate_random_batch", "SimResult",
           "iter_simulation", "iter_random_batch", "SimChunk", "hand_columns",
           "hand_row", "game_row", "seat_types", "iter_presets"]
