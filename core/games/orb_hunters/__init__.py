"""Orb Hunters: win relics with other people's adventurers, dodge the cursed ones (2–5 players)."""
