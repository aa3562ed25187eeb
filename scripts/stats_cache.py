"""The cached simulation tables the notebooks read (``data/stats/*.csv``): the one reader and
the one writer ``variant_stats.py`` and ``house_stats.py`` share.  Rows are chunks of seeded
games per configuration; a refresh replaces the named configurations' rows, keeps the others,
and writes the file whole or not at all (``spades_lab.core.files.writing``)."""
from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from spades_lab.core.files import writing


def read_rows(path: Path, fields: Sequence[str], text: Sequence[str]) -> list[dict[str, Any]]:
    """The cached rows, every field not in ``text`` read back as a whole number."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        for k in fields:
            if k not in text:
                r[k] = int(r[k])
    return rows


def refresh(out: Path, root: Path, configs: Sequence[str], names: Sequence[str],
            chunk_row: Callable[[str, int], dict[str, Any]], *, min_hands: int, chunk: int,
            fields: Sequence[str], text: Sequence[str]) -> None:
    """Simulate the configurations ``names`` (every one when empty) chunk by chunk until each
    has ``min_hands`` hands, and write them into ``out`` with the other configurations' rows
    as they were, in ``configs`` order."""
    wanted = list(names) or list(configs)
    old = ([r for r in read_rows(out, fields, text) if r["config"] not in wanted]
           if out.exists() else [])
    rows: list[dict[str, Any]] = []
    for config in wanted:
        hands = k = 0
        while hands < min_hands:
            row = chunk_row(config, k)
            rows.append(row)
            hands += row["hands"]
            k += 1
        print(f"{config}: {k * chunk} games, {hands} hands", flush=True)
    order = list(configs)
    allrows = sorted(old + rows, key=lambda r: (order.index(r["config"]), int(r["chunk"])))
    out.parent.mkdir(parents=True, exist_ok=True)
    with writing(out, newline="") as (f, _):
        w = csv.DictWriter(f, fieldnames=list(fields), lineterminator="\n")
        w.writeheader()
        w.writerows(allrows)
    print(f"wrote {out.relative_to(root)}")
