"""The house's layers run one way: a walk over every module's imports (``ast``) checks them
against the module map below, which ``docs/architecture.md`` draws (``render/``'s stages
included).

Data flows source -> search -> events/trace -> view/render, and analysis -> (search,
trace).  A layer imports only the layers listed for it; nothing imports the CLI or the
service but their entry points; and no two modules or packages import each other.  Every
import counts: at the top of a module, inside a function, inside a Jupyter display hook
(a trace or a tree shows itself through the registry of :mod:`tracer.display`, which
the notebook layer fills from above, so its hooks import nothing above it), and the
imports made by name (``importlib.import_module``: the package's names loaded on first
use, PEP 562).  Only imports under ``if TYPE_CHECKING:`` are left out (they never run:
annotations only), and each is checked not to hide a circle.  The core imports nothing
by name: its tables are the spec's data.

``make lint`` checks the same layers with import-linter (``.importlinter``), with no
exception for the display hooks; the last tests here keep its contract and this map in
step.
"""

from __future__ import annotations

import ast
import configparser
import importlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import tracer

PACKAGE = Path(tracer.__file__).parent

CORE = ("tracer.said", "tracer.errors", "tracer.stdin", "tracer.stderr_channel",
        "tracer.jsonio", "tracer.compress",
        "tracer.outputs", "tracer.writing", "tracer.ranges", "tracer.numbers",
        "tracer.reading_numbers", "tracer.players", "tracer.choices",
        "tracer.families", "tracer.limits", "tracer.spec", "tracer.option_rules",
        "tracer.display",
        "tracer.events", "tracer.lines", "tracer.header", "tracer.trace", "tracer.scanning",
        "tracer.wellformed",
        "tracer.record", "tracer.schema", "tracer.visit", "tracer.memory", "tracer.windows")
"""Types and files every stage shares: sentences and errors, JSON, reading and writing files (gzip
streams, output targets), number ranges, the names and budgets a search is asked for and
its spec, the display registry, events, traces, recorders."""

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
    # The trace writer for engines and its stream's check: the trace core only.
    "sdk": (("tracer.sdk",), ("core",)),
    # analysis -> (search, trace): what it reads (traces, trees, problems, what a SOURCE
    # names) and the searches it runs again (the expected answer, a student's
    # misconceptions), an engine stream read by the rules its check states (sdk); never
    # a drawing.
    "analysis": (("tracer.analysis",), ("core", "trees", "problems", "sources", "search",
                                         "student", "sdk")),
    # Pictures of analysis results, drawn with the renderer: above both.
    "figures": (("tracer.figures",), ("core", "trees", "render", "analysis")),
    # The classroom (assignments, steps, the gradebook, exports): checks answers, makes
    # exercises and draws them, under the front door that the service calls it through.
    "classroom": (("tracer.classroom",),
                  ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                   "search", "student", "render", "analysis", "figures")),
    "facade": (("tracer", "tracer._api", "tracer.recursion", "tracer.notebook"),
               ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                "search", "student", "render", "sdk", "analysis", "figures", "classroom")),
    "service": (("tracer.service",),
                ("core", "protocol", "trees", "games", "problems", "examples", "sources",
                 "search", "student", "render", "sdk", "analysis", "figures", "classroom",
                 "facade")),
    "cli": (("tracer.__main__", "tracer.cli"),
            ("core", "protocol", "trees", "games", "problems", "examples", "sources",
             "search", "student", "render", "sdk", "analysis", "figures", "classroom", "facade",
             "service")),
}
"""The module map, bottom up.  A unit is a package below ``tracer`` or a top-level module
(``tracer.games.base``, the Game protocol, is a unit of its own)."""

RENDER_STAGES = ("tracer.render.read", "tracer.render.model", "tracer.render.draw",
                 "tracer.render.files")
"""``render/`` by stage, bottom up: reading and replay, the view model, DOT, output files;
the package's own modules (``pipeline``: the Drawing, ``notebook``) sit on top."""

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


def imports_of(module: str, source: str) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every ``tracer`` import ``source`` makes at any depth
    (functions and display hooks included), and every import by a name it spells
    (``importlib.import_module(".notebook", __name__)``), but those under
    ``if TYPE_CHECKING:``."""
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

    def walk(node: ast.AST) -> Iterator[tuple[int, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    yield from walk_one(other)
                continue
            yield from walk_one(child)

    def walk_one(node: ast.AST) -> Iterator[tuple[int, str]]:
        if isinstance(node, ast.Import):
            names: Iterator[str] = (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = resolve(node)
        else:
            spelt = named_import(node, package)
            if spelt is not None:
                yield node.lineno, spelt
            yield from walk(node)
            return
        for name in names:
            if name == "tracer" or name.startswith("tracer."):
                yield node.lineno, name

    yield from walk(ast.parse(source))


def is_import_by_name(node: ast.AST) -> bool:
    """A call of ``importlib.import_module`` (or ``__import__``)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "import_module") or (
        isinstance(f, ast.Name) and f.id in ("import_module", "__import__"))


def named_import(node: ast.AST, package: str) -> str | None:
    """The module an import by name spells out (``import_module("tracer.x")``, or
    ``(".x", __name__)`` in a package), else ``None``."""
    if not is_import_by_name(node):
        return None
    assert isinstance(node, ast.Call)
    first = node.args[0] if node.args else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None  # a name made at run time: lazy_imports, or the CLI's library lists
    name: str = first.value
    return f"{package}{name}" if name.startswith(".") else name


def lazy_imports(module: str, source: str) -> Iterator[tuple[int, str]]:
    """The submodules a package loads on first use (PEP 562): the values of its
    module-level ``_WHERE`` table (public name -> submodule), as imports of its own."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "_WHERE" for t in node.targets):
            table = importlib.import_module(module)._WHERE
            for sub in sorted(set(table.values())):
                yield node.lineno, f"{module}.{sub.lstrip('.')}"


def lookups_by_name(source: str) -> Iterator[str]:
    """The functions of ``source`` that import a module whose name they are given or make
    (not one they spell out)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if is_import_by_name(inner) and named_import(inner, "") is None:
                    yield node.name
                    break


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
        text = path.read_text(encoding="utf-8")
        for line, target in [*imports_of(name, text), *lazy_imports(name, text)]:
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


def test_the_walker_sees_function_local_imports_hooks_and_names_and_skips_annotations() -> None:
    source = (
        "import importlib\n"
        "from typing import TYPE_CHECKING\n"
        "from .errors import InputError\n"
        "if TYPE_CHECKING:\n"
        "    from .render import View\n"
        "def f():\n"
        "    from .analysis import check\n"
        "    importlib.import_module('.notebook', __name__)\n"
        "class T:\n"
        "    def _repr_svg_(self):\n"
        "        from .render.notebook import trace_svg\n")
    assert [t for _, t in imports_of("tracer.trace", source)] == [
        "tracer.errors", "tracer.analysis.check", "tracer.notebook", "tracer.render.notebook"]
    assert list(lookups_by_name(source)) == []
    assert list(lookups_by_name("import importlib\ndef g(m):\n    importlib.import_module(m)\n"
                                )) == ["g"]


def test_the_walker_counts_what_a_package_loads_on_first_use() -> None:
    # tracer/__init__.py loads its public names by name (PEP 562): each is an import
    assert {"tracer._api.front", "tracer.search", "tracer.render.notebook",
            "tracer.render._entry"} <= set(graph()["tracer"])
    assert "tracer.analysis.check.report" in graph()["tracer.analysis.check"]


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
                                   "tracer.cli", "tracer.service", "tracer._api"),
                 "tracer.analysis": ("tracer.render", "tracer.figures", "tracer.cli",
                                     "tracer.service", "tracer._api", "tracer.games")}
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


def reaches(start: str, goal: str) -> bool:
    """Whether ``start`` imports ``goal`` at run time, directly or through others."""
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
    assert hidden == set()


def test_the_core_imports_nothing_by_name() -> None:
    # The core's tables are data (tracer.families): a spec field carries its table, and
    # a spec made imports no search.
    found = {(name, function) for name, path in modules().items() if layer(name) == "core"
             for function in lookups_by_name(path.read_text(encoding="utf-8"))}
    assert found == set()
    spelt = [f"{name}:{line} imports {target} by name" for name, path in modules().items()
             if layer(name) == "core"
             for line, target in imports_of(name, path.read_text(encoding="utf-8"))
             if "import_module" in path.read_text(encoding="utf-8").splitlines()[line - 1]]
    assert spelt == []


def test_display_hooks_draw_through_the_registry() -> None:
    # A trace or a tree shows itself by asking tracer.display; the notebook layer, loaded
    # on the first look, registers how (a tree is drawn, never searched).
    from tracer.trace import Trace
    from tracer.trees import parse_tree_text

    tree = parse_tree_text("A(B(3 12 8) C(2 4 6) D(14 5 2))")
    svg = tree._repr_svg_()
    assert svg is not None and svg.lstrip().startswith("<?xml") and ">14<" in svg
    import tracer.display as display

    assert Trace in display._SHOWS and type(tree) in display._SHOWS


def test_import_linter_needs_no_exception_for_the_display_hooks() -> None:
    config = configparser.ConfigParser()
    config.read(IMPORTLINTER, encoding="utf-8")
    for section in config.sections():
        ignored = config[section].get("ignore_imports", "")
        assert "notebook" not in ignored and "tracer.trace ->" not in ignored, section


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


def test_the_command_lines_lists_named_by_name_climb_no_layer() -> None:
    # The one import by name left is the command line's (cli/options.py's library_list,
    # so that --help loads no search): the walker cannot see it, so each list a command
    # names is checked here to exist in a layer the command line may import.
    import click

    from tracer.cli import main
    from tracer.cli.options import LibraryChoice, library_list

    def params(command: click.Command) -> list[click.Parameter]:
        found = list(command.params)
        if isinstance(command, click.Group):
            for sub in command.commands.values():
                found += params(sub)
        return found

    named = {p.type.where for p in params(main)
             if isinstance(p.type, LibraryChoice) and isinstance(p.type.where, str)}
    assert "tracer.render.draw.presets:PRESETS" in named
    _, allowed = LAYERS["cli"]
    for where in sorted(named):
        module = where.partition(":")[0]
        assert module in modules() and layer(module) in ("cli", *allowed), where
        assert library_list(where), where
