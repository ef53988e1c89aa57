"""Built-in trees from the lecture notes, each cited by its lecture's title and section.

Each is written in the text notation of ``docs/trees.md``; ``gametrace examples``
lists them and ``gametrace run NAME`` searches one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UsageError
from .said import said
from .trees import Tree, parse_tree_text

__all__ = ["EXAMPLES", "Example", "example_tree", "examples_text"]


@dataclass(frozen=True)
class Example:
    """A lecture tree with what the notes say about it."""

    name: str
    lecture: str
    """Where the notes show it: the lecture's own title, then the slide or section."""
    title: str
    text: str
    """The tree in the text notation."""
    value: float
    """The root's value as the notes state it (minimax; expectiminimax with chance nodes)."""
    notes: str

    def to_json(self) -> dict[str, object]:
        """The example as ``gametrace examples --json`` lists it."""
        return {"name": self.name, "lecture": self.lecture, "title": self.title, "tree": self.text,
                "value": self.value, "notes": self.notes}


EXAMPLES: dict[str, Example] = {e.name: e for e in (
    Example(
        name="aima",
        lecture="Teoria dei giochi - 2. Forma estesa: Esempio di α-β pruning",
        title="MAX{MIN{3,12,8}, MIN{2,4,6}, MIN{14,5,2}} = 3 (AIMA; Teoria dei giochi)",
        text="A(B(3 12 8) C(2 4 6) D(14 5 2))",
        value=3,
        notes="Alpha-beta annotates B = 3, C <= 2, D <= 14, <= 5, then 2; the leaves "
              "4 and 6 under C are pruned.",
    ),
    Example(
        name="two-mins",
        lecture="Algoritmo Minimax con potatura alfa-beta: Come funziona l'algoritmo?",
        title="MAX{MIN{3,5,10}, MIN{2,2}} = 3 (Algoritmo Minimax con potatura alfa-beta)",
        text="A(B(3 5 10) C(2 2))",
        value=3,
        notes="After the first 2 under C, C <= 2 < 3: its second leaf is pruned.",
    ),
    Example(
        name="three-mins",
        lecture="Algoritmo Minimax con potatura alfa-beta: Potatura alfa-beta",
        title="MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} = 3 "
              "(Algoritmo Minimax con potatura alfa-beta)",
        text="A(B(3 5 10) C(2 ?a ?b) D(2 7 3))",
        value=3,
        notes="a and b are unknown, as in the notes (?a, ?b): alpha-beta never looks at "
              "a, b, 7 or 3; minimax, which reads every leaf, is refused.",
    ),
    Example(
        name="coin",
        lecture="Teoria dei giochi - 2. Forma estesa: Giochi non deterministici",
        title="Expectiminimax with a coin: MAX over CHANCE nodes worth 2.5 and -1 "
              "(Teoria dei giochi)",
        text="A(B[chance](C[p=0.5](1 4) D[p=0.5](7 4)) "
             "E[chance](F[p=0.5](6 0) G[p=0.5](5 -2)))",
        value=2.5,
        notes="MIN nodes C, D, F, G are worth 1, 4, 0, -2; B = 0.5*1 + 0.5*4 = 2.5 and "
              "E = 0.5*0 + 0.5*(-2) = -1, so MAX plays B.  The extracted figure lost its "
              "two 0s (the MIN value of F and its leaf): they are the values that give -1.",
    ),
    Example(
        name="transform-a",
        lecture="Teoria dei giochi - 2. Forma estesa: Valori esatti necessari",
        title="Expectiminimax is not order-preserving (Teoria dei giochi): "
              "chance nodes 2.1 and 1.3",
        text="A(B[chance](C[p=0.9](2 2) D[p=0.1](3 3)) "
             "E[chance](F[p=0.9](1 1) G[p=0.1](4 4)))",
        value=2.1,
        notes="MIN values 2, 3 and 1, 4 under probabilities 0.9 / 0.1: B = 2.1, E = 1.3, "
              "MAX plays B.  transform-b maps the leaves monotonically and MAX plays E.",
    ),
    Example(
        name="transform-b",
        lecture="Teoria dei giochi - 2. Forma estesa: Valori esatti necessari",
        title="The same tree after a monotonic change of the leaves: 21 and 40.9 "
              "(Teoria dei giochi)",
        text="A(B[chance](C[p=0.9](20 20) D[p=0.1](30 30)) "
             "E[chance](F[p=0.9](1 1) G[p=0.1](400 400)))",
        value=40.9,
        notes="1, 2, 3, 4 become 1, 20, 30, 400 (order kept): B = 21, E = 40.9, so MAX now "
              "plays E.  Minimax decisions survive any monotonic change; expectiminimax "
              "ones only a positive linear one.",
    ),
)}


def example_tree(name: str) -> Tree:
    """The built-in tree called ``name``."""
    example = EXAMPLES.get(name)
    if example is None:
        raise UsageError(said("no built-in example {name!r} (choose from: {allowed})",
                              name=name, allowed=", ".join(EXAMPLES)))
    tree = parse_tree_text(example.text, file=f"<example {name}>")
    return Tree(tree.root, name=name, description=example.title)


def examples_text() -> str:
    """Every built-in tree, its title and where the notes show it, then its text notation:
    ``gametrace examples``."""
    width = max(len(name) for name in EXAMPLES)
    lines = []
    for e in EXAMPLES.values():
        lines.append(f"{e.name:<{width}}  {e.title}")
        lines.append(f"{'':<{width}}  in: {e.lecture}")
        lines.append(f"{'':<{width}}  {e.text}")
    return "\n".join(lines)
