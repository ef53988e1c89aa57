// What the pages do for a launch from an LMS (Moodle, Canvas: LTI 1.3).  The launch
// answers with an address that carries a one-time code (#/assignment?id=ID&launch=CODE,
// #/course?id=COURSE&launch=CODE); before the page draws, the code leaves the address
// (so no reload, bookmark or history entry ever holds it) and is traded once with
// POST /v1/lti/exchange for a token, kept as the pages keep every token.  A code refused
// (used, expired) is said on a page of its own.  Then, for the teacher: on a course page
// reached by deep linking, an "add to the LMS course" button on each assignment (the
// signed answer posted back to the LMS as its form); the scores sent to the LMS
// (pending, refused with the LMS's reason, sent) with a button to send them again; and
// in the gradebook, the LMS course's members who never opened the tool.
import { el } from "./dom.js";
import { currentLanguage, moment, number, plural, t } from "./i18n.js";
import { beforeDraw, keepParams, onLeave, rerender } from "./router.js";
import { call, failure, keepToken, keptToken, scroller } from "./classroom.js";

const enc = encodeURIComponent;
/** Marks kept in the browser: this assignment's token came from an LMS launch (its
 * page says so); this course page was opened by a deep-linking launch (kept for the
 * tab only: the LMS's request for a link ends with the tab). */
const LAUNCHED = (kind, id) => `gametrace.lti.${kind}.${id}`;
const DEEP = (course) => `gametrace.lti.deep.${course}`;

/** Whether the KIND token kept for ID came from an LMS launch. */
export function launched(kind, id) {
  return localStorage.getItem(LAUNCHED(kind, id)) === "1";
}

/** Whether the course page of COURSE answers a deep-linking request of the LMS. */
export function deepLinking(course) {
  return sessionStorage.getItem(DEEP(course)) === "1";
}

function refusal(view, err, page, params) {
  const id = params.get(page === "course" ? "course" : "id");
  const kind = page === "course" ? "teacher" : "student";
  const here = id && keptToken(kind, id);
  view.replaceChildren(...[
    el("h2", { id: "lti-refused-title" }, t("lti.refused.title")),
    el("p", { id: "lti-refused" }, t("lti.refused.help")),
    failure(err),
    // the address is the page's own already (the code out of it): drawn again, it opens
    here ? el("div", { class: "row" }, el("button", { type: "button", id: "lti-refused-open",
      onclick: rerender },
      t(page === "course" ? "lti.refused.course" : "lti.refused.assignment"))) : null,
  ].filter(Boolean));
}

/** Before a page draws: a launch code in its address is taken out of it, then traded for
 * the token the page then finds kept; false when the code is refused (this draws the
 * refusal itself). */
async function arrive(page, params, view) {
  if (!params.has("launch")) return true;
  const code = params.get("launch");
  params.delete("launch");
  if (page === "course" && params.has("id")) {  // the launch names the course as id
    if (!params.has("course")) params.set("course", params.get("id"));
    params.delete("id");
  }
  keepParams(params);
  let traded;
  try {
    traded = await call("POST", "v1/lti/exchange", null, { code });
  } catch (err) {
    refusal(view, err, page, params);
    return false;
  }
  if (traded.role === "student") {
    keepToken("student", traded.assignment, traded.token);
    localStorage.setItem(LAUNCHED("student", traded.assignment), "1");
    params.set("id", traded.assignment);
  } else {
    keepToken("teacher", traded.course, traded.token);
    localStorage.setItem(LAUNCHED("teacher", traded.course), "1");
    if (traded.deep_linking) sessionStorage.setItem(DEEP(traded.course), "1");
    else sessionStorage.removeItem(DEEP(traded.course));
    if (page === "course") params.set("course", traded.course);
  }
  keepParams(params);
  return true;
}

beforeDraw(arrive);

/** The line of a student's page opened from the LMS: who it knows them as, where the
 * score goes. */
export function launchNote(id) {
  if (!launched("student", id)) return null;
  return el("p", { class: "lti-note", id: "lti-student-note" }, t("lti.student.note"));
}

// ---------------------------------------------------------------- deep linking
/** Asks the service for the LMS's link to ASSIGNMENT and posts it to the LMS (its form,
 * the signed answer in the field JWT): the page then leaves for the LMS. */
async function addToLms(assignment, token, out) {
  try {
    const answer = await call("POST", "v1/lti/deep-link", token, { assignment });
    const form = el("form", { method: "post", action: answer.action, hidden: "",
                              id: "lti-deep-link-form" },
      el("input", { type: "hidden", name: "JWT", value: answer.jwt }));
    document.body.append(form);
    out.replaceChildren(el("p", { class: "ok" }, t("lti.deep.sending")));
    form.submit();
  } catch (err) {
    out.replaceChildren(failure(err));
  }
}

/** The button that adds assignment A ({id, title}) to the LMS course, on a course page
 * opened by deep linking (else null); what it says goes in OUT. */
export function addButton(course, a, token, out) {
  if (!deepLinking(course)) return null;
  return el("button", { type: "button", class: "lti-add", id: `lti-add-${a.id}`,
                        "aria-label": t("lti.deep.add.named", { title: a.title }),
                        onclick: () => addToLms(a.id, token, out) },
            t("lti.deep.add"));
}

/** What the course page says first when the LMS asked for an activity. */
export function deepLinkBanner(course) {
  if (!deepLinking(course)) return null;
  return el("div", { class: "class-keep lti-deep", role: "note", id: "lti-deep-banner" },
    el("p", {}, el("strong", {}, t("lti.deep.title"))),
    el("p", {}, t("lti.deep.help")));
}

// ---------------------------------------------------------------- scores sent to the LMS
function stateCell(s) {
  const cls = s.state === "sent" ? "right" : s.state === "refused" ? "wrong" : "lti-pending";
  return el("td", { class: cls, "data-state": s.state }, t(`lti.scores.state.${s.state}`));
}

function whenCell(s) {
  if (s.state === "sent" && s.sent) {
    return el("td", {}, t("lti.scores.sent_at", { at: moment(s.sent) }));
  }
  if (s.state === "pending" && s.next_try) {
    return el("td", {}, t("lti.scores.next_try", { at: moment(s.next_try) }));
  }
  return el("td", {}, "");
}

function scoresTable(scores, titles) {
  const columns = ["assignment", "student", "name", "score", "state", "tries", "reason", "when"];
  return scroller(t("lti.scores.caption"), el("table", { id: "lti-scores-table" },
    el("caption", {}, t("lti.scores.caption")),
    el("tr", {}, ...columns.map((k) => el("th", { scope: "col" }, t(`lti.scores.column.${k}`)))),
    ...scores.map((s) => el("tr", { "data-student": s.student, "data-state": s.state,
                                    "data-assignment": s.assignment },
      el("td", { translate: "no", class: "class-text" },
         titles.get(s.assignment) || s.assignment || ""),
      el("th", { scope: "row", translate: "no" }, s.student),
      el("td", { translate: "no", class: "class-text" }, s.name || ""),
      el("td", { translate: "no" }, `${number(s.given)} / ${number(s.maximum)}`),
      stateCell(s),
      el("td", { translate: "no" }, String(s.tries ?? 0)),
      el("td", { translate: "no", class: "class-text lti-reason" }, s.error || ""),
      whenCell(s)))));
}

/** The scores of COURSE's LMS learners as the LMS got them (GET .../lti/scores, the
 * LMS's reasons said in the page's language), each by its assignment's title (from
 * ASSIGNMENTS, the course's {id, title}), with "Send again" while any is pending or
 * refused; null for a course the LMS does not know (a service without LTI answers 404). */
export async function scoresPanel(course, token, assignments = []) {
  const path = `v1/courses/${enc(course)}/lti/scores`;
  const titles = new Map(assignments.map((a) => [a.id, a.title]));
  const section = el("section", { id: "lti-scores" });
  const said = el("div", { id: "lti-scores-said", "aria-live": "polite" });
  let timer = null;
  onLeave(() => clearTimeout(timer));
  async function draw() {
    let listed;
    try {
      listed = await call("GET", `${path}?lang=${currentLanguage()}`, token);
    } catch (err) {
      if (err.problem && (err.problem.status === 404 || /\b404\b/.test(err.message))) {
        return false;
      }
      section.replaceChildren(el("h3", {}, t("lti.scores.title")), failure(err));
      return true;
    }
    const scores = listed.scores || [];
    if (!scores.length && !launched("teacher", course)) return false;
    const waiting = scores.filter((s) => s.state !== "sent").length;
    const resend = async () => {
      try {
        const queued = await call("POST", `${path}/resend`, token, {});
        said.replaceChildren(el("p", { class: "ok" },
          plural("lti.scores.queued", queued.queued)));
        await draw();
        clearTimeout(timer);
        timer = setTimeout(draw, 3000);  // the sender has had its chance by then
      } catch (err) {
        said.replaceChildren(failure(err));
      }
    };
    section.replaceChildren(...[
      el("h3", {}, t("lti.scores.title")),
      el("p", {}, t("lti.scores.help")),
      scores.length ? scoresTable(scores, titles) : el("p", { id: "lti-scores-none" },
                                               t("lti.scores.none")),
      waiting ? el("p", { id: "lti-scores-waiting" }, plural("lti.scores.waiting", waiting))
        : null,
      waiting ? el("div", { class: "row" }, el("button", { type: "button",
        id: "lti-scores-resend", onclick: resend }, t("lti.scores.resend"))) : null,
      said].filter(Boolean));
    return true;
  }
  return (await draw()) ? section : null;
}

// ---------------------------------------------------------------- the LMS's roster
/** The gradebook's list of the LMS course's members who never opened the tool (when
 * the launch offered the LMS's roster), or why it could not be read; else null. */
export function neverOpened(book) {
  const members = book.lms_members_never_opened;
  const error = book.lms_roster_error;
  if (members === undefined && !error) return null;
  const parts = [el("h4", {}, t("lti.roster.title"))];
  if (error) {
    parts.push(el("p", { class: "error", role: "alert", id: "lti-roster-error" },
      t("lti.roster.error"), " ", el("span", { translate: "no" }, error)));
  }
  if (members && members.length) {
    parts.push(el("p", {}, plural("lti.roster.count", members.length)),
      el("ul", { id: "lti-never-opened" }, ...members.map((m) => el("li", {
        "data-sub": m.sub }, el("span", { translate: "no" }, m.name || m.sub)))));
  } else if (members) {
    parts.push(el("p", { id: "lti-never-opened-none" }, t("lti.roster.none")));
  }
  return el("section", { id: "lti-roster", class: "lti-roster" }, ...parts);
}
