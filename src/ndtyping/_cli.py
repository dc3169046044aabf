"""The `ndtyping` command line.

    ndtyping stubs [--out DIR]   build the shape-aware numpy overlay, print its directory
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from ._overlay import build_overlay, supported


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="ndtyping", description="PEP 646 array typing for NumPy and JAX")
    commands = parser.add_subparsers(dest="command", required=True)
    stubs = commands.add_parser("stubs", help="build the shape-aware stub overlay and print its directory")
    stubs.add_argument("--out", type=Path, help="where to write it (default: a cache directory)")
    args = parser.parse_args(argv)

    if args.command == "stubs":
        if not supported("numpy"):
            print("ndtyping: the numpy overlay needs numpy >= 2.3; nothing to build", file=sys.stderr)
        print(build_overlay(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
