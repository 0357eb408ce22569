"""Settings and the entry point: no token, a clear line and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.client import intents
from bot.settings import SettingsError, load_settings, parse_dotenv


def test_dotenv_parsing() -> None:
    text = "# comment\nexport DISCORD_TOKEN='abc'\nLOG_LEVEL=debug # inline\n\nBAD LINE\nX=\"a b\""
    assert parse_dotenv(text) == {"DISCORD_TOKEN": "abc", "LOG_LEVEL": "debug", "X": "a b"}


def test_environment_wins_over_dotenv(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\nDEFAULT_LANGUAGE=fr\n")
    s = load_settings({"DISCORD_TOKEN": "from-env"}, env_file)
    assert (s.discord_token, s.dev_guild_id, s.default_language) == ("from-env", 42, "fr")
    assert s.default_deadline_hours == 24 and s.log_level == "INFO"
    assert str(s.database_path) == "data/mare_nostrum.sqlite3"


@pytest.mark.parametrize("env", [{"DEFAULT_DEADLINE_HOURS": "soon"},
                                 {"DEFAULT_DEADLINE_HOURS": "0"},
                                 {"DEFAULT_LANGUAGE": "de"}, {"DEV_GUILD_ID": "x"}])
def test_bad_values_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(SettingsError):
        load_settings({"DISCORD_TOKEN": "t", **env}, None)


def test_no_token_exits_2_with_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "DISCORD_TOKEN" in err


def test_no_privileged_intent() -> None:
    wanted = intents()
    assert wanted.guilds and not wanted.members and not wanted.presences
    assert not wanted.message_content


def test_simulate_and_demo_need_no_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--games", "1", "--ai", "random", "--no-progress"]) == 0
    assert "games" in capsys.readouterr().out.lower()
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out), "--ai", "random", "--no-render"]) == 0
    assert (out / "log.txt").exists() and len(list(out.iterdir())) > 2
