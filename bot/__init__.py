"""Game Master's bot: a transport-neutral session service and its two transports (Discord, local table)."""
