"""A class at the table together: one server owns every table of a class (``spades-lab
classroom``, docs/classroom.md).

``store`` keeps classes, students, tables and every action (SQLite); ``tables`` is a table:
the engine's game, its seats and the messages each seat may see; ``app`` is the Starlette
server; ``client`` a Python client that speaks its protocol; ``teacher`` the teacher's side
(every table at a glance, seats, pause, prepared deals and their comparison); ``export`` the
session's downloads (records, answers, the class report); ``local`` a server started from
Python (a notebook).  Needs the ``classroom`` extra
(``pip install 'spades-lab[classroom]'``); nothing below this package imports it.
"""
