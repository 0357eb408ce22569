"""What every game's pictures share: fonts and text (`text`), PNG encoding (`encode`).
Imports no game, no Discord and no database (a test enforces it)."""
