"""The what-if's refused record action carries its fields (issue 20): the words are built from
the divergence's kind, seat and cards, never parsed back out of its text."""
from __future__ import annotations

from pathlib import Path

from spades_lab.core.rules import seat_name
from spades_lab.table import TableModel, WhatIfModel
from spades_lab.words import table as table_words

RECORD = Path("data/scenarios/demo_acorns_th.json")


def _a_divergence() -> tuple[WhatIfModel, list[str]]:
    m = WhatIfModel(TableModel.from_record(RECORD))
    for point in m.points[4:60:5]:
        m.set_point(point)
        for ch in m.choices():
            if ch.ok and m.recorded is not None and ch.play is not m.recorded.play \
                    and m.try_play(ch) and m.whatif is not None and m.whatif.divergences:
                assert m.result is not None
                return m, list(m.result[1].notes)
    raise AssertionError("no what-if of the demo stops following the record")


def test_a_divergence_carries_the_step_as_fields():
    m, notes = _a_divergence()
    assert m.whatif is not None
    d = m.whatif.divergences[0]
    assert d.kind in ("bid", "exchange", "play") and isinstance(d.seat, int)
    if d.kind == "play":
        assert len(d.cards) == 1 and d.cards[0] in d.action
    words = table_words.step_words(d, m.table.rules)
    assert words.startswith(seat_name(d.seat, m.table.rules.players) + " ")
    assert any(f"({words})" in n for n in notes)
    assert "(seat" not in words and d.cards[0] not in words.split()


def test_no_regex_reads_an_action_back():
    src = Path(table_words.__file__).read_text()
    assert "\nimport re\n" not in src and "action_words" not in src
