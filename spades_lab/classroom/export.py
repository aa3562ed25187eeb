"""Take a class session home (docs/classroom.md, "Export"): every table's game record (the record
format, replayable with ``spades-lab replay``), a CSV of the class's answers, a one-page class
report (HTML, and PDF printed by :func:`spades_lab.teach.handout.html_to_pdf`) with the
mistakes by rule, and a student's own games.

Every download is built in memory and sent as an HTTP response: nothing is written where a
client chooses (the PDF is printed in a temporary folder of the server's own, removed after).
The figures of the report are read from the store and replayed by the engine
(:func:`spades_lab.core.records.replay`), never counted again here.

The CSV takes answer rows (``student``, ``question``, ``answer``, ``right``, ``time``), from the
store's ``answers(code)`` where the store has the lesson's answers (the class poll and quiz):

>>> print(answers_csv([{"student": "Ann", "question": "Which card wins?", "answer": "A♠",
...                     "right": True, "time": "2026-12-01T10:00:00Z"}]), end="")
student,question,answer,right,time
Ann,Which card wins?,A♠,yes,2026-12-01T10:00:00Z

Every text cell is safe to open in a spreadsheet (:func:`cell`): one that a spreadsheet would
read as a formula (it begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets
a leading apostrophe, which the spreadsheet shows as text and does not display.
"""
from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import tempfile
import zipfile
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.errors import CLASSROOM_IDS, RULE_IDS, OutputError, Rule
from ..core.records import dump_record, replay
from ..core.rules import team_name
from ..teach.handout import CSS, html_to_pdf
from ..teach.wording import rules_title, winner_words
from .lesson import answer_rows as lesson_answers
from .store import Store

COOKIE = "sl_seat"

if TYPE_CHECKING:
    from .app import Classroom

#: The answers CSV's columns, in order.
ANSWER_COLUMNS = ("student", "question", "answer", "right", "time")
#: What a spreadsheet reads as the start of a formula (or of a cell it runs as one: tab and
#: carriage return are dropped before ``=`` by some).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A CSV cell safe to open in a spreadsheet: text that begins like a formula gets a leading
    apostrophe (the spreadsheet shows the text as typed); a carriage return inside it becomes a
    line break (the csv module would not quote it); numbers are left as numbers.

    >>> cell("=1+2"), cell("-1"), cell("@SUM(A1)"), cell("Ann"), cell(-1)
    ("'=1+2", "'-1", "'@SUM(A1)", 'Ann', -1)
    """
    if not isinstance(value, str):
        return value
    text = "'" + value if value.startswith(FORMULA_START) else value
    return text.replace("\r\n", "\n").replace("\r", "\n")


def csv_rows(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as CSV text, every cell through :func:`cell` (every CSV the classroom exports is
    written by this)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerows([cell(v) for v in row] for row in rows)
    return buf.getvalue()


# ---------------------------------------------------------------------------- records


def _record(store: Store, table: int) -> dict[str, Any] | None:
    """The table's record, or None for a table whose stored actions no longer load (the
    classroom leaves it out and tells the teacher: ``Classroom.problems``)."""
    try:
        return store.record(table)
    except ValueError:
        return None


def table_records(store: Store, code: str) -> list[tuple[str, dict[str, Any]]]:
    """Every table's game record, named ``table-N.json`` (a table that no longer loads left
    out)."""
    return [(f"table-{t.id}.json", rec) for t in store.tables(code)
            if (rec := _record(store, t.id)) is not None]


def finished_hands(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` cut to its scored hands: a hand still being played names every seat's cards
    and is left out of what a student downloads."""
    result = replay(record)
    rec = dict(record)
    rec["hands"] = [h for h, done in zip(record["hands"], result.hands, strict=True)
                    if done.complete]
    return rec


def student_records(store: Store, code: str, student: int
                    ) -> list[tuple[str, dict[str, Any]]]:
    """The games of ``student``: every table where they sit or sat (a robot holding their
    seat), each cut to its scored hands."""
    out = []
    for t in store.tables(code):
        if any(s.get("student") == student or s.get("was", {}).get("student") == student
               for s in t.seats):
            try:
                out.append((f"table-{t.id}.json", finished_hands(store.record(t.id))))
            except ValueError:  # a table that no longer loads: left out
                continue
    return out


def zip_records(records: Iterable[tuple[str, Mapping[str, Any]]]) -> bytes:
    """The records as a zip of JSON files (the record format's pretty JSON), in memory."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, rec in records:
            z.writestr(name, dump_record(rec))
    return buf.getvalue()


# ---------------------------------------------------------------------------- answers


def answer_rows(store: Store, code: str) -> list[dict[str, Any]]:
    """The class's poll and quiz answers as the CSV writes them (the lesson's
    :func:`~spades_lab.classroom.lesson.answer_rows`, oldest first): the student's name, the
    question in words, the answer in words, right or not, when."""
    return [{"student": r.name, "question": r.prompt, "answer": r.answer, "right": r.right,
             "time": r.time} for r in lesson_answers(store, code)]


def answers_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The answers as CSV, one row per answer: student, question, answer, right (``yes``,
    ``no``, or empty where the question has no right answer), time; every cell safe to open
    in a spreadsheet (:func:`cell`)."""
    out: list[Iterable[Any]] = [ANSWER_COLUMNS]
    for r in rows:
        right = r.get("right")
        out.append([r.get("student", ""), r.get("question", ""), r.get("answer", ""),
                    "" if right is None else ("yes" if right else "no"), r.get("time", "")])
    return csv_rows(out)


# ---------------------------------------------------------------------------- the report


@dataclass(frozen=True)
class TableLine:
    """One table in the class report: its figures, replayed from its stored record."""

    table: int
    rules: str
    players: tuple[str, ...]
    hands: int
    teams: tuple[str, ...]
    totals: tuple[int, ...]
    result: str


@dataclass(frozen=True)
class ClassReport:
    """The class report's figures: each table, the refused actions by rule (rule id ->
    count) and by student (name -> rule id -> count), and the answers' count and right ones."""

    code: str
    tables: tuple[TableLine, ...]
    mistakes: dict[str, int] = field(default_factory=dict)
    by_student: dict[str, dict[str, int]] = field(default_factory=dict)
    answers: int = 0
    right: int = 0


def class_report(room: Classroom) -> ClassReport:
    """The figures of the class report, from the store (each table's record replayed)."""
    store, code = room.store, room.code
    lines = []
    for name, rec in table_records(store, code):
        try:
            r = replay(rec)
        except ValueError:  # a table that no longer replays: left out, as in the classroom
            continue
        rules = r.rules
        lines.append(TableLine(
            int(name.removeprefix("table-").removesuffix(".json")), rules_title(rules),
            tuple(rec["players"]), sum(1 for h in r.hands if h.complete),
            tuple(team_name(s, rules.players) for s in rules.team_seats), tuple(r.totals),
            winner_words(r)))
    names = store.students(code)
    refused = store.mistakes(code)  # the board of mistakes' rows (classroom.lesson)
    by_student: dict[str, Counter[str]] = {}
    for x in refused:
        by_student.setdefault(names.get(x["student"], x["name"]), Counter())[x["rule"]] += 1
    rows = answer_rows(store, code)
    return ClassReport(code, tuple(lines), dict(Counter(x["rule"] for x in refused)),
                       {k: dict(v) for k, v in by_student.items()}, len(rows),
                       sum(1 for r in rows if r.get("right")))


def result_rows(store: Store, code: str) -> list[dict[str, Any]]:
    """One row per table, hand and partnership, from each table's record replayed by the
    engine: the players, the bid, the tricks, the hand's score, the total after it, and whether
    the bid was made (scored hands only)."""
    rows = []
    for t in store.tables(code):
        try:
            rec = store.record(t.id)
            result = replay(rec)
        except ValueError:  # a table that no longer loads: left out, as in the classroom
            continue
        n = result.rules.players
        for h in result.hands:
            if not h.complete:
                continue
            for team in h.teams:
                rows.append({"table": t.id, "rules": rules_title(result.rules),
                             "hand": h.index + 1, "team": team_name(team.seats, n),
                             "players": ", ".join(rec["players"][s] for s in team.seats),
                             "bid": team.bid, "tricks": team.tricks, "made": team.made,
                             "hand_score": team.hand_score, "total": team.total,
                             "bags": team.bags})
    return rows


def _rule_words(rule: str) -> str:
    """A rule id in words for the teacher (what the rule says)."""
    try:
        r = Rule(rule)
    except ValueError:
        return rule
    return RULE_IDS.get(r) or CLASSROOM_IDS.get(r) or rule


def _totals(t: TableLine) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(t.teams, t.totals, strict=True))


def report_html(report: ClassReport) -> str:
    """The class report as one printable page (A4, the handouts' CSS)."""
    e = html.escape
    rows = "".join(
        f"<tr><td>{t.table}</td><td>{e(t.rules)}</td><td>{e(', '.join(t.players))}</td>"
        f"<td>{t.hands}</td><td>{e(_totals(t))}</td><td>{e(t.result)}</td></tr>"
        for t in report.tables)
    mistakes = "".join(f"<tr><td>{e(_rule_words(rule))}</td><td>{n}</td></tr>"
                       for rule, n in sorted(report.mistakes.items(), key=lambda x: -x[1]))
    students = "".join(
        f"<li>{e(name)}: " + "; ".join(f"{e(_rule_words(rule))} ({n})" for rule, n in
                                       sorted(c.items(), key=lambda x: -x[1])) + "</li>"
        for name, c in sorted(report.by_student.items()))
    answers = (f"<p>{report.answers} answers, {report.right} of them right.</p>"
               if report.answers else "<p>No poll or quiz answers.</p>")
    body = (f"<h1>Class report: class {e(report.code)}</h1>"
            "<h2>The tables</h2><table><tr><th>Table</th><th>Rules</th><th>Players</th>"
            f"<th>Hands played</th><th>Totals</th><th>Result</th></tr>{rows}</table>"
            "<h2>Mistakes by rule</h2>"
            + (f"<table><tr><th>The rule</th><th>Refused actions</th></tr>{mistakes}</table>"
               f"<ul class=\"small\">{students}</ul>" if mistakes
               else "<p>No action was refused.</p>")
            + f"<h2>Answers</h2>{answers}")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Class report {e(report.code)}</title><style>{CSS}</style></head>\n"
            f"<body>\n{body}\n</body></html>\n")


def report_pdf(page: str) -> bytes:
    """The report printed to PDF by the handouts' headless Chromium, in a temporary folder of
    the server's own (FileNotFoundError where no Chromium is installed)."""
    with tempfile.TemporaryDirectory(prefix="spades-lab-report-") as tmp:
        return html_to_pdf(page, Path(tmp) / "report.pdf").read_bytes()


def report_json(report: ClassReport) -> dict[str, Any]:
    """The report's figures as JSON (what the page and the notebook client read)."""
    out: dict[str, Any] = json.loads(json.dumps({
        "code": report.code, "tables": [t.__dict__ for t in report.tables],
        "mistakes": report.mistakes, "by_student": report.by_student,
        "answers": report.answers, "right": report.right}))
    return out


# ---------------------------------------------------------------------------- HTTP


def _download(body: bytes | str, media: str, name: str) -> Response:
    return Response(body, media_type=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def routes(room: Classroom, teacher_ok: Callable[[Request], Response | None]) -> list[Route]:
    """The downloads: the teacher's (each needs the secret) and a student's own games (their
    cookie)."""
    stem = f"class-{room.code}"

    def guarded(fn: Callable[[], Awaitable[Response]]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            refused = teacher_ok(request)
            return refused if refused is not None else await fn()
        return endpoint

    async def records() -> Response:
        return _download(zip_records(table_records(room.store, room.code)), "application/zip",
                         f"{stem}-records.zip")

    async def answers() -> Response:
        return _download(answers_csv(answer_rows(room.store, room.code)),
                         "text/csv; charset=utf-8", f"{stem}-answers.csv")

    async def report() -> Response:
        return _download(report_html(class_report(room)), "text/html; charset=utf-8",
                         f"{stem}-report.html")

    async def results() -> Response:
        return JSONResponse(result_rows(room.store, room.code))

    async def figures() -> Response:
        return JSONResponse(report_json(class_report(room)))

    async def pdf() -> Response:
        page = report_html(class_report(room))
        try:  # printing takes seconds: off the tables' loop
            data = await asyncio.to_thread(report_pdf, page)
        except FileNotFoundError as e:
            return JSONResponse({"error": str(e)}, 503)
        except OutputError as e:
            return JSONResponse({"error": e.message}, 503)
        return _download(data, "application/pdf", f"{stem}-report.pdf")

    async def mine(request: Request) -> Response:
        token = room.unsign(request.cookies.get(COOKIE))
        student = room.store.student_by_token(token) if token else None
        if student is None or student.class_code != room.code:
            return JSONResponse({"error": "Join the class first (the class code and your "
                                 "name)."}, 401)
        return _download(zip_records(student_records(room.store, room.code, student.id)),
                         "application/zip", f"{stem}-my-games.zip")

    return [
        Route("/api/teacher/export/records.zip", guarded(records)),
        Route("/api/teacher/export/answers.csv", guarded(answers)),
        Route("/api/teacher/export/report.html", guarded(report)),
        Route("/api/teacher/export/report.json", guarded(figures)),
        Route("/api/teacher/export/results.json", guarded(results)),
        Route("/api/teacher/export/report.pdf", guarded(pdf)),
        Route("/api/my/games.zip", mine),
    ]


__all__ = ["routes", "table_records",
           "student_records", "finished_hands", "zip_records",
           "answer_rows", "answers_csv", "cell", "csv_rows", "result_rows", "class_report",
           "report_html", "report_pdf",
           "report_json", "ClassReport", "TableLine", "ANSWER_COLUMNS"]
