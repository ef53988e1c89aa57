"""The OpenAPI 3.1 document of the service: its paths, each operation's request and
answers, and the schemas of :mod:`.components`.  The app validates request bodies
against this same document (:func:`request_validator`), so what the document says is
what the service accepts.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...windows import WINDOW_DEFAULT, WINDOWS
from ..json_values import JsonObject, as_object
from ..storage.store import ORIGINS
from .components import FREE_FORM, index_paths, index_schemas, ref, schemas

# Type-only: jsonschema is imported when the first request is validated.
if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

__all__ = ["component_schema", "openapi", "request_validator"]


def _problem_responses(*codes: int) -> JsonObject:
    text = {400: "Malformed request (not JSON, nested too deeply, bad query)",
            401: "No token, or not sent as `Authorization: Bearer TOKEN`",
            403: "Sent by a page on another site (or a CORS preflight refused); "
                 "classroom: a token of no one, of the wrong kind, or a solution the "
                 "policy does not show yet",
            404: "No such trace; classroom: no such thing among the token's own",
            409: "Classroom: a student id taken, no attempts left, a submission after "
                 "the due time (late work refused), a step or attempt answered meanwhile",
            413: "Request body too large",
            415: "The body is not sent as `application/json`",
            422: "The content breaks a rule: `where` says where",
            429: "This client sent too many requests: retry after `Retry-After` seconds",
            503: "Too many searches at once: retry later"}
    return {str(c): {"description": text[c],
                     "content": {"application/problem+json": {"schema": ref("Problem")}}}
            for c in codes}


def _json(name: str, description: str = "OK") -> JsonObject:
    return {"description": description,
            "content": {"application/json": {"schema": ref(name)}}}


def _post(op: str, summary: str, request: str, response: JsonObject,
          *codes: int) -> JsonObject:
    return {"post": {
        "operationId": op, "summary": summary,
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": ref(request)}}},
        "responses": {"200": response,
                      **_problem_responses(400, 403, 413, 415, 422, 429, *codes)}}}


def _get(op: str, summary: str, response: JsonObject, *codes: int,
         parameters: list[JsonObject] | None = None) -> JsonObject:
    out: JsonObject = {"operationId": op, "summary": summary,
                           "responses": {"200": response, **_problem_responses(*codes)}}
    if parameters:
        out["parameters"] = parameters
    return {"get": out}


def _query(name: str, schema: JsonObject, description: str = "") -> JsonObject:
    return {"name": name, "in": "query", "required": False, "schema": schema,
            "description": description}


WINDOW_WORDS = (f"The alpha/beta window beside each node: entry (as the parent passed it "
                f"down) or final (after the node's children); true: {WINDOW_DEFAULT}, "
                f"false: none.")

_ID: JsonObject = {"name": "id", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}

_FILES: JsonObject = {"image/svg+xml": {"schema": {"type": "string"}},
          "image/png": {"schema": {"type": "string", "format": "binary"}},
          "application/pdf": {"schema": {"type": "string", "format": "binary"}},
          "text/vnd.graphviz": {"schema": {"type": "string"}}}


@cache
def openapi() -> JsonObject:
    """The whole document (cached: the schemas are read once)."""
    from ... import __version__

    drawing: JsonObject = {"description": "The diagram", "content": _FILES}
    listing_params = [
        _query("algorithm", {"type": "string", "maxLength": 40}),
        _query("example", {"type": "string", "maxLength": 100},
               "The example, game or tree name the trace searched."),
        _query("tag", {"type": "string", "maxLength": 40}),
        _query("text", {"type": "string", "maxLength": 100}, "Words in the title."),
        _query("origin", {"enum": list(ORIGINS)},
               "Where the traces came from."),
        _query("limit", {"type": "integer", "minimum": 1, "maximum": 500}),
        _query("offset", {"type": "integer", "minimum": 0, "maximum": 1_000_000}),
        _query("order", {"enum": ["newest", "oldest"]},
               "Newest first (the default) or oldest first."),
        _query("course", {"type": "string", "maxLength": 64},
               "A course's own library, newest first (its teacher's token)"),
    ]
    diagram_params: list[JsonObject] = [_ID, {"name": "format", "in": "path", "required": True,
                            "schema": {"enum": ["svg", "png", "pdf", "dot"]}},
                      _query("lang", {"enum": ["en", "it"]}),
                      _query("theme", {"enum": ["colour", "print"]}),
                      _query("window", {"enum": [*WINDOWS, "true", "false"]},
                             WINDOW_WORDS)]
    frame_params: list[JsonObject] = [_ID, _query("step", {"enum": ["event", "node", "leaf"]}),
                    _query("lang", {"enum": ["en", "it"]}),
                    _query("theme", {"enum": ["colour", "print"]}),
                    _query("window", {"enum": [*WINDOWS, "true", "false"]},
                             WINDOW_WORDS),
                    _query("first", {"type": "integer", "minimum": 0}),
                    _query("count", {"type": "integer", "minimum": 1})]
    return {
        "openapi": "3.1.0",
        "info": {"title": "gametree-tracer", "version": __version__,
                 "description": "Trace adversarial search, draw it, check answers. "
                                "See docs/service.md."},
        "paths": {
            "/v1/examples": _get("examples", "The lecture trees (`gametrace examples --json`)",
                                 _json(FREE_FORM)),
            "/v1/games": _get("games", "The games and their parameters "
                                       "(`gametrace games --json`)", _json(FREE_FORM)),
            "/v1/algorithms": _get("algorithms", "Algorithms, variants, orderings, render "
                                                 "options", _json(FREE_FORM)),
            "/v1/parse": _post("parse", "Read a tree in any input form", "ParseRequest",
                               _json("ParseResponse")),
            "/v1/search": _post("search", "Search a posted tree, an example or a game",
                                "SearchRequest", _json("SearchResponse"), 503),
            "/v1/render": _post("render", "Draw a trace (svg, png, pdf, dot)", "RenderRequest",
                                drawing, 404, 503),
            "/v1/frames": _post("frames", "The step-by-step frames of a trace (SVG)",
                                "RenderRequest", _json("FramesResponse"), 404, 503),
            "/v1/check": _post("check", "Check an answer (`gametrace check --json`)",
                               "CheckRequest", _json(FREE_FORM), 404, 503),
            "/v1/worksheet": _post("worksheet", "The blank tree of a quiz: leaf values only "
                                                "(svg, png, pdf)", "WorksheetRequest",
                                   {"description": "The worksheet",
                                    "content": {m: _FILES[m] for m in (
                                        "image/svg+xml", "image/png", "application/pdf")}},
                                   503),
            "/v1/diff": _post("diff", "Where two traces part (`gametrace diff --json`)",
                              "DiffRequest", _json(FREE_FORM), 404),
            "/v1/compare": _post("compare", "Orderings compared "
                                            "(`gametrace compare --format json`)",
                                 "CompareRequest", _json(FREE_FORM), 503),
            "/v1/stats": _post("stats", "A search's statistics per depth (`gametrace stats "
                                        "--json`)", "StatsRequest", _json("StatsResponse"),
                               404, 503),
            "/v1/exercise": _post("exercise", "A random alpha-beta exercise and its key",
                                  "ExerciseRequest", _json("ExerciseResponse"), 503),
            "/v1/traces": {
                **_post("store_trace", "Store a trace (the same trace twice is one record)",
                        "StoreRequest", {**_json("Stored"), "links": {"GetTrace": {
                            "operationId": "get_trace",
                            "parameters": {"id": "$response.body#/id"}}}}, 401),
                **_get("list_traces", "Stored traces, filtered", _json("Listing"), 400,
                       401, 403, 404, parameters=listing_params),
            },
            "/v1/traces/{id}": {
                **_get("get_trace", "The exact bytes stored", {
                    "description": "The trace", "content": {"application/json": {
                        "schema": ref("trace")}}}, 400, 404, parameters=[_ID]),
                "delete": _class_op("delete_trace", "Take a trace out of the course's "
                                    "library (teacher)", {"description": "Deleted"},
                                    status="204", parameters=[_ID])},
            "/v1/traces/{id}/diagram.{format}": _get(
                "trace_diagram", "A stored trace drawn", drawing, 400, 404, 429, 503,
                parameters=diagram_params),
            **_class_page_paths(_classroom_paths()),
            **index_paths(),
            "/v1/traces/{id}/frames": _get(
                "trace_frames", "A stored trace's frames", _json("FramesResponse"), 400, 404,
                429, 503, parameters=frame_params),
        },
        "components": {"schemas": {**schemas(), **index_schemas()}, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer",
                       "description": "A course's teacher token, a student's token, or "
                                      "the server's admin token (docs/service.md)"}}},
    }


_CLASS_CODES = (400, 401, 403, 404, 409, 413, 415, 422, 429, 503)
"""What a classroom operation may refuse with (:mod:`..roles`)."""


def _path_id(name: str) -> JsonObject:
    """A course's, an assignment's or a submission's id: 24 hex digits
    (:func:`..storage.class_store.new_id`)."""
    return {"name": name, "in": "path", "required": True,
            "schema": {"type": "string", "pattern": "^[0-9a-f]{24}$"}}


def _class_op(op: str, summary: str, answer: JsonObject, *, status: str = "200",
              request: str | None = None, parameters: list[JsonObject] | None = None,
              public: bool = False) -> JsonObject:
    """One classroom operation: a bearer token (unless ``public``), the refusals of
    :data:`_CLASS_CODES`."""
    out: JsonObject = {"operationId": op, "summary": summary,
                       "responses": {status: answer, **_problem_responses(*_CLASS_CODES)}}
    if not public:
        out["security"] = [{"bearer": []}]
    if request is not None:
        out["requestBody"] = {"required": True,
                              "content": {"application/json": {"schema": ref(request)}}}
    if parameters:
        out["parameters"] = parameters
    return out


def _classroom_paths() -> JsonObject:
    """The classroom's operations (docs/service.md, "The classroom")."""
    course, ident = _path_id("course"), _path_id("id")
    gone: JsonObject = {"description": "Deleted"}
    free = _json(FREE_FORM)
    export_params = [ident, _query("seeds", {"type": "string", "maxLength": 40},
                                   "FIRST..LAST, at most 200 seeds (default 1..20): the "
                                   "variants of a per-student assignment; one tree for all "
                                   "is one question"),
                     _query("name", {"type": "string", "maxLength": 100}),
                     _query("lang", {"enum": ["en", "it"]},
                            "The language of the question's text and feedback")]
    return {
        "/v1/courses": {"post": _class_op(
            "create_course", "Create a course: its teacher token (needs the admin token "
            "once the server has one)", _json("CourseCreated", "Created"), status="201",
            request="CourseRequest")},
        "/v1/courses/{course}/assignments": {"post": _class_op(
            "create_assignment", "Hand out an assignment (teacher)",
            _json("AssignmentCreated", "Created"), status="201",
            request="AssignmentRequest", parameters=[course])},
        "/v1/courses/{course}/gradebook": {"get": _class_op(
            "gradebook", "The course's gradebook (teacher)", free, parameters=[
                course, _query("policy", {"enum": ["best", "last"]}),
                _query("lang", {"enum": ["en", "it"]})])},
        "/v1/courses/{course}/gradebook.csv": {"get": _class_op(
            "gradebook_csv", "The gradebook, one row per student (teacher)",
            {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}},
            parameters=[course, _query("policy", {"enum": ["best", "last"]}),
                        _query("lang", {"enum": ["en", "it"]}),
                        _query("dialect", {"enum": ["excel", "excel-it"]},
                               "excel: commas, decimal points; excel-it: semicolons, "
                               "decimal commas, UTF-8 with a BOM")])},
        "/v1/assignments/{id}/join": {"post": _class_op(
            "join", "Join an assignment: a student token (anyone with the link)",
            _json("Joined", "Created"), status="201", request="JoinRequest",
            parameters=[ident], public=True)},
        "/v1/assignments/{id}/task": {"get": _class_op(
            "task", "The student's task: their tree, leaf values only (student)", free,
            parameters=[ident])},
        "/v1/assignments/{id}/steps": {
            "get": _class_op("next_step", "What the next step asks (student)", free,
                             parameters=[ident]),
            "post": _class_op("answer_step", "Answer one step (student)", free,
                              request="StepRequest", parameters=[ident])},
        "/v1/assignments/{id}/submissions": {"post": _class_op(
            "submit", "Submit an answer; feedback by the policy (student)",
            _json("SubmissionCreated", "Created"), status="201",
            request="SubmissionRequest", parameters=[ident])},
        "/v1/assignments/{id}/solution": {"get": _class_op(
            "solution", "The answer key (teacher; student by the policy)",
            _json("solution"), parameters=[
                ident, _query("student", {"type": "string", "maxLength": 64},
                              "Teacher: whose key (per-student trees)")])},
        "/v1/assignments/{id}/export/moodle.xml": {"get": _class_op(
            "export_moodle", "The assignment as a Moodle XML question bank (teacher)",
            {"description": "Moodle XML", "content": {"application/xml": {
                "schema": {"type": "string"}}}}, parameters=export_params)},
        "/v1/assignments/{id}/export/prairielearn.zip": {"get": _class_op(
            "export_prairielearn", "The assignment as PrairieLearn questions, zipped (teacher)",
            {"description": "A zip", "content": {"application/zip": {
                "schema": {"type": "string", "format": "binary"}}}},
            parameters=export_params)},
        "/v1/assignments/{id}": {"delete": _class_op(
            "delete_assignment", "Delete an assignment and all under it (teacher)", gone,
            status="204", parameters=[ident])},
        "/v1/submissions/{id}": {"delete": _class_op(
            "delete_submission", "Delete a submission (teacher)", gone, status="204",
            parameters=[ident])},
    }


def _class_page_paths(classroom: JsonObject) -> JsonObject:
    """``classroom`` with the operations the classroom's pages read (:mod:`..classroom.class_pages`,
    :mod:`..classroom.class_students`)."""
    course, ident = _path_id("course"), _path_id("id")
    student: JsonObject = {"name": "student", "in": "path", "required": True,
                           "schema": {"type": "string", "minLength": 1, "maxLength": 64}}
    free = _json(FREE_FORM)
    submissions = dict(as_object(classroom["/v1/assignments/{id}/submissions"]))
    submissions["get"] = _class_op(
        "list_submissions", "An assignment's submissions, with their ids (teacher)", free,
        parameters=[ident])
    return {**classroom, "/v1/assignments/{id}/submissions": submissions,
            "/v1/courses/{course}": {"get": _class_op(
                "course", "A course: its assignments, students and submissions counted "
                "(teacher)", free, parameters=[course])},
            "/v1/assignments/{id}/policies": {"get": _class_op(
                "policies", "The assignment's policies and the attempts used (student)",
                free, parameters=[ident])},
            "/v1/assignments/{id}/about": {"get": _class_op(
                "about", "An assignment's title and due time, for the join page (anyone "
                "with the link)", _json("AssignmentAbout"), parameters=[ident],
                public=True)},
            "/v1/assignments/{id}/students": {"get": _class_op(
                "students", "Every student who joined, with their score, steps and late "
                "submissions (teacher)", _json("AssignmentStudents"), parameters=[
                    ident, _query("policy", {"enum": ["best", "last"]}),
                    _query("lang", {"enum": ["en", "it"]})])},
            "/v1/assignments/{id}/students/{student}/work": {"get": _class_op(
                "student_work", "A student's step answers and submissions, in order "
                "(teacher)", _json("StudentWork"), parameters=[
                    ident, student, _query("lang", {"enum": ["en", "it"]})])},
            "/v1/assignments/{id}/students/{student}/token": {"post": _class_op(
                "reset_student", "A new token for a student: the old one stops working, "
                "their work stays (teacher)", _json("StudentToken"),
                request="TokenRequest", parameters=[ident, student])},
            "/v1/lti/exchange": {"post": _lti_body(_class_op(
                "lti_exchange", "Trade an LMS launch's one-time code (60 s, once) for "
                "the token of its teacher or student (anyone with the code)", free,
                public=True), "code")},
            "/v1/lti/deep-link": {"post": _lti_body(_class_op(
                "lti_deep_link", "The signed deep-linking answer that adds an assignment "
                "to the LMS course (teacher of a deep-linking launch)", free),
                "assignment")},
            "/v1/courses/{course}/lti/scores": {"get": _class_op(
                "lti_scores", "The scores sent to the LMS, pending or refused, with the "
                "platform's reason (teacher)", free, parameters=[
                    course, _query("lang", {"enum": ["en", "it"]})])},
            "/v1/courses/{course}/lti/scores/resend": {"post": _class_op(
                "lti_scores_resend", "Send every pending or refused score to the LMS "
                "again, now (teacher)", free, parameters=[course])},
            "/v1/courses/{course}/preview": {"post": _class_op(
                "preview_assignment", "The task a student would get, stored nowhere "
                "(teacher)", free, request="AssignmentRequest", parameters=[course])}}


def _lti_body(op: JsonObject, field: str) -> JsonObject:
    """``op`` taking ``{field: "..."}`` (a launch's code, an assignment's id)."""
    body: JsonObject = {"type": "object", "required": [field],
                        "properties": {field: {"type": "string", "minLength": 1,
                                               "maxLength": 200}}}
    return {**op, "requestBody": {"required": True,
                                  "content": {"application/json": {"schema": body}}}}


def component_schema(name: str) -> JsonObject:
    """The schema ``#/components/schemas/<name>`` of the document."""
    schemas = as_object(as_object(openapi()["components"])["schemas"])
    return as_object(schemas[name], f"the schema {name}")


@cache
def request_validator(component: str) -> Draft202012Validator:
    """A validator of request bodies against ``#/components/schemas/<component>``."""
    from jsonschema import Draft202012Validator

    doc = openapi()
    return Draft202012Validator({"$ref": f"#/components/schemas/{component}",
                                 "components": doc["components"]})
