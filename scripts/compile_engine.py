"""Compile the engine's hot modules with mypyc (bot/compiled_engine.py says which, and how the
build is used): `python scripts/compile_engine.py [--force] [--require]`.

Builds into .build/engine/ (the generated C in .build/engine/c, the objects in
.build/engine/tmp), then writes the manifest last, so an interrupted build is never used.
Does nothing when the manifest already matches the sources (unless --force). A failed build
(no C compiler, say) leaves the engine running from its sources: it says so and exits 0,
or 1 with --require (the test script's: the tests must run on what the bot runs).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["MARE_NOSTRUM_PURE"] = "1"  # this process reads the sources, never a build

from bot import compiled_engine as ce  # noqa: E402  (after the path is set)


def build() -> dict[str, str]:
    """Compile every module of ce.COMPILED into ce.BUILD; return the files built, by module
    name (the library under ce.GROUP's name)."""
    from mypyc.build import mypycify  # the dev and run extras install mypy (pyproject.toml)
    from setuptools import setup  # type: ignore[import-untyped]  # no stubs needed here

    lib = ce.BUILD / "lib"
    shutil.rmtree(ce.BUILD, ignore_errors=True)
    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] from here
    sources = [ce.source_of(m).relative_to(ROOT).as_posix() for m in ce.COMPILED]
    extensions = mypycify(sources, opt_level="3", group_name=ce.GROUP, multi_file=True,
                          target_dir=str(ce.BUILD / "c"))
    os.chdir(ce.BUILD)  # setuptools would read the project's pyproject.toml in the root
    setup(name=ce.GROUP, ext_modules=extensions, script_args=[
        "--quiet", "build_ext", "--build-lib", str(lib), "--build-temp", str(ce.BUILD / "tmp")])
    files: dict[str, str] = {}
    for path in lib.rglob("*.so"):
        rel = path.relative_to(lib)  # bot/games/core/dispatch.cpython-311-….so
        files[".".join([*rel.parts[:-1], rel.name.split(".")[0]])] = (
            path.relative_to(ce.BUILD).as_posix())
    missing = set(ce.COMPILED) - set(files)
    if missing:
        raise RuntimeError(f"not built: {', '.join(sorted(missing))}")
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    parser.add_argument("--require", action="store_true", help="exit 1 if the build fails")
    args = parser.parse_args()
    if not args.force and ce.built()[0].used:
        return 0
    fingerprint = ce.fingerprint()  # of the sources read by the build
    print(f"compiling the engine with mypyc ({len(ce.COMPILED)} modules)...", file=sys.stderr)
    t0 = time.monotonic()
    log = io.StringIO()
    try:
        with contextlib.redirect_stdout(log):
            files = build()
    except (Exception, SystemExit) as exc:  # setup() exits on a compiler error
        print(log.getvalue(), file=sys.stderr)
        print(f"the engine was not compiled ({exc!r}): it runs from its sources",
              file=sys.stderr)
        shutil.rmtree(ce.BUILD, ignore_errors=True)
        return 1 if args.require else 0
    ce.MANIFEST.write_text(json.dumps({"fingerprint": fingerprint, "files": files}, indent=1),
                           "utf-8")
    print(f"compiled in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
