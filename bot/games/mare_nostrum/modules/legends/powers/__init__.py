"""The Legendary City tiles' powers that act on the event cards (their tiles are the cities'
data): Ajax, Adonis and Minos take a card back from a discard (`retrieval.py`)."""
