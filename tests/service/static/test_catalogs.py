"""The pages' message catalogs: one per language, the same keys in each, and every key a
page names (``t("KEY")`` in a script, ``data-i18n="KEY"`` in the page) is in them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import tracer.service

STATIC = Path(tracer.service.__file__).parent / "static"
LANGUAGES = ("en", "it")


def _catalog(lang: str) -> dict[str, str]:
    data = json.loads((STATIC / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _named_keys() -> set[str]:
    keys: set[str] = set()
    for script in STATIC.glob("*.js"):
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", script.read_text()))
    for page in STATIC.glob("*.html"):
        keys |= set(re.findall(r'data-i18n(?:-[\w-]+)?="([\w.-]+)"', page.read_text()))
    return keys


def test_every_language_has_the_same_keys_and_no_empty_message() -> None:
    catalogs = {lang: _catalog(lang) for lang in LANGUAGES}
    assert set(catalogs["en"]) == set(catalogs["it"])
    for lang, catalog in catalogs.items():
        empty = [key for key, message in catalog.items() if not message.strip()]
        assert empty == [], f"{lang}: empty messages {empty}"


def test_every_key_a_page_names_is_in_the_catalogs() -> None:
    named = _named_keys()
    assert "nav.edit" in named  # the scan finds the header's keys
    for lang in LANGUAGES:
        missing = sorted(named - set(_catalog(lang)))
        assert missing == [], f"{lang}: {missing}"


def test_placeholders_agree_between_languages() -> None:
    en, it = _catalog("en"), _catalog("it")
    for key, message in en.items():
        assert set(re.findall(r"\{(\w+)\}", message)) == set(re.findall(r"\{(\w+)\}", it[key])), key
