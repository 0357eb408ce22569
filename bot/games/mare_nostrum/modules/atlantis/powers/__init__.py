"""The Atlantean tiles' powers, each declared on the `atlantis` module through hook points
(only these modules name an Atlantean tile or ask `has_power`)."""

from . import atlas, chiron, orpheus, pegasus, petrify, records

__all__ = ["atlas", "chiron", "orpheus", "pegasus", "petrify", "records"]
