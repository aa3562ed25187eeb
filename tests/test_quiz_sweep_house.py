"""The quiz's sweep of issue 31 over the house rules' configurations (docs/rulings.md
section 9: each house rule switched on in the rule sets it meets), 50 seeds each: the second
half of :func:`test_quiz_content.sweep`, a module of its own so that the full run's two
workers share the sweep (each module stays on one worker)."""
from __future__ import annotations

from typing import Any

import pytest
from test_quiz_content import HOUSE_CONFIGS, config_ids, sweep


@pytest.mark.slow
@pytest.mark.parametrize(("name", "opts"), HOUSE_CONFIGS, ids=config_ids(HOUSE_CONFIGS))
def test_every_house_rule_is_decided_at_its_level_and_both_ways(name: str, opts: dict[str, Any]
                                                                ) -> None:
    sweep(name, opts)
