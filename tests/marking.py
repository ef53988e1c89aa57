"""The kinds of test that need more than Python, each a marker (pyproject.toml registers
them), put on by what a test uses, so that a new test is marked without anyone thinking
of it, and ``make check`` (``-m "not browser and not postgres and not tex and not
subprocess and not slow"``) leaves it out:

- ``browser``: it takes the ``browser`` fixture (Playwright driving chromium), or names
  chromium's path (a constant of its module);
- ``postgres``: it takes the ``postgres`` fixture, or a store parametrized ``postgresql``;
- ``tex``: it, one of its fixtures, or a function of the tests either calls (of its
  module or of a helper module, followed all the way down) has the string
  ``"pdflatex"``, ``"pdfinfo"``, ``"pdftoppm"`` or ``"pdftotext"`` (a command line's
  first word), or names a constant of its module that has one;
- ``subprocess``: the same, for ``sys.executable`` (a Python, ``gametrace`` or ``python
  -m tracer`` child) or the string ``"gametrace"``;
- ``slow``: put on by hand, or by :data:`SLOW`, the table of the longest (its length is
  not something a test's code shows).

What cannot be seen in the source is caught when the test runs: every child process a
test starts is looked at (:func:`kinds_of_command`), and one of a kind the test is not
marked with fails the test, naming the marker to put on.  So no browser, PostgreSQL, TeX
or subprocess test can go unmarked, and ``make check`` stays a loop of a minute.
"""

from __future__ import annotations

import dis
import functools
import inspect
import os
import subprocess
import sys
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
KINDS = ("browser", "postgres", "tex", "subprocess", "slow")
"""The markers, in the order ``make check``'s expression names them."""

TEX_TOOLS = frozenset({"pdflatex", "lualatex", "xelatex", "pdfinfo", "pdftoppm", "pdftotext"})
PYTHONS = frozenset({"gametrace"})
BROWSERS = frozenset({"chromium", "chromium-browser"})
BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"postgres"})
# The longest tests of the rest, by module or by function (every parameter), from
# `pytest -n 2 --durations=60 -m "<make check's expression>"`: each took 15 s or more
# there, on the 2-core machine shared with other runs (a few seconds when it is quiet).
# A test added to this list is as if marked slow by hand.
SLOW = frozenset({
    "tests/benchmarks/test_bench_engines.py::test_the_plain_alpha_beta_searches_the_tree_ours_does",
    "tests/cli/test_cli_quiet.py::test_q_drops_the_notes_and_keeps_the_answer",
    "tests/core/test_catalog_words.py::test_every_template_is_well_formed_english",
    "tests/core/test_catalog_words.py::test_no_catalog_keeps_a_word_the_code_no_longer_says",
    "tests/core/test_compress.py::test_full_tictactoe_trace_shrinks_tenfold",
    "tests/core/test_vocabulary.py::test_every_allowed_place_still_spells_its_word",
    "tests/core/test_vocabulary.py::test_no_event_type_is_spelled_outside_events_py",
    "tests/games/test_adapters_cli.py::test_run_chess_finds_the_mate_and_records_san_ids_and_fen_labels",
    "tests/games/test_openspiel.py::test_a_depth_limit_is_refused_before_the_search",
    "tests/games/test_openspiel.py::test_tic_tac_toe_has_the_same_tree_as_ours",
    "tests/render/draw/test_dot_escape.py::test_any_id_move_or_position_draws_exactly_what_was_written",
    "tests/render/draw/test_edge_labels.py::test_every_frame_keeps_each_label_by_its_edge",
    "tests/render/draw/test_label_work.py::test_a_big_tree_labels_test_only_the_boxes_near_them",
    "tests/render/draw/test_render_collisions.py::test_edge_labels_side_by_side_never_read_as_one_phrase",
    "tests/render/draw/test_render_collisions.py::test_no_frame_has_a_collision",
    "tests/render/draw/test_render_compose.py::test_every_joined_frame_is_the_frame_graphviz_draws",
    "tests/render/files/test_render_graphviz_quiet.py::test_astar_frames_have_no_label_syntax_errors",
    "tests/render/files/test_tikz.py::test_astar_frames_draw_as_tikz_without_crashing",
    "tests/render/model/test_astar_captions.py::test_puzzle_frames_name_nodes_by_their_states",
    "tests/render/model/test_frames_steady.py::test_edge_labels_stay_put_across_frames",
    "tests/render/test_worksheet.py::test_a_tree_too_large_for_boxes_to_write_in_is_refused",
    "tests/search/test_chance_properties.py::test_pns_agrees_with_the_depth_first_proof",
    "tests/search/test_chance_properties.py::test_star1_returns_the_expectiminimax_value",
    "tests/search/test_counters.py::test_counters_equal_the_full_trace_on_the_games",
    "tests/search/test_fast_equals_reference.py::test_both_builds_write_byte_identical_files",
    "tests/search/test_fast_equals_reference.py::test_the_fast_tier_equals_the_reference",
    "tests/search/test_fast_equals_reference.py::test_untraced_games_return_the_references_results",
    "tests/search/test_properties.py::test_every_trace_validates_and_round_trips",
    "tests/service/classroom/test_classroom_api.py::test_a_course_s_library_is_filtered_as_the_shared_one",
    "tests/service/classroom/test_classroom_api.py::test_deletes_remove_what_they_name_only",
    "tests/service/classroom/test_classroom_api.py::test_exports_of_an_exercise",
    "tests/service/classroom/test_classroom_api.py::test_no_classroom_get_changes_the_store",
    "tests/service/classroom/test_classroom_api.py::test_the_solution_by_policy",
    "tests/service/classroom/test_classroom_event_loop.py::test_making_the_world_never_connects_on_the_loop",
    "tests/service/static/test_pages_step.py::test_a_search_of_more_than_400_steps_is_answered_in_bounded_pages",
    "tests/service/static/test_pages_step.py::test_pages_of_frames_join_into_the_whole_sequence",
    "tests/service/routes/test_service_api.py::test_render_gives_each_format_and_escapes_text",
    "tests/service/routes/test_service_api.py::test_seeded_files_are_in_the_canonical_form",
    "tests/service/jobs/test_service_isolation.py::test_a_job_past_its_cpu_limit_is_stopped_and_named",
    "tests/service/jobs/test_service_isolation.py::test_a_search_past_the_cpu_limit_answers_a_problem_and_the_next_search_works",
    "tests/service/routes/test_service_requests.py::test_a_big_tree_posted_as_json_is_read_in_linear_time",
    "tests/service/routes/test_service_requests.py::test_every_tree_the_schema_refuses_is_refused",
    "tests/service/routes/test_service_requests.py::test_no_get_changes_the_store",
    "tests/service/models/test_service_schemathesis.py",
    "tests/test_layers.py::test_import_linter_lets_through_exactly_the_display_hooks_that_climb",
    "tests/trees/test_trees.py::test_json_round_trip_and_schema",
    "tests/trees/test_trees.py::test_text_round_trip_and_idempotent_format",
})
POSTGRES_PARAM = "postgresql"
"""The value of a store's parameter (``[postgresql]``) that puts a test on the server."""


def kinds_of_command(args: Any) -> set[str]:
    """The markers a child process started with ``args`` (as ``subprocess.Popen`` takes
    them) asks of the test that starts it."""
    if isinstance(args, (str, bytes, os.PathLike)):
        words = os.fsdecode(args).split()
    else:
        words = [os.fsdecode(a) for a in args]
    if not words:
        return set()
    kinds: set[str] = set()
    names = [os.path.basename(w) for w in words]
    if TEX_TOOLS.intersection(names):
        kinds.add("tex")
    if "pg_ctl" in names or "postgres" in names:
        kinds.add("postgres")
    if any("playwright" in w for w in words) or BROWSERS.intersection(names):
        kinds.add("browser")
    if (sys.executable in words or PYTHONS.intersection(names)
            or names[0].startswith("python")):
        kinds.add("subprocess")
    return kinds


# What the code shows -----------------------------------------------------------------
# Read from the compiled functions, not the source: nothing is parsed again, and a
# function's constants and the names it reaches are all there.

LIBRARIES = tuple(str(Path(p).resolve()) for p in {sys.prefix, sys.base_prefix})
TRACER = str(TESTS.parent / "tracer")
GLOBAL_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME"})


def _value_kinds(value: object) -> set[str]:
    """The kinds a constant shows: ``"pdflatex"``, ``sys.executable``, ``"gametrace"``, or
    a list or tuple (a command line) with one of them."""
    if isinstance(value, (list, tuple)):
        return set().union(*(_value_kinds(v) for v in value)) if value else set()
    if not isinstance(value, str):
        return set()
    # the program's name alone (an argv's first item, shutil.which's argument): a
    # sentence that mentions it is not a run of it
    if value in TEX_TOOLS:
        return {"tex"}
    if os.path.basename(value) in BROWSERS:  # chromium's path, as shutil.which gives it
        return {"browser"}
    if value in PYTHONS or value == sys.executable:
        return {"subprocess"}
    return set()


def _code_kinds(code: CodeType, space: dict[str, Any]) -> set[str]:
    kinds: set[str] = set()
    for const in code.co_consts:
        if isinstance(const, CodeType):  # a nested function, lambda or comprehension
            kinds |= _code_kinds(const, space)
        elif const not in code.co_names:
            # (pytest's rewritten asserts hold the names they show as strings:
            # ``assert gametrace(...) == ...`` has a "gametrace" that runs nothing)
            kinds |= _value_kinds(const)
    # the names it takes from its module (an attribute's name, as ``run`` in
    # ``subprocess.run``, is not one)
    taken = {i.argval for i in dis.get_instructions(code) if i.opname in GLOBAL_LOADS}
    if "sys" in code.co_names and "executable" in code.co_names:  # imported inside too
        kinds.add("subprocess")
    for name in taken:
        value = space.get(name)
        if inspect.isfunction(value):
            kinds |= function_kinds(value)
        elif isinstance(value, (str, list, tuple)):
            kinds |= _value_kinds(value)
    return kinds


_found: dict[Any, frozenset[str]] = {}


def function_kinds(function: Any) -> frozenset[str]:
    """The kinds a function of the tests shows: by its constants, the constants of its
    module it names, and the functions of the tests it calls (of its module or of a
    helper module), followed all the way down.  The library's functions, those of
    installed packages and these are not followed: they start no child of these kinds."""
    function = inspect.unwrap(function)
    code = getattr(function, "__code__", None)
    if code is None or code.co_filename.startswith((*LIBRARIES, TRACER, __file__)):
        return frozenset()
    if function not in _found:
        _found[function] = frozenset()  # a function that calls itself, or a circle
        _found[function] = frozenset(_code_kinds(code, function.__globals__))
    return _found[function]


def implied_kinds(item: pytest.Item) -> set[str]:
    """The markers ``item`` takes from the fixtures and parameters it uses and from the
    code of the test and of its fixtures."""
    kinds: set[str] = set()
    names = set(getattr(item, "fixturenames", ()))
    if names & BROWSER_FIXTURES:
        kinds.add("browser")
    if names & POSTGRES_FIXTURES:
        kinds.add("postgres")
    callspec = getattr(item, "callspec", None)
    if callspec is not None and POSTGRES_PARAM in callspec.params.values():
        kinds.add("postgres")
    function = getattr(item, "function", None)
    if function is not None:
        kinds |= function_kinds(function)
    if item.nodeid.split("::")[0] in SLOW or item.nodeid.split("[")[0] in SLOW:
        kinds.add("slow")
    info = getattr(item, "_fixtureinfo", None)
    for definitions in (info.name2fixturedefs.values() if info is not None else ()):
        for definition in definitions:
            kinds |= function_kinds(definition.func)
    return kinds & set(KINDS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        have = {m.name for m in item.iter_markers()}
        for kind in sorted(implied_kinds(item) - have):
            item.add_marker(getattr(pytest.mark, kind))


# What the test does -------------------------------------------------------------------

_running: list[pytest.Item] = []
"""The test whose setup or call is running (a stack: pytester runs a session
inside a test)."""


class UnmarkedChild(Exception):
    """A test started a child process of a kind it is not marked with."""


def _guarded_init(init: Any) -> Any:
    @functools.wraps(init)  # its __wrapped__ tells a second configure that Popen is guarded
    def __init__(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        if _running:
            item = _running[-1]
            missing = kinds_of_command(args) - {m.name for m in item.iter_markers()}
            if missing:
                marks = ", ".join(f"@pytest.mark.{kind}" for kind in sorted(missing))
                raise UnmarkedChild(
                    f"{item.nodeid} starts {args!r} but is not marked {marks}: put the "
                    f"marker on the test (tests/marking.py tells which ones the hooks "
                    f"put on by themselves)")
        init(self, args, *rest, **options)

    return __init__


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(subprocess.Popen.__init__, "__wrapped__"):  # an inner run wraps once
        # Popen's constructor is replaced for the whole session, so that the guard sees
        # every child a test starts; a MonkeyPatch of the session's, never undone
        pytest.MonkeyPatch().setattr(subprocess.Popen, "__init__",
                                     _guarded_init(subprocess.Popen.__init__))


@contextmanager
def _watched(item: pytest.Item) -> Iterator[None]:
    _running.append(item)
    try:
        yield
    finally:
        _running.pop()


# Setup and call only: the session's last teardown stops the servers that earlier tests
# started (pg_ctl stop), whatever the last test is.
@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with _watched(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with _watched(item):
        return (yield)
