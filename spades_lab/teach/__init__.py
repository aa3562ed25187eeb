"""Teaching on top of the engine: explanations (``explain``), what-if branches (``whatif``),
the same deal under other rules (``compare``) and pandas tables (``tables``).  Reads the rules
core and the players (which finish a what-if branch)."""
