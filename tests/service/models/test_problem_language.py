"""The service's refusals in the request's language: every detail the service says is a
sentence (:mod:`tracer.said`) that the Italian catalog words, so a request with
``Accept-Language: it`` gets its whole problem in Italian (``Content-Language: it``);
and the schema's complaints are said per kind of rule (:func:`tracer.schema.schema_sentence`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match
from starlette.testclient import TestClient

from tracer.errors import TracerError
from tracer.schema import schema_sentence
from tracer.service import Settings, create_app
from tracer.service.jobs.isolation import JobLimits
from tracer.service.models.bodies import _FIELD_WORDS
from tracer.service.models.problem_details import Problem

IT = {"accept-language": "it"}
AIMA = {"example": "aima"}


def _italian(answer: Any, status: int, detail: str) -> None:
    assert (answer.status_code, answer.json()["detail"]) == (status, detail), answer.text
    assert answer.headers["content-language"] == "it"


@pytest.mark.parametrize(("method", "path", "send", "status", "detail"), [
    pytest.param("post", "/v1/parse", {"content": b"\xff\xfe", "headers": {
        "content-type": "application/json"}}, 400, "il corpo non è testo UTF-8", id="not-utf8"),
    pytest.param("post", "/v1/parse", {"content": b"[" * 3000 + b"]" * 3000, "headers": {
        "content-type": "application/json"}}, 400,
        "il corpo annida 3000 livelli di [ e {; al più 100 (invia un albero profondo come "
        "testo)", id="too-deep"),
    pytest.param("post", "/v1/parse", {"content": b"{}", "headers": {
        "content-type": "text/plain"}}, 415,
        "invia il corpo come Content-Type: application/json", id="not-json"),
    pytest.param("get", "/v1/traces", {"params": {"limit": "x"}}, 400,
                 "limit: serve un numero intero scritto con le cifre 0-9, non 'x'",
                 id="not-an-integer"),
    pytest.param("get", "/v1/traces", {"params": {"limit": "0"}}, 400,
                 "limit dev'essere tra 1 e 500, non 0", id="out-of-range"),
    pytest.param("get", "/v1/traces", {"params": {"order": "random"}}, 400,
                 "order: nessuna scelta si chiama 'random' (scegli tra: newest, oldest)",
                 id="unknown-parameter"),
    pytest.param("get", "/v1/traces", {"params": {"text": "x" * 300}}, 400,
                 "text ha 300 caratteri; al più 100", id="too-long-parameter"),
    pytest.param("get", "/v1/traces/xyz", {}, 400,
                 "l'id di una traccia ha 64 cifre esadecimali, non 'xyz'", id="bad-id"),
    pytest.param("get", "/v1/traces/" + "a" * 64, {}, 404,
                 "nessuna traccia salvata con id " + "a" * 64, id="no-such-trace"),
    pytest.param("get", "/v1/nowhere", {}, 404,
                 "/v1/nowhere non esiste (vedi /v1/openapi.json)", id="no-route"),
    pytest.param("delete", "/v1/search", {}, 405,
                 "DELETE non è consentito su /v1/search", id="wrong-method"),
    pytest.param("post", "/v1/search", {"json": AIMA, "headers": {
        "sec-fetch-site": "cross-site"}}, 403,
        "una pagina di un altro sito non può inviare richieste qui (solo la pagina di "
        "questo servizio)", id="cross-site"),
    pytest.param("post", "/v1/courses/x/assignments", {"json": {}}, 401,
                 "serve un token: invialo come Authorization: Bearer TOKEN", id="no-token"),
    pytest.param("post", "/v1/courses/x/assignments", {"json": {}, "headers": {
        "authorization": "Bearer nope"}}, 403,
        "questo token non vale qui (il token di uno studente smette di funzionare quando il "
        "docente gliene dà uno nuovo): chiedi al docente il link del corso o un nuovo token",
        id="bad-token"),
    # the library's errors, raised by the service's own code
    pytest.param("post", "/v1/search", {"json": {**AIMA, "game": "nim"}}, 422,
                 "indica esattamente uno tra: tree, example, game", id="two-sources"),
    pytest.param("post", "/v1/stats", {"json": {**AIMA, "trace": "a" * 64}}, 422,
                 "indica una traccia o cosa cercare, non entrambi (la traccia è arrivata "
                 "con: example)", id="trace-and-search"),
    pytest.param("post", "/v1/worksheet", {"json": {"game": "nim"}}, 422,
                 "le schede si disegnano per alberi ed esempi, non per giochi: una posizione "
                 "di gioco ha più nodi di quanti ne stiano in una scheda (cercala invece con "
                 "un limite di profondità)", id="worksheet-of-a-game"),
])
def test_a_refusal_is_said_in_italian(client: TestClient, method: str, path: str,
                                      send: dict[str, Any], status: int, detail: str) -> None:
    rest = {k: v for k, v in send.items() if k != "headers"}  # the params serve each backend
    _italian(getattr(client, method)(path, headers={**IT, **send.get("headers", {})}, **rest),
             status, detail)


@pytest.mark.parametrize(("body", "where", "detail"), [
    pytest.param({**AIMA, "depth": "x"}, "$.depth", 'serve un numero intero, trovato "x"',
                 id="type"),
    pytest.param({**AIMA, "depth": -1}, "$.depth", "serve un numero >= 0; trovato -1",
                 id="minimum"),
    pytest.param({**AIMA, "ordr": 1}, "$",
                 "chiave sconosciuta 'ordr' (ammesse: algorithm, bounds, cut_on, depth, "
                 "example, game, max_nodes, order, params, prover, root_player, seed, store, "
                 "tags, techniques, time_limit, tree, variant); forse 'order'?",
                 id="additional-properties"),
    pytest.param({**AIMA, "tags": ["x" * 41]}, "$.tags[0]",
                 'serve un testo di al più 40 caratteri; trovato "' + "x" * 41 + '"',
                 id="max-length"),
    pytest.param({**AIMA, "order": "sideways"}, "$.order",
                 "ordinamento: nessuna scelta si chiama 'sideways' (scegli tra: natural, "
                 "reverse, random, best, worst)", id="enum"),
    pytest.param({**AIMA, "cut_on": "x"}, "$.cut_on",
                 "test di taglio: nessuna scelta si chiama 'x' (scegli tra: ge, gt)",
                 id="enum-of-two-words"),
    pytest.param({**AIMA, "algorithm": "alphabeta", "variant": "x"}, "$.variant",
                 "variante di alphabeta: nessuna scelta si chiama 'x' (scegli tra: "
                 "fail-soft, fail-hard, negamax, list, slide-002)", id="enum-of-a-variant"),
    pytest.param({"tree": {"tree": [1, 2], "$schema": 3}}, "$.tree.$schema",
                 "serve una stringa", id="tree-schema-key"),
])
def test_a_schema_error_is_said_in_italian(client: TestClient, body: dict[str, Any],
                                           where: str, detail: str) -> None:
    got = client.post("/v1/search", json=body, headers=IT)
    _italian(got, 422, detail)
    assert got.json()["where"] == where


def test_a_missing_key_is_said_in_italian(client: TestClient) -> None:
    got = client.post("/v1/render", json={"format": "svg"}, headers=IT)
    _italian(got, 422, "manca la chiave 'trace'")
    assert got.json()["title"] == "Richiesta non valida"


def test_the_classrooms_refusals_are_said_in_italian(client: TestClient) -> None:
    made = client.post("/v1/courses", json={"title": "IA"}).json()
    course, teacher = made["id"], {"authorization": f"Bearer {made['teacher_token']}"}
    _italian(client.get("/v1/courses/y/gradebook", headers={**IT, **teacher}), 404,
             "nessun corso così tra i tuoi")
    _italian(client.get(f"/v1/courses/{course}/gradebook", params={"policy": "mean"},
                        headers={**IT, **teacher}), 400,
             "policy: nessuna scelta si chiama 'mean' (scegli tra: best, last)")
    document = {"title": "A", "source": AIMA, "items": ["value"], "attempts": 1,
                "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
                "solution": "never"}
    ident = client.post(f"/v1/courses/{course}/assignments", json=document,
                        headers=teacher).json()["id"]
    joined = {"student": "s1", "name": "Alice"}
    student = {"authorization": "Bearer " + client.post(
        f"/v1/assignments/{ident}/join", json=joined).json()["student_token"]}
    _italian(client.post(f"/v1/assignments/{ident}/join", json=joined, headers=IT), 409,
             "lo studente 's1' partecipa già a questa esercitazione: scegli «Ho già fatto "
             "l'iscrizione» e incolla il token che ti è stato mostrato allora, o chiedi al "
             "docente un nuovo token")
    _italian(client.post("/v1/assignments/nope/join", json=joined, headers=IT), 404,
             "questa esercitazione non esiste: controlla il link")
    _italian(client.get(f"/v1/assignments/{ident}/solution", headers={**IT, **student}), 403,
             "il docente non mostra la soluzione")
    _italian(client.post(f"/v1/courses/{course}/assignments", json=document,
                         headers={**IT, **student}), 403,
             "solo il docente del corso può farlo")
    step = client.post(f"/v1/assignments/{ident}/steps", json={"step": 5, "answer": {}},
                       headers={**IT, **student})
    _italian(step, 409, "il passo a cui rispondere è il passo 1, non 5")
    assert step.json()["title"] == "Conflitto"
    _italian(client.post(f"/v1/assignments/{ident}/students/s9/token", json={},
                         headers={**IT, **teacher}), 404,
             "nessuno studente così in questa esercitazione")
    _italian(client.get(f"/v1/courses/{course}/gradebook.csv", params={"dialect": "calc"},
                        headers={**IT, **teacher}), 400,
             "dialect: nessuna scelta si chiama 'calc' (scegli tra: excel, excel-it)")


def test_a_late_refusal_is_said_in_italian(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import UTC, datetime

    import tracer.service.classroom.courses

    made = client.post("/v1/courses", json={"title": "IA"}).json()
    teacher = {"authorization": f"Bearer {made['teacher_token']}"}
    document = {"title": "A", "source": AIMA, "items": ["value"],
                "spec": {"algorithm": "alphabeta"}, "due": "2001-01-01T00:00:00Z"}
    url = f"/v1/courses/{made['id']}/assignments"
    with monkeypatch.context() as m:  # made before its due time
        m.setattr(tracer.service.classroom.courses, "now", lambda: datetime(2000, 1, 1, tzinfo=UTC))
        ident = client.post(url, json=document, headers=teacher).json()["id"]
    past = client.post(url, json=document, headers={**IT, **teacher})
    assert past.status_code == 422 and past.json()["where"] == "$.due"
    assert "scadenza" in past.json()["detail"] and "\n" not in past.json()["detail"]
    student = {"authorization": "Bearer " + client.post(
        f"/v1/assignments/{ident}/join", json={"student": "s1", "name": "A"}
    ).json()["student_token"]}
    _italian(client.post(f"/v1/assignments/{ident}/submissions", json={"answer": {
        "value": 3}}, headers={**IT, **student}), 409,
             "la scadenza (2001-01-01T00:00:00+00:00) è passata: questa esercitazione non "
             "accetta più consegne")


def test_too_large_and_busy_are_said_in_italian(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path, max_body=100)
    app = create_app(settings)
    with TestClient(app) as c:
        _italian(c.post("/v1/search", json={"tree": "A(" + "1 " * 100 + ")"}, headers=IT),
                 413, "il corpo della richiesta ha 214 byte; al più 100")
        service = app.state.service
        service.running, service.queued = settings.max_jobs, settings.queue  # all taken
        busy = c.post("/v1/search", json=AIMA, headers=IT)
        service.running = service.queued = 0
    _italian(busy, 503, f"{settings.max_jobs} lavori in corso e {settings.queue} in attesa: "
                        "riprova tra un momento")
    assert busy.json()["title"] == "Servizio occupato"


@pytest.mark.parametrize(("problem", "detail"), [
    ("cpu_problem", "questa richiesta ha usato più di 1,5 s di CPU (il limite del servizio): "
                    "chiedi meno (un albero o un gioco più piccolo, un limite di profondità, "
                    "meno nodi)"),
    ("wall_problem", "questa richiesta è durata più di 2,5 s (il limite del servizio) ed è "
                     "stata fermata: chiedi meno, o riprova quando il servizio è meno occupato"),
    ("memory_problem", "questa richiesta ha avuto bisogno di più di 200 MB di memoria (il "
                       "limite del servizio): chiedi meno (un albero o un gioco più piccolo, "
                       "un limite di profondità, meno nodi)"),
])
def test_a_job_past_its_limits_is_said_in_italian(problem: str, detail: str) -> None:
    limits = JobLimits(cpu=1.5, memory=200, wall=2.5, answer=10_000)
    made: Problem = getattr(limits, problem)()
    answer = made.response("it")
    assert json.loads(bytes(answer.body))["detail"] == detail
    assert answer.headers["content-language"] == "it"
    assert made.detail == str(made.said)  # the English is the template's


def test_a_library_sentence_no_catalog_words_stays_english_and_says_so() -> None:
    from tracer.said import Said

    answer = Problem(422, "Cannot do that", Said("a sentence nobody wrote down")).response("it")
    assert answer.headers["content-language"] == "it, en"
    assert json.loads(bytes(answer.body))["detail"] == "a sentence nobody wrote down"


def test_each_request_fields_word_is_its_name_in_english() -> None:
    for field, word in _FIELD_WORDS.items():
        assert str(word) in (field.replace("_", " "), "cut test") and word.known_in("it"), field


_CHECKER = FormatChecker()


_RULES: list[tuple[dict[str, Any], Any, str, str]] = [
    ({"type": "integer"}, "x", 'expected an integer, got "x"',
     'serve un numero intero, trovato "x"'),
    ({"type": "object"}, [], "expected an object, got []", "serve un oggetto, trovato []"),
    ({"type": ["string", "null"]}, 3, "3 is not of type 'string', 'null'",
     "3 non è del tipo 'string', 'null'"),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, [],
     "[] fits none of the forms this place allows",
     "[] non ha nessuna delle forme ammesse qui"),
    ({"anyOf": [{"type": "number"}, {"enum": ["+inf", "-inf"]}],
      "description": 'A number, or "+inf" / "-inf".'}, True,
     'expected a number, or "+inf" / "-inf"; got true',
     'serve un numero, o "+inf" / "-inf"; trovato true'),
    ({"type": "object", "properties": {"order": {}, "depth": {}},
      "additionalProperties": False}, {"ordr": 1},
     "unknown key 'ordr' (allowed: depth, order); did you mean 'order'?",
     "chiave sconosciuta 'ordr' (ammesse: depth, order); forse 'order'?"),
    ({"type": "object", "properties": {"order": {}}, "additionalProperties": False},
     {"zzz": 1}, "unknown key 'zzz' (allowed: order)",
     "chiave sconosciuta 'zzz' (ammesse: order)"),
    ({"required": ["tree"]}, {}, "missing key 'tree'", "manca la chiave 'tree'"),
    ({"enum": ["ge", "gt"]}, ">=", 'expected one of "ge", "gt"; got ">="',
     'serve uno tra "ge", "gt"; trovato ">="'),
    ({"const": "minimax"}, "x", 'expected "minimax"; got "x"', 'serve "minimax"; trovato "x"'),
    ({"uniqueItems": True}, ["I", "J", "I"],
     'each item may be listed once; "I" is listed more than once',
     'ogni elemento può comparire una volta sola; "I" compare più volte'),
    ({"minimum": 0}, -1, "expected a number >= 0; got -1", "serve un numero >= 0; trovato -1"),
    ({"maximum": 0.5}, 1, "expected a number <= 0.5; got 1",
     "serve un numero <= 0,5; trovato 1"),
    ({"exclusiveMinimum": 0}, 0, "expected a number > 0; got 0",
     "serve un numero > 0; trovato 0"),
    ({"exclusiveMaximum": 64}, 64, "expected a number < 64; got 64",
     "serve un numero < 64; trovato 64"),
    ({"minItems": 1}, [], "expected at least 1 item; got []",
     "serve almeno 1 elemento; trovato []"),
    ({"minItems": 2}, [1], "expected at least 2 items; got [1]",
     "servono almeno 2 elementi; trovato [1]"),
    ({"maxItems": 3}, [1, 2, 3, 4], "expected at most 3 items; got [1, 2, 3, 4]",
     "servono al più 3 elementi; trovato [1, 2, 3, 4]"),
    ({"prefixItems": [{}], "items": False}, [1, 2], "expected at most 1 item; got [1, 2]",
     "serve al più 1 elemento; trovato [1, 2]"),
    ({"minLength": 1}, "", 'expected a text of at least 1 character; got ""',
     'serve un testo di almeno 1 carattere; trovato ""'),
    ({"maxLength": 3}, "abcd", 'expected a text of at most 3 characters; got "abcd"',
     'serve un testo di al più 3 caratteri; trovato "abcd"'),
    ({"pattern": "^[a-z]+$"}, "A1", 'got "A1", which is not in the form this place expects',
     'trovato "A1", che non ha la forma attesa qui'),
    ({"format": "date-time"}, "tomorrow", "'tomorrow' is not a 'date-time'",
     "'tomorrow' non è nel formato 'date-time'"),
    ({"multipleOf": 0.5}, 0.7, "0.7 is not a multiple of 0.5", "0,7 non è un multiplo di 0,5"),
    ({"minProperties": 1}, {}, "{} should be non-empty", "{} non deve essere vuoto"),
    ({"maxProperties": 1}, {"a": 1, "b": 2}, "{'a': 1, 'b': 2} has too many properties",
     "{'a': 1, 'b': 2} ha troppe chiavi"),
    ({"not": {"const": "zero"}}, "zero", "'zero' should not be valid under {'const': 'zero'}",
     "'zero' non deve rispettare {'const': 'zero'}"),
    ({"contains": {"type": "string"}}, [1], "[1] breaks the schema's rule 'contains'",
     "[1] non rispetta la regola 'contains' dello schema"),
]
"""A schema, a value it refuses, and what is said: in English and in Italian."""


@pytest.mark.parametrize(("schema", "value", "english", "italian"), _RULES,
                         ids=[list(schema)[-1] for schema, *_ in _RULES])
def test_each_kind_of_schema_rule_has_its_sentence(schema: dict[str, Any], value: Any,
                                                   english: str, italian: str) -> None:
    error = best_match(Draft202012Validator(schema, format_checker=_CHECKER)
                       .iter_errors(value))
    assert error is not None
    sentence = schema_sentence(error)
    assert (str(sentence), sentence.worded("it")) == (english, italian)
    assert sentence.known_in("it")


def test_a_description_no_catalog_words_stays_english() -> None:
    schema = {"anyOf": [{"type": "number"}, {"type": "null"}],
              "description": "Something nobody worded."}
    error = best_match(Draft202012Validator(schema).iter_errors("x"))
    assert error is not None
    sentence = schema_sentence(error)
    assert str(sentence) == 'expected something nobody worded; got "x"'
    assert not sentence.known_in("it")  # answered in English, "it, en"


def test_a_schema_error_of_a_file_carries_its_sentence() -> None:
    from tracer.schema import validate

    with pytest.raises(TracerError) as exc:
        validate({"tree": [1, 2], "name": 3}, "tree", file="t.json")
    assert str(exc.value) == "t.json: $.name: expected a string, got 3"
    assert exc.value.said.worded("it") == "serve una stringa, trovato 3"
    assert exc.value.said.known_in("it")


@pytest.mark.parametrize(("where", "italian"), [
    ("line 1, column 31", "riga 1, colonna 31"),
    ("line 12", "riga 12"),
    ("event 7", "evento 7"),
    ("$.children[1].value", "$.children[1].value"),
    ("$['line 3']", "$['line 3']"),
    ("limit", "limit"),
])
def test_a_place_is_named_in_italian_a_json_path_kept(where: str, italian: str) -> None:
    from tracer.service.models.problem_words import where_in

    assert where_in(where, "it") == italian
    assert where_in(where, "en") == where
