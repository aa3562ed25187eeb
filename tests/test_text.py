"""Counting in words through the one plural rule (issue 20): ``spades_lab.text`` and the rest
of the package say "1 card", "6 cards", never "card(s)" or an inline plural."""
from __future__ import annotations

import re

from conftest import ROOT
from spades_lab.core.records import replay
from spades_lab.render.text import hand_account


def test_an_exchange_counts_its_cards_in_words():
    g = replay(ROOT / "data" / "scenarios" / "online_blind_nil_exchange.json").game
    text = "\n".join(hand_account(g, g.hands[0]))
    assert "card(s)" not in text
    assert re.search(r"passes \d+ cards? to ", text)


def test_no_optional_plural_or_inline_plural_in_the_package():
    counted = "card|trick|bag|hand|process|point|player|game|question|seat|nil|bid|step|second"
    optional = re.compile(rf"\b(?:{counted})\((?:s|es)\)")
    inline = re.compile(r"""['"]s['"] if \w|else ['"]s['"]|['"]es['"] if \w""")
    found = []
    for path in sorted((ROOT / "spades_lab").rglob("*.py")):
        rel = path.relative_to(ROOT / "spades_lab").as_posix()
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if optional.search(code) or inline.search(code):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == [], found
