"""Every widget a teacher projects has one "Projector mode" toggle, which puts (and takes off)
the class ``sl-projector`` that :data:`spades_lab.render.PROJECTOR_CSS` styles; ``projector=True``
starts it on.  (Its sizes on a 1024x768 screen: tests/test_browser_projector.py.)"""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from spades_lab import render

pytest.importorskip("ipywidgets")
from spades_lab.widgets import (  # noqa: E402
    PlayTable,
    Quiz,
    ScoreExplainer,
    TableApp,
    TrumpTimelineView,
    WhatIf,
)

RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"
MAKERS = {
    "table": lambda on: TableApp(RECORD, projector=on),
    "whatif": lambda on: WhatIf(RECORD, projector=on),
    "quiz": lambda on: Quiz(RECORD, seed=4, projector=on),
    "timeline": lambda on: TrumpTimelineView(RECORD, projector=on),
    "score": lambda on: ScoreExplainer(RECORD, projector=on),
    "play": lambda on: PlayTable("standard", seat=2, seed=7, projector=on),
}


def toggles(w):
    out = []
    stack = [w]
    while stack:
        x = stack.pop()
        if "sl-projector-toggle" in x._dom_classes:
            out.append(x)
        stack.extend(getattr(x, "children", ()))
    return out


@pytest.mark.parametrize("name", MAKERS)
def test_one_toggle_switches_projector_mode(name):
    w = MAKERS[name](False)
    (t,) = toggles(w)
    assert t.description == "Projector mode" and "sl-projector" not in w._dom_classes
    t.value = True
    assert "sl-projector" in w._dom_classes
    t.value = False
    assert "sl-projector" not in w._dom_classes
    on = MAKERS[name](True)
    assert "sl-projector" in on._dom_classes and toggles(on)[0].value is True


def test_projector_css_sizes():
    css = render.PROJECTOR_CSS
    card = re.search(r"\.sl-projector \.sl-card\{([^}]*)\}", css)
    assert card and "width:70px" in card.group(1) and "min-width:70px" in card.group(1)
    assert render.PROJECTOR_CSS in render.CSS
    # no reduced opacity and no gradient behind text anywhere in the package's style
    for block in (render.CSS, render.PLAY_CSS):
        assert not re.search(r"opacity:\s*(0?\.[0-9]|0\b)", block)
        assert "linear-gradient(135deg" not in block
