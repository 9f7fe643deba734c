"""POWERUP (Tempus Fugit Games, 2018): a 2D platform battle on a side-view board of 3x3-square tiles.

So far only the validated data layer (data.py, data_checks.py, data/powerup.json); the engine comes
with issue 13's later parts.
"""
