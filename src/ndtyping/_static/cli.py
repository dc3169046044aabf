"""The `ndtyping` command line.

ndtyping check [PATH ...]    pyright on your code with ndtyping's numpy and jax stubs (docs/check.md)
ndtyping editor              set up pyright / Pylance / basedpyright in this project to use them
ndtyping stubs [--out DIR]   build the shape-aware numpy and jax overlay, print its directory
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from .._errors import NdtypingError
from .check_command import Options, run_check
from .editor import CHECKERS, advise_checker, set_up_editor
from .overlay import build_overlay, overlay_staleness, supported


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ndtyping",
        description="PEP 646 shape and dtype typing for NumPy and JAX: static checking with pyright and "
        "shape-aware numpy / jax.numpy stubs, and runtime checking with @check.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="type-check with pyright and ndtyping's shape-aware stubs",
        description="Run pyright on PATHs (default: what your pyright config includes) with ndtyping's "
        "shape-aware numpy, jax.numpy and jax.nn stubs on pyright's stubPath; the rest of your pyright "
        "config applies as it is. Exit status: 0 no errors, 1 errors found, 2 the check could not run "
        "(including: no Python file in the PATHs given).",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or directories to check")
    check.add_argument("-p", "--project", type=Path, metavar="FILE_OR_DIR",
                       help="your pyright config: pyrightconfig.json, pyproject.toml, or their directory "
                       "(default: found from the current directory upwards, as pyright does)")  # fmt: skip
    check.add_argument("--pythonversion", metavar="X.Y", help="analyse for this Python version (pyright's option)")
    check.add_argument("--no-stubs", action="store_true", help="run pyright without ndtyping's stubs")
    check.add_argument("--no-split", action="store_true",
                       help="check every file under ndtyping's stubs in one pyright run (by default the files "
                       "no ndtyping type can reach are checked by plain pyright, side by side)")  # fmt: skip
    check.add_argument("--json", action="store_true", help="print the findings and summary as JSON")
    check.add_argument("-v", "--verbose", action="store_true", help="show the pyright command and generated config")

    editor = commands.add_parser(
        "editor",
        help="set up pyright / Pylance / basedpyright in this project to see shapes",
        description="Build ndtyping's numpy and jax stubs into .ndtyping/stubs in the project root (a hidden, "
        "git-ignored directory pyright does not analyse as your code) and point your pyright config's "
        "stubPath there (pyrightconfig.json, or [tool.pyright] / [tool.basedpyright] in pyproject.toml; one "
        "is created if there is none). Your own stubs are linked in. Run it again after upgrading numpy, "
        "jax or ndtyping: it rebuilds a stale overlay and otherwise changes nothing.",
    )
    editor.add_argument("-p", "--project", type=Path, metavar="FILE_OR_DIR",
                        help="your pyright config or its directory (default: found from the current directory)")  # fmt: skip
    editor.add_argument("--checker", choices=CHECKERS, default="pyright",
                        help="the type checker to set up (default: pyright, which also sets up Pylance and "
                        "basedpyright); mypy, pyrefly and ty need no stubs: it says what they check")  # fmt: skip

    stubs = commands.add_parser(
        "stubs",
        help="build the shape-aware numpy and jax stub overlay and print its directory",
        description="Build ndtyping's overlay of the installed numpy, jax.numpy and jax.nn stubs and print the "
        "directory, for tools that take a stub directory. For an editor use `ndtyping editor`, which also "
        "wires the overlay into your pyright config so that no stub file is analysed as your code.",
    )
    stubs.add_argument("--out", type=Path, help="where to write it (default: a cache directory)")
    return parser


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("ndtyping")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def main(argv: Optional[list[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            options = Options(
                paths=args.paths, project=args.project, python_version=args.pythonversion,
                stubs=not args.no_stubs, json=args.json, verbose=args.verbose, split=not args.no_split,
            )  # fmt: skip
            return run_check(options)
        if args.command == "editor":
            if args.checker in ("pyright", "basedpyright"):
                set_up_editor(args.project, Path.cwd())
            else:
                advise_checker(args.checker, args.project, Path.cwd())
            return 0
        if not supported("numpy"):
            print("ndtyping: the numpy overlay needs numpy >= 2.3; nothing to build", file=sys.stderr)
        if args.out is not None and overlay_staleness(args.out):
            print(f"ndtyping stubs: {args.out} is stale ({overlay_staleness(args.out)}): rebuilding", file=sys.stderr)
        print(build_overlay(args.out))
        return 0
    except NdtypingError as error:
        print(f"ndtyping {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
