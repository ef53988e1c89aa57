"""The words of a problem+json answer that are not its detail, in each language other
than English: the titles, looked up whole, and the places (``line L, column C``).

A detail is a sentence (:mod:`tracer.said`) worded from the library's catalogs
(``tracer/locale/LANG/LC_MESSAGES/tracer.po``, the service's own ``#. part: service``);
a detail no catalog words stays in English, and the answer's ``Content-Language`` says
so (``it, en``).  The pages' words are ``static/messages/*.json``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...reading_numbers import BadNumber, real_number
from ...said import LANGUAGES, place_worded

__all__ = ["LANGUAGES", "TITLES", "title_in", "wanted_language", "where_in"]

TITLES: Mapping[str, Mapping[str, str]] = {"it": {
    "Answer too large": "Risposta troppo grande",
    "Bad request": "Richiesta non valida",
    "Busy": "Servizio occupato",
    "CPU limit": "Limite di CPU raggiunto",
    "Cannot do that": "Operazione impossibile",
    "Conflict": "Conflitto",
    "Forbidden": "Non consentito",
    "Internal error": "Errore interno",
    "Invalid content": "Contenuto non valido",
    "Invalid option": "Opzione non valida",
    "Invalid request": "Richiesta non valida",
    "Limit reached": "Limite raggiunto",
    "Memory limit": "Limite di memoria raggiunto",
    "Method not allowed": "Metodo non consentito",
    "Not an answer key": "Non è una chiave di risposta",
    "Not found": "Non trovato",
    "Time limit": "Tempo esaurito",
    "Too deep": "Annidamento troppo profondo",
    "Too large": "Troppo grande",
    "Too many requests": "Troppe richieste",
    "Unauthorized": "Non autenticato",
    "Unsupported media type": "Tipo di contenuto non supportato",
    "Worker failed": "Elaborazione non riuscita",
}}
"""Every title the service answers with, by language (a test keeps it complete)."""

def wanted_language(header: str | None) -> str:
    """The first language of an ``Accept-Language`` header the service speaks (by the
    weights given), else English."""
    best, best_q = "en", 0.0
    for order, item in enumerate((header or "").split(",")):
        tag, _, params = item.strip().partition(";")
        base = tag.strip().split("-")[0].lower()
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(real_number(params.strip()[2:]))
            except BadNumber:
                continue
        q -= order * 1e-6  # equal weights: the first named wins
        if base in LANGUAGES and q > best_q:
            best, best_q = base, q
    return best


def title_in(title: str, lang: str) -> str:
    """``title`` in ``lang`` (English when the catalog lacks it)."""
    return TITLES.get(lang, {}).get(title, title)


def where_in(where: str, lang: str) -> str:
    """A place (``line L, column C``, ``line L``, ``event N``, a JSON path, a
    parameter's name) in ``lang`` (:func:`tracer.said.place_worded`)."""
    return place_worded(where, lang)
