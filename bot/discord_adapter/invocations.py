"""Turning a Discord interaction into the service's transport-neutral ``Invocation``."""

from __future__ import annotations

import discord

from bot.service.messages import Invocation


def invocation_from(interaction: discord.Interaction, command: str, options: dict[str, object]) -> Invocation:
    """The invocation for ``command`` by the interaction's user in the interaction's channel.

    The channel id is the thread's own id inside a thread, so each thread holds its own game.
    Options left empty on Discord are left out; the others become strings, as the service
    expects. ``can_manage_channel`` uses the permissions Discord resolved for this channel
    (overwrites included), which arrive with every interaction: no members intent needed.
    """
    user = interaction.user
    return Invocation(
        user_id=user.id,
        user_name=user.display_name,
        channel_id=str(interaction.channel_id),
        command=command,
        options={name: _text(value) for name, value in options.items() if value is not None and value != ""},
        can_manage_channel=interaction.permissions.manage_channels,
        # The interaction id names this delivery: the service applies an action carried by it once.
        request_id=str(interaction.id),
        guild_id=str(interaction.guild_id or ""),
    )


def _text(value: object) -> str:
    """An option as the service takes it; a person is ``<id>|<display name>``."""
    if isinstance(value, discord.abc.User):
        return f"{value.id}|{value.display_name}"
    return str(value)
