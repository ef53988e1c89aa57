"""Run many ``gametrace`` command lines in one interpreter (see harness.py).

Usage: python batch_runner.py PLAN.json CODES.json.  PLAN is a list of
``{"args", "cwd", "out", "err"}``; each command line runs in ``cwd`` with its
standard output and error (file descriptors 1 and 2, so that what C libraries print
is caught too) sent to ``out`` and ``err``.  CODES gets the exit codes in order.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    from tracer.cli import main as gametrace

    with open(sys.argv[1], encoding="utf-8") as handle:
        plan = json.load(handle)
    codes: list[int | None] = []
    saved = os.dup(1), os.dup(2)
    limit = sys.getrecursionlimit()
    for item in plan:
        os.chdir(item["cwd"])
        sys.stdout.flush()
        sys.stderr.flush()
        out = os.open(item["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        err = os.open(item["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(err, 2)
        try:
            gametrace(args=item["args"], prog_name="gametrace", standalone_mode=True)
            code: int | None = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # reported as a traceback-like failure
            print(f"Traceback (batch runner): {type(exc).__name__}: {exc}", file=sys.stderr)
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(out)
        os.close(err)
        sys.setrecursionlimit(limit)
        codes.append(code)
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        json.dump(codes, handle)


if __name__ == "__main__":
    main()
