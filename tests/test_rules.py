"""Rule sets: presets, their options and defaults (RULINGS.md sections 2-6 and 8)."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab import PRESETS, OptionError, RuleSet
from spades_lab.core.rules import rules_from_json

COMMON = {"failed_nil_tricks", "bag_limit", "bag_penalty", "losing_floor", "target",
          "blind_exchange", "first_lead"}


@pytest.mark.parametrize("preset,extra", [
    ("standard", set()), ("online", {"blind_nil_deficit"}), ("original", set()),
    ("acorns", {"travelers_hunters", "th_low"}),
    ("acorns8", {"travelers_hunters", "th_low", "teams"}),
])
def test_options_per_preset(preset: str, extra: set[str]) -> None:
    from spades_lab.core.rules import HOUSE_OPTIONS

    assert set(RuleSet.preset(preset).options(all=True)) == COMMON | extra  # house rules: once set
    assert set(RuleSet.preset(preset).options(all=True, house=True)) == (
        COMMON | extra | set(HOUSE_OPTIONS[preset]))
    for name in {"blind_nil_deficit", "travelers_hunters", "th_low", "teams"} - extra:
        with pytest.raises(OptionError) as e:
            RuleSet.preset(preset, {name: 1})
        assert name in e.value.message and "first_lead" in e.value.message


@pytest.mark.parametrize("preset,want", [
    ("standard", dict(players=4, hand_size=13, target=500, bag_limit=10, bag_penalty=100,
                      first_lead="left", failed_nil_tricks="bags_only", losing_floor=None,
                      nil_kinds=("nil",), trumps=("S",), blind_nil_deficit=None)),
    ("online", dict(hand_size=13, target=500, first_lead="dealer", blind_nil_deficit=100)),
    ("original", dict(hand_size=13, target=500, first_lead="left", bag_limit=10)),
    ("acorns", dict(players=4, hand_size=32, target=1000, trumps=("S", "A"),
                    nil_kinds=("nil spades", "nil acorns", "full nil"),
                    travelers_hunters=False, th_low=False)),
    ("acorns8", dict(players=8, hand_size=16, target=500, teams="pairs")),
])
def test_preset_defaults(preset: str, want: dict[str, Any]) -> None:
    r = RuleSet.preset(preset)
    for k, v in want.items():
        assert getattr(r, k) == v, k


@pytest.mark.parametrize("preset,kind,ex", [
    ("standard", "nil", (0, 0)), ("online", "nil", (2, 2)), ("original", "nil", (0, 3)),
    ("acorns", "nil spades", (0, 3)), ("acorns", "nil acorns", (0, 3)),
    ("acorns", "full nil", (0, 6)), ("acorns8", "full nil", (0, 6)),
    ("acorns8", "nil spades", (0, 3)),
])
def test_blind_exchange_defaults(preset: str, kind: str, ex: tuple[int, int]) -> None:
    assert RuleSet.preset(preset).exchange_range(kind) == ex


def test_blind_exchange_option_forms() -> None:
    r = RuleSet.preset("standard", blind_exchange="up to 2")
    assert r.exchange_range("nil") == (0, 2) and r.options()["blind_exchange"] == "up to 2"
    r = RuleSet.preset("acorns", blind_exchange={"full nil": 4})
    assert r.exchange_range("full nil") == (4, 4) and r.exchange_range("nil spades") == (0, 0)
    assert RuleSet.preset("online", blind_exchange=0).exchange_range("nil") == (0, 0)


@pytest.mark.parametrize("preset,values", [
    ("acorns", {"nil spades": 100, "nil acorns": 100, "full nil": 240}),
    ("acorns8", {"nil spades": 50, "nil acorns": 50, "full nil": 120}),
    ("standard", {"nil": 100}),
])
def test_nil_values(preset: str, values: dict[str, int]) -> None:
    r = RuleSet.preset(preset)
    assert r.nil_values == values
    for k, v in values.items():
        assert r.nil_value(k, blind=True) == 2 * v


@pytest.mark.parametrize("options,size,teams", [
    ({}, 16, ((0, 4), (1, 5), (2, 6), (3, 7))),
    ({"teams": "fours"}, 16, ((0, 2, 4, 6), (1, 3, 5, 7))),
    ({"travelers_hunters": True}, 17, ((0, 4), (1, 5), (2, 6), (3, 7))),
])
def test_acorns8_teams(options: dict[str, Any], size: int, teams: Any) -> None:
    r = RuleSet.preset("acorns8", options)
    assert r.hand_size == size and r.team_seats == teams
    for s in range(8):
        assert r.partner(s) == (s + 4) % 8
        assert s in teams[r.team_of(s)]


def test_four_player_partners() -> None:
    r = RuleSet.preset("standard")
    assert [r.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert r.team_seats == ((0, 2), (1, 3))
    assert RuleSet.preset("acorns", travelers_hunters=True).hand_size == 34


@pytest.mark.parametrize("target", [100, 200, 250, 300, 500])
def test_online_targets(target: int) -> None:
    assert RuleSet.preset("online", target=target).target == target


def test_bag_options() -> None:
    r = RuleSet.preset("online", bag_limit=5, bag_penalty=50)
    assert (r.bag_limit, r.bag_penalty) == (5, 50)
    r = RuleSet.preset("original", bag_limit=None)
    assert r.bag_limit is None and r.bag_penalty == 0


def test_replace_options_and_json() -> None:
    r = RuleSet.preset("acorns8", teams="fours", th_low=True)
    assert r.options() == {"teams": "fours", "th_low": True}
    assert r.to_json() == {"preset": "acorns8", "options": {"teams": "fours", "th_low": True}}
    assert rules_from_json(r.to_json()) == r
    r2 = r.replace(target=200)
    assert r2.target == 200 and r2.teams == "fours" and r.target == 500
    with pytest.raises(OptionError):
        r.replace(blind_nil_deficit=1)
    assert "acorns8" in r.describe()


def test_all_presets_build() -> None:
    assert PRESETS == ("standard", "online", "original", "acorns", "acorns8")
    for name in PRESETS:
        assert RuleSet.preset(name).name == name


# ---------------------------------------------------------------------------- one way in
# The defaults live once, on RuleSet's fields (issue 20 item 6); a preset lists its changes.

def test_defaults_are_the_fields() -> None:
    from dataclasses import fields

    from spades_lab.core.rules import _PRESET_CHANGES, _preset_defaults
    field_default = {f.name: f.default for f in fields(RuleSet) if f.init}
    assert RuleSet() == RuleSet.preset("standard")
    for name in PRESETS:
        defaults = _preset_defaults(name)
        for key, value in defaults.items():
            assert value == _PRESET_CHANGES[name].get(key, field_default[key]), (name, key)
        r = RuleSet.preset(name)
        assert set(r.options(all=True)) == set(defaults)
        assert RuleSet.preset(name, defaults) == r


def test_rules_of_is_the_one_way_in() -> None:
    from spades_lab.core.errors import ArgumentError
    from spades_lab.core.rules import rules_of
    online = RuleSet.preset("online", target=300)
    assert rules_of("online", {"target": 300}) == online
    assert rules_of(online) is online and rules_of(online, {}) is online
    assert rules_of(RuleSet.preset("online"), {"target": 300}) == online
    assert rules_of(online.to_json()) == online == rules_from_json(online.to_json())
    assert rules_of({"preset": "online"}, {"target": 300}) == online
    assert rules_of({"preset": "online", "options": {"target": 200}}, {"target": 300}) == online
    for bad, kind in [(5, ArgumentError), ({"name": "online"}, ArgumentError),
                      ({"preset": 3}, ArgumentError), ({"preset": "x"}, OptionError),
                      ({"preset": "online", "options": [1]}, ArgumentError)]:
        with pytest.raises(kind) as e:
            rules_of(bad)
        assert e.value.message[0].isupper(), e.value.message  # a sentence, for the API
    for bad, words in [({"name": "online"}, "rules must be an object"),
                       ({"preset": 3}, "rules.preset must"),
                       ({"preset": "online", "options": [1]}, "rules.options must")]:
        with pytest.raises(OptionError, match=words):  # a record's field, in its words
            rules_from_json(bad)
    with pytest.raises(ArgumentError):
        rules_of("online", [("target", 300)])
    with pytest.raises(OptionError, match="an object with a 'preset'"):
        rules_from_json(5)
