"""The library's catalogs against its code: every sentence the library says is a
literal template (the catalogs' key), every template has its Italian with the same
fields, and no catalog keeps a word the code no longer says."""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracer.said import LANGUAGES, catalog

PACKAGE = Path(__file__).resolve().parents[2] / "tracer"


def _calls() -> Iterator[tuple[Path, ast.Call]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "said":
                yield path, node


def _templates() -> dict[str, str]:
    """Every template the code says, with the first place that says it."""
    found: dict[str, str] = {}
    for path, call in _calls():
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.setdefault(first.value, f"{path.relative_to(PACKAGE.parent)}:{call.lineno}")
    return found


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _parts(lang: str) -> dict[str, dict[str, str]]:
    def no_twice(pairs: list[tuple[str, str]]) -> dict[str, str]:
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), sorted({k for k in keys if keys.count(k) > 1})
        return dict(pairs)

    return {part.name: json.loads(part.read_text(encoding="utf-8"), object_pairs_hook=no_twice)
            for part in sorted((PACKAGE / "catalogs" / lang).glob("*.json"))}


def test_every_sentence_is_a_literal_template() -> None:
    """A template built at run time (an f-string, a variable) has no catalog entry."""
    bad = [f"{path.relative_to(PACKAGE.parent)}:{call.lineno}" for path, call in _calls()
           if not (call.args and isinstance(call.args[0], ast.Constant)
                   and isinstance(call.args[0].value, str))]
    assert not bad, bad


ERRORS = frozenset({"TracerError", "UsageError", "InputError", "MissingInput", "OutputError",
                    "LimitExceeded", "GraphvizMissing", "MissingExtra"})
"""The library's errors: each takes a sentence (mypy refuses a ``str``; this test also
catches text a checker cannot see, a value typed ``Any``)."""


def _built_text(node: ast.expr) -> bool:
    """Whether ``node`` builds English text in place (a literal, an f-string, a sum, a
    ``str()`` or ``.format()``)."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(
        node, ast.JoinedStr | ast.BinOp) or (isinstance(node, ast.Call) and (
            (isinstance(node.func, ast.Name) and node.func.id == "str")
            or (isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"))))


def test_no_error_is_raised_with_text_built_in_place() -> None:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            message = (node.args[0] if node.func.id in ERRORS and node.args else
                       node.args[2] if node.func.id == "Problem" and len(node.args) > 2
                       else None)
            if message is not None and _built_text(message):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not bad, bad


def test_every_template_is_well_formed_english() -> None:
    for template, place in _templates().items():
        assert template == template.strip() and "\n" not in template, place
        _fields(template)  # raises on a stray brace


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_template_is_worded_with_the_same_fields(lang: str) -> None:
    words = catalog(lang)
    templates = _templates()
    missing = sorted(f"{place}: {template!r}" for template, place in templates.items()
                     if template not in words)
    assert not missing, f"{len(missing)} templates have no {lang} wording:\n" + \
        "\n".join(missing)
    for template in templates:
        assert _fields(words[template]) == _fields(template), (template, words[template])


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_catalog_keeps_a_word_the_code_no_longer_says(lang: str) -> None:
    templates = _templates()
    seen: dict[str, str] = {}
    for name, part in _parts(lang).items():
        for key, wording in part.items():
            assert isinstance(wording, str) and wording.strip(), (name, key)
            assert key not in seen, f"{key!r} is in both {seen[key]} and {name}"
            seen[key] = name
    stale = sorted(set(seen) - set(templates))
    assert not stale, stale
