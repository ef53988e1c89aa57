"""A step answer as a student sends it, read and compared: ``{"kind", "node", "value",
"alpha", "beta"}``, each field checked, numbers as JSON writes them (``"+inf"``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import InputError
from ..jsonio import decode_number, encode_number
from ..said import Said, said
from .choosing import expected_one_of

__all__ = ["STEP_KINDS", "read_answer", "same"]

STEP_KINDS = ("evaluate", "cut", "return")
"""What a step can be: a leaf evaluated, a node cut, an inner node finished."""


def read_answer(data: Mapping[str, Any], fields: Sequence[str]) -> dict[str, Any]:
    """The answer's ``fields``, each checked (an :class:`InputError` names the bad one)."""
    if not isinstance(data, Mapping):
        raise InputError(said("expected a JSON object with {fields}",
                              fields=", ".join(fields)), where="$")
    out: dict[str, Any] = {}
    for name in fields:
        raw = data.get(name)
        where = f"$.{name}"
        if name == "kind":
            if raw not in STEP_KINDS:
                raise InputError(_clipped(lambda got: expected_one_of(STEP_KINDS, got),
                                          repr(raw)), where=where)
            out[name] = raw
        elif name == "node":
            if not isinstance(raw, str) or not 0 < len(raw) <= 40:
                raise InputError(said("expected a node's name (1 to 40 characters)"),
                                 where=where)
            out[name] = raw
        else:
            try:
                out[name] = encode_number(decode_number(raw))
            except ValueError:
                raise InputError(_clipped(lambda got: said("expected a number, \"+inf\" or "
                                                           "\"-inf\", got {value}", value=got),
                                          repr(raw)), where=where) from None
    return out


def _clipped(sentence: Callable[[str], Said], got: str, longest: int = 200) -> Said:
    """``sentence(got)`` with ``got`` (which ends it) cut so that the English is at most
    ``longest`` characters: an answer may quote a megabyte."""
    return sentence(got[:max(0, longest - len(str(sentence(""))))])


def same(want: Any, got: Any) -> bool:
    """Whether a field's answer is the expected one (``3`` and ``3.0`` are the same)."""
    if isinstance(want, str) or isinstance(got, str):
        return bool(want == got)
    return bool(decode_number(want) == decode_number(got))
