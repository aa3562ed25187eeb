"""The static course site: build time, size, and the time from opening a notebook to a ready
kernel in the browser (a fresh browser profile each time, so nothing is cached).

    .venv/bin/python benchmarks/bench_site.py [--repeat 3] [--notebook 00_start_here.ipynb]

Builds into a temporary folder (downloads cached in $SPADES_LAB_CACHE, default .venv/cache),
serves it on 127.0.0.1 and drives Debian's chromium with every other host unreachable.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
READY = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


def main() -> None:
    from playwright.sync_api import sync_playwright

    from spades_lab.cli.site import build_site

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--notebook", default="00_start_here.ipynb")
    args = ap.parse_args()
    cache = Path(os.environ.get("SPADES_LAB_CACHE") or ROOT / ".venv" / "cache")
    with tempfile.TemporaryDirectory() as tmp:
        rep = build_site(Path(tmp) / "site", cache=cache)
        print(f"build {rep.seconds:.1f} s (downloads cached), size {rep.bytes / 1e6:.1f} MB, "
              f"Pyodide {rep.pyodide}")
        print(f"offline lessons: {', '.join(rep.offline)}")
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(rep.out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = (f"http://127.0.0.1:{server.server_address[1]}/notebooks/index.html?path="
               f"notebooks/{args.notebook}")
        times = []
        with sync_playwright() as pw:
            for _ in range(args.repeat):
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
                page = browser.new_page()
                t0 = time.monotonic()
                page.goto(url, wait_until="domcontentloaded")
                page.wait_for_function(READY, timeout=300_000, polling=100)
                times.append(time.monotonic() - t0)
                browser.close()
        server.shutdown()
        print(f"{args.notebook}: ready kernel after {statistics.median(times):.1f} s median "
              f"({', '.join(f'{t:.1f}' for t in times)})")


if __name__ == "__main__":
    main()
