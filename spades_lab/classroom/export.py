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
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.errors import OutputError
from ..core.records import dump_record, replay
from ..core.rules import team_name
from ..teach.handout import CSS, html_to_pdf
from ..words.counting import plural
from ..words.play import winner_words
from ..words.rules import rules_words
from .lesson import answer_rows as lesson_answers
from .lesson import rule_words
from .room import Classroom
from .store import Store

COOKIE = "sl_seat"


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
class StudentScore:
    """One student's score in the class report: their poll and quiz answers (how many, how
    many right, how many wrong: a poll the solver could not judge is neither), their refused
    actions at the tables and in polls, and the hands they played to the end."""

    student: int
    name: str
    answers: int
    right: int
    wrong: int
    refused: int
    hands: int

    def words(self) -> str:
        """"4 of 5 answers right (80%); 2 refused actions; 3 hands played"."""
        parts = [f"{self.right} of {plural(self.answers, 'answer')} right "
                 f"({round(100 * self.right / self.answers)}%)" if self.answers
                 else "no answers"]
        parts.append(plural(self.refused, "refused action") if self.refused
                     else "no refused action")
        parts.append(plural(self.hands, "hand") + " played")
        return "; ".join(parts)


@dataclass(frozen=True)
class RuleScore:
    """One rule in the class report, in words (no rule id): the actions it refused, the quiz
    answers it made wrong, and who (name -> count of both)."""

    words: str
    refused: int
    wrong: int
    students: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ClassReport:
    """The class report's figures: each table where a person played (a robots' table is left
    out), the mistakes by rule (rule id -> count) and by student (name -> rule id -> count),
    the answers' count and right ones; then, in words, a score per student and per rule, the
    refused actions and the wrong quiz answers counted apart."""

    code: str
    tables: tuple[TableLine, ...]
    mistakes: dict[str, int] = field(default_factory=dict)
    by_student: dict[str, dict[str, int]] = field(default_factory=dict)
    answers: int = 0
    right: int = 0
    students: tuple[StudentScore, ...] = ()
    rules: tuple[RuleScore, ...] = ()
    refused: int = 0
    wrong_quiz: int = 0


def _people(seats: Iterable[Mapping[str, Any]]) -> set[int]:
    """The students who sit or sat at a table (a robot holding a seat for its person)."""
    return {s["student"] if s["kind"] == "person" else s["was"]["student"] for s in seats
            if s["kind"] == "person" or "was" in s}


def class_report(room: Classroom) -> ClassReport:
    """The figures of the class report, from the store (each table's record replayed): the
    tables where a person played (a robots' own game is left out), and the scores."""
    store, code = room.store, room.code
    lines = []
    hands: Counter[int] = Counter()
    for row in store.tables(code):
        people = _people(row.seats)
        if not people:
            continue
        rec = _record(store, row.id)
        if rec is None:  # a table that no longer loads: left out, as in the classroom
            continue
        try:
            r = replay(rec)
        except ValueError:  # a table that no longer replays: left out too
            continue
        rules = r.rules
        done = sum(1 for h in r.hands if h.complete)
        for sid in people:
            hands[sid] += done
        lines.append(TableLine(
            row.id, rules_words(rules), tuple(rec["players"]), done,
            tuple(team_name(s, rules.players) for s in rules.team_seats), tuple(r.totals),
            winner_words(r)))
    names = store.students(code)
    mistakes = store.mistakes(code)  # the board of mistakes' rows (classroom.lesson)
    by_student: dict[str, Counter[str]] = {}
    for x in mistakes:
        by_student.setdefault(names.get(x["student"], x["name"]), Counter())[x["rule"]] += 1
    rows = lesson_answers(store, code)
    # per rule, in words: the refused actions (at a table, in a poll) and the wrong quiz
    # answers counted apart
    per_rule: dict[str, dict[str, Any]] = {}
    refused_by: Counter[int] = Counter()
    for x in mistakes:
        r_ = per_rule.setdefault(rule_words(x["rule"]), {"refused": 0, "wrong": 0,
                                                          "students": Counter()})
        r_["wrong" if x["source"] == "quiz" else "refused"] += 1
        r_["students"][names.get(x["student"], x["name"])] += 1
        if x["source"] != "quiz":
            refused_by[x["student"]] += 1
    scores = []
    for sid, name in names.items():
        mine = [a for a in rows if a.student == sid]
        scores.append(StudentScore(sid, name, len(mine), sum(1 for a in mine if a.right),
                                   sum(1 for a in mine if a.right is False), refused_by[sid],
                                   hands[sid]))
    rule_scores = tuple(sorted(
        (RuleScore(w, v["refused"], v["wrong"], dict(v["students"])) for w, v in
         per_rule.items()), key=lambda r: (-(r.refused + r.wrong), r.words)))
    return ClassReport(code, tuple(lines), dict(Counter(x["rule"] for x in mistakes)),
                       {k: dict(v) for k, v in by_student.items()}, len(rows),
                       sum(1 for r in rows if r.right), tuple(scores), rule_scores,
                       sum(1 for x in mistakes if x["source"] != "quiz"),
                       sum(1 for x in mistakes if x["source"] == "quiz"))


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
                rows.append({"table": t.id, "rules": rules_words(result.rules),
                             "hand": h.index + 1, "team": team_name(team.seats, n),
                             "players": ", ".join(rec["players"][s] for s in team.seats),
                             "bid": team.bid, "tricks": team.tricks, "made": team.made,
                             "hand_score": team.hand_score, "total": team.total,
                             "bags": team.bags})
    return rows


def _totals(t: TableLine) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(t.teams, t.totals, strict=True))


def report_html(report: ClassReport) -> str:
    """The class report as one printable page (A4, the handouts' CSS): the tables where people
    played, with their real rules; a score per student; the mistakes by rule in words (the
    refused actions and the wrong quiz answers in their own columns); the answers."""
    e = html.escape
    rows = "".join(
        f"<tr><td>{t.table}</td><td>{e(t.rules)}</td><td>{e(', '.join(t.players))}</td>"
        f"<td>{t.hands}</td><td>{e(_totals(t))}</td><td>{e(t.result)}</td></tr>"
        for t in report.tables)
    tables = ("<table><tr><th>Table</th><th>Rules</th><th>Players</th><th>Hands played</th>"
              f"<th>Totals</th><th>Result</th></tr>{rows}</table>" if rows
              else "<p>No table with a person at it has played.</p>")
    scores = "".join(
        f"<tr><td>{e(s.name)}</td><td>{s.right} of {s.answers}</td><td>{s.wrong}</td>"
        f"<td>{s.refused}</td><td>{s.hands}</td><td>{e(s.words())}</td></tr>"
        for s in report.students)
    students = ("<table><tr><th>Student</th><th>Answers right</th><th>Answers wrong</th>"
                "<th>Refused actions</th><th>Hands played</th><th>In words</th></tr>"
                f"{scores}</table>" if scores else "<p>No student has joined.</p>")
    rules = "".join(
        f"<tr><td>{e(r.words)}</td><td>{r.refused}</td><td>{r.wrong}</td><td>"
        + e(", ".join(f"{n} ({k})" for n, k in sorted(r.students.items(),
                                                      key=lambda x: (-x[1], x[0]))))
        + "</td></tr>" for r in report.rules)
    mistakes = ("<table><tr><th>The rule</th><th>Refused actions</th><th>Wrong quiz answers"
                f"</th><th>Who</th></tr>{rules}</table>"
                f"<p>{plural(report.refused, 'refused action')}, "
                f"{plural(report.wrong_quiz, 'wrong quiz answer')}.</p>" if rules
                else "<p>No action was refused and no quiz answer was wrong.</p>")
    answers = (f"<p>{plural(report.answers, 'answer')}, {report.right} of them right.</p>"
               if report.answers else "<p>No poll or quiz answers.</p>")
    body = (f"<h1>Class report: class {e(report.code)}</h1>"
            f"<h2>The tables</h2>{tables}"
            f"<h2>Each student</h2>{students}"
            f"<h2>Mistakes by rule</h2>{mistakes}"
            f"<h2>Answers</h2>{answers}")
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
        "answers": report.answers, "right": report.right,
        "students": [{**s.__dict__, "words": s.words()} for s in report.students],
        "rules": [r.__dict__ for r in report.rules], "refused": report.refused,
        "wrong_quiz": report.wrong_quiz}))
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
           "report_html", "report_pdf", "report_json", "ClassReport", "TableLine",
           "StudentScore", "RuleScore", "ANSWER_COLUMNS"]
