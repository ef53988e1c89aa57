"""What an item of an answer is called, in words a student reads.

An item's key (``value``, ``values.C``, ``alphabeta.B.alpha``, ``pruned``...) is the
checker's id for it: the gradebook's JSON and the stored records keep it, and every
text a person reads says the item instead with :func:`item_said` ("the value of C",
"alpha at B"; in Italian "il valore di C", "alfa in B"), from the one table here.
"""

from __future__ import annotations

from ..said import Said, said

__all__ = ["item_said", "item_words"]

_WHOLE = {
    "value": said("the root's value"),
    "move": said("the best move"),
    "evaluated": said("the leaves evaluated"),
    "pruned": said("the nodes pruned"),
    "expanded": said("the nodes expanded"),
    "discarded": said("the nodes discarded"),
    "path": said("the path found"),
    "cost": said("the path's cost"),
}
"""The items that are one answer each."""


def item_said(key: str) -> Said:
    """The words for the item ``key`` (an unknown key is said as it is)."""
    if key in _WHOLE:
        return _WHOLE[key]
    head, _, rest = key.partition(".")
    if head == "values" and rest:
        return said("the value of {node}", node=rest)
    node, _, field = rest.rpartition(".")
    if head == "alphabeta" and node and field == "alpha":
        return said("alpha at {node}", node=node)
    if head == "alphabeta" and node and field == "beta":
        return said("beta at {node}", node=node)
    if head == "nodes" and node and field in ("g", "h", "f"):
        return said("{field} of {node}", field=field, node=node)
    return said("{key}", key=key)


def item_words(key: str, lang: str = "en") -> str:
    """:func:`item_said` of ``key`` worded in ``lang``."""
    return item_said(key).worded(lang)
