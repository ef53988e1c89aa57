"""server.py of an exported PrairieLearn question (copied into the question's folder).

It runs in PrairieLearn's Python, where gametrace is not installed: it imports the
standard library only and reads the variants the export computed, ``variants.json``
beside it.  ``generate`` picks the variant by ``data["variant_seed"]`` (modulo their
number) and sets the diagram, the question's words and the correct answers;
``grade`` scores the pruned nodes as a set (the overlap over the union, as
``gametrace check`` does), whatever their order, case and separators.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

VARIANTS = "variants.json"
NONE = "none"


def _variants() -> list[dict[str, Any]]:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), VARIANTS)
    with open(path, encoding="utf-8") as handle:
        found: list[dict[str, Any]] = json.load(handle)["variants"]
    return found


def generate(data: dict[str, Any]) -> None:
    variants = _variants()
    chosen = variants[int(data["variant_seed"]) % len(variants)]
    data["params"]["seed"] = chosen["seed"]
    data["params"]["root"] = chosen["root"]
    data["params"]["diagram"] = chosen["svg"]
    data["params"]["alt"] = chosen["alt"]
    data["params"]["conventions"] = chosen["conventions"]
    data["params"]["key"] = chosen["key"]
    data["correct_answers"]["value"] = chosen["value"]
    data["correct_answers"]["move"] = chosen["move"]
    data["correct_answers"]["pruned"] = " ".join(chosen["pruned"]) or NONE


def _nodes(text: str) -> set[str]:
    words = {w for w in re.split(r"[\s,;]+", text.strip().upper()) if w}
    return set() if words == {NONE.upper()} else words


def grade(data: dict[str, Any]) -> None:
    scores = data["partial_scores"]
    given = data["submitted_answers"].get("pruned")
    if "pruned" in scores and isinstance(given, str):
        expected = _nodes(str(data["correct_answers"]["pruned"]))
        written = _nodes(given)
        union = expected | written
        share = len(expected & written) / len(union) if union else 1.0
        scores["pruned"]["score"] = share
        scores["pruned"]["feedback"] = ("right" if share == 1.0 else
                                        "partly right" if share > 0 else "wrong")
    weights = [(float(s.get("score") or 0.0), float(s.get("weight", 1)))
               for s in scores.values()]
    total = sum(w for _, w in weights)
    data["score"] = sum(s * w for s, w in weights) / total if total else 0.0
