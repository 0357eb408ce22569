"""scripts/venv.sh: bot.sh and test.sh install only when .venv is new or pyproject.toml changed.

`ensure_venv` runs in a temporary project whose `python3` and `.venv/bin/python` are stubs:
they record each pip call (and print noise that must not be shown); `-c` runs real Python.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

VENV_SH = Path(__file__).resolve().parents[1] / "scripts" / "venv.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")

VENV_PYTHON = f"""#!/usr/bin/env bash
if [ "$1" = -c ]; then exec {sys.executable} "$@"; fi
echo "$*" >>"$CALLS"
echo "pip noise: build-backend warnings"
exit "${{PIP_EXIT:-0}}"
"""

SYSTEM_PYTHON = f"""#!/usr/bin/env bash
[ "$*" = "-m venv .venv" ] || exit 9
mkdir -p .venv/bin
cat >.venv/bin/python <<'STUB'
{VENV_PYTHON}STUB
chmod +x .venv/bin/python
echo "venv" >>"$CALLS"
"""


class Project:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.calls = root / "calls.txt"
        bin_dir = root / "stub-bin"
        bin_dir.mkdir()
        python3 = bin_dir / "python3"
        python3.write_text(SYSTEM_PYTHON)
        python3.chmod(0o755)
        self.path = f"{bin_dir}:/usr/bin:/bin"
        (root / "pyproject.toml").write_text("[project]\nname = 'x'\n")

    def ensure(self, target: str, pip_exit: int = 0) -> tuple[int, list[str], str]:
        """Exit code, the calls it made, its stderr."""
        self.calls.write_text("")
        proc = subprocess.run(
            ["bash", "-c", 'set -euo pipefail; source "$0"; ensure_venv "$1"; echo done',
             str(VENV_SH), target], cwd=self.root, capture_output=True, text=True, timeout=60,
            env={"PATH": self.path, "CALLS": str(self.calls), "PIP_EXIT": str(pip_exit)},
            check=False)
        assert "pip noise" not in proc.stdout
        if proc.returncode == 0:
            assert proc.stdout == "done\n"
        return proc.returncode, self.calls.read_text().splitlines(), proc.stderr

    def stamps(self) -> list[str]:
        return sorted(p.name for p in (self.root / ".venv").glob(".installed-*"))


PIP_UPGRADE = "-m pip install --quiet --disable-pip-version-check --upgrade pip"


def pip_install(spec: str) -> str:
    return f"-m pip install --quiet --disable-pip-version-check -e {spec}"


def test_a_new_venv_installs_then_nothing_until_pyproject_changes(tmp_path: Path) -> None:
    p = Project(tmp_path)
    code, calls, err = p.ensure("dev")
    assert code == 0 and calls == ["venv", PIP_UPGRADE, pip_install(".[dev]")]
    assert len(err.splitlines()) == 1 and "installing" in err and "noise" not in err
    assert p.stamps() == [".installed-dev.sha256", ".installed-run.sha256"]
    assert p.ensure("dev") == (0, [], "")  # nothing changed: no pip, no output
    assert p.ensure("run") == (0, [], "")  # the dev install covers the project's own needs
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '2'\n")
    assert p.ensure("run")[1] == [PIP_UPGRADE, pip_install(".")]
    assert p.ensure("run")[1] == []
    assert p.ensure("dev")[1] == [PIP_UPGRADE, pip_install(".[dev]")]  # run did not cover dev
    assert p.ensure("dev")[1] == []


def test_run_then_dev_installs_the_extras(tmp_path: Path) -> None:
    p = Project(tmp_path)
    assert p.ensure("run")[1] == ["venv", PIP_UPGRADE, pip_install(".")]
    assert p.stamps() == [".installed-run.sha256"]
    assert p.ensure("dev")[1] == [PIP_UPGRADE, pip_install(".[dev]")]


def test_a_failed_install_shows_pip_and_stamps_nothing(tmp_path: Path) -> None:
    p = Project(tmp_path)
    code, calls, err = p.ensure("dev", pip_exit=1)
    assert code != 0 and calls == ["venv", PIP_UPGRADE]
    assert "pip noise" in err and "install failed" in err
    assert p.stamps() == []
    code, calls, _ = p.ensure("dev")  # the next start tries again
    assert code == 0 and calls == [PIP_UPGRADE, pip_install(".[dev]")]


def test_deleting_the_stamps_forces_an_install(tmp_path: Path) -> None:
    p = Project(tmp_path)
    p.ensure("dev")
    for stamp in (tmp_path / ".venv").glob(".installed-*"):
        stamp.unlink()
    assert p.ensure("run")[1] == [PIP_UPGRADE, pip_install(".")]


def test_the_scripts_use_it() -> None:
    root = VENV_SH.parent
    for script, target in (("bot.sh", "run"), ("test.sh", "dev")):
        text = (root / script).read_text()
        assert "source scripts/venv.sh" in text and f"ensure_venv {target}\n" in text
        assert "pip install" not in text
