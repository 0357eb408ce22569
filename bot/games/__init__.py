"""The pure game engines, one package per game."""
