"""What the course notebooks and the teachers' pages say (issue 23): suit symbols are the
package's own (♠ ♥ ♦ ♣, or the suit's name), never emoji a bare font set draws as boxes; the
sentences the audit found wrong stay fixed, each checked once against the engine here."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from spades_lab.core.cards import SUITS
from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
DOCS = [ROOT / "docs" / "teachers" / "lesson_plans.md",
        ROOT / "docs" / "teachers" / "misconceptions.md", ROOT / "data" / "scenarios" / "README.md"]
OWN_SYMBOLS = {s.symbol for s in SUITS.values() if len(s.symbol) == 1}


def _emoji(ch: str) -> bool:
    """Pictographs and the symbol blocks emoji fonts take over (☁ ⚔ 🌰 🪐 …)."""
    cp = ord(ch)
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF) \
        and ch not in OWN_SYMBOLS


def _texts(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    out = []
    for cell in nb.cells:
        out.append(cell.source)
        for o in cell.metadata.get("nbval_expected", []):
            out.append(o.get("text", ""))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_emoji_suit_symbols_in_any_notebook_cell(path: Path) -> None:
    for text in _texts(path):
        bad = sorted({ch for ch in text if _emoji(ch)})
        assert not bad, (path.name, bad, text[:120])


def test_no_emoji_on_the_teachers_pages() -> None:
    for path in DOCS:
        bad = sorted({ch for ch in path.read_text(encoding="utf-8") if _emoji(ch)})
        assert not bad, (path.name, bad)


#: The sentences the audit found wrong (issue 23), and where.
WRONG = {
    "06_heckadeck_acorns.ipynb": ["Sixteen ranks per suit, low to high",
                                  "Hunters below the Beast and Jack",
                                  "and Acorns in the second:", "🌰"],
    "07_eight_players.ipynb": ["trumps with the lowest\nAcorn", "🪐"],
    "01_standard_step_by_step.ipynb": ["and Aces and Kings", "`led-suit-wins`"],
    "00_start_here.ipynb": ["each line naming the rule"],
    "04_online_and_original.ipynb": ["`bag_limit = None`"],
    "10_teachers_guide.ipynb": ["Printed, they are your **answer key**",
                                "Pick a record your class has just studied"],
    "02_table_app.ipynb": ["The slider picks", "use the\n  slider"],
    "lesson_plans.md": ["32 tricks", "online and original**: only when trailing"],
    "misconceptions.md": ["or 50 every 5 bags online", "| It is an ordinary zero: made, worth 0",
                          "NAME --actions` (in students' words"],
    "README.md": ["0-based", "after trick 0"],
}


def test_the_wrong_sentences_stay_fixed() -> None:
    texts = {p.name: "\n".join(_texts(p)) for p in NOTEBOOKS}
    texts.update({p.name: p.read_text(encoding="utf-8") for p in DOCS})
    for name, phrases in WRONG.items():
        for phrase in phrases:
            assert phrase not in texts[name], (name, phrase)
    assert not any("first partnership to" in t for t in texts.values())


def test_the_facts_behind_the_fixed_sentences() -> None:
    """What the corrected sentences say, asked of the engine."""
    acorns = RuleSet.preset("acorns", {"travelers_hunters": True})
    suit_ranks = RuleSet.preset("acorns").deck.ranks
    assert len(suit_ranks) == 16 and len(acorns.rank_order) == 19
    low = acorns.replace(th_low=True).rank_order
    assert low.index("T") < low.index("B") < low.index("H") < low.index("J")  # Hunter > Beast
    assert acorns.hand_size == 34 and RuleSet.preset("acorns").hand_size == 32
    sups = [h.superior for h in replay(ROOT / "data" / "scenarios" /
                                       "acorns_game_superiority_resets.json").game.hands]
    assert sups == ["S", "A", "S"]
    g = replay(ROOT / "data" / "course" / "standard_hand.json").game
    dan = g.hands[0].deal[3]
    assert sum(c.is_ace for c in dan) == 1 and sum(c.rank == "K" for c in dan) == 3
    assert RuleSet.preset("original").blind_nil_deficit is None
    assert RuleSet.preset("online").blind_nil_deficit == 100
    online = RuleSet.preset("online")
    assert (online.bag_limit, online.bag_penalty) == (10, 100)  # 1:5:50 is an option
