"""The phase cogs (cogs/mare_nostrum/): each phase's commands under /mn, their options
autocompleted from the legal actions only, a command used out of its phase (or with a forged
option) refused with a clear private answer and nothing changed."""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

import bot.service as service_module
from bot.adapters.mare_nostrum.present.mythic_heroes import PAGES_ONLY as HEROES_PAGES_ONLY
from bot.ai import make_player
from bot.games.mare_nostrum.rules import rules_for
from bot.i18n import error_text, t
from bot.presenters import action_label, digest
from cogs.mare_nostrum import composed, extensions, forms_of, page_lines
from tests.discord.harness import CHANNEL, GUILD, Harness, Sent
from tests.discord.watch import WatchedAPI, record_private_events
from tests.helpers import give_choices

USERS = (1, 2, 3)
PHASES = ("production", "trade", "offerings", "build", "military", "claims")
# The 2003 ruleset's cogs, after the Empires ones: its trade and military commands join the
# Empires groups, its construction is a group of its own (docs/mn2003.md §5).
MN2003 = ("trade_2003", "construction", "military_2003", "creatures")
GROUPS = (*PHASES, "construction")
# (empire, his view, his legal actions, the engine state): the position wanted?
Until = Callable[[str, dict[str, Any], list[dict[str, Any]], Any], bool]


@pytest.fixture
async def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    """A bot with game #1 started (seats and seed from a fixed RNG): the Trade phase. Every
    payload is watched as it is sent (tests/discord/watch.py): no public one may hold a
    private event's text or a hand, a DM only its addressee's."""
    rng = random.Random(11)
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as harness:
        api.service = harness.bot.service
        iid = await harness.command(1, "new", players=3)
        lobby = harness.api.responses(iid)[0]
        for user in USERS[1:]:
            await harness.click(user, lobby, "mn:1:lobby:join")
        await harness.click(1, lobby, "mn:1:lobby:start")
        yield harness
        assert api.checked > 0 and not api.refused


def _mn(h: Harness) -> app_commands.Group:
    mn = h.bot.tree.get_command("mn")  # beside /neptun (Game.commands) and /stats (issue 13)
    assert isinstance(mn, app_commands.Group)
    return mn


async def _position(h: Harness, empire: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    service = h.bot.service
    record = await service.game(1)
    engine = service.game_of(record).engine
    state = service.state_of(record)
    legal = [a.to_dict() for a in engine.legal_actions(state, empire)]
    return dict(engine.view(state, empire)), legal


async def _advance(h: Harness, until: Until, limit: int = 800) -> tuple[str, int]:
    """Answer like the standard AI (through the service, no Discord) until an owed player's
    view and legal actions satisfy `until`; (his empire, his user)."""
    service = h.bot.service
    ai = make_player("standard", 5)
    for _ in range(limit):
        record = await service.game(1)
        engine = service.game_of(record).engine
        state = service.state_of(record)
        owed = sorted(p for p in service.owed_players(record, state)
                      if engine.legal_actions(state, p))
        for empire in owed:
            view, legal = await _position(h, empire)
            if until(empire, view, legal, state):
                user = record.user_of(empire)
                assert user is not None
                return empire, user
        empire = owed[0]
        user = record.user_of(empire)
        assert user is not None
        legal_actions = engine.legal_actions(state, empire)
        action = ai.choose(engine.view(state, empire), legal_actions).to_dict()
        await service.submit(1, user, action, record.version)
    raise AssertionError("position not reached")


def _kinds(*kinds: str) -> Until:
    return lambda empire, view, legal, state: any(a["kind"] in kinds for a in legal)


async def _saved(h: Harness) -> tuple[int, int]:
    """(actions logged, version): what a refused command must leave as it was."""
    return len(await h.bot.storage.actions(1)), (await h.bot.service.game(1)).version


def _reply(h: Harness, iid: int) -> Sent:
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral, reply.content
    return reply


def _values(choices: list[dict[str, Any]]) -> list[Any]:
    return [c["value"] for c in choices]


def _public(h: Harness) -> str:
    """Everything anyone but its addressee could read: channel and thread posts, replies
    that are not ephemeral."""
    return "\n".join(m.content for m in h.api.messages.values()
                     if m.where in ("channel", "thread")
                     or (m.where in ("interaction", "followup") and not m.ephemeral))


# --- the commands and the forms ------------------------------------------------------------
async def test_each_phase_is_a_group_of_mn_holding_its_commands(h: Harness) -> None:
    # Then /mn card (the Legendary Cities' event cards), answered in any phase.
    assert extensions() == tuple(f"cogs.mare_nostrum.{p}" for p in (*PHASES, *MN2003, "card"))
    mn = _mn(h)
    groups = {c.name: c for c in mn.commands if isinstance(c, app_commands.Group)}
    assert set(groups) == {*GROUPS, "card"}  # Neptun's are under its own /neptun
    for phase, group in ((p, groups[p]) for p in GROUPS):
        names = sorted(c.name for c in group.commands)
        assert names == sorted(f.command for f in forms_of(phase)), phase
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            form = command.extras["form"]
            assert form.phase == phase and command.qualified_name == f"mn {phase} {form.command}"
            params = {p.name: p for p in command.parameters}
            assert "game" in params and not params["game"].required
            assert params["game"].autocomplete  # the caller's games
            # Every option of the command names a field of its form, autocompleted.
            for name, param in params.items():
                if name not in ("game", "count"):
                    assert name in form.options and param.autocomplete, (command, name)
    assert len(mn.commands) <= 25  # Discord's limit of children in a group


def test_every_decision_of_the_rules_has_its_command() -> None:
    """The forms parse through the engine's action kinds: each names an action kind of the
    rules and fields of that action; every kind of answer a prompt takes has a command."""
    for ruleset, extra, modules in (("empires", (), PHASES), ("2003", (), (*PHASES, *MN2003)),
                                    ("2003", ("mythology",), (*PHASES, *MN2003))):
        rules = rules_for(ruleset, extra)
        cogs = [importlib.import_module(f"cogs.mare_nostrum.{m}") for m in modules]
        # A ruleset's forms: its own cogs' (`RULESET`, and `MODULE` when a module of it owns
        # them), and those of the Empires cogs whose action kinds it shares (`/mn military
        # attack`, `/mn trade offer`...).
        forms = [f for m in cogs for f in m.FORMS
                 if (getattr(m, "RULESET", "empires") == ruleset
                     and getattr(m, "MODULE", None) in (None, *extra))
                 or (f.kind in rules.actions and f.phase in rules.phase_order)]
        for form in forms:
            cls = rules.actions[form.kind]
            fields = {f.name for f in dataclasses.fields(cls)} - {"player"}
            named = {opt.field for opt in form.options.values()}
            if form.kind == "buy":
                named.add("slot")  # the place names the target and its building space
            assert named == fields, form
        answered = {cls.kind for handler in rules.handlers.values() for cls in handler.actions}
        # 2003: the start's choices (icons, the free set-up's waves) and a tied role are
        # answered on the DM decision pages only (/mn keeps its room for other games).
        pages_only = {"choose_icon", "deploy", "award_title"} if ruleset == "2003" else set()
        # A play window's "pass" (the gods' windows) is its page's button and its default.
        pages_only |= {"pass_window"} if extra else set()
        # The Mythology's mythological heroes: their decision pages only, for now.
        pages_only |= HEROES_PAGES_ONLY if extra else set()
        assert answered - pages_only == {f.kind for f in forms} - pages_only, ruleset


def test_the_decision_page_takes_its_phase_parts_from_the_cogs() -> None:
    offer = composed("trade", "make_offer", ["coin", "grain"])
    assert offer == {"kind": "make_offer", "resources": ["coin", "grain"]}
    assert composed("build", "pay", ["coin"] * 3) == {"kind": "pay", "resources": ["coin"] * 3}
    assert composed("trade", "pay", ["coin"]) is None  # no payment in the Trade phase
    assert page_lines({"phase": "trade", "pending": [], "viewer": "rome"}, "en", {}) == []


# --- out of phase --------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_command_out_of_its_phase_says_where_the_game_is(h: Harness,
                                                                  locale: str) -> None:
    _leader, user = await _advance(h, _kinds("play_trade_token"))
    lang = "fr" if locale == "fr" else "en"
    before = await _saved(h)
    for group in (g for g in _mn(h).commands if isinstance(g, app_commands.Group)):
        for command in group.commands:
            if (group.name == "trade" or group.name not in PHASES  # Mare Nostrum's phases
                    or not isinstance(command, app_commands.Command)
                    or command.extras["form"].any_phase):  # a god's use: in any phase
                continue
            options: dict[str, Any] = {p.display_name: "x" for p in command.parameters
                                       if p.required}
            iid = await h.command(user, f"{group.name} {command.name}", locale=locale,
                                  **options)
            text = _reply(h, iid).content
            wanted = t(f"mn.phase.{group.name}", lang)
            assert text.startswith(t("mn.phasecmd.out_of_phase", lang).split("{")[0]), text
            assert t("mn.phase.trade", lang) in text and wanted in text
            assert t("mn.prompt.trade_token", lang) in text  # what he owes now
            trade = t("name.trade", lang)
            assert f"/mn {trade} {t('name.play', lang)}" in text, text
    assert await _saved(h) == before


async def test_trade_commands_are_refused_in_the_build_phase(h: Harness) -> None:
    _builder, user = await _advance(h, _kinds("buy"))
    before = await _saved(h)
    iid = await h.command(user, "trade offer", resources="coin")
    text = _reply(h, iid).content
    assert "in its Build phase" in text and "/mn trade offer is for the Trade phase" in text
    assert "/mn build buy" in text and "/mn build end" in text
    assert await h.autocomplete(user, "trade offer", "resources", "") == []
    assert await _saved(h) == before


async def test_a_command_of_the_phase_that_he_does_not_owe(h: Harness) -> None:
    leader, user = await _advance(h, _kinds("play_trade_token"))
    other = next(u for u in USERS if u != user)
    before = await _saved(h)
    iid = await h.command(other, "trade offer", resources="coin")
    text = _reply(h, iid).content
    view, _ = await _position(h, leader)
    assert "/mn trade offer answers none of the decisions you owe now" in text
    assert f"waiting for {view['empires'][leader]['name']}" in text
    assert await h.autocomplete(other, "trade offer", "resources", "") == []
    assert await _saved(h) == before


# --- autocomplete ----------------------------------------------------------------------------
async def test_the_trade_token_choices_are_the_legal_ones(h: Harness) -> None:
    leader, user = await _advance(h, _kinds("play_trade_token"))
    _, legal = await _position(h, leader)
    tokens = await h.autocomplete(user, "trade play", "token", "")
    assert _values(tokens) == list(dict.fromkeys(a["token"] for a in legal))
    token = tokens[0]["value"]
    faces = await h.autocomplete(user, "trade play", "face", "", token=token)
    assert _values(faces) == [str(a["amount"]) for a in legal if a["token"] == token]
    # The game's thread needs no game: option, nor does his only game elsewhere.
    thread = h.api.thread_of(CHANNEL)
    assert _values(await h.autocomplete(user, "trade play", "token", "", channel=thread)) \
        == _values(tokens)
    # Nobody else owes it: nothing to suggest to him, nor to a stranger.
    assert await h.autocomplete(99, "trade play", "token", "") == []


async def test_a_large_choice_is_cut_to_25_and_filtered_by_what_is_typed(h: Harness) -> None:
    empire, user = await _advance(
        h, lambda e, v, legal, s: sum(a["kind"] == "make_offer" for a in legal) > 25)
    _, legal = await _position(h, empire)
    offers = {",".join(a["resources"]) for a in legal if a["kind"] == "make_offer"}
    listed = await h.autocomplete(user, "trade offer", "resources", "")
    assert len(listed) == 25 and set(_values(listed)) <= offers
    assert all(len(c["name"]) <= 100 for c in listed)
    one = sorted(offers)[-1]
    typed = await h.autocomplete(user, "trade offer", "resources", one)
    assert typed[0]["value"] == one  # the one typed comes first
    assert all(set(one.split(",")) <= set(c["value"].split(",")) for c in typed)
    # French labels: what a French client shows (impôt for coin).
    fr = await h.autocomplete(user, "trade offer", "resources", "", locale="fr")
    coin = next(c for c in fr if "coin" in c["value"].split(","))
    assert t("mn.value.coin", "fr") in coin["name"]
    assert not h.api.refused


async def test_the_game_option_lists_the_callers_running_games_here(h: Harness) -> None:
    other = await h.bot.service.create_lobby(GUILD + 1, 5, 1, 3)  # another server's game
    choices = await h.autocomplete(1, "trade play", "game", "")
    assert _values(choices) == [1] and choices[0]["name"].startswith("#1 Mare Nostrum")
    assert "Trade" in choices[0]["name"]
    assert await h.autocomplete(99, "trade play", "game", "") == []  # he plays in none
    iid = await h.command(1, "trade play", token="5/0", face="5", game=other.id)
    assert _reply(h, iid).content == error_text("game_not_found", "en", {"game": other.id})


# --- acting, and forged options -------------------------------------------------------------
async def test_trade_play_then_offers_by_command(h: Harness) -> None:
    leader, user = await _advance(h, _kinds("play_trade_token"))
    before = await _saved(h)
    for face, code in (("9", "bad_trade_face"), ("abc", "invalid_option")):
        iid = await h.command(user, "trade play", token="5/0", face=face)
        assert _reply(h, iid).content == error_text(code, "en"), face
    iid = await h.command(user, "trade play", token="9/9", face="9")
    assert _reply(h, iid).content == error_text("unknown_trade_token", "en")
    assert await _saved(h) == before  # refused: nothing changed
    _, legal = await _position(h, leader)
    chosen = next(a for a in legal if a["amount"] == 2)
    iid = await h.command(user, "trade play", token=chosen["token"], face="2")
    reply = _reply(h, iid)
    assert reply.content.startswith(f"✓ Token {chosen['token']}: 2")
    assert reply.custom_ids()  # his next decision (the offer), one click away
    assert (await _saved(h))[0] == before[0] + 1
    # Each player offers by command; a French player types the words of his tokens. Until
    # the last offer reveals them all, no offer is public.
    record = await h.bot.service.game(1)
    labels: list[str] = []
    for seat in record.players:
        assert not any(label in _public(h) for label in labels)
        _view, legal = await _position(h, str(seat.seat))
        offer = next(a for a in legal if a["kind"] == "make_offer")
        if seat.user == 2:
            typed = ", ".join(t(f"mn.value.{r}", "fr") for r in reversed(offer["resources"]))
            iid = await h.command(seat.user, "trade offer", locale="fr", resources=typed)
        else:
            iid = await h.command(seat.user, "trade offer", resources=",".join(
                reversed(offer["resources"])))  # any order: sorted as actions name them
        assert _reply(h, iid).content.startswith("✓"), seat
        logged = (await h.bot.storage.actions(1))[-1]
        assert logged.action["resources"] == offer["resources"] and logged.user_id == seat.user
        labels.append(action_label(offer, "en", {}))


async def test_a_forged_pick_is_refused_and_a_legal_one_taken(h: Harness) -> None:
    picker, user = await _advance(h, _kinds("take_resource"))
    view, legal = await _position(h, picker)
    sources = await h.autocomplete(user, "trade take", "from", "")
    assert _values(sources) == list(dict.fromkeys(a["source"] for a in legal))
    source = sources[0]["value"]
    tokens = await h.autocomplete(user, "trade take", "token", "", **{"from": source})
    assert _values(tokens) == [a["token"] for a in legal if a["source"] == source]
    before = await _saved(h)
    offered = set(view["trade"]["offers"][source])
    absent = next(r for r in ("diamond", "papyrus", "gold", "wood", "marble")
                  if r not in offered)
    given: dict[str, Any] = {"from": source}
    iid = await h.command(user, "trade take", token=absent, **given)
    assert _reply(h, iid).content == error_text("not_on_offer", "en")
    mine: dict[str, Any] = {"from": picker}  # his own offer
    iid = await h.command(user, "trade take", token=tokens[0]["value"], **mine)
    assert _reply(h, iid).content == error_text("bad_source", "en")
    assert await _saved(h) == before
    iid = await h.command(user, "trade take", token=tokens[0]["value"], **{"from": source})
    assert _reply(h, iid).content.startswith("✓ Take")
    assert (await _saved(h))[0] == before[0] + 1


async def test_build_buy_pay_cancel_and_end_by_command(h: Harness) -> None:
    builder, user = await _advance(
        h, lambda e, v, legal, s: any(a["kind"] == "buy" and a["slot"] >= 0 for a in legal))
    _, legal = await _position(h, builder)
    items = await h.autocomplete(user, "build buy", "item", "")
    assert _values(items) == list(dict.fromkeys(a["item"] for a in legal if a["kind"] == "buy"))
    buys = [a for a in legal if a["kind"] == "buy"]
    # A building with several places to go: the command must be told which.
    building = next(a for a in buys if a["slot"] >= 0
                    and sum(b["item"] == a["item"] for b in buys) > 1)
    places = await h.autocomplete(user, "build buy", "where", "", item=building["item"])
    where = f"{building['target']}.{building['slot']}"
    assert where in _values(places)
    assert f"(space {building['slot'] + 1})" in next(c["name"] for c in places
                                                     if c["value"] == where)
    before = await _saved(h)
    # Several places fit: the command asks which (it guesses nothing).
    iid = await h.command(user, "build buy", item=building["item"])
    assert _reply(h, iid).content == t("mn.phasecmd.which", "en", option="where")
    iid = await h.command(user, "build buy", item=building["item"], where="atlantis.7")
    assert _reply(h, iid).content == error_text("unknown_area", "en")  # the engine's word
    assert await _saved(h) == before
    iid = await h.command(user, "build buy", item=building["item"], where=where)
    assert _reply(h, iid).content.startswith("✓ Buy")
    _, legal = await _position(h, builder)
    pays = await h.autocomplete(user, "build pay", "resources", "")
    assert 1 <= len(pays) <= 25
    assert set(_values(pays)) <= {",".join(a["resources"]) or "-" for a in legal
                                  if a["kind"] == "pay"}
    saved = await _saved(h)
    iid = await h.command(user, "build pay", resources="gold,gold,gold,gold,gold,gold,gold")
    assert not _reply(h, iid).content.startswith("✓")
    assert await _saved(h) == saved
    iid = await h.command(user, "build cancel")
    assert _reply(h, iid).content.startswith("✓ Cancel the purchase")
    iid = await h.command(user, "build end")
    assert _reply(h, iid).content.startswith("✓ End my turn")
    logged = [a.action["kind"] for a in await h.bot.storage.actions(1)][-3:]
    assert logged == ["buy", "cancel_purchase", "end_turn"]


async def test_military_moves_several_legions_at_once_or_none(h: Harness) -> None:
    engine = h.bot.service.game_of(await h.bot.service.game(1)).engine

    def twice(state: Any, empire: str, move: dict[str, Any]) -> bool:
        """The same move legal again once made: two legions there that have not moved."""
        after, _ = engine.apply(state, engine.action_from_dict(move, state))
        return move in [a.to_dict() for a in engine.legal_actions(after, empire)]

    def two_legions(empire: str, view: dict[str, Any], legal: list[dict[str, Any]],
                    state: Any) -> bool:
        return any(a["kind"] == "move" and a["unit"] == "legion" and twice(state, empire, a)
                   for a in legal)

    empire, user = await _advance(h, two_legions)
    view, legal = await _position(h, empire)
    state = h.bot.service.state_of(await h.bot.service.game(1))
    move = next(a for a in legal if a["kind"] == "move" and a["unit"] == "legion"
                and twice(state, empire, a))
    here = view["legions"][move["source"]][empire]
    before = await _saved(h)
    sources = await h.autocomplete(user, "military move", "from", "")
    assert move["source"] in _values(sources)
    targets = await h.autocomplete(user, "military move", "to", "", **{"from": move["source"]})
    assert _values(targets) == [a["target"] for a in legal
                                if a["kind"] == "move" and a["source"] == move["source"]]
    # More legions than he has there: the engine refuses the last move, none is saved.
    iid = await h.command(user, "military move", count=here + 1,
                          **{"from": move["source"], "to": move["target"]})
    assert not _reply(h, iid).content.startswith("✓")
    # A province he cannot reach from there: no legal move matches, nothing done.
    iid = await h.command(user, "military move", **{"from": move["source"], "to": "atlantis"})
    assert _reply(h, iid).content.startswith("None of your choices now matches from: ")
    assert await _saved(h) == before
    iid = await h.command(user, "military move", count=2,
                          **{"from": move["source"], "to": move["target"]})
    assert _reply(h, iid).content.startswith("✓ Move legion") and "×2" in \
        _reply(h, iid).content
    logged = (await h.bot.storage.actions(1))[before[0]:]
    assert [a.action for a in logged] == [{**move, "player": empire}] * 2
    view, _ = await _position(h, empire)
    assert view["legions"][move["target"]][empire] >= 2
    assert await h.bot.service.verify(1)


async def test_production_choose_by_command(h: Harness) -> None:
    await give_choices(h.bot.service, 1, ["rome", "greece"])
    record = await h.bot.service.game(1)
    rome = record.user_of("rome")
    assert rome is not None
    choices = await h.autocomplete(rome, "production choose", "choice", "",
                                   province="sicilia")
    assert sorted(_values(choices)) == ["coin", "legendary"]
    assert {c["name"] for c in choices} == {"Coin", "Legendary commodity"}
    before = await _saved(h)
    public = _public(h)
    iid = await h.command(rome, "production choose", province="sicilia", choice="gold")
    assert _reply(h, iid).content == error_text("malformed_action", "en")
    assert await _saved(h) == before
    iid = await h.command(rome, "production choose", province="Sicilia",
                          choice="legendary commodity")  # labels typed: the values meant
    assert _reply(h, iid).content.startswith("✓")
    (logged,) = await h.bot.storage.actions(1)
    assert logged.action["choice"] == "legendary" and logged.player == "rome"
    # A sealed answer: nothing told in a channel but the thread page's waiting line
    # (issue 13: sealed steps as a line in the waiting message).
    def without_waiting(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("Waiting for")]
    assert without_waiting(_public(h)) == without_waiting(public)


async def test_a_paused_game_takes_no_command(h: Harness) -> None:
    _leader, user = await _advance(h, _kinds("play_trade_token"))
    await h.bot.service.pause(1)
    before = await _saved(h)
    iid = await h.command(user, "trade play", token="5/0", face="5")
    assert _reply(h, iid).content == error_text("game_paused", "en", {"game": 1})
    assert await _saved(h) == before


def _again(engine: Any, state: Any, empire: str, move: dict[str, Any]) -> bool:
    """The same move legal again once made: two of his units there have not moved."""
    after, _ = engine.apply(state, engine.action_from_dict(move, state))
    return move in [a.to_dict() for a in engine.legal_actions(after, empire)]


async def test_one_entry_moves_several_legions_all_or_none(h: Harness) -> None:
    """Issue 13: « three identical "Move legion: Gallia → Dalmatia" buttons to move three
    legions » — one entry per count on the decision page ("Move 2 legions: …"); a click gives
    the move that many times (the service's submit_all: all of them or none)."""
    engine = h.bot.service.game_of(await h.bot.service.game(1)).engine

    def two_legions(empire: str, view: dict[str, Any], legal: list[dict[str, Any]],
                    state: Any) -> bool:
        return any(a["kind"] == "move" and a["unit"] == "legion"
                   and _again(engine, state, empire, a) for a in legal)

    empire, user = await _advance(h, two_legions)
    _, legal = await _position(h, empire)
    state = h.bot.service.state_of(await h.bot.service.game(1))
    move = next(a for a in legal if a["kind"] == "move" and a["unit"] == "legion"
                and _again(engine, state, empire, a))
    code = f"{legal.index(move)}.{digest(move)}x2"
    iid = await h.command(user, "play", game=1)
    (page,) = h.api.responses(iid)
    entries = {c: page.component(c) for c in page.custom_ids()}
    label = f"Move 2 legions: {move['source'].title()} → {move['target'].title()}"
    values: list[str] | None = None
    clicked = next((c for c in entries if c.endswith(f":a{code}")), None)
    if clicked is not None:
        assert entries[clicked]["label"] == label
    else:  # among the moves' menu
        clicked, option = next((c, o) for c, comp in entries.items() if comp["type"] == 3
                               for o in comp["options"] if o["value"] == code)
        assert option["label"] == label
        values = [code]
    before = await _saved(h)
    await h.click(user, page, clicked, values=values)
    logged = (await h.bot.storage.actions(1))[before[0]:]
    assert [a.action for a in logged][:2] == [{**move, "player": empire}] * 2
    assert "×2" in page.content
    assert await h.bot.service.verify(1)
