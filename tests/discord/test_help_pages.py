"""Rules help inside Discord (issue 13): "`/… rules` answers with the text itself (paged), never
with a repository path", in English and French, each page within Discord's limits."""

from __future__ import annotations

import re

import pytest

from bot import help as texts
from bot.mygames import game_name
from bot.registry import games
from tests.discord.harness import Harness

SPECTATOR = 42
# What a repository path looks like: a project folder, or a source or docs file.
PATH = re.compile(r"\b(?:docs|bot|cogs|shared|tests|rendering|scripts)/|\.(?:md|py|json)\b")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_help_answer_holds_a_repository_path_and_every_page_fits(lang: str) -> None:
    """Every page of every installed game's rules book, every piece's power and the unknown
    topic's answer: no repository path, at most 2000 characters."""
    seen = 0
    for gid, entry in games().items():
        if entry.help is None:
            continue
        book = texts.rules_book(entry.help, lang)
        for i in range(len(book)):
            page = texts.page_text(book, i, game_name(entry, lang), lang)
            assert len(page) <= 2000 and not PATH.search(page), (gid, i, page)
            seen += 1
        for piece in entry.help.pieces():
            answer = texts.piece_text(entry.help, piece.id, lang)
            assert len(answer) <= 2000 and not PATH.search(answer), (gid, piece.id)
        unknown = texts.rules_text(entry.help, "cooking", lang)
        assert not PATH.search(unknown)
    assert seen >= 10


def test_a_long_text_is_cut_between_lines_into_pages() -> None:
    text = "\n".join(f"line {i} " + "word " * 60 for i in range(40))
    pages = texts.split_text(text, 500)
    assert all(len(p) <= 500 for p in pages) and len(pages) > 10
    assert " ".join(" ".join(p.split()) for p in pages) == " ".join(text.split())
    assert texts.split_text("x" * 1200, 500) == ["x" * 500, "x" * 500, "x" * 200]


async def test_rules_pages_turn_with_previous_and_next(h: Harness) -> None:
    """`/mn rules` without a topic opens the book at its first page; Next and Previous edit
    that private message; a topic opens the book at its first page."""
    iid = await h.command(SPECTATOR, "rules")
    (page,) = h.api.responses(iid)
    assert page.ephemeral
    assert page.content.startswith("📖 **Mare Nostrum: Empires — Overview** (1/")
    pages = int(page.content.split("(1/")[1].split(")")[0])
    previous, following = page.custom_ids()
    assert (previous, following) == ("mn:help:mare_nostrum:0:p", "mn:help:mare_nostrum:1:n")
    assert page.component(previous).get("disabled") and not page.component(following).get(
        "disabled"
    )
    await h.click(SPECTATOR, page, following)
    assert "(2/" in page.content.split("\n")[0] and "Production" in page.content
    await h.click(SPECTATOR, page, "mn:help:mare_nostrum:0:p")
    assert page.content.startswith("📖 **Mare Nostrum: Empires — Overview** (1/")
    # The last page: Next is disabled. A French reader reads French.
    iid = await h.command(SPECTATOR, "rules", topic="deadlines", locale="fr")
    (last,) = h.api.responses(iid)
    assert f"({pages}/{pages})" in last.content.split("\n")[0]
    assert last.component(f"mn:help:mare_nostrum:{pages - 1}:n").get("disabled")
    await h.click(SPECTATOR, last, f"mn:help:mare_nostrum:{pages - 2}:p", locale="fr")
    assert last.content.startswith("📖 **Mare Nostrum : Empires — Héros et Merveilles**")
    # Neptun's book, chosen by the option.
    iid = await h.command(SPECTATOR, "rules", game="neptun")
    assert h.api.responses(iid)[0].content.startswith("📖 **Neptun — ")
    # A page number past the end (a forged click) shows the last page.
    await h.click(SPECTATOR, page, "mn:help:mare_nostrum:999:n", forged=True)
    assert f"({pages}/{pages})" in page.content.split("\n")[0]
    assert not PATH.search("\n".join(m.content for m in h.api.messages.values()))
    assert not h.api.refused
