// A teacher's course page (#/course?course=ID).  Without a course: create one (its teacher
// token is kept in this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhere.  With one: its assignments (the link to hand out, the
// submissions, the exports, delete), a form for a new assignment with a live preview of
// what a student sees, and the gradebook (per student and item, per-item statistics, a
// chart of the misconceptions, the CSV).  Opened from an LMS (lti.js): the scores sent to
// it, and on a deep-linking launch a button on each assignment that adds it to the LMS.
import { get } from "./api.js";
import { el } from "./dom.js";
import { currentLanguage, moment, number, plural, t } from "./i18n.js";
import { showStudents } from "./classstudents.js";
import { go, register } from "./router.js";
import { gradebook } from "./classbook.js";
import { listenKeys } from "./stepper.js";
import { addButton, deepLinkBanner, scoresPanel } from "./lti.js";
import {
  call, download, failure, keepToken, keptIds, keptToken, renderTask, scroller,
} from "./classroom.js";

const enc = encodeURIComponent;

function labelled(id, key, control) {
  return el("label", { for: id }, t(key), " ", control);
}

function input(id, attrs = {}) {
  return el("input", { id, name: id, autocomplete: "off", ...attrs });
}

function choice(id, values, chosen, prefix) {
  return el("select", { id, name: id }, ...values.map((v) => el("option", {
    value: v, selected: v === chosen ? "" : null }, prefix ? t(`${prefix}.${v}`) : v)));
}

// ---------------------------------------------------------------- without a course
function noCourse(view) {
  const out = el("div", { id: "course-created", "aria-live": "polite" });
  async function create(event) {
    event.preventDefault();
    try {
      const made = await call("POST", "v1/courses", null,
                              { title: view.querySelector("#course-title").value.trim() });
      keepToken("teacher", made.id, made.teacher_token);
      const token = el("code", { id: "course-token", translate: "no" }, made.teacher_token);
      const ident = el("code", { id: "course-made-id", translate: "no" }, made.id);
      const copied = el("span", { "aria-live": "polite" });
      out.replaceChildren(el("div", { class: "class-keep", role: "note" },
        el("p", {}, el("strong", {}, t("course.keep.title"))),
        el("p", {}, t("course.keep.help")),
        el("p", {}, t("course.keep.id"), " ", ident),
        el("p", {}, t("course.keep.token"), " ", token),
        el("div", { class: "row" },
           el("button", { type: "button", id: "course-copy", onclick: async () => {
             await navigator.clipboard.writeText(made.teacher_token).then(
               () => { copied.textContent = t("course.keep.copied"); },
               () => { copied.textContent = t("course.keep.select"); });
           } }, t("course.keep.copy")), copied,
           el("a", { href: `#/course?course=${enc(made.id)}`, id: "course-open-new",
                     class: "button" }, t("course.open.this")))));
    } catch (err) {
      out.replaceChildren(failure(err));
    }
  }
  async function open(event) {
    event.preventDefault();
    const id = view.querySelector("#course-id").value.trim();
    const token = view.querySelector("#course-paste").value.trim();
    try {
      await call("GET", `v1/courses/${enc(id)}`, token);
      keepToken("teacher", id, token);
      go("course", { course: id });
    } catch (err) {
      pasted.replaceChildren(failure(err));
    }
  }
  const pasted = el("div", { "aria-live": "polite" });
  const known = keptIds("teacher");
  view.append(...[
    el("h2", {}, t("course.title")),
    known.length ? el("section", {}, el("h3", {}, t("course.known")),
      el("ul", { id: "course-known" }, ...known.map((id) => el("li", {},
        el("a", { href: `#/course?course=${enc(id)}`, translate: "no" }, id))))) : null,
    el("section", {}, el("h3", {}, t("course.create.title")),
      el("form", { id: "course-create", onsubmit: create },
        el("div", { class: "row" },
           labelled("course-title", "course.create.name",
                    input("course-title", { required: "", maxlength: 200 })),
           el("button", { type: "submit", id: "course-create-button" },
              t("course.create.button")))),
      out),
    el("section", {}, el("h3", {}, t("course.open.title")),
      el("p", {}, t("course.open.help")),
      el("form", { id: "course-open", onsubmit: open },
        el("div", { class: "row" },
           labelled("course-id", "course.open.id", input("course-id", { required: "" })),
           labelled("course-paste", "course.open.token",
                    input("course-paste", { required: "", type: "password" })),
           el("button", { type: "submit", id: "course-open-button" },
              t("course.open.button")))),
      pasted)].filter(Boolean));
}

// ---------------------------------------------------------------- the assignment form
const ITEMS = ["value", "move", "values", "evaluated", "pruned", "alphabeta"];

/** A week from now at 23:59, as a datetime-local field takes it (the due time the form
 * starts with: the solution is shown after it, so the form needs one). */
function aWeekFromNow() {
  const d = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  d.setHours(23, 59, 0, 0);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T23:59`;
}

function assignmentForm(course, token, examples, games, policies, onCreated) {
  const f = {
    title: input("new-title", { required: "", maxlength: 200 }),
    kind: choice("new-source", ["example", "tree", "game", "exercise"], "example",
                 "course.source"),
    example: el("select", { id: "new-example", name: "new-example", translate: "no" },
      ...examples.map((e) => el("option", { value: e.name, "data-user": "" }, e.name))),
    tree: el("textarea", { id: "new-tree", name: "new-tree", rows: 2, translate: "no" },
             "A(B(3 12 8) C(2 4 6) D(14 5 2))"),
    game: el("select", { id: "new-game", name: "new-game", translate: "no" },
      ...games.map((g) => el("option", { value: g.name, "data-user": "" }, g.name))),
    params: input("new-params", { translate: "no" }),
    branching: input("new-branching", { type: "number", min: 2, max: 6, value: 2 }),
    depth: input("new-depth", { type: "number", min: 1, max: 6, value: 3 }),
    cutsLow: input("new-cuts-low", { type: "number", min: 0, value: 1 }),
    cutsHigh: input("new-cuts-high", { type: "number", min: 0, value: 3 }),
    valuesLow: input("new-values-low", { type: "number", value: 0 }),
    valuesHigh: input("new-values-high", { type: "number", value: 20 }),
    seed: input("new-seed", { type: "number", value: 0 }),
    algorithm: choice("new-algorithm", ["alphabeta", "minimax"], "alphabeta"),
    variant: choice("new-variant", ["fail-soft", "fail-hard"], "fail-soft"),
    cutOn: choice("new-cut-on", ["ge", "gt"], "ge"),
    perStudent: input("new-per-student", { type: "checkbox" }),
    due: input("new-due", { type: "datetime-local", value: aWeekFromNow() }),
    attempts: input("new-attempts", { type: "number", min: 1, max: 100, value: 1 }),
    stepTries: input("new-step-tries", { type: "number", min: 1, max: 1000,
                                         placeholder: t("course.step_tries.unlimited") }),
    // the policies' menus are the library's (GET /v1/algorithms: policies), their
    // defaults the documented ones (docs/classroom.md)
    feedback: choice("new-feedback", policies.feedback, "first-mistake", "assignment.policy"),
    solution: choice("new-solution", policies.solution, "after-due", "course.solution"),
    late: choice("new-late", policies.late, "refuse", "course.late"),
    penalty: input("new-penalty", { type: "number", min: 1, max: 100, value: 20 }),
  };
  const items = {};
  const nodes = {};
  for (const name of ITEMS) {
    items[name] = input(`new-item-${name}`, { type: "checkbox",
      checked: ["value", "move", "pruned"].includes(name) ? "" : null });
  }
  for (const name of ["values", "alphabeta"]) {
    nodes[name] = input(`new-nodes-${name}`, { size: 10, translate: "no",
                                               "aria-label": t(`course.nodes.${name}`) });
  }
  const sourceRows = {
    example: el("div", { class: "row" },
                labelled("new-example", "course.source.example", f.example)),
    tree: el("div", {}, labelled("new-tree", "course.source.tree", f.tree)),
    game: el("div", { class: "row" }, labelled("new-game", "course.source.game", f.game),
             labelled("new-params", "course.params", f.params)),
    exercise: el("div", { class: "row" },
      labelled("new-branching", "course.branching", f.branching),
      labelled("new-depth", "course.depth", f.depth),
      labelled("new-cuts-low", "course.cuts_low", f.cutsLow),
      labelled("new-cuts-high", "course.cuts_high", f.cutsHigh),
      labelled("new-values-low", "course.values_low", f.valuesLow),
      labelled("new-values-high", "course.values_high", f.valuesHigh),
      labelled("new-seed", "course.seed", f.seed)),
  };
  const penaltyRow = labelled("new-penalty", "course.penalty", f.penalty);
  const showSource = () => {
    for (const [kind, row] of Object.entries(sourceRows)) row.hidden = kind !== f.kind.value;
    penaltyRow.hidden = f.late.value !== "penalty";
  };
  showSource();
  const list = (s) => s.split(/[\s,]+/).filter(Boolean);
  function documentOf() {
    const kind = f.kind.value;
    let source;
    if (kind === "example") source = { example: f.example.value };
    else if (kind === "tree") source = { tree: f.tree.value };
    else if (kind === "game") {
      const params = {};
      for (const pair of list(f.params.value.replace(/,(?=[^=]*=)/g, " "))) {
        const at = pair.indexOf("=");
        if (at > 0) params[pair.slice(0, at)] = pair.slice(at + 1);
      }
      source = { game: f.game.value, params };
    } else {
      source = { exercise: {
        branching: Number(f.branching.value), depth: Number(f.depth.value),
        cuts: [Number(f.cutsLow.value), Number(f.cutsHigh.value)],
        values: [Number(f.valuesLow.value), Number(f.valuesHigh.value)],
        seed: Number(f.seed.value) } };
    }
    const spec = { algorithm: f.algorithm.value };
    if (f.algorithm.value === "alphabeta") {
      spec.variant = f.variant.value;
      spec.cut_on = f.cutOn.value;
    }
    const asked = [];
    for (const name of ITEMS) {
      if (!items[name].checked) continue;
      const chosen = nodes[name] ? list(nodes[name].value) : [];
      asked.push(chosen.length ? { [name]: chosen } : name);
    }
    const doc = { title: f.title.value.trim() || t("course.untitled"), source, spec,
                  items: asked, per_student: f.perStudent.checked,
                  attempts: Number(f.attempts.value), feedback: f.feedback.value,
                  solution: f.solution.value, late: f.late.value };
    if (f.late.value === "penalty") doc.penalty = Number(f.penalty.value);
    if (f.stepTries.value.trim()) doc.step_tries = Number(f.stepTries.value);
    if (f.due.value) doc.due = new Date(f.due.value).toISOString().replace(/\.\d+Z$/, "Z");
    return doc;
  }
  const preview = el("div", { id: "course-preview", "aria-live": "polite" });
  const status = el("div", { id: "course-new-status", "aria-live": "polite" });
  let timer = null;
  let asked = 0;
  async function refresh() {
    const mine = ++asked;
    try {
      const task = await call("POST", `v1/courses/${enc(course)}/preview`, token, documentOf());
      const drawn = await renderTask(task, "preview");
      if (mine === asked) preview.replaceChildren(drawn);
    } catch (err) {
      if (mine === asked) preview.replaceChildren(failure(err));
    }
  }
  const later = () => { clearTimeout(timer); timer = setTimeout(refresh, 400); };
  async function create(event) {
    event.preventDefault();
    try {
      const made = await call("POST", `v1/courses/${enc(course)}/assignments`, token,
                              documentOf());
      const link = new URL(made.student_url, location.href).href;
      const lms = el("div", { "aria-live": "polite" });
      const add = addButton(course, { id: made.id, title: made.title || documentOf().title },
                            token, lms);
      status.replaceChildren(...[el("p", { class: "ok" }, t("course.new.made"), " ",
        el("a", { href: link, id: "course-new-link", translate: "no" }, link)),
        add ? el("div", { class: "row" }, add) : null, lms].filter(Boolean));
      await onCreated();
    } catch (err) {
      status.replaceChildren(failure(err));
    }
  }
  const form = el("form", { id: "course-new", onsubmit: create, oninput: later,
                            onchange: () => { showSource(); later(); } },
    el("div", { class: "row" }, labelled("new-title", "course.new.name", f.title)),
    el("fieldset", {}, el("legend", {}, t("course.source")),
       el("div", { class: "row" }, labelled("new-source", "course.source.kind", f.kind)),
       ...Object.values(sourceRows)),
    el("fieldset", {}, el("legend", {}, t("course.spec")),
       el("div", { class: "row" }, labelled("new-algorithm", "assignment.algorithm", f.algorithm),
          labelled("new-variant", "assignment.variant", f.variant),
          labelled("new-cut-on", "assignment.cut_on", f.cutOn))),
    el("fieldset", {}, el("legend", {}, t("course.items")),
       ...ITEMS.map((name) => el("div", { class: "row" },
         el("label", {}, items[name], " ", t(`assignment.item.${name}`)),
         nodes[name] ? nodes[name] : null))),
    el("fieldset", {}, el("legend", {}, t("course.policies")),
       el("div", { class: "row" },
          el("label", {}, f.perStudent, " ", t("course.per_student")),
          labelled("new-due", "assignment.due", f.due),
          labelled("new-attempts", "assignment.attempts", f.attempts)),
       el("div", { class: "row" },
          labelled("new-step-tries", "assignment.step_tries", f.stepTries),
          labelled("new-feedback", "assignment.feedback", f.feedback),
          labelled("new-solution", "course.solution", f.solution)),
       el("div", { class: "row" },
          labelled("new-late", "course.late", f.late), penaltyRow)),
    el("div", { class: "row" },
       el("button", { type: "submit", id: "course-new-button" }, t("course.new.button"))),
    status);
  refresh();
  return el("section", { id: "course-new-section" },
    el("h3", {}, t("course.new.title")),
    el("div", { class: "class-layout" }, form,
       el("div", {}, el("h4", {}, t("course.preview")), el("p", {}, t("course.preview.help")),
          preview)));
}

// ---------------------------------------------------------------- the assignments
function assignmentList(course, summary, token, reload) {
  if (!summary.assignments.length) {
    return el("section", { id: "course-assignments" }, el("h3", {}, t("course.assignments")),
              el("p", {}, t("course.assignments.none")));
  }
  const detail = el("div", { id: "course-submissions", "aria-live": "polite" });
  async function submissions(a) {
    try {
      const listed = await call("GET", `v1/assignments/${enc(a.id)}/submissions`, token);
      const rows = listed.submissions.map((s) => el("tr", {},
        el("td", { translate: "no" }, s.student), el("td", { translate: "no" }, s.name),
        el("td", { translate: "no" }, String(s.attempt)),
        el("td", { translate: "no" }, number(s.score)),
        el("td", {}, s.late ? t("course.late.yes") : ""),
        el("td", { translate: "no" }, moment(s.at)),
        el("td", {}, el("button", { type: "button", class: "danger",
          id: `course-delete-submission-${s.id}`,
          "aria-label": t("course.delete.submission", { student: s.student, attempt: s.attempt }),
          onclick: async () => {
            if (!confirm(t("course.delete.submission.confirm",
                           { student: s.student, attempt: s.attempt }))) return;
            await call("DELETE", `v1/submissions/${enc(s.id)}`, token);
            await reload();
          } }, t("course.delete")))));
      detail.replaceChildren(el("h4", {}, t("course.submissions.of"), " ",
                                el("span", { translate: "no" }, a.title)),
        rows.length ? scroller(t("course.submissions"),
          el("table", { id: "course-submission-table" },
             el("tr", {}, ...["student", "name", "attempt", "score", "late", "at",
                              "actions"].map(
               (k) => el("th", { scope: "col" }, t(`course.column.${k}`)))), ...rows))
          : el("p", {}, t("course.submissions.none")));
    } catch (err) {
      detail.replaceChildren(failure(err));
    }
  }
  const rows = summary.assignments.map((a) => {
    const studentsButton = el("button", { type: "button", id: `course-students-${a.id}`,
                                         onclick: () => showStudents(detail, a, token) },
                              t("course.students"));
    const link = new URL(a.student_url, location.href).href;
    const exported = (kind) => () => download(`v1/assignments/${enc(a.id)}/export/${kind}`,
      token, `${a.id}.${kind.split("?")[0]}`).catch((e) => detail.replaceChildren(failure(e)));
    const actions = el("div", { class: "class-actions" }, addButton(course, a, token, detail),
      studentsButton,
      el("button", { type: "button", id: `course-show-${a.id}`,
                     onclick: () => submissions(a) }, t("course.submissions")),
      el("button", { type: "button", id: `course-moodle-${a.id}`,
                     onclick: exported(`moodle.xml?lang=${currentLanguage()}`) },
         t("course.export.moodle")),
      el("button", { type: "button", id: `course-prairielearn-${a.id}`,
                     onclick: exported(`prairielearn.zip?lang=${currentLanguage()}`) },
         t("course.export.prairielearn")),
      el("button", { type: "button", class: "danger", id: `course-delete-${a.id}`,
        "aria-label": t("course.delete.assignment", { title: a.title }),
        onclick: async () => {
          if (!confirm(t("course.delete.assignment.confirm", { title: a.title }))) return;
          await call("DELETE", `v1/assignments/${enc(a.id)}`, token);
          await reload();
        } }, t("course.delete")));
    return el("li", { class: "class-assignment", "data-id": a.id },
      el("strong", { translate: "no" }, a.title), " ",
      el("span", {}, t("course.assignment.counts",
                       { students: plural("course.students", a.students),
                         submissions: plural("course.submissions.count", a.submissions) })),
      el("div", {}, t("course.assignment.link"), " ",
         el("a", { href: link, translate: "no", class: "class-link" }, link)),
      actions);
  });
  return el("section", { id: "course-assignments" }, el("h3", {}, t("course.assignments")),
            el("ul", { class: "class-list" }, ...rows), detail);
}

// ---------------------------------------------------------------- the page
export async function renderCourse(view, params) {
  listenKeys(null);
  view.replaceChildren();
  const course = params.get("course");
  const token = course ? keptToken("teacher", course) : null;
  if (!course || !token) {
    noCourse(view);
    return;
  }
  const [summary, examples, games, menus] = await Promise.all([
    call("GET", `v1/courses/${enc(course)}`, token), get("v1/examples"), get("v1/games"),
    get("v1/algorithms")]);
  const listed = el("div", { id: "course-assignments-box" });
  const booked = el("div", { id: "course-gradebook-box" });
  const lms = el("div", { id: "course-lti-box" });
  async function reload() {
    const [now, book] = await Promise.all([
      call("GET", `v1/courses/${enc(course)}`, token),
      call("GET", `v1/courses/${enc(course)}/gradebook?lang=${currentLanguage()}`, token)]);
    const sent = await scoresPanel(course, token, now.assignments);
    listed.replaceChildren(assignmentList(course, now, token, reload));
    booked.replaceChildren(gradebook(book, course, token));
    lms.replaceChildren(...(sent ? [sent] : []));
  }
  view.append(...[
    el("h2", {}, t("course.course"), " ", el("span", { translate: "no", id: "course-name" },
                                               summary.title)),
    deepLinkBanner(course),
    listed, assignmentForm(course, token, examples, games, menus.policies, reload), lms, booked,
  ].filter(Boolean));
  await reload();
}

register("course", renderCourse);
