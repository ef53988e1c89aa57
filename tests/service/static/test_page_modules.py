"""The page's JavaScript modules import one way: pages register with ``router.js``;
``main.js`` loads them and starts the router, and nothing imports ``main.js`` back."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_layers import circles

STATIC = Path(__file__).resolve().parents[3] / "tracer" / "service" / "static"
IMPORT = re.compile(r'^\s*import\s+(?:[^"\']*?\s+from\s+)?["\']\./([\w.-]+\.js)["\']', re.M)
REGISTER = re.compile(r'^register\("(\w+)", (\w+)\);$', re.M)


def imports() -> dict[str, set[str]]:
    return {p.name: set(IMPORT.findall(p.read_text(encoding="utf-8")))
            for p in sorted(STATIC.glob("*.js"))}


def test_the_import_pattern_reads_both_spellings() -> None:
    text = 'import "./edit.js";\nimport { go, register } from "./router.js";\n'
    assert IMPORT.findall(text) == ["edit.js", "router.js"]


def test_no_module_imports_main_js_and_none_imports_in_a_circle() -> None:
    graph = imports()
    assert graph["main.js"], "main.js imports the pages"
    assert [name for name, targets in graph.items() if "main.js" in targets] == []
    assert graph["router.js"] == set(), "the router imports no page"
    assert all(t in graph for targets in graph.values() for t in targets)
    assert circles(graph) == []


def test_every_page_registers_once_and_main_js_loads_it() -> None:
    graph = imports()
    pages: dict[str, str] = {}
    for path in sorted(STATIC.glob("*.js")):
        for name, function in REGISTER.findall(path.read_text(encoding="utf-8")):
            assert name not in pages, f"{name} registered twice"
            assert f"export async function {function}(" in path.read_text(encoding="utf-8")
            pages[name] = path.name
    nav = set(re.findall(r'data-page="(\w+)"',
                         (STATIC / "index.html").read_text(encoding="utf-8")))
    # a page for every link of the menu, and no other but the student's assignment page,
    # which is opened by the link a teacher hands out
    assert set(pages) - {"assignment"} == nav
    assert set(pages.values()) <= graph["main.js"]
