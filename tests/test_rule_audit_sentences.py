"""scripts/rule_audit.py's five-column audit of issue 31 over the rule sentences: the sentence map
quotes docs/rulings.md (and the seed rule texts) as they are, names ids the engine uses, and the
columns read the records, the explanations and the notebooks (the quiz column is asked of the
quiz: ``probe``; here an empty probe keeps the test quick)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_rule_audit import AUDIT

from conftest import ROOT
from spades_lab.core.errors import Rule
from spades_lab.teach.explain import CARD_ROLES, TRICK_REASONS
from spades_lab.teach.quiz import QUIZ_IDS

RULINGS = re.sub(r"\s+", " ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
SEEDS = Path("/work/shared/seeds")
PAGE = ROOT / "docs" / "teachers" / "rule_audit.md"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_each_sentence_is_quoted_as_the_rulings_say_it() -> None:
    for x in AUDIT.SENTENCES:
        if x.where.startswith("§"):
            assert _norm(x.quote) in RULINGS, x.quote


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rule texts are not on this machine")
def test_each_seed_sentence_is_quoted_as_its_seed_says_it() -> None:
    texts = {p.name[:3]: _norm(p.read_text(encoding="utf-8")) for p in SEEDS.glob("*.txt")}
    for x in AUDIT.SENTENCES:
        if x.where.startswith("seed"):
            assert _norm(x.quote) in texts[x.where.split()[1]], x.quote


def test_the_ids_are_the_engines() -> None:
    known = set(QUIZ_IDS) | {r.value for r in Rule} | set(TRICK_REASONS) | set(CARD_ROLES) | {
        "hand-limit", "tie-break", "leads"}
    for x in AUDIT.SENTENCES:
        assert x.ids and set(x.ids) <= known, x
        assert x.teach and re.compile(x.teach)
    sections = [x.where for x in AUDIT.SENTENCES]
    assert AUDIT.RULINGS_1_TO_8 == sum(w in {f"§{i}" for i in range(1, 9)} for w in sections)
    assert sections[:AUDIT.RULINGS_1_TO_8] == sorted(sections[:AUDIT.RULINGS_1_TO_8],
                                                     key=lambda w: int(w[1:]))


def _row(rows: list[Any], quote: str) -> Any:
    return next(r for r in rows if r.sentence.quote.startswith(quote))


def test_the_columns_read_the_records_and_the_notebooks() -> None:
    rows = AUDIT.five_columns(per={})  # no quiz asked: its column stays empty
    assert len(rows) == len(AUDIT.SENTENCES) and not any(r.quiz for r in rows)
    off = _row(rows, "`bag_limit: null` turns the penalty off")
    assert "std_bags_off.json" in off.scenarios and off.explanation and off.words
    lead = _row(rows, "The winner leads the next trick.")
    assert "01_standard_step_by_step" in lead.notebooks and lead.explanation
    assert "std_dealer_rotates.json" in lead.scenarios  # its explanation says who leads next
    reset = _row(rows, "Every new deal starts afresh.")
    assert reset.scenarios == ("acorns_game_superiority_resets.json",)
    # a rule set the sentence is not about does not count: online's deficit is not standard's
    deficit = _row(rows, "Blind nil is open only to a player whose partnership is behind")
    assert all(s.startswith("online_") for s in deficit.scenarios)
    made_up = AUDIT.Sentence("§1", "made up", ("next-lead",), ("standard",),
                             teach=r"no notebook says xyzzy")
    (row,) = AUDIT.five_columns(per={}, sentences=(made_up,))
    assert row.notebooks == () and row.scenarios


def test_learner_words_hold_no_card_code() -> None:
    assert AUDIT.words_ok(["North won with the Ace of Spades."])
    assert not AUDIT.words_ok(["North won with AS."])
    assert not AUDIT.words_ok(["South took TPS in trick 6."])


def test_the_published_table_lists_every_sentence_and_its_command() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert "scripts/rule_audit.py --sentences" in page
    assert "--write docs/teachers/rule_audit.md" in page
    body = [ln for ln in page.splitlines() if re.match(r"\| (§\d+|seed \d+) \|", ln)]
    assert len(body) == len(AUDIT.SENTENCES)
    for ln, x in zip(body, AUDIT.SENTENCES, strict=True):
        assert ln.startswith(f"| {x.where} | ") and ln.count(" | ") == 7
    rows = AUDIT.five_columns(per={})
    for ln, r in zip(body, rows, strict=True):  # the page's scenario and notebook columns
        cells = [c.strip() for c in ln.strip("|").split(" | ")]
        assert cells[3].startswith("yes") == bool(r.scenarios), ln
        assert cells[5].startswith("yes") == bool(r.notebooks), ln
