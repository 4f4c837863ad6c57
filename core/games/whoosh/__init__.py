"""Whoosh: Bounty Hunters — a real-time race to capture monsters (2–8 players)."""
