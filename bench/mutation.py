"""Mutation testing as a tool, not a CI gate: how many planted bugs each game's tests catch.

Run ``python bench/mutation.py`` (a few minutes a game) or name games and a sample size:
``python bench/mutation.py --sample 200 shardhunters orb-hunters``. For every game it lets
mutmut (pinned in the ``test`` extra) plant its mutants in that game's rules and scoring,
takes a seeded random sample of them (by default not those in the functions that only
word refusals and actions: see WORDS), runs each against that game's own rule and scoring
tests (not the bots' tests, not conformance), and prints how many were killed, survived,
timed out or reached no test, with the kill rate. The goal is 90 % of the mutants that
change behaviour; a survivor may be an equivalent mutant (one that changes nothing a
player could see), so ``--show`` prints each survivor's diff for a person to judge (and
that of each mutant no test reached, which counts against the rate too).

Each game runs in its own temporary copy of ``core`` and its tests, so the work tree is
never touched. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = Path(sys.executable).parent / "mutmut"

RULE_MODULES = {
    "comic-hunters": ("rules", "assembly", "locations", "scoring"),
    "superbohaterowie": ("rules", "scoring"),
    "orb-hunters": ("rules", "scoring"),
    "shardhunters": ("rules", "scoring"),
    "whoosh": ("rules", "scoring"),
}
"""The modules holding each game's rules and scoring (Comic Hunters splits its rules)."""

WORDS = ("why_illegal", "why_waiting", "describe")
"""The functions that only put refusals and actions into words: left out of the sample
unless ``--words`` asks for them (a changed sentence is no rule broken). Event texts made
while applying an action stay in: they are the log players read."""

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests"}
STATUS.update(dict.fromkeys((36, -24, 24, 152, 255), "timeout"))
"""mutmut 3.8's exit codes per mutant (mutmut.stats); a timeout counts as a kill (the
mutant made the tests loop), anything else is reported as it is."""


def package(slug: str) -> str:
    return slug.replace("-", "_")


def workspace(slug: str) -> Path:
    """A temporary copy of ``core`` and the game's rule and scoring tests, with mutmut's
    configuration: only the game's rule modules are mutated."""
    work = Path(tempfile.mkdtemp(prefix=f"mutation-{slug}-"))
    shutil.copytree(ROOT / "core", work / "core", ignore=shutil.ignore_patterns("__pycache__"))
    games = work / "tests" / "core" / "games"
    games.mkdir(parents=True)
    for folder in (work / "tests", work / "tests" / "core", games):
        (folder / "__init__.py").touch()
    tests = sorted(
        path
        for path in (ROOT / "tests" / "core" / "games").glob(f"test_{package(slug)}_*.py")
        if not path.name.endswith("_bots.py")
    )
    for path in [*tests, ROOT / "tests" / "core" / "games" / "shared_checks.py"]:
        shutil.copy(path, games / path.name)
    modules = [f"core/games/{package(slug)}/{name}.py" for name in RULE_MODULES[slug]]
    selected = [f"tests/core/games/{path.name}" for path in tests]
    (work / "setup.cfg").write_text(
        "[mutmut]\nsource_paths=core/\n"
        + "only_mutate="
        + "\n    ".join(modules)
        + "\npytest_add_cli_args_test_selection="
        + "\n    ".join(selected)
        + "\n",
        encoding="utf-8",
    )
    return work


def mutmut(work: Path, *args: str) -> str:
    done = subprocess.run(
        [str(MUTMUT), *args], cwd=work, capture_output=True, text=True, check=False
    )
    return done.stdout + done.stderr


def results(work: Path, slug: str) -> dict[str, int | None]:
    """Every mutant of the game's rule modules with its exit code (None: not run)."""
    found: dict[str, int | None] = {}
    for name in RULE_MODULES[slug]:
        meta = work / "mutants" / "core" / "games" / package(slug) / f"{name}.py.meta"
        if meta.exists():
            found.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return found


def measure(
    slug: str, sample: int, seed: int, jobs: int, show: bool, words: bool
) -> tuple[Counter[str], str]:
    """Plant, sample, run: the count of each outcome among the sampled mutants, and the
    survivors and the mutants no test reached in words (with their diffs if ``show``)."""
    work = workspace(slug)
    try:
        # A first run plants every mutant and learns which tests reach which function; it
        # tries only the first mutant of each scoring function.
        first = f"core.games.{package(slug)}.scoring.*__mutmut_1"
        mutmut(work, "run", "--max-children", str(jobs), first)
        planted = sorted(
            name for name in results(work, slug) if words or not any(w in name for w in WORDS)
        )
        chosen = sorted(random.Random(seed).sample(planted, min(sample, len(planted))))
        if chosen:
            mutmut(work, "run", "--max-children", str(jobs), *chosen)
        outcome = results(work, slug)
        counts = Counter(STATUS.get(code, f"other ({code})") for code in map(outcome.get, chosen))
        counts["planted"] = len(planted)
        survivors = ""
        for name in chosen:
            status = STATUS.get(outcome.get(name))
            if status in ("survived", "no tests"):
                survivors += f"  {status}: {name}\n"
                if show:
                    survivors += mutmut(work, "show", name) + "\n"
        return counts, survivors
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    every = ", ".join(RULE_MODULES)
    parser.add_argument("games", nargs="*", help=f"games to measure (all): {every}")
    parser.add_argument("--sample", type=int, default=100, help="mutants per game (100)")
    parser.add_argument("--seed", type=int, default=1, help="which sample (1)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (2)")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    parser.add_argument(
        "--words", action="store_true", help="sample why_illegal and describe too (left out)"
    )
    args = parser.parse_args()
    unknown = [slug for slug in args.games if slug not in RULE_MODULES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}")
    if not MUTMUT.exists():
        sys.exit(f"mutmut is not installed beside {sys.executable}: pip install -e '.[test]'")
    print(f"{'game':<18}{'planted':>8}{'sampled':>8}{'killed':>7}{'timeout':>8}", end="")
    print(f"{'survived':>9}{'no test':>8}{'kill rate':>10}{'time':>7}")
    for slug in args.games or list(RULE_MODULES):
        start = time.monotonic()
        counts, survivors = measure(slug, args.sample, args.seed, args.jobs, args.show, args.words)
        killed, timeout = counts["killed"], counts["timeout"]
        judged = killed + timeout + counts["survived"] + counts["no tests"]
        rate = f"{100 * (killed + timeout) / judged:.1f} %" if judged else "-"
        sampled = sum(v for k, v in counts.items() if k != "planted")
        print(
            f"{slug:<18}{counts['planted']:>8}{sampled:>8}{killed:>7}{timeout:>8}"
            f"{counts['survived']:>9}{counts['no tests']:>8}{rate:>10}"
            f"{time.monotonic() - start:>6.0f}s",
            flush=True,
        )
        print(survivors, end="")
        other = {k: v for k, v in counts.items() if k.startswith("other")}
        if other:
            print(f"  not judged: {other}")


if __name__ == "__main__":
    main()
