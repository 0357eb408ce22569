"""Rulesets of Mare Nostrum other than Empires, one package each; importing this package
registers them (`rules.register_ruleset`). A game names its ruleset in its options
(`{"ruleset": "2003"}`)."""

from . import mn2003 as mn2003

INSTALLED: tuple[str, ...] = (mn2003.RULESET,)
