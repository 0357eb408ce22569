"""The end of a game (issue 13): who won (players and seats), how (the victory condition the
engine named), each seat's final standing from the game's presenter, and the whole public log
as a text file. Pure: views, presenters and log entries in; text, embed dicts and bytes out.

Public only: built from the spectator view, and the log shows the secret answers (sealed
offers, payments...) by their kind alone, as `/mn log` does for a spectator."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .embeds import Embed, embed, field
from .i18n import t
from .presenters import fmt, who
from .registry import Presenter

CROWN = "👑"


def winners_text(
    view: Mapping[str, Any], seats: Mapping[str, int], names: Mapping[str, str], lang: str
) -> str:
    """ "Rome (@Ana), Greece (@Bob)": the winning seats with their players."""
    winners = [str(w) for w in view.get("winners", [])]
    return ", ".join(
        f"**{names.get(w, w)}** ({who(seats[w], lang)})" if w in seats else f"**{names.get(w, w)}**"
        for w in winners
    ) or t("game.nobody", lang)


def ending_embed(
    game: int,
    game_name: str,
    view: Mapping[str, Any],
    seats: Mapping[str, int],
    words: Presenter,
    lang: str,
    condition: str | None = None,
) -> Embed:
    """The final message's embed: title, winners and how they won, then one field per seat
    (its player and its final standing), in the first winner's colour."""
    names = words.names(view, lang)
    how = condition or str(view.get("victory") or "")
    lines = [t("ending.winners", lang, winners=winners_text(view, seats, names, lang))]
    if how:
        lines.append(t("ending.how", lang, how=words.victory_text(how, lang)))
    standing = words.final_lines(view, lang, names)
    winners = [str(w) for w in view.get("winners", [])]
    fields = []
    for seat in view.get("players", []):
        title = (f"{CROWN} " if seat in winners else "") + names.get(seat, seat)
        body = [who(seats[seat], lang)] if seat in seats else []
        fields.append(field(title, "\n".join([*body, *standing.get(seat, [])])))
    colour = words.seat_colour(view, winners[0]) if winners else None
    return embed(
        t("ending.title", lang, game=game, name=game_name),
        "\n".join(lines),
        colour=colour,
        fields=fields,
        footer=t("ending.footer", lang, round=view.get("round", "?")),
    )


def ending_content(game: int, view: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    """The message's text above the embed (what a notification or a client without embeds
    shows)."""
    return t("game.over", lang, game=game, winners=fmt(view.get("winners", []), lang, names))


Label = Callable[[Mapping[str, Any], str, Mapping[str, str]], str]


def log_file_name(game_kind: str, game: int) -> str:
    return f"{game_kind.replace('_', '-')}-{game}-log.txt"


def public_log(
    title: str,
    entries: Sequence[tuple[int, str, Mapping[str, Any]]],
    secret: frozenset[str],
    lang: str,
    names: Mapping[str, str],
    label: Label,
) -> bytes:
    """Every answer of the game, one a line ("12. Rome: Buy influence Dacia"), the secret
    ones by kind only: the text file attached to the final message."""
    lines = [title, ""]
    for seq, player, action in entries:
        shown = (
            {"kind": action.get("kind"), "hidden": True} if action.get("kind") in secret else action
        )
        lines.append(
            t(
                "game.log_line",
                lang,
                seq=seq,
                player=names.get(player, player),
                action=label(shown, lang, names),
            )
        )
    return ("\n".join(lines) + "\n").encode("utf-8")
