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
  -m tracer`` child), the string ``"gametrace"``, or a shell (``"bash"``, ``"sh"``: the
  commands of a page's console blocks, which run ``gametrace``);
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
SHELLS = frozenset({"bash", "sh"})
BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"postgres"})
# The longest tests of the rest, by module or by function (every parameter), named by the
# file alone (a test module's name is unique in the suite, pytest's prepend import mode
# asks it, so a module moved to another folder keeps its entries): each took 15 s or
# more under `pytest -n 2 --durations=60 -m "<make check's expression>"` on the 2-core
# machine shared with other runs (a few seconds when it is quiet), properties on make
# check's profile (a tenth of their examples: the longest of them came back in).
# A test added to this list is as if marked slow by hand.
MEASURED_LIST = TESTS / "measured_slow.txt"
"""Written by tools/find_slow_tests.py: see :data:`MEASURED`."""
SLOW = frozenset({
    "test_adapters_cli.py::test_run_chess_finds_the_mate_and_records_san_ids_and_fen_labels",
    "test_astar_captions.py::test_puzzle_frames_name_nodes_by_their_states",
    "test_bench_engines.py::test_the_plain_alpha_beta_searches_the_tree_ours_does",
    "test_catalog_words.py::test_every_template_is_well_formed_english",
    "test_catalog_words.py::test_no_catalog_keeps_a_word_the_code_no_longer_says",
    "test_classroom_api.py::test_a_course_s_library_is_filtered_as_the_shared_one",
    "test_classroom_api.py::test_deletes_remove_what_they_name_only",
    "test_classroom_api.py::test_no_classroom_get_changes_the_store",
    "test_classroom_api.py::test_the_solution_by_policy",
    "test_classroom_event_loop.py::test_making_the_world_never_connects_on_the_loop",
    "test_cli_quiet.py::test_q_drops_the_notes_and_keeps_the_answer",
    "test_compress.py::test_full_tictactoe_trace_shrinks_tenfold",
    "test_counters.py::test_counters_equal_the_full_trace_on_the_games",
    "test_edge_labels.py::test_every_frame_keeps_each_label_by_its_edge",
    "test_fast_equals_reference.py::test_both_builds_write_byte_identical_files",
    "test_fast_equals_reference.py::test_untraced_games_return_the_references_results",
    "test_frames_steady.py::test_edge_labels_stay_put_across_frames",
    "test_label_work.py::test_a_big_tree_labels_test_only_the_boxes_near_them",
    "test_openspiel.py::test_a_depth_limit_is_refused_before_the_search",
    "test_openspiel.py::test_tic_tac_toe_has_the_same_tree_as_ours",
    "test_pages_step.py::test_a_search_of_more_than_400_steps_is_answered_in_bounded_pages",
    "test_pages_step.py::test_pages_of_frames_join_into_the_whole_sequence",
    "test_render_collisions.py::test_edge_labels_side_by_side_never_read_as_one_phrase",
    "test_render_collisions.py::test_no_frame_has_a_collision",
    "test_render_compose.py::test_every_joined_frame_is_the_frame_graphviz_draws",
    "test_render_graphviz_quiet.py::test_astar_frames_have_no_label_syntax_errors",
    "test_service_api.py::test_render_gives_each_format_and_escapes_text",
    "test_service_api.py::test_seeded_files_are_in_the_canonical_form",
    "test_service_isolation.py::test_a_job_past_its_cpu_limit_is_stopped_and_named",
    "test_service_isolation.py::"
    "test_a_search_past_the_cpu_limit_answers_a_problem_and_the_next_search_works",
    "test_service_requests.py::test_a_big_tree_posted_as_json_is_read_in_linear_time",
    "test_service_requests.py::test_every_tree_the_schema_refuses_is_refused",
    "test_service_requests.py::test_no_get_changes_the_store",
    "test_service_schemathesis.py",
    "test_tikz.py::test_astar_frames_draw_as_tikz_without_crashing",
    "test_vocabulary.py::test_every_allowed_place_still_spells_its_word",
    "test_vocabulary.py::test_no_event_type_is_spelled_outside_events_py",
    "test_worksheet.py::test_a_tree_too_large_for_boxes_to_write_in_is_refused",
    # real time waited, not work: backoffs from 0.2 s, leases of 2 s, a score watched
    # for 1.5 s to see it sent once (the score's way to the platform stays in the loop)
    "test_lti_scores.py::test_a_400_is_shown_with_the_platform_s_reason_and_sent_again_on_request",
    "test_lti_scores.py::test_a_503_is_tried_again_until_the_platform_takes_it",
    "test_lti_scores.py::test_a_platform_down_then_up_gets_the_score_once",
    "test_lti_scores.py::test_a_score_another_sender_holds_is_not_sent_until_its_lease_ends",
    "test_lti_scores.py::test_a_score_queued_when_the_server_stops_is_sent_by_the_next_one",
    "test_lti_scores.py::test_a_token_is_asked_for_again_once_it_expires",
    "test_lti_scores.py::test_two_server_processes_on_one_store_send_each_score_once",
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
    if os.path.basename(words[0]) in SHELLS:  # bash -c "gametrace run aima | head": the
        words = [*words, *" ".join(words[1:]).split()]  # programs its command names run too
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
    if value in SHELLS:  # what a shell will run is not in the code: a page's gametrace
        return {"subprocess"}
    return set()


_LOADS = frozenset(dis.opmap[name] for name in GLOBAL_LOADS)
_EXTENDED = dis.opmap["EXTENDED_ARG"]


def _global_names(code: CodeType) -> set[str]:
    """The names ``code`` loads from its module: the arguments of its LOAD_GLOBAL and
    LOAD_NAME, read off the raw bytecode (what ``dis.get_instructions`` gives, a tenth of
    its time: this runs over every test's code at each collection)."""
    names, raw, extended = set(), code.co_code, 0
    for at in range(0, len(raw), 2):
        op, arg = raw[at], raw[at + 1] | extended
        extended = arg << 8 if op == _EXTENDED else 0
        if op in _LOADS:
            # LOAD_GLOBAL's argument is the name's index shifted by one (its low bit
            # says whether NULL is pushed too), LOAD_NAME's is the index itself
            names.add(code.co_names[arg >> 1 if op == dis.opmap["LOAD_GLOBAL"] else arg])
    return names


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
    taken = _global_names(code)
    if "sys" in code.co_names and "executable" in code.co_names:  # imported inside too
        kinds.add("subprocess")
    for name in taken:
        value = space.get(name)
        if inspect.isfunction(value):
            kinds |= function_kinds(value)
        elif isinstance(value, (str, list, tuple)):
            kinds |= _value_kinds(value)
        elif inspect.ismodule(value):
            # a module named whole (``console.run(...)``): the functions of it that the
            # code names (function_kinds leaves those of the library and packages alone)
            for attribute in code.co_names:
                member = getattr(value, attribute, None)
                if inspect.isfunction(member):
                    kinds |= function_kinds(member)
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


def _measured() -> frozenset[str]:
    """The tests tools/find_slow_tests.py measured as too long for ``make check`` (the
    file it writes), none while it measures them again."""
    if os.environ.get("GAMETRACE_MEASURED_SLOW") == "off" or not MEASURED_LIST.exists():
        return frozenset()
    lines = MEASURED_LIST.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


MEASURED = _measured()
"""Tests by their module's file name and the rest of their id, parameters included
(``test_canvas.py::test_boards_fit[othello]``): slow as if marked by hand."""


def _listed_slow(nodeid: str) -> bool:
    """Whether :data:`SLOW` names the test's module or the test (by its module's file
    name: ``test_trees.py::test_json_round_trip_and_schema``, whatever its parameters),
    or :data:`MEASURED` names the test with its parameters."""
    module = nodeid.split("::")[0].rsplit("/", 1)[-1]
    test = nodeid.split("[")[0].rsplit("/", 1)[-1]
    whole = f"{module}::{nodeid.partition('::')[2]}"
    return module in SLOW or test in SLOW or whole in MEASURED


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
    if _listed_slow(item.nodeid):
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
