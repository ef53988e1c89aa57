"""Orderings of the children compared on one tree: what each saves against plain minimax
and the bounds (Knuth & Moore's count, the critical tree), and move-ordering techniques
compared with one another.

- :mod:`.counting`: what one search did, counted from its events (:class:`Counter`, a
  recorder), and the shape of the tree with its yardsticks;
- :mod:`.report`: the orderings compared (:class:`OrderingReport`) as a table, CSV or
  JSON, and which orderings a comparison names;
- :mod:`.searches`: the searches ``gametrace compare`` runs on one source, orderings or
  techniques, and any one of them again for a side-by-side picture;
- :mod:`.wording`: the titles' words in each language.

What other layers import is named here and loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import exports

if TYPE_CHECKING:
    from .counting import Counter
    from .report import (
        COMPARED_ALGORITHMS,
        DEFAULT_ORDERS,
        OrderingReport,
        compare_orderings,
        parse_orders,
    )
    from .searches import Comparison, compare_named, compare_source, plan_comparison

_WHERE = {
    "Counter": "counting",
    **dict.fromkeys(("COMPARED_ALGORITHMS", "DEFAULT_ORDERS", "OrderingReport",
                     "compare_orderings", "parse_orders"), "report"),
    **dict.fromkeys(("Comparison", "compare_named", "compare_source", "plan_comparison"),
                    "searches"),
}

__all__ = [
    "COMPARED_ALGORITHMS",
    "DEFAULT_ORDERS",
    "Comparison",
    "Counter",
    "OrderingReport",
    "compare_named",
    "compare_orderings",
    "compare_source",
    "parse_orders",
    "plan_comparison",
]

__getattr__, __dir__ = exports(__name__, _WHERE)
