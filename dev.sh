#!/usr/bin/env bash
# Single entry point for spades_lab development.
#
#   ./dev.sh lab     set up .venv, then open your working copy of the course (my-course/, made
#                    from notebooks/ on first use and git-ignored) in JupyterLab
#   ./dev.sh test    set up .venv, then run every test (extra args go to pytest)
#   ./dev.sh test quick   the unit tier for an edit-and-test loop: every test not marked
#                    slow (no kernels, browsers, servers, site builds, wheel installs, signals,
#                    long sweeps); the full run spreads over two workers a core (pytest-xdist)
#   ./dev.sh run ... set up .venv, then run the spades-lab command (./dev.sh run --help)
#   ./dev.sh voila   set up .venv, then serve notebooks/02_table_app.ipynb as an app
#   ./dev.sh site    set up .venv, then build the static browser course into site/ (or $1)
#   ./dev.sh classroom  set up .venv, then start the classroom server (extra args go to
#                    spades-lab classroom: --host, --port, --db)
#   ./dev.sh setup   only set up .venv
#
# Setup creates .venv with uv (pip as fallback) and installs -e '.[dev]' (its build hook,
# hatch_build.py, compiles the solver's optional C accelerators), with dev-overrides.txt. The
# install is redone only when pyproject.toml, dev-overrides.txt, hatch_build.py or an
# accelerator's C source (or header) changes (sha256 in .venv/.stamp).
set -euo pipefail

cd "$(dirname "$0")"
ROOT="$(pwd)"
VENV="$ROOT/.venv"
VPY="$VENV/bin/python"
STAMP="$VENV/.stamp"

log() { printf '[dev.sh] %s\n' "$*" >&2; }

# Never let uv fetch its own Python build; copy instead of hard-linking from the cache.
export UV_PYTHON_DOWNLOADS=never
export UV_LINK_MODE="${UV_LINK_MODE:-copy}"

base_python() {
    # Resolve the real interpreter behind python3 (it may be a pyenv shim).
    python3 -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 needed"; print(sys.executable)'
}

uv_cmd() {
    if command -v uv >/dev/null 2>&1; then
        uv "$@"
    else
        python3 -m uv "$@"
    fi
}

ensure_uv() {
    command -v uv >/dev/null 2>&1 && return 0
    python3 -m uv --version >/dev/null 2>&1 && return 0
    log "installing uv into $(base_python)"
    python3 -m pip install --quiet uv
}

install_with_uv() {
    ensure_uv || return 1
    if [[ ! -x "$VPY" ]]; then
        uv_cmd venv --quiet "$VENV" --python "$(base_python)" || return 1
    fi
    # dev-overrides.txt: what the development environment leaves out, and why
    uv_cmd pip install --python "$VPY" --compile-bytecode --override dev-overrides.txt -e '.[dev]'
}

install_with_pip() {
    if [[ ! -x "$VPY" ]] || ! "$VPY" -m pip --version >/dev/null 2>&1; then
        rm -rf "$VENV"
        "$(base_python)" -m venv "$VENV"
    fi
    "$VPY" -m pip install --quiet --upgrade pip
    "$VPY" -m pip install -e '.[dev]'
}

setup() {
    local want have=""
    # the build hook compiles the solver's C accelerators: a change to it or a source reinstalls
    want="$(cat pyproject.toml dev-overrides.txt hatch_build.py spades_lab/solver/_*.[ch] | sha256sum | cut -d' ' -f1)"
    [[ -x "$VPY" && -f "$STAMP" ]] && have="$(cat "$STAMP")"
    if [[ "$want" == "$have" ]]; then
        return 0
    fi
    log "installing spades-lab[dev] into .venv (pyproject.toml changed or first run)"
    local t0=$SECONDS
    if ! install_with_uv; then
        log "uv install failed; falling back to pip"
        install_with_pip
    fi
    echo "$want" >"$STAMP"
    log "setup done in $((SECONDS - t0)) s"
}

ensure_chromium() {
    # Another apt/dpkg process (unattended upgrades, a second ./dev.sh) may hold Debian's
    # package locks: wait for them (APT_LOCK_WAIT seconds, default 600) instead of failing.
    # apt and dpkg lock with fcntl, so python3's fcntl.lockf tests them (flock would not).
    wait_for_package_lock() {
        local waited=0 limit="${APT_LOCK_WAIT:-600}"
        local locks="${APT_LOCKS:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock}"
        # shellcheck disable=SC2086  # the lock paths are words
        while python3 -c '
import fcntl, os, sys
for path in sys.argv[1:]:
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        continue
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(0)  # held by another process
    finally:
        os.close(fd)
sys.exit(1)' $locks; do
            if ((waited >= limit)); then
                log "the package lock is still held after ${limit} s; giving up"
                return 1
            fi
            ((waited == 0)) && log "waiting for another apt/dpkg process to release the package lock"
            sleep 2
            waited=$((waited + 2))
        done
    }
    [[ -x /usr/bin/chromium ]] && return 0
    if [[ "$(id -u)" -eq 0 ]]; then
        log "installing Debian chromium (browser tests)"
        wait_for_package_lock
        apt-get -o DPkg::Lock::Timeout="${APT_LOCK_WAIT:-600}" update -q
        wait_for_package_lock
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="${APT_LOCK_WAIT:-600}" \
            install -y -q chromium fonts-dejavu-core
    else
        log "WARNING: /usr/bin/chromium missing and not root; browser tests will skip"
        log "         (as root: apt-get install chromium fonts-dejavu-core)"
    fi
}

# Downloads for the static site (the npm Pyodide core, wheels from PyPI) are kept here.
export SPADES_LAB_CACHE="${SPADES_LAB_CACHE:-$VENV/cache}"

ensure_npm() {
    # The site build fetches the Pyodide core with npm (once; then it is cached).
    command -v npm >/dev/null 2>&1 && return 0
    if [[ "$(id -u)" -eq 0 ]]; then
        log "installing Debian npm (the static site's build fetches Pyodide with it)"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q npm
    else
        log "WARNING: npm missing and not root; the static-site test will skip"
        log "         (as root: apt-get install npm)"
    fi
}

ensure_axe() {
    # axe-core (npm) audits the table's HTML in tests/test_browser_play.py; installed from the
    # project's package.json/package-lock.json into node_modules/, redone only when the lock
    # file changes.
    [[ -f package-lock.json ]] || return 0
    if [[ -f node_modules/axe-core/axe.min.js && node_modules/.package-lock.json -nt package-lock.json ]]; then
        return 0
    fi
    if command -v npm >/dev/null 2>&1; then
        log "installing axe-core from package-lock.json (npm ci)"
        npm ci --no-audit --no-fund --silent || log "WARNING: npm ci failed; the axe audit will skip"
    else
        log "WARNING: npm missing; the axe-core audit in the browser test will skip"
    fi
}

root_flag() {
    # Jupyter servers refuse to run as root unless told to.
    if [[ "$(id -u)" -eq 0 ]]; then echo --allow-root; fi
}

cmd="${1:-}"
[[ $# -gt 0 ]] && shift

case "$cmd" in
    setup)
        setup
        ;;
    lab)
        setup
        # Work in a copy, so JupyterLab's autosaved outputs never reach the tracked notebooks.
        if [[ ! -d my-course/notebooks ]]; then
            "$VENV/bin/spades-lab" course my-course
        else
            log "opening your working copy my-course/ (for a fresh one:" \
                "./dev.sh run course my-course --force)"
        fi
        exec "$VENV/bin/jupyter" lab $(root_flag) --ServerApp.root_dir=my-course \
            --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb "$@"
        ;;
    run)
        setup
        exec "$VENV/bin/spades-lab" "$@"
        ;;
    classroom)
        setup
        exec "$VENV/bin/spades-lab" classroom "$@"
        ;;
    site)
        setup
        ensure_npm
        exec "$VENV/bin/spades-lab" site "${1:-site}" "${@:2}"
        ;;
    voila)
        setup
        # spades_lab's own template (spades_lab/_jupyter/voila/templates/spades_lab): no CDN links
        export JUPYTER_PATH="$ROOT/spades_lab/_jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
        exec "$VENV/bin/voila" --no-browser --template=spades_lab \
            '--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension' \
            notebooks/02_table_app.ipynb "$@"
        ;;
    test)
        setup
        quick=0
        if [[ "${1:-}" == quick ]]; then
            quick=1
            shift
        else
            ensure_chromium
            ensure_npm
            ensure_axe
        fi
        export MPLBACKEND=Agg
        # cache compiled (and pytest's assertion-rewritten) modules between runs: an environment
        # that turns bytecode off makes every run compile ~300 modules again
        unset PYTHONDONTWRITEBYTECODE
        # What runs (tests/, the package's doctests, the README's examples; the notebooks run
        # under nbval in the course a wheel install copies, tests/test_course_install.py) is
        # pyproject.toml's [tool.pytest.ini_options], so plain `pytest` from the top of the
        # project runs the same suite; named paths run only those.
        args=()
        if [[ "$quick" -eq 1 ]]; then
            # the unit tier: no kernels, browsers, servers or long sweeps (conftest.py), and
            # property tests on a tenth of their examples (tests/conftest.py: examples)
            export SPADES_LAB_TIER=unit
            # on every core too, each module on one worker (conftest.py)
            args+=(-m "not slow" -n "${SPADES_LAB_WORKERS:-auto}" --dist loadfile)
            # the same paths as the full run (pyproject.toml), unless paths are named
            if [[ $# -eq 0 ]]; then args+=(tests spades_lab README.md docs/guide.md); fi
        elif [[ -z "${SPADES_LAB_SERIAL:-}" ]]; then
            # every core: each module on one worker (conftest.py);
            # SPADES_LAB_SERIAL=1 runs in one process
            # and name the 30 slowest tests at the end (docs/benchmarks.md keeps the figures);
            # the modules handed out in the collection's order, the longest first (conftest.py:
            # LONGEST_FIRST), not xdist's (most tests first, which left the long ones last)
            # and two workers a core: measured on a fresh clone, the whole run's processes
            # used 22 minutes of CPU in 27 of wall clock on two workers (48 minutes of test
            # time: servers, kernels and browsers are mostly waited for), so a waiting test's
            # core goes to another worker's test; the unit tier (all CPU) keeps one a core
            args+=(-n "${SPADES_LAB_WORKERS:-$((2 * $(nproc)))}" --dist loadfile
                   --no-loadscope-reorder --durations=30)
        fi
        exec "$VPY" -m pytest "${args[@]}" "$@"
        ;;
    *)
        echo "usage: ./dev.sh {lab|test [quick]|run|voila|site|classroom|setup} [extra args]" >&2
        exit 2
        ;;
esac
