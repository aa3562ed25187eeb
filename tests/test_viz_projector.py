"""The matplotlib pictures in projector mode: every text at least 11 pt (15 px at 100 dpi) and
the whole figure, legend included, within 1024x768 px at 100 dpi."""
from __future__ import annotations

import pytest

from conftest import ROOT

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from spades_lab.core.records import replay  # noqa: E402
from spades_lab.render.plots import score_progress_plot, trump_timeline_plot  # noqa: E402

RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"


def texts(fig):
    return [t for t in fig.findobj(matplotlib.text.Text) if t.get_text().strip()]


@pytest.mark.parametrize("draw", ["timeline", "score"])
def test_projector_pictures_are_large_and_fit(draw):
    import matplotlib.pyplot as plt

    game = replay(RECORD).game
    ax = (trump_timeline_plot(game.hands[0], projector=True) if draw == "timeline"
          else score_progress_plot(game, projector=True))
    fig = ax.figure
    fig.set_dpi(100)
    fig.canvas.draw()
    small = [(t.get_text(), t.get_fontsize()) for t in texts(fig) if t.get_fontsize() < 11]
    assert not small
    box = fig.get_tightbbox(fig.canvas.get_renderer())  # inches, legend included
    assert box.width * 100 <= 1024 and box.height * 100 <= 768, box
    # the default stays as it was: the legend beside the picture, small
    plain = (trump_timeline_plot(game.hands[0]) if draw == "timeline"
             else score_progress_plot(game))
    assert min(t.get_fontsize() for t in texts(plain.figure)) < 11
    plt.close("all")
