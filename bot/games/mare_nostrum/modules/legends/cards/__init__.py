"""The three event decks' rules, one module per city: `martial` (Troia), `divine`
(Ierusalem), `commercial` (Syracusae). Each declares its cards (`legends.cards.<city>`, a
table of `play.Card`) and the hook handlers their effects need on its city's module."""
