"""Hunters' headless core: the game contract, the Match facade, the codec, games and bots.

Nothing under ``core`` imports Textual, Rich or asyncssh; the TUI and the SSH server build on it.
"""
