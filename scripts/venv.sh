# Sourced (bash) by scripts/bot.sh and scripts/test.sh, in the project's root:
#
#     ensure_venv run    # the project (pip install -e .)
#     ensure_venv dev    # the project and its dev extras (pip install -e '.[dev]')
#
# creates .venv if there is none, then installs only when .venv is new or pyproject.toml differs
# from the one of the last successful install of that target: after it, the sha256 of
# pyproject.toml is stamped in .venv/.installed-<target>.sha256 (a dev install stamps run too:
# it installs the same dependencies and more). The install is editable, so code changes need
# none. Quiet: one line on stderr when it installs, pip's output only if it fails (it is kept in
# .venv/install.log). To force an install, delete the stamps (or .venv).

pyproject_sha256() {
    .venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())'
}

ensure_venv() {
    local target="$1" spec sha log=.venv/install.log
    case "$target" in
        run) spec=. ;;
        dev) spec='.[dev]' ;;
        *) echo "ensure_venv: unknown target '$target' (run or dev)" >&2; return 2 ;;
    esac
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    sha="$(pyproject_sha256)"
    if [ "$(cat ".venv/.installed-$target.sha256" 2>/dev/null)" = "$sha" ]; then
        return 0
    fi
    echo "installing $spec into .venv (new, or pyproject.toml changed)..." >&2
    if ! { .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip &&
           .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
         } >"$log" 2>&1; then
        cat "$log" >&2
        echo "install failed: see $log" >&2
        return 1
    fi
    echo "$sha" >".venv/.installed-$target.sha256"
    if [ "$target" = dev ]; then
        echo "$sha" >.venv/.installed-run.sha256
    fi
}

# Compiles the engine's hot modules with mypyc into .build/engine (bot/compiled_engine.py),
# only when the sources or the Python changed since the last build: about a minute and a half
# the first time. `ensure_compiled --require` fails if the build does; without it, a failed
# build leaves the bot running from its sources (it says why).
ensure_compiled() {
    .venv/bin/python scripts/compile_engine.py "$@"
}
