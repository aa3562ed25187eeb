"""The quiz's sweep of issue 31 over the Heckadeck presets and their options (acorns, acorns8,
Travelers and Hunters, the teams of four, ...): the part of :func:`test_quiz_content.sweep`
for those configurations, a module of its own so that the full run's workers share the sweep
(each module stays on one worker)."""
from __future__ import annotations

from typing import Any

import pytest
from test_quiz_content import HECKADECK_CONFIGS, config_ids, sweep


@pytest.mark.slow
@pytest.mark.parametrize(("name", "opts"), HECKADECK_CONFIGS,
                         ids=config_ids(HECKADECK_CONFIGS))
def test_every_heckadeck_rule_is_decided_at_its_level_and_both_ways(name: str,
                                                                     opts: dict[str, Any]
                                                                     ) -> None:
    sweep(name, opts)
