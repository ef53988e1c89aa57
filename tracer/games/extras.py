"""The games that need an optional package (an extra of pyproject.toml): which package,
whether it is installed, and the one-line error when it is not.

``chess`` needs python-chess (``pip install 'gametree-tracer[chess]'``), the
``openspiel:NAME`` games pyspiel (``[openspiel]``).  Whether a package is there is asked
with ``importlib.util.find_spec``, which finds it without importing it, so listing the
games stays quick.
"""

from __future__ import annotations

from importlib.util import find_spec

from tracer.errors import TracerError
from tracer.said import Said, said

__all__ = ["EXTRAS", "MissingExtra", "installed", "require", "missing_line"]

EXTRAS = {"chess": "chess", "openspiel": "pyspiel"}
"""Each extra by name and the module it provides."""


class MissingExtra(TracerError, ImportError):
    """A game's optional package is not installed (exit code 1, like ``serve``'s)."""


def installed(extra: str) -> bool:
    """Whether the module of ``extra`` can be imported."""
    return find_spec(EXTRAS[extra]) is not None


def missing_line(game: str, extra: str) -> Said:
    """``chess needs the chess extra (chess): pip install 'gametree-tracer[chess]'``."""
    return said("{game} needs the {extra} extra ({module}): "
                "pip install 'gametree-tracer[{extra}]'",
                game=game, extra=extra, module=EXTRAS[extra])


def require(game: str, extra: str) -> None:
    """A :class:`MissingExtra` unless the package of ``extra`` is installed."""
    if not installed(extra):
        raise MissingExtra(missing_line(game, extra))
