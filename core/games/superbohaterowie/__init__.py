"""Superbohaterowie: save your city by gathering five different superheroes (2–5 players)."""
