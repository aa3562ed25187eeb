"""What every ``spades-lab`` sub-command shares: how a refused record or action is reported."""
from __future__ import annotations

import json
import sys

from ..core.errors import RecordError, RuleError


def report(e: RuleError, as_json: bool) -> int:
    """Print ``e`` (as ``{"error": ...}`` with ``as_json``, else one line on stderr); exit status 2."""
    err = e if isinstance(e, RecordError) else RecordError(e.rule, e.message)
    if as_json:
        print(json.dumps({"error": err.to_dict()}, ensure_ascii=False))
    else:
        where = ""
        if err.hand is not None:
            where = f"hand {err.hand}" + (f", {err.step}" if err.step else "") + ": "
        print(f"error [{err.rule}] {where}{err.message}", file=sys.stderr)
    return 2


__all__ = ["report"]
