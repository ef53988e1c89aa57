"""The ``gametrace`` command line: the click group ``main`` and its commands, one module
per command group (``run``, ``games``, ``check``, ``compare``, ``problems``, ``render``,
``serve``), the options several commands share in :mod:`tracer.cli.options`.

This is the only module that turns library errors into exit codes: 2 for usage
errors (a bad option value, an unknown name), 1 for every other failure (a
malformed input file, a limit reached).  The error's line is said in the command's
``--lang`` when it has one, else in the language of ``GAMETRACE_LANG`` or of the
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them),
else in English (:func:`error_language`).  A command makes its library call and prints
what the library returns (``to_text()`` or ``to_json()``); heavy modules are imported
inside the commands so that ``gametrace --help`` answers at once.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ..errors import TooDeep, TracerError, UsageError, one_line
from ..said import Said, said
from .language import error_language

__all__ = ["error_language", "main"]

class _Terminated(BaseException):
    """Raised by the SIGTERM handler so that writers clean up as they do for Ctrl-C."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise _Terminated


class _Group(click.Group):
    """Maps library errors raised by any subcommand to one line and an exit code."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        import signal

        # Without a handler SIGTERM kills at once, leaving temporary files behind.
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_sigterm)
        return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        from ..stderr_channel import set_language, set_level

        set_level("normal")  # a command's -q/-v set it again as they are parsed
        set_language(error_language(None, os.environ))  # a --lang sets it again
        try:
            return super().invoke(ctx)
        except TooDeep as exc:
            _fail(ctx, self._too_deep(ctx, exc.limit).worded(_language(ctx)), 1)
        except UsageError as exc:
            _fail(ctx, exc.worded(_language(ctx)), 2)
        except TracerError as exc:
            _fail(ctx, exc.worded(_language(ctx)), 1)
        except click.UsageError as exc:  # click's own: one line instead of three
            if isinstance(exc, click.BadParameter):
                exc = _suggest(exc)
            where = exc.ctx.command_path if exc.ctx is not None else "gametrace"
            _fail(ctx, f"{exc.format_message()} (see {where} --help)", 2)
        except RecursionError:
            _fail(ctx, self._too_deep(ctx, sys.getrecursionlimit()).worded(_language(ctx)), 1)
        except MemoryError:
            _fail(ctx, "out of memory: search a smaller tree or use --depth", 1)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt:
            _fail(ctx, "interrupted", 130)
        except _Terminated:
            _fail(ctx, "terminated", 143)
        except BrokenPipeError:
            # The reader went away (`gametrace ... | head`): stop quietly, as cat does.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            ctx.exit(141)
        except SystemExit as exc:  # only user code calls sys.exit inside a command
            _fail(ctx, f"the search called sys.exit({exc.code!r}): a game must not exit", 1)
        except OSError as exc:
            name = f"{exc.filename}: " if exc.filename else ""
            _fail(ctx, f"{name}{exc.strerror or exc}", 1)
        except Exception as exc:  # a bug: one line, unless asked for the traceback
            if os.environ.get("GAMETRACE_DEBUG"):
                raise
            _fail(ctx, f"internal error (set GAMETRACE_DEBUG=1 for details): "
                       f"{type(exc).__name__}: {exc}", 1, prefix="gametrace: ")


    def _too_deep(self, ctx: click.Context, limit: int) -> Said:
        """A tree too deep to search, with the advice of the options this command has
        (``check`` has no --max-ply, ``validate`` no --depth)."""
        name = ctx.invoked_subcommand
        command = self.get_command(ctx, name) if name else None
        options = {p.name for p in command.params} if command is not None else set()
        ply, depth = "max_ply" in options, "depth" in options
        if ply and depth:
            return said("the tree is deeper than the recursion limit allows ({limit}): "
                        "raise it with --max-ply, or limit the search with --depth",
                        limit=limit)
        if ply:
            return said("the tree is deeper than the recursion limit allows ({limit}): "
                        "raise it with --max-ply", limit=limit)
        if depth:
            return said("the tree is deeper than the recursion limit allows ({limit}): "
                        "limit the search with --depth", limit=limit)
        return said("the tree is deeper than the recursion limit allows ({limit})",
                    limit=limit)


def _language(ctx: click.Context) -> str:
    from .options import LANGUAGE_KEY

    return error_language(ctx.meta.get(LANGUAGE_KEY), os.environ)


def _fail(ctx: click.Context, message: str, code: int, *, prefix: str = "gametrace: error: "
          ) -> None:
    click.echo(prefix + one_line(message), err=True)
    ctx.exit(code)


def _suggest(exc: click.BadParameter) -> click.BadParameter:
    """A choice's error with the nearest choice added (every command's, in one place)."""
    import re

    from ..choices import nearest

    kind = exc.param.type if exc.param is not None else None
    found = re.match(r"'(.*)' is not one of", exc.message)
    if isinstance(kind, click.Choice) and found:
        guess = nearest(found.group(1), [str(c) for c in kind.choices])
        if guess is not None:
            return click.BadParameter(exc.message.rstrip(".") + f"; did you mean {guess!r}?",
                                      ctx=exc.ctx, param=exc.param, param_hint=exc.param_hint)
    return exc


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gametree-tracer", prog_name="gametrace")
def main() -> None:
    """Trace adversarial search: run minimax and alpha-beta on lecture trees, record
    every step as JSON, validate files.

    \b
    Examples:
      gametrace examples
      gametrace run aima -a alphabeta -o aima.json
      gametrace run tree.json -a minimax --variant negamax --json
      gametrace validate aima.json
    """


def _register_commands() -> None:
    """One module per command group (light to import: each command loads its library
    code when it runs)."""
    from .bisect import bisect_command
    from .browse import browse_command
    from .check import check_command, diff_command, exercise_command
    from .classroom import export_group
    from .compare import compare_command
    from .games import examples, games_command
    from .index import index_command
    from .lti import lti_group
    from .problems import admissible_command, astar_command, matrix_command
    from .regret import regret_command
    from .render import render_command
    from .run import run, validate
    from .sdk import sdk_command
    from .serve import serve
    from .stats import stats_command

    for command in (run, validate, examples, serve, render_command, games_command,
                    astar_command, admissible_command, matrix_command, check_command,
                    diff_command, exercise_command, compare_command, export_group, stats_command,
                    regret_command, bisect_command, index_command, browse_command,
                    lti_group, sdk_command):
        main.add_command(command)


_register_commands()
