"""Every interaction gets a reply, and nothing sent exceeds Discord's limits: the fake refuses
what Discord refuses (400 Invalid Form Body), the command tree answers every failure privately
in the user's language, and the decision pages of real positions always fit."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
import pytest
from discord import app_commands

import bot.games.mare_nostrum as engine
from bot.adapters.mare_nostrum.present import (
    build_summary,
    compose_family,
    decision_page,
    empire_names,
    hand_text,
    screen_text,
    status_text,
)
from bot.ai.play import play_game
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.state import GameState
from bot.i18n import t
from bot.presenters import (
    LABEL_LIMIT,
    OPTION_LIMIT,
    PLACEHOLDER_LIMIT,
    ButtonSpec,
    Page,
    SelectSpec,
    private_messages,
    prompt_context,
    public_messages,
)
from bot.service import ServiceError
from cogs.ui import to_view
from tests.discord.harness import CHANNEL, FakeAPI, Harness
from tests.discord.test_flow import CREATOR, _ask, _started, _user

SPECTATOR = 77
BUG = {"en-US": "That did not work (bug).", "fr": "Cela n'a pas fonctionné (bug)."}
LONG = "x" * 1990  # what a user may type in a slash command's text option


def _row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def _select(custom_id: str = "s", options: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": 1,
            "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)], **extra}


def _button(custom_id: str = "b", label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


# --- (a) the fake refuses what Discord refuses ----------------------------------------------
@pytest.mark.parametrize(("payload", "field"), [
    ({"content": "x" * 2001}, "content"),
    ({"content": "x", "embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
    ({"content": "x", "components": [_row(_select(options=0))]}, "options"),
    ({"content": "x", "components": [_row(_select(options=26))]}, "options"),
    ({"content": "x", "components": [_row(_button("c" * 101))]}, "custom_id"),
    ({"content": "x", "components": [_row(_button(label="l" * 81))]}, "label"),
    ({"content": "x", "components": [_row(_select(placeholder="p" * 151))]}, "placeholder"),
    ({"content": "x", "components": [_row({**_select(), "options": [
        {"label": "l" * 101, "value": "v"}]})]}, "options.0.label"),
    ({"content": "x", "components": [_row({**_select(), "options": [
        {"label": "l", "value": "v" * 101}]})]}, "options.0.value"),
    ({"content": "x", "components": [_row(_button(str(i))) for i in range(6)]}, "components"),
    ({"content": "x", "components": [_row(*[_button(str(i)) for i in range(6)])]},
     "components.0.components"),
    ({"content": "x", "components": [_row(_button("same")), _row(_button("same"))]},
     "custom_id"),
    ({"content": "x", "components": [_row(_select(options=2, max_values=3))]}, "max_values"),
    ({"content": ""}, "content"),
])
def test_the_fake_refuses_what_discord_refuses(payload: dict[str, Any], field: str) -> None:
    for method, path in [("POST", f"/channels/{CHANNEL}/messages"),
                         ("POST", "/webhooks/1/tok-1"),
                         ("POST", "/interactions/1/tok-1/callback")]:
        api = FakeAPI()
        body = {"type": 4, "data": payload} if "interactions" in path else payload
        with pytest.raises(discord.HTTPException) as refused:
            api.handle(method, path, body, [])
        assert (refused.value.status, refused.value.code) == (400, 50035)
        assert "Invalid Form Body" in refused.value.text and field in refused.value.text
        assert len(api.refused) == 1 and api.log == [] and api.messages == {}


def test_the_fake_accepts_what_fits() -> None:
    api = FakeAPI()
    rows = [_row(*[_button(f"b{r}.{i}", "l" * 80) for i in range(5)]) for r in range(4)]
    rows.append(_row(_select("c" * 100, 25, placeholder="p" * 150, max_values=25)))
    api.handle("POST", f"/channels/{CHANNEL}/messages",
               {"content": "x" * 2000, "components": rows}, [])
    # An edit may empty the content (an answered page keeps only its text or nothing).
    assert api.refusal("PATCH", "/webhooks/1/tok-1/messages/@original", {"content": ""},
                       []) is None
    api.handle("POST", f"/channels/{CHANNEL}/messages", {}, ["board.png"])  # a file alone
    assert api.refused == [] and len(api.in_channel(CHANNEL)) == 2


async def test_discord_py_gets_the_400(h: Harness) -> None:
    """Through discord.py's own sending code: the refusal arrives as Discord's would."""
    channel = h.bot.get_partial_messageable(CHANNEL)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and "content" in refused.value.text
    empty = discord.ui.View()
    empty.add_item(discord.ui.Select(custom_id="empty", options=[]))
    with pytest.raises(discord.HTTPException):
        await channel.send("menu", view=empty)
    long_id = discord.ui.View()
    long_id.add_item(discord.ui.Button(label="go", custom_id="c" * 101))
    with pytest.raises(discord.HTTPException):
        await channel.send("button", view=long_id)
    assert len(h.api.refused) == 3 and h.api.in_channel(CHANNEL) == []


# --- (b) long text options: one short private answer -----------------------------------------
@pytest.mark.parametrize(("sub", "option", "words"), [
    ("rules", "topic", {"en-US": "No rules topic", "fr": "Pas de sujet de règles"}),
    ("hw", "name", {"en-US": "No hero or wonder", "fr": "Aucun Héros ni Merveille"}),
])
@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_long_unknown_name_gets_one_short_answer(
        h: Harness, sub: str, option: str, words: dict[str, str], locale: str) -> None:
    options: dict[str, Any] = {option: LONG}  # the harness's option values are untyped
    iid = await h.command(SPECTATOR, sub, locale=locale, **options)
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and words[locale] in answer.content
    assert len(answer.content) <= 2000
    assert "x" * 90 in answer.content and "x" * 101 not in answer.content  # echoed, clipped
    assert "…" in answer.content
    assert h.api.refused == []


# --- (c) a failure anywhere gets a private answer ----------------------------------------------
def _bug_logged(caplog: pytest.LogCaptureFixture, where: str, boom: Exception) -> None:
    (record,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert where in record.getMessage()
    assert record.exc_info is not None and record.exc_info[1] is boom


def _told_bug(h: Harness, iid: int, locale: str) -> None:
    (told,) = h.api.responses(iid)
    assert told.ephemeral and told.content == BUG[locale]
    assert "boom" not in told.content and "Traceback" not in told.content


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_bug_in_an_admin_command(h: Harness, caplog: pytest.LogCaptureFixture,
                                         monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    _, thread = await _started(h)
    boom = RuntimeError("boom")

    async def broken(*args: object) -> None:
        raise boom

    monkeypatch.setattr(h.bot.service, "pause", broken)
    with caplog.at_level(logging.ERROR):
        iid = await h.command(CREATOR, "pause", channel=thread, locale=locale)
    _told_bug(h, iid, locale)
    _bug_logged(caplog, "/mn pause", boom)
    assert h.api.refused == []


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_bug_in_a_help_command(h: Harness, caplog: pytest.LogCaptureFixture,
                                       monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    boom = RuntimeError("boom")

    def broken(*args: object) -> str:
        raise boom

    monkeypatch.setattr("bot.help.rules_book", broken)  # the paged answer (issue 13)
    with caplog.at_level(logging.ERROR):
        iid = await h.command(SPECTATOR, "rules", locale=locale, topic="victory")
    _told_bug(h, iid, locale)
    _bug_logged(caplog, "/mn rules", boom)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_bug_in_an_mn_command(h: Harness, caplog: pytest.LogCaptureFixture,
                                      monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    await _started(h)
    boom = RuntimeError("boom")

    async def broken(*args: object, **kwargs: object) -> None:
        raise boom

    monkeypatch.setattr(h.bot.service, "find", broken)
    with caplog.at_level(logging.ERROR):
        iid = await h.command(CREATOR, "status", locale=locale)
    _told_bug(h, iid, locale)
    _bug_logged(caplog, "/mn status", boom)


async def test_a_bug_after_the_answer_gets_a_follow_up(
        h: Harness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """resume confirms, then fails while publishing: the confirmation stands and the bug is
    told in a private follow-up (the interaction was already answered)."""
    _, thread = await _started(h)
    await h.command(CREATOR, "pause", channel=thread)
    boom = RuntimeError("boom")

    async def broken(*args: object, **kwargs: object) -> None:
        raise boom

    monkeypatch.setattr(h.bot.notifier, "publish", broken)
    with caplog.at_level(logging.ERROR):
        iid = await h.command(CREATOR, "resume", channel=thread, locale="fr")
    confirmed, told = h.api.responses(iid)
    assert confirmed.ephemeral and "reprend" in confirmed.content
    assert told.where == "followup" and told.ephemeral and told.content == BUG["fr"]
    _bug_logged(caplog, "/mn resume", boom)


async def test_a_payload_discord_refuses_is_a_bug_told(
        h: Harness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Had a text outgrown the limit, the user would still get an answer (not silence)."""
    await _started(h)
    # (The status is an embed, issue 13: 4,096 characters a description.)
    monkeypatch.setattr("cogs.play.status_text", lambda *args, **kwargs: "s" * 5000)
    iid = await h.command(CREATOR, "status")  # clipped: sent, not refused
    (status,) = h.api.responses(iid)
    assert len(status.embeds[0]["description"]) <= 2000 and h.api.refused == []
    monkeypatch.setattr("cogs.play.clip", lambda text, limit: text)  # a text not clipped
    monkeypatch.setattr("bot.embeds.clip", lambda text, limit: text)
    with caplog.at_level(logging.ERROR):
        iid = await h.command(CREATOR, "status")
    _told_bug(h, iid, "en-US")
    assert len(h.api.refused) == 1
    assert any("/mn status" in r.getMessage() for r in caplog.records)


def _probe(h: Harness, commands: tuple[app_commands.Command[Any, ..., None], ...]) -> None:
    """Add test-only commands as `/probe <name>`: a top-level group of the bot's tree (/mn is
    at Discord's limit of 25 children), answered by the same tree error handler."""
    probe = app_commands.Group(name="probe", description="-")
    for command in commands:
        probe.add_command(command)
    h.bot.tree.add_command(probe)


class _Never(app_commands.Transformer):
    async def transform(self, interaction: discord.Interaction, value: Any) -> Any:
        raise ValueError(value)


async def test_refusals_checks_and_bad_options_escaping_a_command(
        h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Whatever a command lets escape is answered by the tree: a refusal in its own words, a
    failed check, an option that cannot be read; none of them is logged as a bug."""

    @app_commands.command(name="refuse", description="-")
    async def refuse(interaction: discord.Interaction) -> None:
        raise ServiceError("game_paused", game=7)

    @app_commands.command(name="checked", description="-")
    @app_commands.check(lambda interaction: False)
    async def checked(interaction: discord.Interaction) -> None:
        raise AssertionError("not run")

    def server_only(interaction: discord.Interaction) -> bool:
        raise app_commands.NoPrivateMessage()  # as discord.py's own checks say it

    @app_commands.command(name="members", description="-")
    @app_commands.check(server_only)
    async def members(interaction: discord.Interaction) -> None:
        raise AssertionError("not run")

    @app_commands.command(name="option", description="-")
    async def option(interaction: discord.Interaction,
                     value: app_commands.Transform[str, _Never]) -> None:
        raise AssertionError("not run")

    probes: tuple[app_commands.Command[Any, ..., None], ...] = (refuse, checked, members, option)
    _probe(h, probes)
    expected: list[tuple[str, dict[str, Any], bool, str, str]] = [
        ("refuse", {}, False, "en-US", "Game #7 is paused: no move until it resumes."),
        ("refuse", {}, False, "fr", "La partie n°7 est en pause : aucun coup avant la reprise."),
        ("checked", {}, False, "en-US", t("error.check_failed", "en")),
        ("checked", {}, True, "fr", t("error.guild_only", "fr")),
        ("members", {}, False, "en-US", t("error.guild_only", "en")),
        ("option", {"value": "abc"}, False, "en-US", t("error.invalid_option", "en")),
        ("option", {"value": "abc"}, False, "fr", t("error.invalid_option", "fr")),
    ]
    with caplog.at_level(logging.ERROR):
        for sub, options, dm, locale, text in expected:
            iid = await h.command(SPECTATOR, f"/probe {sub}", locale=locale, dm=dm, **options)
            (told,) = h.api.responses(iid)
            assert told.ephemeral and told.content == text, (sub, locale)
    assert "valide :" in t("error.invalid_option", "fr")  # French typography: space before ":"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_refusal_escaping_a_click_is_told_in_its_words(
        h: Harness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Components go through the same words (`guarded` -> `error_reply`)."""
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]

    async def paused(*args: object) -> None:
        raise ServiceError("game_paused", game=1)

    monkeypatch.setattr("cogs.play.on_decision", paused)
    with caplog.at_level(logging.ERROR):
        iid = await h.click(rome, page, page.custom_ids()[0], locale="fr")
    (told,) = h.api.responses(iid)
    assert told.ephemeral and told.content == t("error.game_paused", "fr", game=1)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# --- (d) the pages of real positions fit ------------------------------------------------------
GAME = VERSION = 2**63 - 1  # the longest ids SQLite can give: the longest custom ids
FIVE = ("rome", "greece", "carthage", "egypt", "babylon")


def _check_page(page: Page) -> None:
    assert len(page.content) <= 2000 and len(page.rows) <= 5
    for row in page.rows:
        if isinstance(row, SelectSpec):
            assert 1 <= len(row.options) <= 25 and len(row.placeholder) <= PLACEHOLDER_LIMIT
            assert 1 <= row.max_values <= len(row.options)
            assert 0 <= row.min_values <= row.max_values and len(row.custom_id) <= 100
            for label, value in row.options:
                assert 1 <= len(label) <= OPTION_LIMIT and 1 <= len(value) <= OPTION_LIMIT
        else:
            assert 1 <= len(row) <= 5
            for button in row:
                assert isinstance(button, ButtonSpec)
                assert 1 <= len(button.label) <= LABEL_LIMIT and len(button.custom_id) <= 100


def _header(state: GameState, seen: Mapping[str, Any], lang: str,
            names: dict[str, str]) -> str:
    """What cogs/play.py `decision_page_for` writes above the components."""
    kinds = sorted({p["kind"] for p in seen.get("pending", [])
                    if p.get("player") == seen.get("viewer")})
    lines = [t("game.your_turn", lang, game=GAME,
               prompt=", ".join(t(f"mn.prompt.{k}", lang) for k in kinds), deadline="<t:1:R>"),
             *prompt_context(seen.get("my_prompts", []), lang, names),
             t("game.resources", lang, hand=hand_text(seen.get("hand"), lang))]
    if "build_turn" in kinds:
        lines += build_summary(seen, lang, names)
    return "\n".join(lines)


async def test_decision_pages_of_real_positions_fit_discord() -> None:
    stats = {"pages": 0, "selects": 0, "paged": 0, "compose": 0, "offers": 0}

    def check(legal: list[dict[str, Any]], lang: str, names: dict[str, str], header: str,
              **kwargs: Any) -> None:
        """Every page of this decision, as specs and as the payload discord.py sends."""
        first = decision_page(GAME, VERSION, legal, 0, lang, names, header, **kwargs)
        stats["paged"] += first.pages > 1
        for n in range(first.pages):
            page = decision_page(GAME, VERSION, legal, n, lang, names, header, **kwargs)
            _check_page(page)
            view = to_view(page)
            payload = {"content": page.content,
                       "components": view.to_components() if view else []}
            assert FakeAPI.refusal("POST", f"/channels/{CHANNEL}/messages", payload, []) is None
            stats["pages"] += 1
            stats["selects"] += any(isinstance(r, SelectSpec) for r in page.rows)

    def observe(state: GameState, action: Action, events: list[Event]) -> None:
        lang = ("en", "fr")[stats["pages"] % 2]
        public = engine.view(state, None)
        names = empire_names(public)
        for text in [*public_messages(events, lang, names),
                     *[m for ms in private_messages(events, dict.fromkeys(FIVE, lang),
                                                    names).values() for m in ms],
                     status_text(GAME, public, {e: 10**18 + i for i, e in enumerate(FIVE)},
                                 lang, paused=True, autopilot=list(FIVE))]:
            assert 0 < len(text) <= 2000
        for player in sorted({p.player for p in engine.owed(state)}):
            legal = [a.to_dict() for a in engine.legal_actions(state, player)]
            seen = engine.view(state, player)
            assert len(screen_text(GAME, seen, lang)) <= 2000
            header, hand = _header(state, seen, lang, names), seen.get("hand")
            check(legal, lang, names, header, hand=hand)
            family = compose_family(legal)
            if family is None:
                continue
            stats["compose"] += 1
            stats["offers"] += family[0] == "make_offer"
            held = sorted({str(token).rstrip("*") for token in hand or {}})
            for only in [held[:1], held[-2:], held, ["nothing_held"]]:  # the offer's 2nd step
                check(legal, lang, names, header, hand=hand, only=only)
            check(legal, lang, names, header)  # not composed: selects, maybe several pages

    for seed, level, seats in [(1, "random", FIVE), (2, "standard", FIVE),
                               (3, "random", FIVE[:3]), (4, "standard", FIVE[:4])]:
        result = play_game(dict.fromkeys(seats, level), seed, check=False, observer=observe)
        assert result.error is None
    # The walk met every shape of page: buttons, selects on several pages, compositions.
    assert stats["pages"] > 1000 and stats["selects"] > 50 and stats["paged"] > 0, stats
    assert stats["compose"] > 10 and stats["offers"] > 10, stats
