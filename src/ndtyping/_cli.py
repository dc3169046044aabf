"""The `ndtyping` command line.

    ndtyping check [PATH ...]    pyright on your code with ndtyping's stubs (see docs/check.md)
    ndtyping stubs [--out DIR]   build the shape-aware numpy overlay, print its directory
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from ._errors import NdtypingError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ndtyping", description="PEP 646 array typing for NumPy and JAX")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser(
        "check",
        help="type-check with pyright and ndtyping's shape-aware stubs",
        description="Run pyright on PATHs (default: what your pyright config includes) with ndtyping's "
        "numpy stubs on pyright's stubPath; the rest of your pyright config applies as it is. "
        "Exit status: 0 no errors, 1 errors found, 2 the check could not run.",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or directories to check")
    check.add_argument("-p", "--project", type=Path, metavar="FILE_OR_DIR",
                       help="your pyright config: pyrightconfig.json, pyproject.toml, or their directory "
                       "(default: found from the current directory upwards, as pyright does)")  # fmt: skip
    check.add_argument("--pythonversion", metavar="X.Y", help="analyse for this Python version (pyright's option)")
    check.add_argument("--no-stubs", action="store_true", help="run pyright without ndtyping's stubs")
    check.add_argument("--json", action="store_true", help="print the findings and summary as JSON")
    check.add_argument("-v", "--verbose", action="store_true", help="show the pyright command and generated config")

    stubs = commands.add_parser("stubs", help="build the shape-aware stub overlay and print its directory")
    stubs.add_argument("--out", type=Path, help="where to write it (default: a cache directory)")
    return parser


def main(argv: Optional[list[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            from ._check_command import Options, run_check

            options = Options(
                paths=args.paths, project=args.project, python_version=args.pythonversion,
                stubs=not args.no_stubs, json=args.json, verbose=args.verbose,
            )  # fmt: skip
            return run_check(options)
        from ._overlay import build_overlay, supported

        if not supported("numpy"):
            print("ndtyping: the numpy overlay needs numpy >= 2.3; nothing to build", file=sys.stderr)
        print(build_overlay(args.out))
        return 0
    except NdtypingError as error:
        print(f"ndtyping {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
