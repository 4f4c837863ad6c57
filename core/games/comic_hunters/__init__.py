"""Comic Hunters: collect comic books of trending heroes over three rounds (1–4 players)."""
