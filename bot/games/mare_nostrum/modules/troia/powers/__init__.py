"""Troia's tiles' powers, each declared on the `troia` module through hook points (only these
modules name a Troia tile or ask `has_power`). HÉLÈNE DE TROIE has no power (L290–296: her
Military 4 is her tile's title bonus); AJAX's retrieval of a Martial card in Claims is the
event cards' (modules/legends/)."""

from . import achilles, aeneas, agamemnon, ulysses

__all__ = ["achilles", "aeneas", "agamemnon", "ulysses"]
