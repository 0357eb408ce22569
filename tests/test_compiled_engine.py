"""The compiled engine (bot/compiled_engine.py): its build is used only when it was made from
the sources as they are, and the engine plays the same games compiled or not."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import compiled_engine as ce


def test_the_build_is_used_exactly_when_it_matches_the_sources() -> None:
    """Every compiled module is loaded from the build when the manifest matches, none
    otherwise (the build is used whole: its modules call each other directly). The test
    script builds first and says so: there, the build must be the one in use."""
    found = ce.status()
    suffixes = {Path(str(importlib.import_module(m).__file__)).suffix for m in ce.COMPILED}
    assert suffixes == ({".so"} if found.used else {".py"}), found.why
    if os.environ.get("MARE_NOSTRUM_EXPECT_COMPILED"):
        assert found.used, found.why


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project of one engine source, with no build."""
    games = tmp_path / "bot" / "games"
    games.mkdir(parents=True)
    (games / "rules.py").write_text("X = 1\n")
    monkeypatch.setattr(ce, "ROOT", tmp_path)
    monkeypatch.setattr(ce, "GAMES", games)
    monkeypatch.setattr(ce, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.delenv(ce.PURE_ENV, raising=False)
    return games


def _built() -> None:
    ce.MANIFEST.write_text(json.dumps({"fingerprint": ce.fingerprint(), "files": {}}))


def test_without_a_build_the_sources_run(tree: Path) -> None:
    assert ce.status() == ce.Status(False, "no build (scripts/compile_engine.py)")


def test_a_build_of_these_sources_is_used(tree: Path) -> None:
    _built()
    assert ce.status() == ce.Status(True, "built from these sources")


@pytest.mark.parametrize("change", ["edited", "added", "removed"])
def test_a_changed_source_leaves_the_build_unused(tree: Path, change: str) -> None:
    """Any engine source changed, added or removed since the build (the compiled modules
    were typed against the others too): the sources run."""
    (tree / "other.py").write_text("Y = 1\n")
    _built()
    if change == "edited":
        (tree / "rules.py").write_text("X = 2\n")
    elif change == "added":
        (tree / "new.py").write_text("")
    else:
        (tree / "other.py").unlink()
    assert ce.status() == ce.Status(False, "the build is older than the sources or this Python")


def test_a_build_for_another_python_is_unused(tree: Path) -> None:
    _built()
    data = json.loads(ce.MANIFEST.read_text())
    data["fingerprint"]["python"] = "3.10.0"
    ce.MANIFEST.write_text(json.dumps(data))
    assert not ce.status().used


def test_a_build_missing_a_file_is_unused(tree: Path) -> None:
    ce.MANIFEST.write_text(json.dumps({"fingerprint": ce.fingerprint(),
                                       "files": {"bot.games.rules": "lib/gone.so"}}))
    assert ce.status() == ce.Status(False, "the build is missing files")


def test_an_unreadable_manifest_leaves_the_build_unused(tree: Path) -> None:
    ce.MANIFEST.write_text("{not json")
    assert ce.status() == ce.Status(False, "the build's manifest is unreadable")


def test_the_pure_switch_wins(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _built()
    monkeypatch.setenv(ce.PURE_ENV, "1")
    assert ce.status() == ce.Status(False, f"{ce.PURE_ENV} is set")


def _digest(pure: bool) -> tuple[str, str]:
    """(the file dispatch was loaded from, the games' digest) in a new process: from the
    sources if `pure`, else with this process's choice."""
    env = dict(os.environ, PYTHONPATH=str(ce.ROOT))
    if pure:
        env[ce.PURE_ENV] = "1"
    code = ("import bot.games.core.dispatch as d, benchmarks.bench_legends as b, "
            "benchmarks.module_digest as m; "
            "print(d.__file__); print(*m.digest(b.DIGEST_GAMES))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ce.ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    return out[0], out[1]


def test_the_engine_plays_the_same_games_compiled_or_not() -> None:
    """The Legendary City bench's seeded games (every city, 3 to 6 players, Atlantis): the
    same legal lists, events and states from the sources as from the build in use."""
    pure_file, pure = _digest(pure=True)
    used_file, used = _digest(pure=False)
    assert pure_file.endswith(".py")
    assert used_file.endswith(".so" if ce.status().used else ".py")
    assert pure == used
