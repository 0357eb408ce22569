"""Atlas, section 2: what the three Legendary City modules (Troia, Ierusalem, Syracusae)
share — the objective tiles, the event decks and discards, the secret hands (sizes public), the
draft after a met objective, playing event cards (any time, own turn, play windows; the Decoy
pair) — and, with several modules, section 6's set-up. See docs/legendary-cities.md.
"""
