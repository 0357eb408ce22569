"""Powers shared by several optional modules' tiles (the special figures' kit): declared on
each tile's own module, never composed on their own."""
