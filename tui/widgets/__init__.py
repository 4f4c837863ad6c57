"""Reusable widgets: card faces, the event log, the turn banner."""
