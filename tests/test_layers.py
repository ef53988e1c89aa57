"""The house's layers run one way: a walk over every module's imports (``ast``, function-
local imports included) checks them against the module map below, which
``docs/architecture.md`` draws (``render/``'s stages included).

Data flows source -> search -> events/trace -> view/render, and analysis -> (search,
trace).  A layer imports only the layers listed for it; nothing imports the CLI or the
service but their entry points; and no two modules or packages import each other, even
through a function-local import.  Two kinds of import are not counted, and each is
checked for what it may be:

- imports under ``if TYPE_CHECKING:`` (they never run: annotations only);
- imports inside a Jupyter display hook (``_repr_svg_``, ``_repr_html_``...): Jupyter
  calls them as the CLI calls a command, so a trace or a tree may draw itself with
  the notebook helpers that sit above it.

``make lint`` checks the same layers with import-linter (``.importlinter``); the last
tests here keep its contract and this map in step.
"""

from __future__ import annotations

import ast
import configparser
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import tracer

PACKAGE = Path(tracer.__file__).parent

CORE = ("tracer.said", "tracer.errors", "tracer.jsonio", "tracer.compress", "tracer.outputs",
        "tracer.writing", "tracer.ranges", "tracer.numbers", "tracer.players", "tracer.choices",
        "tracer.spec",
        "tracer.events", "tracer.lines", "tracer.header", "tracer.trace", "tracer.wellformed",
        "tracer.record", "tracer.schema", "tracer.visit", "tracer.memory")
"""Types and files every stage shares: sentences and errors, JSON, reading and writing files (gzip
streams, output targets), number ranges, events, traces, recorders."""

LAYERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # layer: (its units, the layers it may import besides itself)
    "core": (CORE, ()),
    "protocol": (("tracer.games.base",), ("core",)),
    "trees": (("tracer.trees",), ("core", "protocol")),
    "games": (("tracer.games",), ("core", "protocol")),
    "problems": (("tracer.problems",), ("core",)),
    "examples": (("tracer.examples",), ("core", "trees")),
    "sources": (("tracer.sources",), ("core", "protocol", "trees", "games", "examples")),
    "search": (("tracer.search",), ("core", "protocol", "problems")),
    "student": (("tracer.student",), ("core", "protocol", "trees")),
    "render": (("tracer.render",), ("core", "trees")),
    # analysis -> (search, trace): what it reads (traces, trees, problems, what a SOURCE
    # names) and the searches it runs again (the expected answer, a student's
    # misconceptions); never a drawing.
    "analysis": (("tracer.analysis",), ("core", "trees", "problems", "sources", "search",
                                         "student")),
    # Pictures of analysis results, drawn with the renderer: above both.
    "figures": (("tracer.figures",), ("core", "trees", "render", "analysis")),
    # The classroom (assignments, steps, the gradebook, exports): checks answers, makes
    # exercises and draws them, under the front door that the service calls it through.
    "classroom": (("tracer.classroom",),
                  ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                   "search", "student", "render", "analysis", "figures")),
    "facade": (("tracer", "tracer.api", "tracer.recursion", "tracer.notebook"),
               ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                "search", "student", "render", "analysis", "figures", "classroom")),
    "service": (("tracer.service",),
                ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                 "search", "student", "render", "analysis", "figures", "classroom",
                 "facade")),
    "cli": (("tracer.__main__", "tracer.cli"),
            ("core", "protocol", "trees", "games", "problems", "examples", "sources",
             "search", "student", "render", "analysis", "figures", "classroom", "facade",
             "service")),
}
"""The module map, bottom up.  A unit is a package below ``tracer`` or a top-level module
(``tracer.games.base``, the Game protocol, is a unit of its own)."""

RENDER_STAGES = ("tracer.render.read", "tracer.render.model", "tracer.render.draw",
                 "tracer.render.files")
"""``render/`` by stage, bottom up: reading and replay, the view model, DOT, output files;
the package's own modules (``pipeline``: the Drawing, ``notebook``) sit on top."""

DISPLAY_HOOK_TARGETS = ("tracer.notebook", "tracer.render.notebook",
                        "tracer.analysis.check.report_html")
"""What a display hook may import: the notebook helpers, nothing else (a check report's
HTML sits beside the report, so its hook climbs no layer)."""

IMPORTLINTER = PACKAGE.parent / ".importlinter"
"""import-linter's contracts (``make lint``): the same layers, checked by ``lint-imports``."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def unit(module: str) -> str:
    if module == "tracer.games.base":
        return module
    return ".".join(module.split(".")[:2])


def layer(module: str) -> str:
    for name, (units, _) in LAYERS.items():
        if unit(module) in units:
            return name
    raise AssertionError(f"{module} has no place on the module map (tests/test_layers.py)")


def render_stage(module: str) -> int:
    for rank, stage in enumerate(RENDER_STAGES):
        if module == stage or module.startswith(stage + "."):
            return rank
    return len(RENDER_STAGES)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(module: str, source: str, *,
               hooks: bool = False) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every ``tracer`` import ``source`` makes at any depth;
    with ``hooks``, only those made inside display hooks."""
    package = module if modules().get(module, Path()).name == "__init__.py" \
        else module.rpartition(".")[0]

    def resolve(node: ast.ImportFrom) -> Iterator[str]:
        if node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module or ""
        for alias in node.names:
            full = f"{origin}.{alias.name}"
            yield full if full in modules() else origin

    def walk(node: ast.AST, in_hook: bool) -> Iterator[tuple[int, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    yield from walk_one(other, in_hook)
                continue
            yield from walk_one(child, in_hook)

    def walk_one(node: ast.AST, in_hook: bool) -> Iterator[tuple[int, str]]:
        if isinstance(node, ast.Import):
            names: Iterator[str] = (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = resolve(node)
        else:
            hook = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                and node.name.startswith("_repr_")
            yield from walk(node, in_hook or hook)
            return
        if in_hook == hooks:
            for name in names:
                if name == "tracer" or name.startswith("tracer."):
                    yield node.lineno, name

    yield from walk(ast.parse(source), False)


def type_only_imports(module: str, source: str) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every ``tracer`` import under ``if TYPE_CHECKING:``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and _type_checking(node):
            for statement in node.body:
                # The walker resolves the statement alone, on its own line.
                alone = "\n" * (statement.lineno - 1) + ast.unparse(statement)
                yield from imports_of(module, alone)


@cache
def graph() -> dict[str, dict[str, int]]:
    """module -> {module it imports: the first line doing so}."""
    out: dict[str, dict[str, int]] = {}
    for name, path in modules().items():
        edges: dict[str, int] = {}
        for line, target in imports_of(name, path.read_text(encoding="utf-8")):
            if target in modules() and target != name:
                edges.setdefault(target, line)
        out[name] = edges
    return out


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one member (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


# -- the walker itself ----------------------------------------------------------------


def test_the_walker_sees_function_local_imports_and_skips_annotations_and_hooks() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .errors import InputError\n"
        "if TYPE_CHECKING:\n"
        "    from .render import View\n"
        "def f():\n"
        "    from .analysis import check\n"
        "class T:\n"
        "    def _repr_svg_(self):\n"
        "        from .render.notebook import trace_svg\n")
    assert [t for _, t in imports_of("tracer.trace", source)] == [
        "tracer.errors", "tracer.analysis.check"]
    assert [t for _, t in imports_of("tracer.trace", source, hooks=True)] == [
        "tracer.render.notebook"]


def test_the_walker_finds_circles() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_module_has_a_place_on_the_map() -> None:
    for name in modules():
        layer(name)  # raises for a module the map does not place


# -- the house ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_each_layer_imports_only_the_layers_below_it(name: str) -> None:
    _, allowed = LAYERS[name]
    wrong = [f"{module}:{line} imports {target} ({layer(target)})"
             for module, edges in graph().items() if layer(module) == name
             for target, line in edges.items()
             if layer(target) not in (name, *allowed)]
    assert wrong == [], f"{name} may import only {', '.join((name, *allowed))}"


def test_nothing_imports_the_cli_or_the_service_but_their_entry_points() -> None:
    wrong = [f"{module}:{line} imports {target}"
             for module, edges in graph().items() for target, line in edges.items()
             if (layer(target) == "cli" and layer(module) != "cli")
             or (layer(target) == "service" and unit(module) != "tracer.cli"
                 and layer(module) != "service")]
    assert wrong == []


def test_render_and_analysis_never_import_search_games_cli_service_api_or_each_other() -> None:
    # Stated once more, by name, as the issue states it: renderers read traces only, and
    # analysis -> (search, trace) draws nothing (its pictures are in tracer.figures).
    forbidden = {"tracer.render": ("tracer.search", "tracer.games", "tracer.games.base",
                                   "tracer.cli", "tracer.service", "tracer.api"),
                 "tracer.analysis": ("tracer.render", "tracer.figures", "tracer.cli",
                                     "tracer.service", "tracer.api", "tracer.games")}
    wrong = [f"{module} imports {target}" for module, edges in graph().items()
             for target in edges if unit(target) in forbidden.get(unit(module), ())]
    assert wrong == []


def test_render_stages_import_only_downward() -> None:
    wrong = [f"{module}:{line} imports {target}"
             for module, edges in graph().items() if unit(module) == "tracer.render"
             for target, line in edges.items()
             if unit(target) == "tracer.render" and render_stage(target) > render_stage(module)]
    assert wrong == []
    placed = {render_stage(m) for m in modules() if unit(m) == "tracer.render"}
    assert placed == set(range(len(RENDER_STAGES) + 1))  # every stage holds modules


def test_the_jobs_of_analysis_never_import_each_other() -> None:
    # check/, orderings/, matrices/, astar/, stats/, regret/: each job imports the layers
    # below and itself.
    def job(module: str) -> str | None:
        parts = module.split(".")
        return ".".join(parts[:3]) if parts[:2] == ["tracer", "analysis"] and len(parts) > 2 \
            else None

    wrong = [f"{module}:{line} imports {target}"
             for module, edges in graph().items() if job(module)
             for target, line in edges.items() if job(target) not in (None, job(module))]
    assert wrong == []
    assert {job(m) for m in modules()} - {None} == {
        "tracer.analysis.check", "tracer.analysis.orderings", "tracer.analysis.matrices",
        "tracer.analysis.astar", "tracer.analysis.stats", "tracer.analysis.regret",
        "tracer.analysis.index"}


def test_no_two_modules_import_each_other() -> None:
    edges = {module: set(targets) for module, targets in graph().items()}
    assert circles(edges) == []


def test_no_two_packages_import_each_other() -> None:
    edges: dict[str, set[str]] = {}
    for module, targets in graph().items():
        edges.setdefault(unit(module), set()).update(
            unit(t) for t in targets if unit(t) != unit(module))
    assert circles(edges) == []


HIDDEN_CIRCLES_OWNED_ELSEWHERE: set[tuple[str, str]] = set()
"""Type-only imports that still close a circle: none."""


def reaches(start: str, goal: str) -> bool:
    """Whether ``start`` imports ``goal`` at run time, directly or through others
    (display hooks left out: Jupyter calls them, no import does)."""
    seen, todo = {start}, [start]
    while todo:
        for target in graph()[todo.pop()]:
            if target == goal:
                return True
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return False


def test_the_walker_finds_type_only_imports() -> None:
    source = ("from typing import TYPE_CHECKING\n"
              "from .errors import InputError\n"
              "if TYPE_CHECKING:\n"
              "    from .render.model.view import View\n"
              "    from . import trace\n")
    assert list(type_only_imports("tracer.spec", source)) == [
        (4, "tracer.render.model.view"), (5, "tracer.trace")]


def test_no_type_only_import_hides_a_circle() -> None:
    # ``if TYPE_CHECKING:`` is for types the module must not load at run time (a heavy
    # module, or one above it); never to hide that the two modules import each other:
    # the shared type then belongs in the lower module.
    hidden = {(name, target) for name, path in modules().items()
              for _, target in type_only_imports(name, path.read_text(encoding="utf-8"))
              if target in modules() and reaches(target, name)}
    assert hidden - HIDDEN_CIRCLES_OWNED_ELSEWHERE == set()


def test_display_hooks_import_only_the_notebook_helpers() -> None:
    wrong = [f"{name}:{line} imports {target} in a display hook"
             for name, path in modules().items()
             for line, target in imports_of(name, path.read_text(encoding="utf-8"),
                                            hooks=True)
             if target not in DISPLAY_HOOK_TARGETS]
    assert wrong == []


def test_import_linter_lets_through_exactly_the_display_hooks_that_climb() -> None:
    # .importlinter's contracts ignore the few imports display hooks make upward; the list
    # must be exactly those, so that nothing else can slip through it.
    config = configparser.ConfigParser()
    config.read(IMPORTLINTER, encoding="utf-8")
    climbing = set()
    for name, path in modules().items():
        for _, target in imports_of(name, path.read_text(encoding="utf-8"), hooks=True):
            if layer(target) not in (layer(name), *LAYERS[layer(name)][1]):
                climbing.add(f"{name} -> {target}")
    assert climbing  # the walker still sees the hooks
    for section in ("importlinter:contract:layers", "importlinter:contract:no-circles"):
        ignored = set(config[section]["ignore_imports"].split("\n")) - {""}
        assert ignored == climbing, section


def test_import_linter_stacks_the_layers_as_the_module_map_does() -> None:
    # Every unit on the map sits in one layer of the contract, and no layer may import
    # one the contract puts above it.
    config = configparser.ConfigParser()
    config.read(IMPORTLINTER, encoding="utf-8")
    contract = config["importlinter:contract:layers"]
    assert contract["containers"].split() == ["tracer"]
    assert contract["exhaustive"] == "true"
    rank: dict[str, int] = {}
    for height, line in enumerate(reversed(contract["layers"].split("\n"))):
        for part in line.replace("|", ":").split(":"):
            if part.strip():
                rank[f"tracer.{part.strip()}"] = height
    rank["tracer.games.base"] = rank["tracer.games"]
    for units, allowed in LAYERS.values():
        for u in units:
            if u == "tracer":
                continue  # the package itself: not a layer of its own container
            assert u in rank, f"{u} is on the module map but in no layer of .importlinter"
            below = {v for other in allowed for v in LAYERS[other][0] if v != "tracer"}
            assert all(rank[v] <= rank[u] for v in below), \
                f"{u} may import a layer that .importlinter puts above it"
