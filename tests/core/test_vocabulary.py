"""The event vocabulary is spelled in one place: ``tracer/events.py`` (and the schema).

Every other module names an event type through the event classes (``Cut.type``,
``isinstance(ev, Cut)``), ``events.EVENT_TYPES`` or the visitor (``tracer/visit.py``).
The scan below reads every Python module of the package and fails on a string constant
that is an event type's name, or a JSON fragment that writes one; the allow-list holds the
places where the word means something else.  The compiled line writer, the compiled
scanner and the page's scripts speak the JSON spelling itself: they are checked against
``EVENT_TYPES`` instead.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import tracer
from tracer.events import EVENT_TYPES
from tracer.render.read.replay import Replay

PACKAGE = Path(tracer.__file__).parent
KINDS = frozenset(EVENT_TYPES)
JSON_TYPE = re.compile(r'"type":\s*"(\w+)"')

# A word that is an event type's name but means something else where it is spelled:
# word -> (the modules, relative to tracer/, and what the word means there).
ALLOWED: dict[str, tuple[frozenset[str], str]] = {
    # the child-ordering option (--order, SearchSpec.order, a problem's move order),
    # not the reorder event
    "order": (frozenset({
        "spec.py", "search/common.py", "cli/check.py", "cli/options.py",
        "service/storage/store.py", "service/models/components.py",
        "service/models/request_models.py",
        "problems/jugs.py", "problems/puzzle8.py",
        "analysis/check/diagnose.py", "analysis/check/solution.py", "analysis/check/explain.py",
        "student.py", "classroom/reading.py", "classroom/tasks.py", "classroom/steps.py",
        "classroom/hints.py", "analysis/check/asked.py",
        "classroom/exports/prairielearn.py", "analysis/regret/bisect.py",
        "service/models/openapi.py", "service/routes/traces.py",
        "service/models/bodies.py"}),
        "the ordering option, the order of a listing (newest first or oldest), or the "
        "order of evaluation asked of a student"),
    # a parameter or a node's role: the goal of a puzzle or a dice game, an A* goal node
    "goal": (frozenset({
        "problems/jugs.py", "problems/puzzle8.py", "games/dice.py", "games/registry.py",
        "analysis/astar/report.py", "problems/graph.py", "problems/graph_forms.py",
        "problems/romania.py", "sources.py"}), "a game's or a problem's goal"),
    # an HTTP answer's field (problem+json, the health check, a class problem's state),
    # and an LMS member's (Names and Role Provisioning: Active or Inactive)
    "status": (frozenset({"service/models/problem_details.py", "service/models/components.py",
                          "service/lti/roster.py"}),
               "an HTTP answer's status, an LMS member's"),
    # the transposition table as a technique, a reorder reason (Reorder.why) and a colour
    "tt": (frozenset({
        "families.py", "search/techniques.py", "figures/sidebyside.py",
        "render/model/captions.py", "render/draw/footer.py", "analysis/stats/table.py"}),
        "the transposition table"),
    # an Iteration event's kind (Iteration.kind == "iteration"), not the event type
    "iteration": (frozenset({"search/enhanced.py", "render/model/captions.py"}),
                  "an iteration's kind"),
    # the singular of "cuts" in a sentence counting them; the student helper's method
    # names (backup(...), cut(...)) in its error messages
    "cut": (frozenset({"figures/sidebyside.py", "student.py", "classroom/steps.py",
                       "classroom/step_answers.py",
                       "analysis/index/rows.py", "analysis/index/schema.py",
                       "service/models/components.py"}),
            "an English noun, a helper method's name, a step a student answers, or a "
            "column of a big trace's index (the kind of cut made at a node)"),
    "backup": (frozenset({"student.py"}), "a helper method's name"),
    # the Game protocol's method and capability (game.evaluate)
    "evaluate": (frozenset({"games/guard.py", "classroom/steps.py", "classroom/hints.py",
                            "classroom/step_answers.py"}),
                 "a game's method, or a step a student answers"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings) or
    are a sentence's template (``said("cut test")``: words for a person, in English)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)} | {
        id(node.args[0]) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id == "said" and node.args}


def _is_type(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "type"


def spelled(source: str) -> list[tuple[int, str, str]]:
    """(line, word, how) for each event type spelled in a module's source: a string
    constant that is a type's name, a JSON fragment writing one, or any string compared
    with an event's ``type`` (``ev.type == "cut"``)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    out: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_type(s) for s in sides):
                # ev.type == "cut", "cut" != ev.type, ev.type in ("cut", "iteration")
                words = [w for s in sides for w in (
                    s.elts if isinstance(s, ast.Tuple | ast.List | ast.Set) else [s])]
                out += [(node.lineno, w.value, "compared with .type") for w in words
                        if isinstance(w, ast.Constant) and isinstance(w.value, str)]
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skip:
            continue
        if node.value in KINDS:
            out.append((node.lineno, node.value, "a string constant"))
        out += [(node.lineno, m, "a JSON fragment") for m in JSON_TYPE.findall(node.value)
                if m in KINDS]
    return sorted(out)


def _modules() -> list[tuple[str, str]]:
    return [(p.relative_to(PACKAGE).as_posix(), p.read_text(encoding="utf-8"))
            for p in sorted(PACKAGE.rglob("*.py")) if p.name != "events.py"
            or p.parent != PACKAGE]


def test_no_event_type_is_spelled_outside_events_py() -> None:
    bad = []
    for name, source in _modules():
        for line, word, how in spelled(source):
            allowed = ALLOWED.get(word)
            if how == "compared with .type" or allowed is None or name not in allowed[0]:
                bad.append(f"tracer/{name}:{line}: {word!r} ({how})")
    assert bad == [], ("spell event types through tracer.events (Cut.type, EVENT_TYPES) "
                       "or the visitor, or add the word's other meaning to ALLOWED:\n"
                       + "\n".join(bad))


def test_every_allowed_place_still_spells_its_word() -> None:
    found = {(name, word) for name, source in _modules() for _, word, _ in spelled(source)}
    stale = sorted(f"{name}: {word!r}" for word, (names, _) in ALLOWED.items()
                   for name in names if (name, word) not in found)
    assert stale == []


def test_the_scan_catches_each_way_of_spelling_a_type() -> None:
    source = ('"""expand is fine in a docstring"""\n'
              'def f(ev, out, n):\n'
              '    "and in a function\'s docstring: cut"\n'
              '    if ev.type == "cut": pass\n'
              '    table = {"expand": f}\n'
              '    out.write(f\'{{"seq":{n},"type":"backup"}}\')\n'
              '    out.write(\'{"type":"header"}\')\n'
              '    if ev.type in ("gone", "goal"): pass\n'
              '    return ev.type != "not-a-kind"\n')
    assert spelled(source) == [
        (4, "cut", "a string constant"), (4, "cut", "compared with .type"),
        (5, "expand", "a string constant"), (6, "backup", "a JSON fragment"),
        (8, "goal", "a string constant"), (8, "goal", "compared with .type"),
        (8, "gone", "compared with .type"), (9, "not-a-kind", "compared with .type")]


def _c_lines(path: Path) -> list[tuple[str, list[str]]]:
    """Each line the C source writes: its type and the keys written up to ``end_line``."""
    text = path.read_text(encoding="utf-8").replace('\\"', '"')
    out = []
    for part in text.split('"type":"')[1:]:
        kind, _, rest = part.partition('"')
        body = rest.split("end_line(")[0]
        out.append((kind, re.findall(r'"(\w+)":', body)))
    return sorted(out)


def test_the_compiled_line_writer_writes_only_known_types_and_fields() -> None:
    written = _c_lines(PACKAGE / "search" / "fast" / "_lines.c")
    assert {kind for kind, _ in written} == {"expand", "evaluate", "backup", "cut"}
    for kind, keys in written:
        assert kind in EVENT_TYPES
        names = {f.name for f in fields(EVENT_TYPES[kind])}
        assert keys and set(keys) <= names, (kind, sorted(set(keys) - names))


def test_the_compiled_scanner_takes_its_types_from_python(search: Callable[..., Any]) -> None:
    # _scan.c compares a line's type with the names it is handed (the replay's line
    # handlers): it spells none itself, and the names it is handed are event types
    assert _c_lines(PACKAGE / "_scan.c") == []
    replay = Replay(search("((3 5) (2 9))").trace.header)
    assert set(replay.line_handlers()) == {"expand", "evaluate", "backup"} <= KINDS


def test_the_pages_scripts_compare_types_only_with_event_types() -> None:
    # the page reads traces from the API and filters events by their JSON "type" (quiz.js
    # finds the inner nodes of a minimax trace); each type it names must be an event type
    compared = re.compile(r'\.type\s*[!=]==?\s*"([^"]+)"|"([^"]+)"\s*[!=]==?\s*\w+\.type\b')
    seen = set()
    for path in sorted((PACKAGE / "service" / "static").glob("*.js")):
        for a, b in compared.findall(path.read_text(encoding="utf-8")):
            seen.add(a or b)
    assert seen <= KINDS, sorted(seen - KINDS)
    assert "expand" in seen
