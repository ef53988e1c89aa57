"""Retake the pictures of docs/lti.md: the pages of an LMS's launches, in chromium, as
``tests/lti/test_lti_browser.py`` drives them against the test platform.

    python tools/make_lti_pictures.py      # writes docs/img/lti/*.png

It runs that test (on SQLite) with ``GAMETRACE_SCREENSHOTS`` set, so every picture is
of the pages the test checks, then records them in ``docs/img/pictures.sha256`` for
``tools/make_gallery.py --check``.  Look at each one before committing it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "lti"

sys.path.insert(0, str(ROOT / "tools"))
from make_gallery import record  # noqa: E402


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GAMETRACE_SCREENSHOTS": tmp, "GAMETRACE_TEST_DB": "sqlite",
               "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              "-p", "no:xdist", "tests/lti/test_lti_browser.py"],
                             cwd=ROOT, env=env, check=False)
        if run.returncode != 0:
            return run.returncode
        taken = sorted(Path(tmp).glob("*.png"))
        if os.path.isdir(OUT):
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        for picture in taken:
            shutil.copy(picture, OUT / picture.name)
    record(sorted(OUT.glob("*.png")), lambda name: name.startswith("docs/img/lti/"))
    print(f"make_lti_pictures: wrote {len(taken)} pictures in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
