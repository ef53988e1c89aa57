"""The text notation for trees, written: :func:`format_tree_text` gives the canonical
form (labels only where the source gave them, one line when it fits the width),
which :func:`tracer.trees.text_form.parse_tree_text` reads back to the same tree.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import repeat

from tracer.players import Player
from tracer.trees.model import _CHANCE, _MAX, _OPPONENT, Node, Tree, fraction_text

__all__ = ["format_tree_text"]


def _format_number(value: float | int | Fraction) -> str:
    if type(value) is Fraction:
        return fraction_text(value)
    if isinstance(value, float):
        if value == math.inf:
            return "+inf"
        if value == -math.inf:
            return "-inf"
        return repr(value)
    return str(value)


def _heads(tree: Tree) -> tuple[list[Node], dict[str, str]]:
    """Preorder nodes and each node's text before its '(' (label, attributes, value)."""
    order: list[Node] = []
    heads: dict[str, str] = {}
    stack: list[tuple[Node, Player]] = [(tree.root, _MAX)]
    while stack:
        node, expected = stack.pop()
        order.append(node)
        value = node.value
        if (
            value is not None
            and not node.children
            and node.label is None
            and node.prob is None
            and node.player is expected
        ):  # the common case: a plain leaf is just its number
            heads[node.id] = str(value) if type(value) is int else _format_number(value)
            continue
        attrs = []
        if node.player is not expected:
            attrs.append(node.player.value)
        if node.prob is not None:
            attrs.append("p=" + _format_number(node.prob))
        head = node.label or ""
        if value is None and not node.children:
            head = "?" + head  # a leaf the source leaves unknown
        if attrs:
            head += "[" + ",".join(attrs) + "]"
        if value is not None:
            number = _format_number(value)
            head += number if node.label is None and not node.children else ":" + number
        heads[node.id] = head
        if node.children:
            below = expected if node.player is _CHANCE else _OPPONENT[node.player]
            stack.extend(zip(reversed(node.children), repeat(below)))
    return order, heads


def _separators(kids: tuple[Node, ...], heads: dict[str, str]) -> list[str]:
    """What goes after each child: " " (the last gets ""), or ", " where needed.

    ``E:3 (1 2)`` would read as E with children, so a labelled leaf followed by an
    unlabelled, attribute-free inner node gets a comma: ``E:3, (1 2)``.
    """
    seps = [" "] * len(kids)
    seps[-1] = ""
    for j in range(len(kids) - 1):
        prev = kids[j]
        if prev.label is not None and not prev.children and not heads[kids[j + 1].id]:
            seps[j] = ", "
    return seps


def _flat_text(node: Node, heads: dict[str, str]) -> str:
    out: list[str] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        out.append(heads[item.id])
        if item.children:
            out.append("(")
            stack.append(")")
            kids = item.children
            for child, sep in zip(reversed(kids), reversed(_separators(kids, heads)), strict=True):
                if sep:
                    stack.append(sep)
                stack.append(child)
    return "".join(out)


def format_tree_text(tree: Tree, *, width: int = 88) -> str:
    """The canonical text notation of ``tree``, ending with a newline.

    Labels appear only where the source gave them, attributes only where a player
    differs from alternation or a probability is set.  A tree that fits in ``width``
    columns is one line; otherwise inner nodes that do not fit open a block with one
    child per line (indented two spaces, at most 40 columns deep).
    """
    order, heads = _heads(tree)
    length: dict[str, int] = {}
    for node in reversed(order):
        size = len(heads[node.id])
        if node.children:
            seps = _separators(node.children, heads)
            size += 2 + sum(map(len, seps)) + sum(length[c.id] for c in node.children)
        length[node.id] = size
    lines: list[str] = []
    # (node or closing parenthesis, indent, what ends its last line: "" or ",")
    stack: list[tuple[Node | str, int, str]] = [(tree.root, 0, "")]
    while stack:
        item, indent, end = stack.pop()
        pad = " " * indent
        if isinstance(item, str):
            lines.append(pad + item + end)
        elif not item.children or indent + length[item.id] + len(end) <= width or indent >= 40:
            lines.append(pad + _flat_text(item, heads) + end)
        else:
            lines.append(pad + heads[item.id] + "(")
            stack.append((")", indent, end))
            seps = _separators(item.children, heads)
            for child, sep in zip(reversed(item.children), reversed(seps), strict=True):
                stack.append((child, indent + 2, sep.strip()))
    return "\n".join(lines) + "\n"
