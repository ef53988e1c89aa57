"""Regenerate the picture of docs/classroom.md: one question of the Moodle export as a
student sees it, drawn from the exported question text itself (the Cloze fields shown
as the empty boxes Moodle puts in their place), in Debian's chromium.

    python tools/make_classroom_picture.py     # writes docs/img/classroom.question.png

The question is seed 1 of ``gametrace export moodle -b 2 -d 3 --cuts 2..3``.  This is a
rendering of the question's HTML, not a screenshot of Moodle: Moodle adds its own
frame (question number, mark, flag) around it.
"""

from __future__ import annotations

import base64
import os
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tracer.classroom import QuestionSpec, moodle_xml  # noqa: E402

OUT = ROOT / "docs" / "img" / "classroom.question.png"
CHROMIUM = os.environ.get("GAMETRACE_CHROMIUM", "/usr/bin/chromium")
PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body {{ font: 15px/1.5 "DejaVu Sans", sans-serif; margin: 0; padding: 16px 20px;
        width: 640px; background: #e7f3f5; color: #1d2125; }}
input {{ width: 7em; font: inherit; border: 1px solid #8f959e; border-radius: 3px; }}
img {{ width: 420px; display: block; margin: 8px auto; background: white; }}
</style></head><body>{body}</body></html>"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    data, _ = moodle_xml(QuestionSpec(2, 3, (2, 3)), range(1, 2), name="alphabeta")
    question = ET.fromstring(data).findall("question[@type='multianswer']")[0]
    text = question.findtext("questiontext/text") or ""
    file = question.find("questiontext/file")
    assert file is not None and file.text is not None
    svg = base64.b64decode(file.text)
    text = text.replace(f"@@PLUGINFILE@@/{file.get('name')}",
                        "data:image/svg+xml;base64," + base64.b64encode(svg).decode())
    text = re.sub(r"\{1:[A-Z_]+:(?:\\.|[^}\\])*\}", '<input type="text">', text)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--font-render-hinting=none"])
        page = browser.new_page(device_scale_factor=1.5)
        page.set_content(PAGE.format(body=text))
        page.locator("body").screenshot(path=str(OUT))
        browser.close()
    print(OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
