"""Built-in trees from the lecture notes (see the digest in the course README).

Each is written in the text notation of ``docs/trees.md``; ``gametrace examples``
lists them and ``gametrace run NAME`` searches one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UsageError
from .games.tree import Tree, parse_tree_text

__all__ = ["EXAMPLES", "Example", "example_tree"]


@dataclass(frozen=True)
class Example:
    """A lecture tree with what the notes say about it."""

    name: str
    item: int
    """Item number in the digest of worked examples."""
    title: str
    text: str
    """The tree in the text notation."""
    value: int
    """The root's minimax value, as the notes state it."""
    notes: str


EXAMPLES: dict[str, Example] = {e.name: e for e in (
    Example(
        name="aima",
        item=8,
        title="MAX{MIN{3,12,8}, MIN{2,4,6}, MIN{14,5,2}} = 3 (lecture 003, AIMA)",
        text="A(B(3 12 8) C(2 4 6) D(14 5 2))",
        value=3,
        notes="Alpha-beta annotates B = 3, C <= 2, D <= 14, <= 5, then 2; the leaves "
              "4 and 6 under C are pruned.",
    ),
    Example(
        name="two-mins",
        item=7,
        title="MAX{MIN{3,5,10}, MIN{2,2}} = 3 (lecture 001)",
        text="A(B(3 5 10) C(2 2))",
        value=3,
        notes="After the first 2 under C, C <= 2 < 3: its second leaf is pruned.",
    ),
    Example(
        name="three-mins",
        item=7,
        title="MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} = 3 (lecture 001)",
        text="A(B(3 5 10) C(2 a:4 b:6) D(2 7 3))",
        value=3,
        notes="a and b stand for unknown values (given 4 and 6 here): alpha-beta never "
              "looks at a, b, 7 or 3.",
    ),
)}


def example_tree(name: str) -> Tree:
    """The built-in tree called ``name``."""
    example = EXAMPLES.get(name)
    if example is None:
        raise UsageError(f"no built-in example {name!r} (choose from: {', '.join(EXAMPLES)})")
    tree = parse_tree_text(example.text, file=f"<example {name}>")
    return Tree(tree.root, name=name, description=example.title)
