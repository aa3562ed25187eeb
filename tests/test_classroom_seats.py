"""A classroom seat: its drawing (the notebooks' ``render.table_html`` fed from the seat's view),
a robot holding a dropped seat, hints and undo as table settings (spades_lab/classroom)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from spades_lab.classroom.tables import SeatHand, Table, seat_table_html  # noqa: E402
from spades_lab.core.engine import Phase  # noqa: E402
from spades_lab.render import table_html  # noqa: E402

pytestmark = pytest.mark.timeout(300)


def _bots(preset: str = "standard", seed: int = 3) -> Table:
    return Table(1, {"preset": preset, "options": {}}, [{"kind": "bot"}] * (
        8 if preset == "acorns8" else 4), seed=seed)


def _grid(html: str) -> str:
    """The table grid of a drawing (without the seat's own card buttons)."""
    return html[html.index('<div class="sl-table'):html.index('<p class="sl-hand-title"')]


@pytest.mark.parametrize("preset", ["standard", "acorns", "acorns8"])
def test_the_seat_sees_the_notebooks_table(preset: str) -> None:
    """At every step of a hand, each seat's drawing is the play widget's ``table_html`` call
    (compact, every hand face down, the table model's trick view) on the engine's hand: the
    classroom and the notebooks draw the same table, from the seat's view alone."""
    t = _bots(preset)
    n = t.rules.players
    names = t.names()
    seen_caption = seen_won = 0
    for _ in range(400):
        if t.game.over or len(t.game.hands) > 1:
            break
        t.version += len(t.step())
        h = t.game.hand
        if h is None:
            continue
        for seat in range(n):
            v = t.game.view(seat)
            tv = t.words(seat).trick_view()
            mine = _grid(seat_table_html(v, names, tv))
            theirs = table_html(h, seat=seat, face_up=[False] * n, names=names,
                                trick=list(tv.plays), winning=tv.winning, winner=tv.winner,
                                trick_caption=tv.caption, compact=True)
            assert mine == theirs
        seen_caption += "is winning so far" in tv.caption
        seen_won += "won trick" in tv.caption
    assert seen_caption and seen_won


def test_a_face_down_hand_is_counted_never_shown() -> None:
    t = _bots()
    t.step()  # the deal
    v = t.game.view(1)
    hands = SeatHand(v).hands
    assert [len(x) for x in hands] == [13] * 4
    with pytest.raises(IndexError):
        hands[0][0]
    html = seat_table_html(v, t.names())
    assert "Your cards are face down (13 cards)" in html
    assert "data-card" not in html


def test_the_seat_to_play_has_its_legal_cards_marked() -> None:
    t = _bots(seed=8)
    for _ in range(100):
        if t.game.phase == Phase.PLAY:
            break
        t.version += len(t.step())
    seat = t.actor()
    assert seat is not None
    v = t.game.view(seat)
    html = seat_table_html(v, t.names())
    legal = {p.card.code for p in v.legal}
    marked = set(re.findall(r'class="sl-cardbtn[^"]*sl-legal[^"]*" data-card="(\w+)"', html))
    assert marked == legal and legal
    assert "the cards you may play are marked green" in html
    others = [s for s in range(4) if s != seat]
    assert "sl-legal" not in seat_table_html(t.game.view(others[0]), t.names())
