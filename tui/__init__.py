"""Hunters' Textual app: launcher, table setup, game tables, rules and results."""
