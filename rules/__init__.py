"""Pure rules engines: no I/O, no asyncio, no discord. One package per game."""
