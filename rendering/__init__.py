"""Pictures of the games, drawn from per-viewer views (never a raw state).

`rendering.core` holds what every game's pictures share (fonts, text, numerals, PNG encoding);
each game has its own package (`rendering.mare_nostrum`), which the game registry names as the
game's renderer. This package imports no game: a test enforces the layering.
"""
