"""scripts/rule_audit.py, the rule audit of issue 23: its columns read the engine (a question the
quiz makes and verifies, the explanation's rule tags, the learner's words), so a rule the engine
states is found covered and words that leak a rule id or a Python value are not."""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from conftest import ROOT
from spades_lab.teach.quiz import QUIZ_IDS


def _audit_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_audit", ROOT / "scripts" / "rule_audit.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rule_audit"] = mod
    spec.loader.exec_module(mod)
    return mod


AUDIT = _audit_module()


def test_rules_the_engine_explains_are_covered_in_every_column() -> None:
    rows = AUDIT.audit(seeds=1, ids=("must-follow-suit", "led-suit-wins", "bags"))
    assert rows == [("must-follow-suit", True, True, True), ("led-suit-wins", True, True, True),
                    ("bags", True, True, True)]


def test_the_rows_are_the_engines_catalogue() -> None:
    rows = AUDIT.audit(seeds=1, ids=QUIZ_IDS[:2])
    assert [r[0] for r in rows] == list(QUIZ_IDS[:2])


def test_words_that_leak_the_software_are_not_learner_words() -> None:
    ok = AUDIT.words_ok
    assert ok(["West must follow Diamonds: holds the 4 of Diamonds."])
    assert not ok([])
    assert not ok(["Refused (must-follow-suit)."])
    assert not ok(["bag_limit is None"])
    assert not ok(["travelers_hunters = True"])


def test_the_capture_leaves_the_quiz_as_it_was() -> None:
    from spades_lab.teach import quiz
    from spades_lab.teach.quiz import model

    real = model._feedback
    with AUDIT._Captured() as cap:
        quiz.make_question("standard", "led-suit-wins", seed=0)
    assert model._feedback is real and "led-suit-wins" in cap.rules
