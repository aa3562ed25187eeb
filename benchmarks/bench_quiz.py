"""How long a full quiz (one question per rule id that applies) takes to generate per rule
set, and how long a rules sheet and a quiz sheet take to print to PDF (when Chromium exists).

    .venv/bin/python benchmarks/bench_quiz.py

Figures are wall-clock seconds on this machine (best of ``REPEATS`` runs); they vary with load.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from spades_lab.teach.handout import chromium_path, html_to_pdf, quiz_sheet, rules_sheet
from spades_lab.teach.quiz import applicable_ids, make_quiz

REPEATS = 3
CONFIGS = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
           ("acorns", {"travelers_hunters": True}), ("acorns8", {}),
           ("acorns8", {"travelers_hunters": True})]


def best(fn, repeats: int = REPEATS) -> float:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out)


def main() -> None:
    print("quiz generation (one question per applicable id):")
    for name, opts in CONFIGS:
        n = len(applicable_ids(name, opts))
        s = best(lambda: make_quiz(name, 1, options=opts))  # noqa: B023
        label = name + ("+th" if opts else "")
        print(f"  {label:12} {n:3d} questions  {s:6.2f} s  ({1000 * s / n:5.1f} ms/question)")
    if chromium_path() is None:
        print("no Chromium: PDF timings skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        quiz = make_quiz("standard", 11, count=12)
        s1 = best(lambda: html_to_pdf(rules_sheet("acorns"), Path(tmp) / "r.pdf"), 2)
        s2 = best(lambda: html_to_pdf(quiz_sheet(quiz), Path(tmp) / "q.pdf"), 2)
    print(f"PDF: rules sheet {s1:.2f} s, 12-question quiz sheet {s2:.2f} s")


if __name__ == "__main__":
    main()
