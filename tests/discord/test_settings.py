"""Settings and the entry point: no token or a bad value, one clear line each and exit code 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.client import intents
from bot.settings import NO_TOKEN, Settings, SettingsError, load_settings

VARIABLES = [name.upper() for name in Settings.model_fields]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting from the machine running the tests: none in the environment, no .env here."""
    for name in os.environ:
        if name.upper() in VARIABLES:
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def settings_from(env: dict[str, str], dotenv: Path | None = None) -> Settings:
    with pytest.MonkeyPatch.context() as mp:
        for name, value in env.items():
            mp.setenv(name, value)
        return load_settings(dotenv)


def test_dotenv_parsing(tmp_path: Path) -> None:
    env_file = tmp_path / "my.env"
    env_file.write_text("# comment\nexport DISCORD_TOKEN='abc'\nLOG_LEVEL=debug # inline\n\n"
                        "BAD LINE\nX=\"a b\"\nDEFAULT_LANGUAGE=\"fr\"\n")
    s = load_settings(env_file)
    assert (s.discord_token, s.log_level, s.default_language) == ("abc", "DEBUG", "fr")


def test_environment_wins_over_dotenv(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\nDEFAULT_LANGUAGE=fr\n"
                        "AI_PAUSE_SECONDS=5\n")
    s = settings_from({"DISCORD_TOKEN": "from-env", "AI_PAUSE_SECONDS": "0.5",
                       "DEFAULT_LANGUAGE": ""}, env_file)  # an empty variable hides nothing
    assert (s.discord_token, s.dev_guild_id, s.default_language) == ("from-env", 42, "fr")
    assert s.ai_pause_seconds == 0.5
    assert s.default_deadline_hours == 24 and s.log_level == "INFO"
    assert str(s.database_path) == "data/mare_nostrum.sqlite3"


def test_dotenv_in_the_working_directory_is_read_by_default(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\nDEFAULT_DEADLINE_HOURS=48\n")
    assert load_settings().default_deadline_hours == 48
    with pytest.raises(SettingsError):
        load_settings(None)  # no file: no token


def test_defaults() -> None:
    s = settings_from({"DISCORD_TOKEN": " t "})
    assert s == Settings(discord_token="t", database_path=Path("./data/mare_nostrum.sqlite3"),
                         default_deadline_hours=24.0, dev_guild_id=None, log_level="INFO",
                         default_language="en", ai_pause_seconds=2.0, _env_file=None)
    blanks = settings_from({"DISCORD_TOKEN": "t", **{v: " " for v in VARIABLES[1:]}})
    assert blanks == s  # a blank value is no value
    assert "s3cret" not in repr(settings_from({"DISCORD_TOKEN": "s3cret"}))  # never logged


def test_values_are_normalised() -> None:
    s = settings_from({"DISCORD_TOKEN": "t", "LOG_LEVEL": " warning", "DEFAULT_LANGUAGE": "FR ",
                       "DEV_GUILD_ID": " 77 ", "AI_PAUSE_SECONDS": "-3",
                       "DEFAULT_DEADLINE_HOURS": "0.5", "DATABASE_PATH": "/tmp/x.sqlite3"})
    assert (s.log_level, s.default_language, s.dev_guild_id) == ("WARNING", "fr", 77)
    assert (s.ai_pause_seconds, s.default_deadline_hours) == (0.0, 0.5)  # no negative pause
    assert s.database_path == Path("/tmp/x.sqlite3")


@pytest.mark.parametrize(("name", "value", "reason"), [
    ("DEFAULT_DEADLINE_HOURS", "soon", "is not a number"),
    ("DEFAULT_DEADLINE_HOURS", "0", "must be positive"),
    ("DEFAULT_DEADLINE_HOURS", "-2", "must be positive"),
    ("DEFAULT_DEADLINE_HOURS", "inf", "must be a finite number"),
    ("DEFAULT_LANGUAGE", "de", "must be 'en' or 'fr'"),
    ("DEV_GUILD_ID", "x", "is not a whole number (a server id)"),
    ("DEV_GUILD_ID", "12.5", "is not a whole number (a server id)"),
    ("AI_PAUSE_SECONDS", "a bit", "is not a number"),
    ("AI_PAUSE_SECONDS", "nan", "must be a finite number"),
    ("LOG_LEVEL", "loud", "must be DEBUG, INFO, WARNING, ERROR or CRITICAL"),
])
def test_bad_values_are_refused(name: str, value: str, reason: str) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from({"DISCORD_TOKEN": "t", name: value})
    assert caught.value.problems == [f"{name}={value!r} {reason}"]


@pytest.mark.parametrize("token", [None, "", "   "])
def test_no_token_is_refused(token: str | None) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from({} if token is None else {"DISCORD_TOKEN": token})
    assert caught.value.problems == [NO_TOKEN]


def test_each_bad_value_has_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    (Path.cwd() / ".env").write_text("DISCORD_TOKEN=t\nDEV_GUILD_ID=abc\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DEFAULT_LANGUAGE", "de")
        assert main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: DEV_GUILD_ID='abc' is not a whole number (a server id)",
                   "error: DEFAULT_LANGUAGE='de' must be 'en' or 'fr'"]


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


def test_scaling_settings() -> None:
    """DATABASE_URL, the pool and the shards (docs/scaling.md)."""
    s = settings_from({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://bot:pw@db/mn",
                       "SHARD_COUNT": "8", "SHARD_IDS": " 0-2,6 ", "DATABASE_POOL_SIZE": "4"})
    assert (s.shard_ids, s.shard_count, s.database_pool_size) == ([0, 1, 2, 6], 8, 4)
    assert "pw" not in repr(s)  # the URL may hold a password: never logged
    every = settings_from({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1,0"})
    assert (every.shard_ids, every.database_url) == ([0, 1], None)  # one process: SQLite


@pytest.mark.parametrize(("env", "problem"), [
    ({"DATABASE_URL": "mysql://db/x"},
     "DATABASE_URL must be a postgresql://... URL (unset: the SQLite file of DATABASE_PATH)"),
    ({"SHARD_IDS": "0"},
     "SHARD_IDS='0' needs SHARD_COUNT, the number of shards of all processes"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "x"}, "SHARD_IDS='x' must be shard numbers: 0,1,2 or 0-3"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1-2"},
     "SHARD_IDS='1-2' must be distinct shard numbers from 0 to 1"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"},
     "SHARD_IDS='0-1' runs some of the shards only: every process needs the same database, "
     "set DATABASE_URL=postgresql://..."),
])
def test_bad_scaling_settings_are_refused(env: dict[str, str], problem: str) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from({"DISCORD_TOKEN": "t", **env})
    assert caught.value.problems == [problem]
