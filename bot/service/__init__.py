"""The transport-neutral session service and its persistence."""

from bot.service.messages import Button, Invocation, Output, Select, Target, TargetKind
from bot.service.service import SessionService
from bot.service.store import Store

__all__ = ("Button", "Invocation", "Output", "Select", "SessionService", "Store", "Target", "TargetKind")
