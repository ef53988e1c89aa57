"""server.py of an exported PrairieLearn question (copied into the question's folder).

It runs in PrairieLearn's Python, where gametrace is not installed: it imports the
standard library only and reads the variants the export computed, ``variants.json``
beside it.  ``generate`` picks the variant by ``data["variant_seed"]`` (modulo their
number) and sets the diagram, the parts (one input each) and the correct answers;
``grade`` grades every part as ``gametrace check`` grades its item, a blank part 0:

* a number or a value exactly, a bound (``<=2``, ``≤2``) right where the key is that
  bound, the plain number right for a bound too;
* a node (the best move) exactly;
* a set of nodes (pruned) as the overlap over the union, whatever the order, a node
  inside a pruned subtree standing for the subtree's root;
* a sequence (the leaves evaluated) as the longest common run over the longer list.

The question's score is the mean of its parts'.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any

VARIANTS = "variants.json"

_VALUE = re.compile(r"^\s*(<=|>=|≤|≥)?\s*([+-]?(?:inf|\d+(?:\.\d+)?))\s*$")
_BOUNDS = {"<=": "le", "≤": "le", ">=": "ge", "≥": "ge", None: "exact"}


def _bank() -> dict[str, Any]:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), VARIANTS)
    with open(path, encoding="utf-8") as handle:
        found: dict[str, Any] = json.load(handle)
    return found


def generate(data: dict[str, Any]) -> None:
    variants = _bank()["variants"]
    chosen = variants[int(data["variant_seed"]) % len(variants)]
    for name in ("seed", "root", "alt", "conventions", "key"):
        data["params"][name] = chosen[name]
    data["params"]["diagram"] = chosen["svg"]
    data["params"]["parts"] = chosen["parts"]
    for part in chosen["parts"]:
        data["correct_answers"][part["name"]] = part["answer"]


def _number(text: str) -> float | None:
    found = _VALUE.match(text)
    if found is None:
        return None
    word = found.group(2)
    return float(word.replace("inf", "Infinity")) if "inf" in word else float(word)


def _bound(text: str) -> str | None:
    found = _VALUE.match(text)
    return None if found is None else _BOUNDS[found.group(1)]


def _nodes(text: str, none: str) -> list[str]:
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    return [] if words == [none] else words


def _lcs(a: list[str], b: list[str]) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        last = 0
        for j, y in enumerate(b):
            last, row[j + 1] = row[j + 1], (last + 1 if x == y else max(row[j + 1], row[j]))
    return row[len(b)]


def part_score(part: dict[str, Any], given: str, none: str) -> float:
    """The score of one part (0 to 1) for the text ``given``."""
    kind = part["kind"]
    if kind in ("number", "value"):
        got, number = _number(given), _number(part["number"])
        if got is None or number is None or not math.isclose(got, number, abs_tol=0.0):
            return 0.0
        bound = _bound(given)
        if kind == "number":
            return 1.0 if bound == "exact" else 0.0
        return 1.0 if bound in (part["bound"], "exact") else 0.0
    if kind == "node":
        return 1.0 if given.strip() == part["nodes"][0] else 0.0
    key = list(part["nodes"])
    nodes = _nodes(given, none)
    if kind == "set":
        inside = part.get("inside", {})
        written = {inside.get(n, n) for n in nodes}
        union = set(key) | written
        return len(set(key) & written) / len(union) if union else 1.0
    if key == nodes:
        return 1.0
    return _lcs(key, nodes) / max(len(key), len(nodes), 1)


def grade(data: dict[str, Any]) -> None:
    bank = _bank()
    words, none = bank["verdicts"], bank["none"]
    scores = data["partial_scores"]
    parts = data["params"]["parts"]
    total = 0.0
    for part in parts:
        given = data["submitted_answers"].get(part["name"])
        text = "" if given is None else str(given)
        score = part_score(part, text, none) if text.strip() else 0.0
        verdict = ("blank" if not text.strip() else "right" if score == 1.0 else
                   "partly" if score > 0 else "wrong")
        scores[part["name"]] = {"score": score, "weight": 1, "feedback": words[verdict]}
        total += score
    data["score"] = total / len(parts) if parts else 0.0
