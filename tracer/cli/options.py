"""Every option that more than one command takes, defined once.

The search options (``--algorithm``, ``--variant``, ``--order``, ``--cut-on``, the
budgets...) are made from the search spec's field table (:data:`tracer.spec.FIELDS`):
spelling, type, range, default and help come from there (:func:`spec_option`).  Choices
come from the library's own lists: the spec's fields carry the core's tables
(``ALGORITHMS``, ``ORDERS``, ``CUT_TESTS``...: :mod:`tracer.families`), and a command
that offers a list of a layer above the core (the drawing presets, the checked
algorithms...) names it as ``"module:ATTRIBUTE"``, looked up here when the command needs
it (:func:`library_list`), so that ``gametrace --help`` imports neither the searches nor
the renderer.
A decorator takes the words that differ between commands (a default, a help sentence)
as arguments; the option's spelling, type and choices do not change from one command to
another.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import click

from ..ranges import MAX_PLY
from ..recursion import DEFAULT_MAX_PLY
from ..said import said
from .number_types import REAL, WHOLE, RealRange, WholeRange

__all__ = [
    "LibraryChoice",
    "library_list",
    "SpecOption",
    "LANGUAGE_KEY",
    "keep_language",
    "lang_option",
    "source_file",
    "existing_file",
    "one_stdin",
    "given_options",
    "refuse_inapplicable",
    "algorithm_option",
    "bounds_option",
    "cut_on_option",
    "depth_option",
    "heuristic_option",
    "items_option",
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
    "spec_option",
    "stage",
    "technique_option",
    "time_limit_option",
    "trace_output_option",
    "variant_option",
    "variant_help",
]

F = TypeVar("F", bound=Callable[..., Any])


class Decorator(Protocol):
    """What ``click.option(...)`` returns: it adds the option to a command function."""

    def __call__(self, function: F, /) -> F: ...


def library_list(where: str) -> tuple[str, ...]:
    """The names in the library list ``where``, ``"module:ATTRIBUTE"``
    (``"tracer.render.draw.presets:PRESETS"``): a mapping gives its keys,
    ``tracer.players:Player`` its two players, chance excluded.  Imported by name only
    when a command is run or its help shown; the core itself looks nothing up by name
    (its tables are the spec's data)."""
    module, _, name = where.partition(":")
    names = getattr(importlib.import_module(module), name)
    return tuple(str(n) for n in names if str(n) != "chance")


class LibraryChoice(click.Choice[str]):
    """A choice among names: the names themselves (a table of the core, as a spec field
    gives it), or a library list of a layer above, ``"module:ATTRIBUTE"`` (a dict gives
    its keys), loaded on first use (:func:`library_list`)."""

    def __init__(self, where: str | tuple[str, ...]) -> None:
        self.where = where
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:
        if isinstance(self.where, tuple):
            return self.where
        return library_list(self.where)

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:  # click's __init__ is not called
        raise AttributeError("a LibraryChoice's names come from the library")


class SpecOption(click.Option):
    """An option whose help sentence is written when ``--help`` is shown (``--variant``
    lists the variants of ``tracer.families.ALGORITHMS`` as they are then)."""

    def __init__(self, *args: Any, help_text: Callable[[], str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_text = help_text

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help_text is not None:
            self.help = self.help_text()
        return super().get_help_record(ctx)


_UNSET: Any = object()


def spec_option(name: str, *, default: Any = _UNSET, help: str | None = None,
                choices: str | tuple[str, ...] | None = None,
                dest: str | None = None) -> Decorator:
    """The option of the search spec's field ``name`` (:data:`tracer.spec.FIELDS`): its
    spelling, type, choices, range, default and help from the field; a command may give
    its own ``default``, ``help`` sentence, ``choices`` (a narrower library list) or
    ``dest``."""
    from ..spec import FIELDS

    f = FIELDS[name]
    default = f.default if default is _UNSET else default
    names = [n for n in (f.short, f.flag) if n is not None]
    if dest or f.dest:
        names.append(dest or f.dest or name)
    kind: Any = None
    extra: dict[str, Any] = {}
    if f.kind == "choice":
        kind = LibraryChoice(choices or f.choices or ())
    elif f.kind == "int":
        kind = WHOLE if f.low is None and f.high is None else WholeRange(
            min=None if f.low is None else int(f.low),
            max=None if f.high is None else int(f.high))
    elif f.kind == "float":
        kind = RealRange(min=f.low, max=f.high, min_open=f.low_open)
    elif f.kind == "pair":
        kind, extra["nargs"] = REAL, 2
    if f.kind == "variant" and help is None:
        extra["help_text"] = variant_help
    return click.option(*names, cls=SpecOption, type=kind, default=default,
                        show_default=default not in (None, ""), metavar=f.metavar,
                        help=f.help if help is None else help, **extra)


def variant_help() -> str:
    """The help of ``--variant``: every family's variants, the default first."""
    from ..spec import variant_help as written

    return written()


def algorithm_option(*, choices: str | None = None, default: str | None = "alphabeta",
                     help: str = "Algorithm family.") -> Decorator:
    """``-a/--algorithm``: one of the library list ``choices`` (``None``: every family,
    :data:`tracer.families.ALGORITHMS`)."""
    return spec_option("algorithm", choices=choices, default=default, help=help)


def variant_option(*, help: str | None = None) -> Decorator:
    """``--variant V``: checked against the algorithm's own variants by the library."""
    return spec_option("variant", help=help)


def order_option(*, default: str | None = "natural", help: str | None = None) -> Decorator:
    """``--order``: ``tracer.families.ORDERS``."""
    return spec_option("order", default=default, help=help)


def seed_option(*, default: int | None = None, help: str | None = None) -> Decorator:
    return spec_option("seed", default=default, help=help)


def depth_option(*, help: str | None = None) -> Decorator:
    return spec_option("depth", help=help)


def cut_on_option(*, default: str | None = None, help: str | None = None) -> Decorator:
    """``--cut-on``: ``tracer.families.CUT_TESTS``."""
    return spec_option("cut_on", default=default, help=help)


def bounds_option() -> Decorator:
    return spec_option("bounds")


def technique_option(*, dest: str = "techniques", help: str | None = None) -> Decorator:
    """``--technique LIST``: checked by :func:`tracer.search.enhanced` as it parses it."""
    return spec_option("techniques", dest=dest, help=help)


def prover_option() -> Decorator:
    """``--prover``: MAX or MIN (``tracer.players.Player``)."""
    return spec_option("prover")


def root_player_option() -> Decorator:
    """``--root-player``: MAX or MIN (``tracer.players.Player``)."""
    return spec_option("root_player")


def params_option(*, help: str = "A parameter of a generated game (repeatable); see "
                                 "`gametrace games`.") -> Decorator:
    """``-p KEY=VALUE`` (repeatable), parsed by :func:`tracer._api.parse_params`."""
    return click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
                        help=help)


def heuristic_option(*, help: str) -> Decorator:
    return click.option("--heuristic", default=None, metavar="NAME", help=help)


PRESET_HELP = ("Drawing defaults for a purpose: slides (a 1280x720 canvas, large text, no "
               "legend or result line, tight margin), slides-4:3 (the same at 1024x768), "
               "a4 and a4-landscape (an A4 page, legend), print (grayscale, legend), web "
               "(colour, legend); options given explicitly win. Example: --preset slides.")


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


def items_option(*, help: str = "The items asked, comma-separated, each scored for every "
                 "answer (a blank one wrong), e.g. --items value,move,values,pruned; "
                 "[default: the items each answer gives].") -> Decorator:
    """``--items``: the items asked (``tracer.analysis.check.asked:ASKABLE``, read by
    :func:`~tracer.analysis.check.asked.parse_items`)."""
    return click.option("--items", "items", metavar="LIST", default=None, help=help)


def json_option(*, help: str) -> Decorator:
    """``--json``: print the library's ``to_json()`` instead of its ``to_text()``."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def render_option(*, help: str = "Also draw the trace (.svg, .png, .pdf, .dot or .tex; - "
                                 "for DOT on standard output).") -> Decorator:
    return click.option("--render", "render_out", metavar="FILE", default=None, help=help)


def max_nodes_option(*, help: str | None = None) -> Decorator:
    return spec_option("max_nodes", help=help)


def max_trace_mb_option() -> Decorator:
    """``--max-trace-mb N``: :attr:`tracer.search.Limits.max_trace_bytes` in megabytes."""
    return spec_option("max_trace_bytes")


def time_limit_option() -> Decorator:
    return spec_option("time_limit")


def _set_quiet(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    from ..stderr_channel import level, set_level

    if value:
        set_level("quiet")
    elif level() == "quiet":
        set_level("normal")
    return value


def _set_verbose(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    from ..stderr_channel import level, set_level

    if value and level() != "quiet":  # -q wins: silence asked for is silence
        set_level("verbose")


_STAGES = {"drawing": said("drawing"), "comparing": said("comparing"),
           "indexing": said("indexing"), "reading the trace": said("reading the trace"),
           "reading the traces": said("reading the traces")}
"""The stages -v times, worded in the command's language."""


@contextlib.contextmanager
def stage(name: str) -> Iterator[None]:
    """With -v, how long the block took, on stderr: ``gametrace: drawing took 1.23 s``."""
    import time

    from ..stderr_channel import detail

    started = time.perf_counter()
    yield
    detail(said("gametrace: {stage} took {seconds:.2f} s", stage=_STAGES.get(name, name),
                seconds=time.perf_counter() - started))


def quiet_option(*, help: str = "No progress or notes on stderr.") -> Decorator:
    """``-q/--quiet`` and ``-v/--verbose``, the common options of every command that
    writes notes (:data:`tracer.option_rules.COMMON_OPTIONS`): -q silences our notes and
    warnings and Graphviz's (:mod:`tracer.stderr_channel`), -v adds the files read and
    the stages' times.  The command sees ``quiet``; -v acts through the channel only."""
    def both(function: F) -> F:
        function = click.option(
            "-v", "--verbose", is_flag=True, expose_value=False, callback=_set_verbose,
            help="More on stderr: the files read and how long each stage took.")(function)
        return click.option("-q", "--quiet", is_flag=True, is_eager=True,
                            callback=_set_quiet, help=help)(function)

    return both


def max_ply_option(*, help: str = "Deepest tree the search may recurse into.") -> Decorator:
    return click.option("--max-ply", type=WholeRange(min=1, max=MAX_PLY),
                        default=DEFAULT_MAX_PLY, show_default=True, help=help)


def limit_option(*, default: int) -> Decorator:
    """``--limit N``: rows per printed table."""
    return click.option("--limit", type=WholeRange(min=0), default=default,
                        show_default=True, help="Print at most this many rows per table "
                                                "(0: all).")


LANGUAGE_KEY = "gametrace.lang"
"""Where a command's ``--lang`` is kept in click's shared ``Context.meta``, so that the
group says the command's errors in it (:func:`tracer.cli.error_language`)."""


def keep_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """The callback of a ``--lang`` option: the language chosen, kept for the errors;
    without one, the errors' (``GAMETRACE_LANG``'s or the locale's, which the group has
    set: :func:`tracer.cli.error_language`), so every output speaks one language."""
    from ..stderr_channel import language, set_language

    if value is None:
        return language()
    ctx.meta[LANGUAGE_KEY] = value
    set_language(value)
    return value


LANG_DEFAULT = "[default: GAMETRACE_LANG, else the locale's language, else en]"


def lang_option(*, help: str) -> Decorator:
    """``--lang en|it``: the language of everything the command writes in words."""
    from ..said import LANGUAGES

    return click.option("--lang", type=click.Choice(LANGUAGES), default=None,
                        callback=keep_language, help=f"{help}  {LANG_DEFAULT}")


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


def existing_file(path: str) -> None:
    """A :class:`~tracer.errors.MissingInput` (exit code 2) unless ``path`` is a file or
    ``-`` (standard input, read by the library): the TRACE argument of a command that
    reads a trace."""
    import os

    from ..jsonio import not_a_file

    if path != "-" and not os.path.isfile(path):
        raise not_a_file(path)  # missing, a folder, a pipe: each said as what it is


def one_stdin(*inputs: tuple[str, object]) -> None:
    """A :class:`~tracer.errors.UsageError` when more than one of ``inputs`` (each its
    argument's name and value) is ``-``: standard input is read once."""
    from ..errors import UsageError
    from ..said import said

    named = [name for name, value in inputs if value is not None and str(value) == "-"]
    if len(named) > 1:
        raise UsageError(said("{names}: only one input can be standard input (-)",
                              names=" and ".join(named)))


def given_options(ctx: click.Context) -> list[str]:
    """The options of ``ctx``'s command given on the command line (or by an environment
    variable), by their long spelling, and a choice's value with it (``--format=csv``):
    what :func:`tracer.option_rules.refuse_inapplicable` judges.  A default is never given."""
    from click.core import ParameterSource

    out: list[str] = []
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.name is None:
            continue
        if ctx.get_parameter_source(param.name) not in (ParameterSource.COMMANDLINE,
                                                        ParameterSource.ENVIRONMENT):
            continue
        flag = max(param.opts, key=len)
        out.append(flag)
        value = ctx.params.get(param.name)
        if isinstance(param.type, click.Choice) and isinstance(value, str):
            out.append(f"{flag}={value}")
    return out


def refuse_inapplicable(ctx: click.Context, **modes: str | None) -> None:
    """Refuse an option given to ``ctx``'s command where it does not apply (the spec's
    :data:`tracer.option_rules.OPTION_RULES`), the command run in ``modes``."""
    from ..option_rules import refuse_inapplicable as refuse

    refuse(ctx.command.name or "", given_options(ctx), modes)
