"""Play a game by ear: ``python -m tests.sr.play`` runs ``hunters --screen-reader`` at 80×24
on a pseudo-terminal and prints only what the harness's screen reader hears (the lines new
on the screen, ``@`` before the line the terminal cursor lands on), so that a person can
play a whole game from that text alone, as a blind player would (issue #17).

Each line read from standard input is one key: ``up``, ``down``, ``enter``, ``esc``,
``tab``, ``shift+tab``, ``space``, or a single character (``t``, ``r``, ``1``); ``wait``
only listens for two seconds. Extra arguments go to ``hunters`` (``--bot-delay 0.8``).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tests.sr.harness import BACKTAB, DOWN, ENTER, ESC, SPACE, TAB, UP, local_app

KEYS = {
    "up": UP,
    "down": DOWN,
    "enter": ENTER,
    "esc": ESC,
    "tab": TAB,
    "shift+tab": BACKTAB,
    "space": SPACE,
}


async def play(args: list[str]) -> None:
    loop = asyncio.get_running_loop()
    with tempfile.TemporaryDirectory() as home:
        async with local_app(Path(home) / "home", *args) as sr:
            said = 0
            await sr.wait(lambda: sr.heard_since(0, "Hunters"), "the launcher", 15.0)
            while True:
                await sr.term.settle()
                sr.listen()
                print("\n".join(sr.transcript[said:]), flush=True)
                said = len(sr.transcript)
                line = await loop.run_in_executor(None, sys.stdin.readline)
                if not line:
                    return
                name = line.strip()
                if name == "wait":
                    await asyncio.sleep(2.0)
                    continue
                await sr.press(KEYS.get(name.lower(), name.encode()))
                await asyncio.sleep(0.3)  # a bot's answer, or the next frame


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1:]))
