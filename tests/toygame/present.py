"""The toy game's presenter: its own words (English and French, held here: the game needs no
key of the shared catalog), on the generic machinery of `bot.presenters`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.presenters import MESSAGE_LIMIT, CatalogPresenter, clip, fmt, pretty

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "game_started": "The toy game starts: {players}.",
        "phase_started": "Round {round}: {phase}.",
        "bid_sealed": "You bid {amount} (sealed until everyone has bid).",
        "bids_revealed": "Bids: {bids}. {winner} wins the round.",
        "bid_won": "{winner} wins the round with {amount}.",
        "tie_broken": "Tie between {tied}: {winner} drawn.",
        "claimed": "{player} takes {reward}.",
        "game_over": "Game over: {winners} win.",
        "bid": "Bid {amount}", "bid.hidden": "A sealed bid",
        "point": "a point", "coins": "2 coins",
        "phase.bid": "Bid", "phase.claim": "Claim",
        "name.toy": "toy", "cmd.toy": "The toy game's phases",
        "purse": "{name}: {coins} coins, {points} points",
        "screen": "Game #{game} — {name}: {coins} coins, {points} points",
        "my_bid": "Your sealed bid: {amount}",
    },
    "fr": {
        "game_started": "La partie jouet commence : {players}.",
        "phase_started": "Manche {round} : {phase}.",
        "bid_sealed": "Vous misez {amount} (secret jusqu'à ce que tous aient misé).",
        "bids_revealed": "Mises : {bids}. {winner} remporte la manche.",
        "bid_won": "{winner} remporte la manche avec {amount}.",
        "tie_broken": "Égalité entre {tied} : {winner} tiré au sort.",
        "claimed": "{player} prend {reward}.",
        "game_over": "Partie terminée : {winners} gagne(nt).",
        "bid": "Miser {amount}", "bid.hidden": "Une mise secrète",
        "point": "un point", "coins": "2 pièces",
        "phase.bid": "Mise", "phase.claim": "Gain",
        "name.toy": "jouet", "cmd.toy": "Les phases du jeu jouet",
        "purse": "{name} : {coins} pièces, {points} points",
        "screen": "Partie n°{game} — {name} : {coins} pièces, {points} points",
        "my_bid": "Votre mise secrète : {amount}",
    },
}


def word(key: str, lang: str, **params: Any) -> str:
    words = WORDS.get(lang, WORDS["en"])
    return words.get(key, WORDS["en"].get(key, key)).format(**params)


class ToyPresenter(CatalogPresenter):
    def names(self, view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
        return {str(p): self.seat_name(str(p), lang) for p in view.get("players", [])}

    def seat_name(self, seat: str, lang: str) -> str:
        return pretty(seat)

    def event_text(self, kind: str, data: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> str:
        params = {k: fmt(v, lang, names) for k, v in data.items()}
        if "phase" in data:
            params["phase"] = word(f"phase.{data['phase']}", lang)
        if "reward" in data:
            params["reward"] = word(str(data["reward"]), lang)
        if isinstance(data.get("bids"), Mapping):
            params["bids"] = ", ".join(f"{names.get(p, p)} {n}" for p, n in data["bids"].items())
        return word(kind, lang, **params)

    def action_label(self, action: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> str:
        if action.get("hidden"):
            return word(f"{action.get('kind')}.hidden", lang)
        if action.get("kind") == "bid":
            return word("bid", lang, amount=action.get("amount"))
        return pretty(word(str(action.get("reward")), lang))

    def _purse(self, view: Mapping[str, Any], seat: str, key: str, lang: str,
               names: Mapping[str, str], **extra: Any) -> str:
        return word(key, lang, name=names.get(seat, seat), coins=view["coins"][seat],
                    points=view["points"][seat], **extra)

    def status_lines(self, view: Mapping[str, Any], lang: str,
                     names: Mapping[str, str]) -> list[str]:
        return [self._purse(view, p, "purse", lang, names) for p in view.get("players", [])]

    def screen_text(self, game: int, view: Mapping[str, Any], lang: str) -> str:
        me = str(view.get("viewer"))
        lines = [self._purse(view, me, "screen", lang, self.names(view), game=game)]
        if "my_bid" in view:
            lines.append(word("my_bid", lang, amount=view["my_bid"]))
        return clip("\n".join(lines), MESSAGE_LIMIT)

    def page_lines(self, view: Mapping[str, Any], lang: str,
                   names: Mapping[str, str]) -> list[str]:
        me = str(view.get("viewer"))
        return [self._purse(view, me, "purse", lang, names)]


PRESENTER = ToyPresenter()
