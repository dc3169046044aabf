"""Shared by the generators in tools/: write a generated file, or check that it is fresh."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_or_check(target: Path, text: str, description: str, argv: list[str] | None = None) -> int:
    """`--check`: exit 1 when `target` differs from `text`; otherwise write it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="fail if the committed file is stale")
    args = parser.parse_args(argv)
    relative = target.relative_to(ROOT)
    if args.check:
        if not target.exists() or target.read_text() != text:
            print(f"{relative} is stale: run `python -m tools.generate`", file=sys.stderr)
            return 1
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    print(f"wrote {relative}")
    return 0
