"""Jupiter Rescue (Twilight Creations, 2014): a co-operative rescue on a colony of hexagonal tiles.

First slice: the house data (``data``) and the colony geometry (``colony``). There is no engine yet,
and the game is not registered, so nothing here reaches players.
"""
