"""The service's catalog of problem wording: what a problem+json answer says in each
language other than English (the pages' words are ``static/messages/*.json``; the
problems' are here, in one place).

A title is looked up whole.  A detail (and a ``where``) is matched against the
templates below, the English the service and the library write, and rewritten; a
detail no template matches stays in English, and the answer's ``Content-Language``
says so (``it, en``).  Words quoted from the request (a name, a value) are kept as
they came.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["LANGUAGES", "TITLES", "detail_in", "title_in", "wanted_language", "where_in"]

LANGUAGES = ("en", "it")
"""The languages problems are said in (the pages' languages); English first: the
default."""

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

_NAMES: Mapping[str, Mapping[str, str]] = {"it": {
    "algorithm": "algoritmo", "example": "esempio", "game": "gioco", "variant": "variante",
    "order": "ordinamento", "lang": "lingua", "theme": "tema", "step": "passo",
    "window": "finestra", "policy": "criterio", "format": "formato", "problem": "problema",
    "heuristic": "euristica", "cut test": "test di taglio", "ordering": "ordinamento",
    "end of input": "fine del testo", "a number, a label or '('": "un numero, un'etichetta o '('",
    "',', ')' or another node": "',', ')' o un altro nodo", "',' or ']'": "',' o ']'",
    "a probability": "una probabilità", "a number after ':'": "un numero dopo ':'",
    "a number, ':' or '(' after the attributes":
        "un numero, ':' o '(' dopo gli attributi",
}}
"""Words inside a detail that the templates translate when they know them."""

_DETAILS: Mapping[str, tuple[tuple[re.Pattern[str], str], ...]] = {"it": tuple(
    (re.compile(pattern), template) for pattern, template in (
        # the tree parser (tracer/trees/text_form.py)
        (r"expected '\)' to close the '\(' at line (?P<l>\d+), column (?P<c>\d+) but "
         r"found (?P<found>.+)",
         "manca ')' per chiudere la '(' di riga {l}, colonna {c}: trovato {found}"),
        (r"expected (?P<what>.+) but found (?P<found>.+)",
         "atteso {what}, trovato {found}"),
        (r"unexpected character (?P<c>.+)", "carattere inatteso {c}"),
        (r"malformed number (?P<n>.+)", "numero malformato {n}"),
        # unknown names (tracer/choices.py unknown_choice, the service's query parameters)
        (r"unknown (?P<what>[a-z ]+) (?P<value>'.*') \(choose from: (?P<allowed>[^)]*)\); "
         r"did you mean (?P<guess>'.*')\?",
         "{what} sconosciuto {value} (scegli tra: {allowed}); forse {guess}?"),
        (r"unknown (?P<what>[a-z ]+) (?P<value>'.*') \(choose from: (?P<allowed>[^)]*)\)",
         "{what} sconosciuto {value} (scegli tra: {allowed})"),
        # bad parameters (web.py, traces.py, course_traces.py)
        (r"(?P<name>\w+) must be an integer, got (?P<got>.+)",
         "{name} dev'essere un numero intero, non {got}"),
        (r"(?P<name>\w+) must be in (?P<low>-?\d+)\.\.(?P<high>-?\d+), got (?P<got>.+)",
         "{name} dev'essere tra {low} e {high}, non {got}"),
        (r"window must be true or false, got (?P<got>.+)",
         "window dev'essere true o false, non {got}"),
        (r"(?P<name>\w+) has (?P<n>\d+) characters; at most (?P<m>\d+)",
         "{name} ha {n} caratteri; al più {m}"),
        (r"a trace id is 64 hex digits, got (?P<got>.+)",
         "l'id di una traccia ha 64 cifre esadecimali, non {got}"),
        # not found
        (r"no stored trace (?P<id>\S+)", "nessuna traccia salvata con id {id}"),
        (r"no (?P<path>/\S*) here \(see /v1/openapi\.json\)",
         "{path} non esiste (vedi /v1/openapi.json)"),
        (r"(?P<method>[A-Z]+) is not allowed on (?P<path>\S+)",
         "{method} non è consentito su {path}"),
        (r"no such assignment among yours", "nessun compito con questo nome tra i tuoi"),
        (r"no such assignment: check the link", "nessun compito così: controlla il link"),
        (r"no such course among yours", "nessun corso così tra i tuoi"),
        (r"no such student in this assignment", "nessuno studente così in questo compito"),
        (r"no such submission among yours", "nessuna consegna così tra le tue"),
        (r"no such trace in your course's library",
         "nessuna traccia così nella biblioteca del corso"),
        # forbidden
        (r"only the course's teacher may do this", "solo il docente del corso può farlo"),
        (r"only a student who joined the assignment may do this",
         "solo chi si è iscritto al compito può farlo"),
        (r"this token is not valid here: ask the teacher for the course's link",
         "questo token non vale qui: chiedi al docente il link del corso"),
        (r"a page on another site may not send requests here \(only this service's page\)",
         "una pagina di un altro sito non può inviare richieste qui (solo la pagina "
         "di questo servizio)"),
        # the gate's refusals (gate.py)
        (r"this origin, method or header is not allowed here \(see the service's "
         r"--cors-origin\)",
         "origine, metodo o intestazione non consentiti qui (vedi --cors-origin del "
         "servizio)"),
        (r"this client has (?P<n>[\d,]+) bytes of answers not yet read: read them first",
         "questo client ha {n} byte di risposte non ancora lette: prima leggile"),
        (r"this client was sent more than the service's limit of (?P<b>\S+) MB of answers, "
         r"(?P<r>\S+) MB a second after that: retry in (?P<s>\d+) s",
         "questo client ha ricevuto più del limite del servizio di {b} MB di risposte, "
         "poi {r} MB al secondo: riprova tra {s} s"),
        (r"this client sent more requests than the service's limit \((?P<r>\S+) a second, "
         r"(?P<b>\S+) at once\): retry in (?P<s>\d+) s",
         "questo client ha inviato più richieste del limite del servizio ({r} al secondo, "
         "{b} alla volta): riprova tra {s} s"),
        # too large, busy
        (r"the body has (?P<n>\d+) bytes; at most (?P<m>\d+)",
         "il corpo della richiesta ha {n} byte; al più {m}"),
        (r"the body exceeds (?P<m>\d+) bytes", "il corpo della richiesta supera {m} byte"),
        (r"(?P<n>\d+) jobs are running and (?P<q>\d+) are waiting: retry in a moment",
         "{n} lavori in corso e {q} in attesa: riprova tra un momento"),
        (r"no job slot came free in (?P<s>[\d.]+) s \((?P<n>\d+) jobs at once\): retry in a "
         r"moment", "nessun posto libero in {s} s ({n} lavori alla volta): riprova tra un "
                    "momento"),
        # the stepper's bound (drawings.py)
        (r"the trace has (?P<n>[\d,]+) steps and the service steps through at most "
         r"(?P<m>[\d,]+): choose a coarser step \(node, leaf\) or search with a depth limit",
         "la traccia ha {n} passi e il servizio ne mostra al più {m}: scegli un passo più "
         "ampio (node, leaf) o cerca con un limite di profondità"),
    ))}
"""Each language's templates: the English as a pattern matched whole, and its wording."""

_WHERE = re.compile(r"line (?P<l>\d+), column (?P<c>\d+)")
_WHERE_IN = {"it": "riga {l}, colonna {c}"}


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
                q = float(params.strip()[2:])
            except ValueError:
                continue
        q -= order * 1e-6  # equal weights: the first named wins
        if base in LANGUAGES and q > best_q:
            best, best_q = base, q
    return best


def title_in(title: str, lang: str) -> str:
    """``title`` in ``lang`` (English when the catalog lacks it)."""
    return TITLES.get(lang, {}).get(title, title)


def detail_in(detail: str, lang: str) -> str | None:
    """``detail`` in ``lang``, or None when no template matches it (it stays English)."""
    if lang == "en":
        return detail
    names = _NAMES.get(lang, {})
    for pattern, template in _DETAILS.get(lang, ()):
        found = pattern.fullmatch(detail)
        if found:
            return template.format(**{k: names.get(v, v) if v is not None else ""
                                      for k, v in found.groupdict().items()})
    return None


def where_in(where: str, lang: str) -> str:
    """A place (``line L, column C``, a JSON path, a parameter's name) in ``lang``."""
    template = _WHERE_IN.get(lang)
    if template is None:
        return where
    return _WHERE.sub(lambda m: template.format(l=m["l"], c=m["c"]), where)
