"""Every option that more than one command takes, defined once.

The choices come from the library's own lists (``tracer.search.ALGORITHMS``,
``ORDERS``, ``CUT_TESTS``, the drawing presets...), named as ``"module:ATTRIBUTE"`` and
looked up the first time a command needs them, so that ``gametrace --help`` does not
import the searches.  A decorator takes the words that differ between commands (a
default, a help sentence) as arguments; the option's spelling, type and choices do not
change from one command to another.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any, Protocol, TypeVar

import click

from ..deep import DEFAULT_MAX_PLY
from ..ranges import MAX_PLY

__all__ = [
    "LibraryChoice",
    "source_file",
    "algorithm_option",
    "bounds_option",
    "cut_on_option",
    "depth_option",
    "heuristic_option",
    "json_option",
    "limit_option",
    "max_nodes_option",
    "max_ply_option",
    "max_trace_mb_option",
    "order_option",
    "params_option",
    "preset_option",
    "prover_option",
    "quiet_option",
    "render_option",
    "root_player_option",
    "seed_option",
    "technique_option",
    "time_limit_option",
    "trace_output_option",
    "variant_option",
]

F = TypeVar("F", bound=Callable[..., Any])


class Decorator(Protocol):
    """What ``click.option(...)`` returns: it adds the option to a command function."""

    def __call__(self, function: F, /) -> F: ...


class LibraryChoice(click.Choice[str]):
    """A choice among the names of a library list (``"tracer.search:ORDERS"``; a dict
    gives its keys), loaded on first use."""

    def __init__(self, where: str, *, keep: Callable[[str], bool] | None = None) -> None:
        self.where = where
        self.keep = keep
        self.case_sensitive = True

    @cached_property
    def _loaded(self) -> tuple[str, ...]:
        module, _, name = self.where.partition(":")
        names: Iterable[Any] = getattr(importlib.import_module(module), name)
        return tuple(str(n) for n in names if self.keep is None or self.keep(str(n)))

    @property
    def choices(self) -> tuple[str, ...]:
        return self._loaded

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:  # click's __init__ is not called
        raise AttributeError("a LibraryChoice's names come from the library")


_ALGORITHMS = "tracer.search:ALGORITHMS"
_PLAYERS = "tracer.players:Player"


def _max_or_min(name: str) -> bool:
    return name != "chance"


def algorithm_option(*, choices: str = _ALGORITHMS, default: str | None = "alphabeta",
                     help: str = "Algorithm family.") -> Decorator:
    """``-a/--algorithm``: one of the library list ``choices``."""
    return click.option("-a", "--algorithm", default=default,
                        show_default=default is not None, type=LibraryChoice(choices),
                        help=help)


VARIANT_HELP = ("minimax: two-function (default), negamax, list. "
                "alphabeta: fail-soft (default), fail-hard, negamax, list, slide-002. "
                "expectiminimax: plain (default), star1. andor: dfs. pns: pns. "
                "enhanced: fail-soft (default), pvs, mtdf.")


def variant_option(*, help: str = VARIANT_HELP) -> Decorator:
    """``--variant V``: checked against the algorithm's own variants by the library."""
    return click.option("--variant", default=None, metavar="V", help=help)


def order_option(*, default: str | None = "natural",
                 help: str = "Child ordering; best/worst sort children by their exact "
                             "minimax value.") -> Decorator:
    """``--order``: ``tracer.search.ORDERS``."""
    return click.option("--order", default=default, show_default=default is not None,
                        type=LibraryChoice("tracer.search:ORDERS"), help=help)


def seed_option(*, default: int | None = None,
                help: str = "Seed for --order random (default 0).") -> Decorator:
    return click.option("--seed", type=int, default=default,
                        show_default=default is not None, help=help)


def depth_option(*, help: str = "Depth limit: nodes at this ply are scored by their static "
                                "value.") -> Decorator:
    return click.option("--depth", type=click.IntRange(min=0), default=None, help=help)


def cut_on_option(*, default: str | None = None,
                  help: str = "alphabeta, enhanced, expectiminimax star1: cut when alpha >= "
                              "beta (ge, the default) or only when alpha > beta (gt), e.g. "
                              "--cut-on gt.") -> Decorator:
    """``--cut-on``: ``tracer.search.CUT_TESTS``."""
    return click.option("--cut-on", default=default, show_default=default is not None,
                        type=LibraryChoice("tracer.search:CUT_TESTS"), help=help)


def bounds_option() -> Decorator:
    return click.option("--bounds", nargs=2, type=float, default=None, metavar="LO HI",
                        help="expectiminimax star1: lower and upper bounds on every leaf "
                             "value, e.g. --bounds -2 7.")


def technique_option(*, dest: str = "techniques",
                     help: str = "enhanced: move-ordering techniques, comma-separated: id, "
                                 "killer, history, tt, aspiration[:WIDTH] (see "
                                 "docs/ordering.md), e.g. --technique id,tt.") -> Decorator:
    """``--technique LIST``: checked by :func:`tracer.search.enhanced` as it parses it."""
    return click.option("--technique", dest, default="", metavar="LIST", help=help)


def prover_option() -> Decorator:
    """``--prover``: MAX or MIN (``tracer.players.Player``)."""
    return click.option("--prover", default=None,
                        type=LibraryChoice(_PLAYERS, keep=_max_or_min),
                        help="andor, pns: whose win to prove [default: max], e.g. "
                             "--prover min.")


def root_player_option() -> Decorator:
    """``--root-player``: MAX or MIN (``tracer.players.Player``)."""
    return click.option("--root-player", default=None,
                        type=LibraryChoice(_PLAYERS, keep=_max_or_min),
                        help="Who moves at the root of a tree file [default: max], e.g. "
                             "--root-player min.")


def params_option(*, help: str = "A parameter of a generated game (repeatable); see "
                                 "`gametrace games`.") -> Decorator:
    """``-p KEY=VALUE`` (repeatable), parsed by :func:`tracer.api.parse_params`."""
    return click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
                        help=help)


def heuristic_option(*, help: str) -> Decorator:
    return click.option("--heuristic", default=None, metavar="NAME", help=help)


PRESET_HELP = ("Drawing defaults for a purpose: slides (16:9, large text, no legend or result "
               "line, tight margin), print (grayscale, legend), web (colour, legend); "
               "options given explicitly win. Example: --preset slides.")


def preset_option(function: F) -> F:
    """``--preset``: ``tracer.render.draw.presets.PRESETS``, for every command that draws."""
    return click.option("--preset", type=LibraryChoice("tracer.render.draw.presets:PRESETS"),
                        default=None, help=PRESET_HELP)(function)


def trace_output_option(*, example: str) -> Decorator:
    """``-o FILE``: where the trace goes (``-`` is standard output)."""
    return click.option("-o", "--output", "output", metavar="FILE", default=None,
                        help="Write the trace here (.json document, .jsonl stream, "
                             ".jsonl.gz gzipped stream; - for standard output), "
                             f"e.g. -o {example}.")


def json_option(*, help: str) -> Decorator:
    """``--json``: print the library's ``to_json()`` instead of its ``to_text()``."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def render_option(*, help: str = "Also draw the trace (.svg, .png, .pdf, .dot or .tex; - "
                                 "for DOT on standard output).") -> Decorator:
    return click.option("--render", "render_out", metavar="FILE", default=None, help=help)


def max_nodes_option(*, help: str = "Stop cleanly after visiting this many nodes; the "
                                    "trace says it was cut short.") -> Decorator:
    return click.option("--max-nodes", type=click.IntRange(min=1), default=None, help=help)


def max_trace_mb_option() -> Decorator:
    """``--max-trace-mb N``: :attr:`tracer.search.Limits.max_trace_bytes` in megabytes."""
    return click.option("--max-trace-mb", type=click.IntRange(min=1), default=None,
                        metavar="MB",
                        help="Stop cleanly before the trace's events pass this many "
                             "megabytes (10^6 bytes); the trace says it was cut short.")


def time_limit_option() -> Decorator:
    return click.option("--time-limit", type=click.FloatRange(min=0, min_open=True),
                        default=None, metavar="SECONDS",
                        help="Stop cleanly after this many seconds.")


def quiet_option(*, help: str = "No progress or notes on stderr.") -> Decorator:
    return click.option("-q", "--quiet", is_flag=True, help=help)


def max_ply_option(*, help: str = "Deepest tree the search may recurse into.") -> Decorator:
    return click.option("--max-ply", type=click.IntRange(min=1, max=MAX_PLY),
                        default=DEFAULT_MAX_PLY, show_default=True, help=help)


def limit_option(*, default: int) -> Decorator:
    """``--limit N``: rows per printed table."""
    return click.option("--limit", type=click.IntRange(min=0), default=default,
                        show_default=True, help="Print at most this many rows per table "
                                                "(0: all).")


def source_file(source: str | None) -> str | None:
    """The file a SOURCE argument reads, if it names one (a tree file, a recorded trace,
    ``path/to/game.py:ClassName``); None for a built-in name: what the outputs of a
    command must never overwrite."""
    import os

    if source is None or source == "-":
        return None
    if os.path.exists(source):
        return source
    path, colon, _ = source.rpartition(":")
    return path if colon and path and os.path.exists(path) else None
