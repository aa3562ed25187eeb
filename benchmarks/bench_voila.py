"""Serving a class with Voila: memory per kernel and page-load time with N students at once.

For each N (default 1, 5, 10) a fresh ``spades-lab serve`` (Voila, the table app) is started on
127.0.0.1 and N browser pages (Debian's chromium via playwright, all in one browser) open it at
the same moment, like a class told "open the page now".  Each page's load time runs from the
request to the moment the table widget shows its status line (the kernel has run the notebook
and the widgets are drawn).  Once all N are drawn, the memory of every kernel process the
server started is read from /proc (RSS, and PSS, which splits shared pages fairly: the better
"what one more student costs").  The browser runs on the same machine, so on a small machine
the load times include the browser's own work; a real class's browsers run on their own
machines.

    .venv/bin/python benchmarks/bench_voila.py [--n 1 5 10] [--notebook 02_table_app.ipynb]
        [--pool N]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
# the tests' one home of these helpers
from conftest import free_port, launch_chromium, stop, wait_http  # noqa: E402


def children(pid: int) -> list[int]:
    """All descendants of ``pid``."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
                parent[int(d.name)] = int(fields[1])
            except (OSError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of one process in MB."""
    rss = pss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("Rss", "Pss"):
            kb = int(rest.split()[0])
            if key == "Rss":
                rss = kb
            else:
                pss = kb
    return rss / 1024, pss / 1024


def is_kernel(pid: int) -> bool:
    try:
        return b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def run(n: int, notebook: str, pool: int = 0) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    port = free_port()
    cmd = [str(Path(sys.executable).parent / "spades-lab"), "serve", notebook, "--port",
           str(port), "--pool", str(pool)]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_http(url, server)
        # that first request started a kernel too; let it go before measuring (and let a
        # preheated pool fill up)
        time.sleep(3 + 4 * pool)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                context = browser.new_context()
                pages = [context.new_page() for _ in range(n)]
                starts = []
                for page in pages:
                    page.set_default_timeout(600_000)
                    starts.append(time.monotonic())
                    page.goto(url, wait_until="commit")
                loads = []
                for page, start in zip(pages, starts, strict=True):
                    page.locator(".sl-table-app .sl-status").first.wait_for(state="visible")
                    loads.append(time.monotonic() - start)
                # every kernel alive now: the students' (and, with a pool, the spare ones)
                kernels = [p for p in children(server.pid) if is_kernel(p)]
                mems = [memory_mb(p) for p in kernels]
                server_rss = memory_mb(server.pid)[0] + sum(
                    memory_mb(p)[0] for p in children(server.pid) if not is_kernel(p))
            finally:
                browser.close()
    finally:
        stop(server, 30, group=True)
    return {"n": n, "kernels": len(mems),
            "rss_mb": statistics.median(m[0] for m in mems) if mems else float("nan"),
            "pss_mb": statistics.median(m[1] for m in mems) if mems else float("nan"),
            "total_pss_mb": sum(m[1] for m in mems), "server_mb": server_rss,
            "load_median_s": statistics.median(loads), "load_max_s": max(loads)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="+", default=[1, 5, 10])
    ap.add_argument("--notebook", default="02_table_app.ipynb")
    ap.add_argument("--pool", type=int, default=0,
                    help="spades-lab serve --pool N: N kernels preheated before the class")
    args = ap.parse_args()
    print(f"# Voila, {args.notebook}, pool {args.pool}; {os.cpu_count()} cores; browser on the "
          "same machine")
    print("| students (N) | kernels | memory per kernel, RSS / PSS (MB) | all kernels PSS (MB) "
          "| server (MB) | page load median / slowest (s) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n in args.n:
        r = run(n, args.notebook, args.pool)
        print(f"| {r['n']} | {r['kernels']} | {r['rss_mb']:.0f} / {r['pss_mb']:.0f} | "
              f"{r['total_pss_mb']:.0f} | {r['server_mb']:.0f} | "
              f"{r['load_median_s']:.1f} / {r['load_max_s']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
