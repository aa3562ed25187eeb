"""What every widget of the package shares: boxes and buttons with their ``sl-`` classes, the
style, and the guards of a served page (:func:`spades_lab._jupyter.served`): a handler never
shows a traceback (:func:`safe`: a sentence in the widget, the details to the server's log),
a box's text is bounded in length (:func:`bounded`), and a served kernel sends every traceback
to the server's log (:func:`keep_tracebacks_on_the_server`).
"""
from __future__ import annotations

import sys
import traceback
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as W
from IPython import get_ipython

from .. import render
from .._jupyter import served
from ..core.engine import Game
from ..core.errors import OptionError, Rule, RuleError

RecordSource = str | Path | dict[str, Any] | Game


def html_box(cls: str, value: str = "") -> W.HTML:
    w = W.HTML(value=value)
    w.add_class(cls)
    return w


def button(description: str, cls: str, tooltip: str = "", icon: str = "") -> W.Button:
    b = W.Button(description=description, tooltip=tooltip or description, icon=icon,
                 layout=W.Layout(width="auto"))
    b.add_class(cls)
    b.add_class("sl-button")
    return b


def no_null_tooltips(root: W.Widget) -> W.Widget:
    """Give every described control under ``root`` an empty tooltip where it has none, now and
    whenever a box under it takes new children.  ipywidgets draws a description's label with
    ``title = tooltip``, so a control left at ``tooltip=None`` shows the word "null" when the
    pointer rests on its label.  The walk visits each widget of the (finite) tree once.

    >>> box = no_null_tooltips(W.VBox([W.Dropdown(description="Seat", options=["North"])]))
    >>> box.children[0].tooltip
    ''
    >>> box.children = (W.IntText(description="Seed"),)
    >>> box.children[0].tooltip
    ''
    """
    seen: set[int] = set()
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if getattr(w, "tooltip", "") is None:  # a control with a tooltip trait left unset
            w.tooltip = ""
        if isinstance(w, W.Box):
            if w not in _WATCHED:
                _WATCHED.add(w)
                w.observe(_new_children, names="children")
            todo.extend(w.children)
    return root


#: The boxes :func:`no_null_tooltips` watches (each once).
_WATCHED: weakref.WeakSet[W.Box] = weakref.WeakSet()


def _new_children(change: dict[str, Any]) -> None:
    for child in change["new"]:
        no_null_tooltips(child)


#: The longest text a box of a widget takes (a path, a list of options): longer is refused
#: with a sentence before anything reads it.
MAX_TEXT = 400


def server_log(text: str) -> None:
    """``text`` to the server's log (the terminal the server runs in), never to the page: in a
    kernel, ``sys.stderr`` and even file descriptor 2 are forwarded to the page, and
    ipykernel keeps the real one aside (``_original_stdstream_copy``)."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(fd, int):
        with open(fd, "w", encoding="utf-8", closefd=False) as out:
            out.write(text)
    elif sys.__stderr__ is not None:
        sys.__stderr__.write(text)
        sys.__stderr__.flush()


def log_server_side() -> None:
    """The exception being handled, with its traceback, to the server's log only."""
    server_log(traceback.format_exc())


def keep_tracebacks_on_the_server() -> bool:
    """In a served kernel: a widget message the kernel refuses before any of our handlers runs
    (a value of the wrong type for its trait, an option a menu does not have) makes ipywidgets
    show a traceback, which IPython sends to the page with the server's paths in it.  Send
    every traceback of this kernel to the server's log instead.  Done once, on importing the
    widgets when :func:`spades_lab._jupyter.served`; True when installed (False outside a
    kernel)."""
    shell = get_ipython()
    if shell is None or not hasattr(shell, "_showtraceback"):
        return False

    def to_the_log(etype: Any, evalue: Any, stb: list[str]) -> None:
        server_log("\n".join(stb) + "\n")

    shell._showtraceback = to_the_log
    return True


def went_wrong(e: Exception) -> str:
    """What a page says about an unexpected error: served, a sentence without the error's text
    (it may name the server's files); in the teacher's own notebook, the error's text too."""
    log_server_side()
    if served():
        return ("Something went wrong on the server, so that did not happen. Try again, or "
                "reload the page.")
    return f"Something went wrong: {e}"


def bounded(text: str, what: str, rule: Rule = Rule.BAD_RECORD) -> str:
    """``text`` stripped, or a :class:`RuleError` (``rule``) saying it is too long.

    >>> bounded("  a.json ", "A file name")
    'a.json'
    >>> bounded("x" * 401, "A file name")
    Traceback (most recent call last):
    ...
    spades_lab.core.errors.RuleError: A file name is at most 400 characters long.
    """
    if len(text) > MAX_TEXT:
        raise RuleError(rule, f"{what} is at most {MAX_TEXT} characters long.")
    return text.strip()


def safe(fn: Callable[..., Any], message: W.HTML) -> Callable[..., Any]:
    """Wrap a handler: any error becomes a message in the widget, never a traceback (the
    details of an unexpected one go to the server's log)."""
    def handler(*args: Any) -> None:
        try:
            message.value = ""
            fn(*args)
        except OptionError as e:  # rules a table refuses: in words, not option = value
            message.value = render.error_html(e.words, e.rule)
        except RuleError as e:
            message.value = render.error_html(e.message, e.rule)
        except Exception as e:  # noqa: BLE001 - shown to the student instead of a traceback
            message.value = render.error_html(went_wrong(e))
    return handler


def projector_toggle(box: W.Box, on: bool = False, at: int = 1) -> W.ToggleButton:
    """The widget's one "Projector mode" toggle, put among ``box``'s children at ``at``: it
    puts the class ``sl-projector`` on ``box`` (:data:`spades_lab.render.PROJECTOR_CSS`:
    everything on a 1024x768 screen, cards 70 px wide)."""
    toggle = W.ToggleButton(description="Projector mode", value=on,
                            tooltip="large cards and text for a projector (1024x768)")
    toggle.add_class("sl-projector-toggle")
    toggle.add_class("sl-button")

    def switch(value: bool) -> None:
        if value:
            box.add_class("sl-projector")
        else:
            box.remove_class("sl-projector")

    toggle.observe(lambda ch: switch(bool(ch["new"])), names="value")
    switch(on)
    box.children = (*box.children[:at], toggle, *box.children[at:])
    return toggle


def style_box() -> W.HTML:
    return html_box("sl-style", render.style_block() + f"<style>{render.PLAY_CSS}</style>")



if served():
    keep_tracebacks_on_the_server()


__all__ = ["RecordSource", "MAX_TEXT", "html_box", "button", "server_log", "log_server_side",
           "keep_tracebacks_on_the_server", "went_wrong", "bounded", "safe", "style_box",
           "projector_toggle"]
