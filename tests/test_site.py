"""The static course site (``spades-lab site``) in a real browser, with no network.

Builds the JupyterLite site, serves it on 127.0.0.1 and opens, in Debian's chromium (driven by
playwright, never ``playwright install``), every notebook the site marks offline (00 and 01
among them): the first on the notebook page the guide links, the others one after the other in
the site's lab page.  Each one runs all its cells in the browser's Python (in the lab page one
kernel, started for the first there and cleared of its names before each of the others); where
a table widget is drawn, its "next" button is clicked and the table must move on.  Every
request the pages, their workers and their service worker make must go to the local server and
succeed: chromium is also told that no other host exists, so an outside request could not
succeed even by accident.

The first build downloads the Pyodide core from npm and a few wheels from PyPI into
``$SPADES_LAB_CACHE`` (``./dev.sh test`` puts it in ``.venv/cache``); later builds use the
cache.  The test skips only when the npm registry cannot be reached and nothing is cached.
"""
from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT

ARTIFACTS = ROOT / "tests" / "artifacts"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")
site_mod = pytest.importorskip("spades_lab.cli.site")
pytest.importorskip("jupyterlite_core", reason="spades-lab[site] is not installed")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/octet-stream", ".ipynb": "application/json"}

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = Path(os.environ.get("SPADES_LAB_CACHE") or ROOT / ".venv" / "cache")
    out = tmp_path_factory.mktemp("site") / "site"
    version = site_mod.pyodide_version()
    if shutil.which("npm") is None and not (cache / f"pyodide-{version}").is_dir():
        pytest.skip("npm is not installed, so the Pyodide core cannot be fetched "
                    "(./dev.sh test installs it when run as root)")
    try:
        site_mod.build_site(out, cache=cache)
    except site_mod.SiteError as e:
        npm = shutil.which("npm")
        if npm and subprocess.run([npm, "ping"], capture_output=True, timeout=60).returncode:
            pytest.skip(f"the npm registry cannot be reached, so the Pyodide core cannot be "
                        f"fetched: {e}")
        raise
    return out


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    handler = functools.partial(_Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_site_marks_lessons_and_keeps_its_wheels_local(site: Path) -> None:
    manifest = json.loads((site / site_mod.MANIFEST).read_text())
    assert {"00_start_here.ipynb", "01_standard_step_by_step.ipynb"} <= set(manifest["offline"])
    assert "08_variant_statistics.ipynb" in manifest["online"]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    pk = lock["packages"]
    # the gotcha: importing spades_lab must bring ipywidgets along
    assert pk["spades-lab"]["depends"] == ["ipywidgets"]
    for name in ("spades-lab", "ipywidgets", "comm", "ipython", "micropip", "pyodide-kernel"):
        assert (site / "static" / "pyodide" / pk[name]["file_name"]).is_file(), name
    assert pk["numpy"]["file_name"].startswith("https://")
    for name, needs in manifest["online"].items():
        nb = json.loads((site / "files" / "notebooks" / name).read_text())
        first = "".join(nb["cells"][0]["source"])
        assert "internet connection" in first and all(n in first for n in needs)
    for name in manifest["offline"]:
        nb = json.loads((site / "files" / "notebooks" / name).read_text())
        assert "internet connection" not in "".join(nb["cells"][0]["source"])


_STATE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.sessionContext || !w.content || !w.content.model) return null;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  const cells = [];
  for (const c of w.content.model.cells) {
    if (c.type !== 'code') continue;
    const outs = c.outputs.toJSON();
    cells.push({n: c.executionCount, errors: outs.filter(o => o.output_type === 'error')
      .map(o => o.ename + ': ' + o.evalue)});
  }
  return {path: w.context.path, kernel: k ? k.status : null, kernel_id: k ? k.id : null,
          cells: cells};
}"""


#: Run in the shared kernel before each notebook but the first: the earlier notebook's names
#: go, and the kernel says so (an error reply names any left).
_RESET = """%reset -f
_left = [n for n in get_ipython().user_ns
         if not n.startswith('_') and n not in get_ipython().user_ns_hidden]
assert not _left, _left
del _left"""


def _wait(page: Any, test: Any, what: str, timeout: float) -> Any:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        state = page.evaluate(_STATE)
        if state is not None and test(state):
            return state
        page.wait_for_timeout(250)
    raise AssertionError(f"timed out waiting for {what}: {page.evaluate(_STATE)}")


def test_offline_notebooks_run_in_the_browser(site: Path, base_url: str, tmp_path: Path) -> None:
    offline = json.loads((site / site_mod.MANIFEST).read_text())["offline"]
    # one kernel serves them all below, so each must ask for the one the first starts
    specs = {json.loads((site / "files" / "notebooks" / n).read_text())["metadata"]
             ["kernelspec"]["name"] for n in offline}
    assert len(specs) == 1, specs
    local = urlsplit(base_url).netloc
    outside: list[str] = []
    failed: list[str] = []
    timings: dict[str, float] = {}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as pw:
        # no other host exists: an outside request fails (and is reported) here; a profile on
        # disk, as a learner's browser has, so its caches keep what one notebook's page
        # compiled (the Pyodide core, the lab's scripts) for the next, as they would for the
        # learner; every request is still seen (and each answered from the cache was once
        # answered by the local server, here)
        context = pw.chromium.launch_persistent_context(
            tmp_path / "profile", executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
            viewport={"width": 1280, "height": 1000})
        try:

            def on_request(req: Any) -> None:
                parts = urlsplit(req.url)
                if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != local:
                    outside.append(req.url)

            def on_failed(req: Any) -> None:
                failed.append(f"{req.url} ({req.failure})")

            def on_response(resp: Any) -> None:
                if resp.status >= 400:
                    failed.append(f"{resp.url} (HTTP {resp.status})")

            context.on("request", on_request)
            context.on("requestfailed", on_failed)
            context.on("response", on_response)
            def run_all(page: Any, name: str) -> None:
                """Run every cell of the page's notebook ``name`` (its kernel ready), then
                step its table, if it draws one."""
                path = f"notebooks/{name}"
                page.evaluate("() => window.jupyterapp.commands.execute("
                              "'notebook:run-all-cells')")
                state = _wait(page, lambda s: s["path"] == path and s["kernel"] == "idle"
                              and s["cells"] and all(c["n"] is not None for c in s["cells"]),
                              f"{name} to run", 300)
                errors = [e for c in state["cells"] for e in c["errors"]]
                if errors:
                    page.screenshot(path=str(ARTIFACTS / f"site-{name}.png"), full_page=True)
                assert not errors, f"{name}: {errors}"
                apps = page.locator(".sl-table-app")
                if apps.count():
                    status = apps.first.locator(".sl-status").first
                    status.scroll_into_view_if_needed()
                    before = status.inner_text()
                    apps.first.locator("button.sl-next").first.click()
                    page.wait_for_function(
                        "(b) => document.querySelector('.sl-table-app .sl-status')"
                        ".innerText !== b", arg=before)
                    assert "Step" in status.inner_text()
                    page.screenshot(path=str(ARTIFACTS / f"site-{name}.png"))

            # the first notebook on the notebook page the guide links (one notebook, its own
            # kernel), as a learner following that link has it
            first, *rest = offline
            page = context.new_page()
            page.set_default_timeout(120_000)
            t0 = time.monotonic()
            page.goto(f"{base_url}/notebooks/index.html?path=notebooks/{first}",
                      wait_until="domcontentloaded")
            _wait(page, lambda s: s["path"] == f"notebooks/{first}" and s["kernel"] == "idle",
                  "a ready kernel", 240)
            timings[first] = time.monotonic() - t0
            run_all(page, first)
            page.close()
            # the others in the lab page (the one `spades-lab site` tells a teacher to open),
            # opened in turn: the first of them starts its kernel as the notebook asks (its
            # kernelspec, the one every offline notebook names: checked above), the others use
            # that kernel, its names cleared first (a kernel's start is the same each time, and
            # about 10 s of CPU)
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.goto(f"{base_url}/lab/index.html", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp", timeout=240_000)
            page.evaluate("() => window.jupyterapp.started.then(() => true)")
            kernel = None
            for name in rest:
                path = f"notebooks/{name}"
                t0 = time.monotonic()
                page.evaluate("([p, k]) => window.jupyterapp.commands.execute('docmanager:open',"
                              " k ? {path: p, kernel: {id: k}} : {path: p}).then(() => true)",
                              [path, kernel])
                state = _wait(page, lambda s, p=path: s["path"] == p and s["kernel"] == "idle",
                              f"a ready kernel for {name}", 240)
                timings[name] = time.monotonic() - t0
                if kernel is None:
                    kernel = state["kernel_id"]
                else:
                    assert state["kernel_id"] == kernel, (name, state)
                    reply = page.evaluate("""(code) => window.jupyterapp.shell.currentWidget
                      .sessionContext.session.kernel.requestExecute({code: code, silent: true})
                      .done.then(r => r.content.status + ' ' + (r.content.evalue || ''))""",
                                          _RESET)
                    assert reply.startswith("ok"), (name, reply)
                run_all(page, name)
                page.evaluate("() => window.jupyterapp.shell.currentWidget.dispose()")
            page.close()
            clean_outside, clean_failed = list(outside), list(failed)
            # the control: a request to the CDN the online lessons need, made from the site's
            # origin, must fail here and be seen (that those lessons need it is the manifest's
            # word, checked above and in test_site_lessons.py; a page of the site's own files,
            # so no kernel starts for it)
            lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
            cdn = lock["packages"]["numpy"]["file_name"]  # where the site sends for numpy
            page = context.new_page()
            page.goto(f"{base_url}/{site_mod.MANIFEST}", wait_until="domcontentloaded")
            got = page.evaluate("""(url) => fetch(url).then(r => 'answered ' + r.status,
                                                       e => 'failed ' + e)""", cdn)
            page.close()
            assert got.startswith("failed"), got
            assert cdn in outside[len(clean_outside):], outside
        finally:
            context.close()
    outside, failed = clean_outside, clean_failed
    print("site: seconds to a ready kernel per notebook:",
          {k: round(v, 1) for k, v in timings.items()})
    assert not outside, f"requests to another host: {outside[:10]}"
    assert not failed, f"failed requests: {failed[:10]}"
