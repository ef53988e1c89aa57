"""The language a command speaks: its ``--lang``, else ``GAMETRACE_LANG``, else the
locale's, else English; the one ``--lang`` option of the commands whose outputs are
worded (``exercise``, ``matrix``, ``export``)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..said import LANGUAGES
from .options import Decorator, lang_option

__all__ = ["error_language", "language_option", "output_language"]

_LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads for the language of messages, first found first."""


def error_language(chosen: str | None, environ: Mapping[str, str]) -> str:
    """The language a command's errors are said in: its ``--lang`` (``chosen``: what
    ``render`` and ``check`` were given), else ``GAMETRACE_LANG``, else the locale's
    language, else English."""
    if chosen in LANGUAGES:
        return chosen
    wanted = environ.get("GAMETRACE_LANG")
    if wanted:
        return wanted if wanted in LANGUAGES else "en"
    for name in _LOCALE:
        value = environ.get(name)
        if not value:
            continue
        for item in value.split(":"):  # LANGUAGE lists several: it:en
            base = item.split("_")[0].split(".")[0].lower()
            if base in LANGUAGES:
                return base
        if name != "LANGUAGE":  # LC_ALL=C says English whatever LANG says
            return "en"
    return "en"


def output_language(lang: str | None) -> str:
    """The language a command given ``--lang`` ``lang`` (None: not given) speaks in: as
    its errors are said (:func:`error_language`)."""
    return error_language(lang, os.environ)


def language_option(*, help: str) -> Decorator:
    """``--lang``: the language of a command's outputs and errors; without it,
    ``GAMETRACE_LANG``, else the locale's language, else English (:func:`output_language`).
    The one ``--lang`` of every worded command (:func:`.options.lang_option`)."""
    return lang_option(help=help)
