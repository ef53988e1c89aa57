"""Every refusal of an LTI launch (IMS LTI 1.3 Core 5.1.3, Security Framework 5.1.3): a
page in the browser's language (English or Italian) with a 4xx status, saying which
check failed, every word escaped; nothing stored and no code given.

The launches go through the platform (tests/lti/lti_platform.py) over HTTP, each altered in
one way: the id_token's claims or key, the form's state, the browser that posts it.
"""

from __future__ import annotations

import html
import time
from pathlib import Path
from typing import Any

import httpx
import jwt
import lti_platform as P
import pytest
from lti_tool import Tool, serving

from tracer.service.lti.refusals import REASONS


def refused(response: httpx.Response, status: int, reason: str, lang: str) -> None:
    """``response`` is the refusal page of ``reason`` in ``lang``."""
    assert response.status_code == status, (response.status_code, response.text[:600])
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["x-refused"] == reason
    assert response.headers["content-language"] == lang
    assert f'<html lang="{lang}">' in response.text
    sentence = REASONS[reason].worded(lang)
    assert html.escape(sentence) in response.text
    if lang == "it":
        assert REASONS[reason].known_in("it")
        assert "La richiesta" in response.text or "rifiutat" in response.text
    assert "location" not in response.headers
    assert "launch=" not in response.text


def _cases() -> list[Any]:
    now = int(time.time())
    lti = P.LTI
    return [
        pytest.param({"key": "other"}, 401, "signature", "it", id="bad-signature"),
        pytest.param({"kid": "a-key-the-platform-never-had"}, 401, "signature", "en",
                     id="unknown-key-id"),
        pytest.param({"iat": now + 3600, "exp": now + 4000}, 401, "not_yet", "it",
                     id="issued-in-the-future"),
        pytest.param({"aud": "another-tool"}, 401, "audience", "en", id="wrong-audience"),
        pytest.param({"aud": ["another-tool", "gametrace-tool"]}, 401, "azp", "it",
                     id="several-audiences-no-azp"),
        pytest.param({"aud": ["gametrace-tool", "another-tool"], "azp": "another-tool"},
                     401, "azp", "en", id="azp-another-tool"),
        pytest.param({"exp": now - 60, "iat": now - 400}, 401, "expired", "it", id="expired"),
        pytest.param({lti + "deployment_id": "deployment-unknown"}, 403, "deployment", "en",
                     id="unknown-deployment"),
        pytest.param({lti + "version": "1.1.0"}, 400, "version", "it", id="wrong-version"),
        pytest.param({lti + "message_type": "LtiSubmissionReviewRequest"}, 400,
                     "message_type", "en", id="wrong-message-type"),
        pytest.param({"assignment": "no-such-assignment"}, 404, "unknown_assignment", "it",
                     id="unknown-assignment"),
        pytest.param({lti + "custom": P.DROP}, 400, "no_assignment", "en",
                     id="no-assignment"),
        pytest.param({lti + "resource_link": P.DROP}, 400, "message", "it",
                     id="no-resource-link"),
        pytest.param({"roles": ["http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"]},
                     403, "role", "en", id="neither-learner-nor-instructor"),
        pytest.param({"message_type": P.DEEP_LINKING, "roles": [P.LEARNER]}, 403,
                     "deep_linking_role", "it", id="learner-deep-linking"),
    ]


@pytest.mark.parametrize(("change", "status", "reason", "lang"), _cases())
def test_a_launch_altered_one_way_is_refused(tool: Tool, lms_browser: httpx.Client,
                                            change: dict[str, Any], status: int,
                                            reason: str, lang: str) -> None:
    platform = tool.platform
    course, token = tool.course()
    ident = tool.assignment(course, token)
    change = dict(change)
    key = platform.other_key if change.pop("key", None) == "other" else None
    kid = change.pop("kid", None)
    message_type = change.pop("message_type", P.RESOURCE_LINK)
    roles = change.pop("roles", [P.LEARNER])
    change.setdefault("assignment", ident)
    sub = P.unique("sub")
    r = P.launch(lms_browser, tool.base, platform, message_type, roles, sub, key=key, kid=kid,
                 accept_language=f"{lang},en;q=0.5" if lang == "it" else "en-GB",
                 **change)
    refused(r, status, reason, lang)
    assert tool.service.classes.enrolled(ident, sub) is None


def _learner(tool: Tool) -> tuple[str, str]:
    course, token = tool.course()
    hint = tool.platform.prepare(P.RESOURCE_LINK, [P.LEARNER], P.unique("sub"),
                                 assignment=tool.assignment(course, token))
    return hint, course


def test_an_exact_replay_is_refused(tool: Tool, lms_browser: httpx.Client) -> None:
    hint, _ = _learner(tool)
    form = P.login(lms_browser, tool.base, tool.platform, hint)
    assert P.post_form(lms_browser, form).status_code == 303
    lms_browser.headers["Accept-Language"] = "it-IT,it;q=0.9"
    # the same form again, from the same browser (pylti1p3 remembers the state as valid)
    refused(P.post_form(lms_browser, form), 403, "nonce_used", "it")


def test_an_old_nonce_under_a_fresh_state_is_refused(tool: Tool,
                                                     lms_browser: httpx.Client) -> None:
    hint, _ = _learner(tool)
    first = P.login(lms_browser, tool.base, tool.platform, hint)
    assert P.post_form(lms_browser, first).status_code == 303
    fresh = P.login(lms_browser, tool.base, tool.platform, hint)
    # the fresh login's state (its cookie is this browser's), the old id_token and nonce
    refused(P.post_form(lms_browser, fresh, id_token=first.id_token), 403, "nonce_used",
            "en")
    # and the fresh form itself still works once
    assert P.post_form(lms_browser, fresh).status_code == 303


def test_a_state_from_another_browser_is_refused(tool: Tool, lms_browser: httpx.Client,
                                                 other_lms_browser: httpx.Client) -> None:
    hint, _ = _learner(tool)
    form = P.login(lms_browser, tool.base, tool.platform, hint)
    other_lms_browser.headers["Accept-Language"] = "it"
    refused(P.post_form(other_lms_browser, form), 403, "state", "it")
    # a state of this browser's that is not the login's
    refused(P.post_form(lms_browser, form, state="state-not-the-logins"), 403, "state", "en")
    # the browser that logged in can still use it
    assert P.post_form(lms_browser, form).status_code == 303


def test_a_nonce_no_login_made_is_refused(tool: Tool, lms_browser: httpx.Client) -> None:
    hint, _ = _learner(tool)
    form = P.login(lms_browser, tool.base, tool.platform, hint)
    claims = jwt.decode(form.id_token, options={"verify_signature": False})
    made_up = tool.platform.sign({**claims, "nonce": "nonce-no-login-made"})
    refused(P.post_form(lms_browser, form, id_token=made_up), 403, "nonce_unknown", "en")


def test_a_login_from_a_platform_not_registered_is_refused(
        tool: Tool, lms_browser: httpx.Client) -> None:
    got = lms_browser.get(f"{tool.base}/lti/login",
                          params={"iss": "https://lms.invalid", "login_hint": "x",
                                  "target_link_uri": f"{tool.base}/lti/launch"},
                          headers={"Accept-Language": "it"})
    refused(got, 400, "login", "it")
    got = lms_browser.get(f"{tool.base}/lti/login", params={"iss": tool.platform.issuer})
    refused(got, 400, "login", "en")


def test_a_launch_that_is_not_a_form_is_refused(tool: Tool,
                                                lms_browser: httpx.Client) -> None:
    got = lms_browser.post(f"{tool.base}/lti/launch", content=b'{"id_token": "x"}',
                           headers={"content-type": "application/json",
                                    "sec-fetch-site": "cross-site"})
    refused(got, 415, "form", "en")
    got = lms_browser.post(f"{tool.base}/lti/launch", data={"id_token": "a.b", "state": "s"},
                           headers={"sec-fetch-site": "cross-site"})
    refused(got, 403, "state", "en")  # no state cookie: not this browser's login


def test_the_gate_lets_only_the_two_launch_forms_cross_sites(
        tool: Tool, lms_browser: httpx.Client) -> None:
    headers = {"sec-fetch-site": "cross-site", "origin": tool.platform.base}
    got = lms_browser.post(f"{tool.base}/v1/lti/exchange", json={"code": "x"},
                           headers=headers)
    assert got.status_code == 403
    assert got.headers["content-type"] == "application/problem+json"
    got = lms_browser.post(f"{tool.base}/lti/launch", data={"state": "s"}, headers=headers)
    assert got.headers["x-refused"] == "state"  # reached the route, refused there


def test_a_platform_whose_key_set_cannot_be_fetched_is_said_so(
        tmp_path: Path, lms_browser: httpx.Client) -> None:
    # a tool of its own: the module's has the platform's key set kept already
    for tool in serving(str(tmp_path / "t.db"), tmp_path):
        course, token = tool.course()
        ident = tool.assignment(course, token)
        tool.platform.jwks_answer = "down"
        r = P.launch(lms_browser, tool.base, tool.platform, P.RESOURCE_LINK, [P.LEARNER],
                     P.unique("sub"), assignment=ident, accept_language="it")
        refused(r, 502, "key_set", "it")
        # nothing wrong is kept: once the platform answers, the next launch goes through
        tool.platform.jwks_answer = "ok"
        r = P.launch(lms_browser, tool.base, tool.platform, P.RESOURCE_LINK, [P.LEARNER],
                     P.unique("sub"), assignment=ident)
        assert r.status_code == 303, r.text
