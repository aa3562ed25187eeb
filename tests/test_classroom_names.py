"""Students' names a teacher can tell apart (spades_lab/classroom/names.py, issue 28): names
that show as nothing and look-alikes of "Robot" are refused in words with a rule id, a name the
class has is numbered, and the same student coming back from the same browser is the same
student."""
from __future__ import annotations

import unicodedata
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.names import (  # noqa: E402
    MAX_NAME,
    NameRefused,
    check_name,
    numbered,
)
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.core.errors import CLASSROOM_IDS, Rule  # noqa: E402

UNREADABLE = [
    "\u3164",                 # Hangul filler (a letter to Unicode, drawn as nothing)
    "\u3164\u3164 \u3164",
    "\u2800",                 # braille pattern blank
    "\u2800\u2800\u2800",
    "\u0301\u0302\u0303",     # only combining marks
    "\u0301Ann",              # an accent on nothing
    "A\u0301\u0302\u0303\u0304\u0305\u0306\u0307",  # a pile of accents
    "\u200b", "\u200b\u200c\u200d\u2060\ufeff",  # zero-width characters
    "Ann\u200b",              # "Ann" with a zero-width space: looks like "Ann"
    "An\u00adn",              # a soft hyphen, invisible
    "\u202eboR",              # right-to-left override: shown as "Rob"
    "Ann\u2066", "Ann\ufe0f",  # an isolate, a variation selector
    "\u115f\u1160", "\uffa0",  # the other Hangul fillers
    "Ann\x07", "Ann\x1b[31m",  # control characters
    "\ue000", "\U000e0041",   # private use, a tag character
    "...", "!!!", "-", "()",  # no letter or digit
]
ROBOTS = ["Robot", "robot", "ROBOT", "RoBoT", "R0bot", "R0B0T", "Rоbоt",  # Cyrillic o
          "Ｒｏｂｏｔ", "𝐑𝐨𝐛𝐨𝐭", "Ⓡⓞⓑⓞⓣ", "ʀᴏʙᴏᴛ", "RОВОТ", "Robот", "Rôbôt", "R o b o t",
          "Ro-bot", "Robot 2", "Robots", "robot for Ann", "Robot!", "R.O.B.O.T", "Ro_bot"]
NAMES = ["Ann", "José", "Zoë", "Nguyễn Thị Ánh", "Søren", "Ana-María", "O'Brien", "李小龙",
         "محمد", "Владимир", "Αλέξης", "दीपिका", "Kim Min-jun", "김민준", "Ann 2", "Rob Otto",
         "Roberta", "Bob", "A", "7", "Łukasz", "Zażółć"]


@pytest.mark.parametrize("name", UNREADABLE)
def test_names_that_show_as_nothing_are_refused(name: str) -> None:
    with pytest.raises(NameRefused) as e:
        check_name(name)
    assert e.value.rule is Rule.NAME_UNREADABLE
    assert "letters or digits" in e.value.message


@pytest.mark.parametrize("name", ROBOTS)
def test_look_alikes_of_robot_are_refused(name: str) -> None:
    with pytest.raises(NameRefused) as e:
        check_name(name)
    assert e.value.rule is Rule.NAME_ROBOT, name
    assert e.value.message == "\"Robot\" is the robots' name: choose another name."


@pytest.mark.parametrize("name", NAMES)
def test_real_names_of_many_scripts_are_kept(name: str) -> None:
    assert check_name(name) == unicodedata.normalize("NFC", name)


def test_names_are_trimmed_composed_and_bounded() -> None:
    assert check_name("  Ann \t\n Lee  ") == "Ann Lee"
    assert check_name("Jose\u0301") == "José" == check_name("José")  # one name, two spellings
    assert check_name("Ann\u3000Lee") == "Ann Lee"  # an ideographic space is a space
    for bad in ("", "   ", "x" * (MAX_NAME + 1), None, 7, ["Ann"]):
        with pytest.raises(NameRefused) as e:
            check_name(bad)
        assert e.value.rule is Rule.NAME_LENGTH
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME
    for rule in (Rule.NAME_LENGTH, Rule.NAME_UNREADABLE, Rule.NAME_ROBOT):
        assert rule in CLASSROOM_IDS


def test_a_name_the_class_has_is_numbered() -> None:
    assert numbered("Ann", []) == "Ann"
    assert numbered("Ann", ["Ann"]) == "Ann (2)"
    assert numbered("ann", ["Ann", "Ann (2)"]) == "ann (3)"
    assert numbered("Аnn", ["Ann"]) == "Аnn (2)"  # a Cyrillic A: a look-alike is the same name
    assert numbered("ANN", ["Ben"]) == "ANN"
    long = "x" * MAX_NAME
    assert numbered(long, [long]) == "x" * (MAX_NAME - 4) + " (2)"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_every_kept_name_has_a_letter_or_digit_and_is_printable(text: str) -> None:
    try:
        name = check_name(text)
    except NameRefused as e:
        assert e.rule in CLASSROOM_IDS and e.message
        return
    assert 0 < len(name) <= MAX_NAME and name.isprintable() and name == name.strip()
    assert any(unicodedata.category(c)[0] in "LN"
               for c in unicodedata.normalize("NFKC", name))
    assert "".join(c for c in name.casefold() if c.isalpha()) not in ("robot", "robots")


# ---------------------------------------------------------------------------- joining


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def join(room: Room, name: Any, cookie: str | None = None) -> Any:
    room.client.cookies.clear()
    headers = {"cookie": f"sl_seat={cookie}"} if cookie else {}
    r = room.client.post("/api/join", json={"code": room.room.code, "name": name},
                         headers=headers)
    room.client.cookies.clear()
    return r


@pytest.mark.parametrize("name,rule", [("\u3164", "name-unreadable"),
                                       ("\u2800", "name-unreadable"),
                                       ("\u0301\u0301", "name-unreadable"),
                                       ("Ann\u200b", "name-unreadable"), ("R0bot", "name-robot"),
                                       ("robot", "name-robot"), ("", "name-length"),
                                       ("x" * 41, "name-length")])
def test_a_refused_name_is_a_sentence_and_adds_no_student(room: Room, name: str,
                                                          rule: str) -> None:
    r = join(room, name)
    assert r.status_code == 400 and r.json()["rule"] == rule, r.text
    assert r.json()["error"].endswith(".") and "Traceback" not in r.text
    assert "set-cookie" not in r.headers and room.room.students() == {}


def test_a_duplicate_name_is_numbered_but_the_same_browser_is_the_same_student(
        room: Room) -> None:
    first = join(room, "Ann")
    assert first.json()["name"] == "Ann"
    cookie = first.cookies["sl_seat"]
    second = join(room, "ann")  # another browser: another student, numbered
    assert second.status_code == 200 and second.json()["name"] == "ann (2)"
    other = second.cookies["sl_seat"]
    assert join(room, "Аnn").json()["name"] == "Аnn (3)"  # a look-alike too
    # Ann comes back from her own browser and types her name again: the same student
    again = join(room, "Ann", cookie)
    assert again.json() == {"student": first.json()["student"], "name": "Ann"}
    assert again.cookies["sl_seat"] == cookie
    # so does the second Ann, typing "ann" (her number is the class's, not hers)
    back = join(room, "ANN", other)
    assert back.json() == second.json() and back.cookies["sl_seat"] == other
    # the same browser with another name is someone else (a shared computer)
    ben = join(room, "Ben", cookie)
    assert ben.json()["name"] == "Ben" and ben.json()["student"] != first.json()["student"]
    # a cookie that is not signed by this server counts for nothing
    forged = join(room, "Ann", cookie[:-2] + "00")
    assert forged.json()["name"] == "Ann (4)"
    assert sorted(room.room.students().values()) == ["Ann", "Ann (4)", "Ben", "ann (2)",
                                                      "Аnn (3)"]
