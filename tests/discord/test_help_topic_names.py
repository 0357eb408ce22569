"""Issue 13: "French help topic ids (today "Sujets : production, trade…" shows English topic
ids in French): give topics localised names and accept both"."""

from __future__ import annotations

from tests.discord.harness import Harness

SPECTATOR = 9


async def test_an_unknown_topic_lists_the_topics_by_their_french_names(h: Harness) -> None:
    iid = await h.command(SPECTATOR, "rules", topic="cuisine", locale="fr")
    text = h.api.responses(iid)[0].content
    assert text.startswith("Pas de sujet de règles « cuisine ». Sujets : Aperçu, Production, ")
    assert "Commerce" in text and "Achats" in text and "Délais et défauts" in text
    for english_id in ("overview", "trade", "build", "deadlines"):
        assert english_id not in text
    iid = await h.command(SPECTATOR, "rules", topic="cooking")
    text = h.api.responses(iid)[0].content
    assert "Topics: Overview, Production, Trade, Build" in text


async def test_a_topic_is_found_by_its_french_name_or_its_id(h: Harness) -> None:
    answers = []
    for typed in ("Commerce", "commerce", "trade", "Trade"):
        iid = await h.command(SPECTATOR, "rules", topic=typed, locale="fr")
        answers.append(h.api.responses(iid)[0].content)
    assert "Pas de sujet" not in answers[0] and len(set(answers)) == 1
    iid = await h.command(SPECTATOR, "rules", topic="délais", locale="fr")
    assert "Délais et défauts" in h.api.responses(iid)[0].content
