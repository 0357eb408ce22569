"""Syracusae's tiles' powers, each declared on the `syracusae` module through hook points (only
these modules name a Syracusae tile or ask `has_power`). MINOS's retrieval of a Commercial card
in Claims is the event cards' (modules/legends/)."""

from . import archimedes, dido, jason, midas, ptolemy

__all__ = ["archimedes", "dido", "jason", "midas", "ptolemy"]
