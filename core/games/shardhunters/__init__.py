"""Shardhunters: hunt monsters in face-down Combats and recruit heroes with Bloodshards (1–4)."""
