"""`python -m bot.simulate`: complete games, summary, and a replay command on failure."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from bot import registry, simulate


def test_small_run(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(["--games", "2", "--players", "3", "--ai", "standard,random",
                          "--seed", "4", "--rotate", "--progress"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "games: 2" in out
    assert "wins by empire:" in out and "wins by condition:" in out
    assert "rounds:" in out and "actions per game:" in out and "actions/s:" in out
    assert "2/2 games" in err  # the progress bar (forced: capsys's stderr is no terminal)


def _report(out: str) -> list[str]:
    """The report without its timings (first line's seconds, actions/s, decision times)."""
    lines = out.splitlines()
    return [lines[0].split("(")[0]] + [
        x for x in lines[1:] if not x.startswith(("actions/s", "decision time"))]


def test_progress_goes_to_stderr_only_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--players", "3", "--ai", "random", "--seed", "3"]
    reports = []
    for flags, shown in (([], False), (["--progress"], True), (["--no-progress"], False)):
        assert simulate.main(argv + flags) == 0
        out, err = capsys.readouterr()
        assert ("1/1 games [" in err) is shown and (err == "") is not shown
        assert "1/1 games [" not in out  # the bar never goes to stdout
        reports.append(_report(out))
    assert reports[0] == reports[1] == reports[2]  # stdout is the same with or without the bar


def test_failures_are_counted_on_the_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hosted = registry.game("mare_nostrum")
    monkeypatch.setitem(registry._GAMES, hosted.id, replace(hosted, invariants=lambda s: ["x"]))
    assert simulate.main(["--games", "2", "--ai", "random", "--progress"]) == 1
    err = capsys.readouterr().err
    assert "2/2 games, 2 failed" in err


def test_rotate_gives_each_seat_the_first_level() -> None:
    seats = [simulate.seats_for(["standard", "random"], 3, g, True) for g in range(3)]
    assert [next(e for e, lv in s.items() if lv == "standard") for s in seats] == [
        "rome", "greece", "carthage"]


def test_invariant_failure_is_reported_with_a_replay_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"n": 0}

    def broken(state: object) -> list[str]:
        calls["n"] += 1
        return ["boom"] if calls["n"] == 7 else []

    # The game's invariants, as its registry entry names them, fail at the 7th action.
    hosted = registry.game("mare_nostrum")
    monkeypatch.setitem(registry._GAMES, hosted.id, replace(hosted, invariants=broken))
    code = simulate.main(["--games", "1", "--players", "5", "--ai", "standard,random",
                          "--seed", "1234", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED seed 1234" in out and "boom" in out
    assert ("python -m bot.simulate --games 1 --seed 1234 --players 5 "
            "--ai standard,random,random,random,random") in out


def test_unknown_level_is_refused() -> None:
    with pytest.raises(SystemExit):
        simulate.main(["--ai", "standard,grandmaster"])


def test_runs_as_a_module() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.simulate", "--games", "1", "--players", "3", "--ai",
         "standard", "--seed", "2"], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "games: 1" in proc.stdout


def test_the_game_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    """--game, --ruleset, --modules and --players come from the game's registry entry."""
    for bad, said in ((["--game", "chess"], "unknown game 'chess'"),
                      (["--modules", "dragons"], "unknown module(s) ['dragons']"),
                      (["--players", "6"], "played by 3 to 5 players, not 6")):
        with pytest.raises(SystemExit):
            simulate.main(["--games", "1", *bad])
        assert said in capsys.readouterr().err


def test_a_chosen_game_and_ruleset_are_played(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(["--games", "1", "--game", "mare_nostrum", "--ruleset", "empires",
                          "--players", "4", "--ai", "random", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0 and "games: 1" in out
    assert "wins by empire: rome" in out and "egypt" in out and "babylon" not in out


def test_a_start_is_chosen_among_the_rulesets_starts(capsys: pytest.CaptureFixture[str]) -> None:
    """--start names one of the ruleset's starts (the 2003 free start); a ruleset without a
    choice of start refuses it."""
    args = simulate.parse_args(["--ruleset", "2003", "--start", "free", "--players", "3"])
    assert args.options == {"ruleset": "2003", "start": "free"}
    with pytest.raises(SystemExit):
        simulate.main(["--games", "1", "--ruleset", "empires", "--start", "free"])
    assert "has no start 'free'" in capsys.readouterr().err
