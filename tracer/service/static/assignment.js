// A student's assignment page (#/assignment?id=ID): join with a student id and a name
// (the assignment's title shown first; the student token is shown once to keep, and kept
// in this browser, one per assignment), or take a token kept elsewhere back ("I already
// joined"); then the task (the student's own tree and the items asked), answering step by
// step (each step's verdict at once, what is answered so far drawn on the tree), the whole
// answer submitted with the feedback the teacher's policy allows, and the solution once
// the policy shows it.  Items are said in words, never by their keys.  Opened from an
// LMS, the token is the launch's (lti.js) and the page says the score goes to the LMS.
import { el } from "./dom.js";
import { currentLanguage, moment, number, percentOf, plural, t } from "./i18n.js";
import { register } from "./router.js";
import { listenKeys } from "./stepper.js";
import { buildAnswer, itemOf, nodesOf, readValue, tableNodes } from "./answers.js";
import { drawAnswered, readable } from "./answered.js";
import { launchNote } from "./lti.js";
import {
  answerText as given, call, failure, forgetToken, itemWords, keepToken, keptToken, renderTask,
  scroller,
} from "./classroom.js";

const enc = encodeURIComponent;

const field = (id, key, attrs = {}) => el("label", { for: id }, t(key), " ",
  el("input", { id, name: id, autocomplete: "off", ...attrs }));

// ---------------------------------------------------------------- joining
/** The token shown once after joining: kept here already, to keep elsewhere too. */
function keepBox(token, onContinue) {
  const copied = el("span", { "aria-live": "polite", id: "assignment-copied" });
  return el("div", { class: "class-keep", role: "note", id: "assignment-keep" },
    el("p", {}, el("strong", {}, t("assignment.keep.title"))),
    el("p", {}, t("assignment.keep.help")),
    el("p", {}, t("assignment.keep.token"), " ",
       el("code", { id: "assignment-token", translate: "no" }, token)),
    el("div", { class: "row" },
       el("button", { type: "button", id: "assignment-copy", onclick: async () => {
         try {
           await navigator.clipboard.writeText(token);
           copied.textContent = t("course.keep.copied");
         } catch {
           copied.textContent = t("assignment.keep.select");
         }
       } }, t("assignment.keep.copy")), copied,
       el("button", { type: "button", id: "assignment-continue", onclick: onContinue },
          t("assignment.keep.continue"))));
}

async function joinForm(view, id) {
  const out = el("div", { id: "assignment-join-result", "aria-live": "polite" });
  const again = () => renderAssignment(view, new URLSearchParams({ id }));
  async function join(event) {
    event.preventDefault();
    const student = view.querySelector("#assignment-student").value.trim();
    const name = view.querySelector("#assignment-name").value.trim();
    try {
      const made = await call("POST", `v1/assignments/${enc(id)}/join`, null,
                              { student, name });
      keepToken("student", id, made.student_token);
      view.querySelector("#assignment-join").hidden = true;
      view.querySelector("#assignment-back-section").hidden = true;
      out.replaceChildren(keepBox(made.student_token, again));
    } catch (err) {
      out.replaceChildren(failure(err));
    }
  }
  const back = el("div", { id: "assignment-back-result", "aria-live": "polite" });
  async function takeBack(event) {
    event.preventDefault();
    const token = view.querySelector("#assignment-paste").value.trim();
    try {
      await call("GET", `v1/assignments/${enc(id)}/policies`, token);
      keepToken("student", id, token);
      await again();
    } catch (err) {
      back.replaceChildren(failure(err));
    }
  }
  let about = {};
  let unknown = null;
  try {
    about = await call("GET", `v1/assignments/${enc(id)}/about`);
  } catch (err) {  // a link mistyped: said, and the forms stay (the join says it again)
    unknown = failure(err);
  }
  view.append(...[
    el("h2", {}, t("assignment.join.title")),
    about.title ? el("p", { class: "class-title", id: "assignment-about", translate: "no" },
                     about.title) : unknown,
    about.due ? el("p", {}, t("assignment.join.due", { due: moment(about.due) })) : null,
    el("p", {}, t("assignment.join.help")),
    el("form", { id: "assignment-join", onsubmit: join },
       el("div", { class: "row" },
          field("assignment-student", "assignment.join.student", { required: "" }),
          field("assignment-name", "assignment.join.name", { required: "" })),
       el("div", { class: "row" },
          el("button", { type: "submit", id: "assignment-join-button" },
             t("assignment.join.button")))),
    out,
    el("details", { id: "assignment-back-section" },
       el("summary", {}, t("assignment.back.title")),
       el("p", {}, t("assignment.back.help")),
       el("form", { id: "assignment-back", onsubmit: takeBack },
          el("div", { class: "row" },
             field("assignment-paste", "assignment.back.token",
                   { required: "", type: "password" }),
             el("button", { type: "submit", id: "assignment-back-button" },
                t("assignment.back.button")))),
       back)].filter(Boolean));
}

// ---------------------------------------------------------------- step by step
const STEPS_KEPT = (id) => `gametrace.steps.${id}`;

/** The steps answered (right, or missed and shown) kept in this browser: the tree's
 * drawing of the state so far is made of them. */
function keptSteps(id) {
  try {
    return JSON.parse(localStorage.getItem(STEPS_KEPT(id)) || "[]");
  } catch {
    return [];
  }
}

function stepSection(id, token, task, redraw) {
  const nodes = nodesOf(task).map((n) => n.id);
  const log = el("ol", { id: "assignment-step-log", class: "class-log", "aria-live": "polite" });
  const box = el("div", { id: "assignment-step" });
  const path = `v1/assignments/${enc(id)}/steps`;
  let done = keptSteps(id);
  const keep = () => localStorage.setItem(STEPS_KEPT(id), JSON.stringify(done));
  // a step's field by its catalog label, and its value as data (a kind by its label too)
  const shown = (name, value) => (name === "kind" ? t(`assignment.step.kind.${value}`)
    : `${t(`assignment.step.${name}`)} = ${given(value)}`);
  const fieldList = (names) => names.map((f) => t(`assignment.step.${f}`)).join(", ");
  function verdictLine(verdict) {
    const parts = [];
    if (verdict.right) {
      parts.push(t("assignment.step.right", { step: verdict.step }));
    } else if (verdict.missed) {
      parts.push(t("assignment.step.missed", { step: verdict.step }));
    } else {
      parts.push(t("assignment.step.wrong", { step: verdict.step }));
    }
    if (!verdict.right && verdict.wrong && verdict.wrong.length) {
      parts.push(" ", t("assignment.step.wrong_fields", { fields: fieldList(verdict.wrong) }));
    }
    // the lecture's rule the step breaks (first-mistake and above), in the page's words
    if (!verdict.right && typeof verdict.hint === "string" && verdict.hint) {
      parts.push(" ", el("span", { translate: "no", lang: currentLanguage() }, verdict.hint));
    }
    const expected = verdict.missed ? verdict.answer || verdict.expected : verdict.expected;
    if (expected && Object.keys(expected).length) {
      parts.push(" ", t(verdict.missed ? "assignment.step.answer_was" : "assignment.step.expected"),
                 " ", el("span", { translate: "no" }, Object.entries(expected)
                   .map(([k, v]) => shown(k, v)).join(", ")), ".");
    }
    if (!verdict.right && !verdict.missed && verdict.tries_left !== undefined) {
      parts.push(" ", plural("assignment.step.tries_left", verdict.tries_left));
    }
    if (verdict.pruned && verdict.pruned.length) {
      parts.push(" ", t("assignment.step.pruned"), " ",
                 el("span", { translate: "no" }, verdict.pruned.join(" ")));
    }
    const cls = verdict.right ? "right" : verdict.missed ? "wrong missed" : "wrong";
    return el("li", { class: cls, "data-step": verdict.step }, ...parts);
  }
  async function show() {
    const prompt = await call("GET", path, token);
    if (prompt.finished) {
      box.replaceChildren(el("p", { id: "assignment-steps-done" },
        t("assignment.step.finished", { right: prompt.right_first_try, steps: prompt.steps })));
      return;
    }
    // steps answered on another device are not in this browser: draw only a run of them
    if (done.length !== prompt.step - 1) {
      done = done.slice(0, Math.min(done.length, prompt.step - 1));
      if (done.length !== prompt.step - 1) done = [];
      keep();
      redraw(done);
    }
    const inputs = {};
    const controls = [];
    for (const name of prompt.fields) {
      const fid = `assignment-step-${name}`;
      if (name === "kind") {
        inputs.kind = el("select", { id: fid, name: fid },
          ...prompt.kinds.map((k) => el("option", { value: k }, t(`assignment.step.kind.${k}`))));
        controls.push(el("label", { for: fid }, t("assignment.step.kind"), " ", inputs.kind));
      } else if (name === "node") {
        inputs.node = el("select", { id: fid, name: fid, translate: "no" },
          ...nodes.map((n) => el("option", { value: n, "data-user": "" }, n)));
        controls.push(el("label", { for: fid }, t("assignment.step.node"), " ", inputs.node));
      } else {
        inputs[name] = el("input", { id: fid, name: fid, autocomplete: "off",
                                     inputmode: "text", size: 5 });
        controls.push(el("label", { for: fid }, t(`assignment.step.${name}`), " ",
                         inputs[name]));
      }
    }
    async function answer(event) {
      event.preventDefault();
      const given = {};
      for (const [name, input] of Object.entries(inputs)) {
        given[name] = ["kind", "node"].includes(name) ? input.value
          : (readValue(input.value) ?? "");
      }
      try {
        const verdict = await call("POST", path, token,
                                   { step: prompt.step, answer: given, lang: currentLanguage() });
        log.append(verdictLine(verdict));
        if (verdict.right || verdict.missed) {
          const step = verdict.right ? { ...given }
            : { ...given, ...(verdict.answer || verdict.expected || {}) };
          done.push({ ...step, pruned: verdict.pruned || [] });
          keep();
          redraw(done);
          await show();
        }
      } catch (err) {
        log.append(el("li", {}, failure(err)));
      }
    }
    box.replaceChildren(el("form", { id: "assignment-step-form", onsubmit: answer },
      el("p", { id: "assignment-step-number", "data-step": prompt.step },
         t("assignment.step.prompt", { step: prompt.step })),
      el("div", { class: "row" }, ...controls),
      el("div", { class: "row" },
         el("button", { type: "submit", id: "assignment-step-answer" },
            t("assignment.step.answer")))));
  }
  return {
    root: el("section", { id: "assignment-steps" },
      el("h3", {}, t("assignment.steps.title")),
      el("p", {}, t("assignment.steps.help")), box, log),
    show,
    done: () => done,
  };
}

// ---------------------------------------------------------------- the whole answer
function answerForm(id, token, task, policies) {
  const all = nodesOf(task);
  const root = all.length ? all[0] : null;
  const rows = [];
  const readers = [];
  const text = (fid, key, extra = {}) => {
    const input = el("input", { id: fid, name: fid, autocomplete: "off", ...extra });
    rows.push(el("div", { class: "row" }, el("label", { for: fid }, t(key)), input));
    return input;
  };
  const table = (name, nodes, columns) => {
    const inputs = {};
    const body = nodes.map((node) => {
      inputs[node] = {};
      return el("tr", {}, el("th", { scope: "row", translate: "no" }, node),
        ...columns.map((col) => {
          const input = el("input", { id: `answer-${name}-${col}-${node}`, size: 5,
            autocomplete: "off",
            "aria-label": t(`assignment.answer.${col}_of`, { node }) });
          inputs[node][col] = input;
          return el("td", {}, input);
        }));
    });
    rows.push(scroller(t(`assignment.item.${name}`),
      el("table", { class: "class-answer-table", id: `answer-${name}` },
      el("caption", {}, t(`assignment.item.${name}`)),
      el("tr", {}, el("th", { scope: "col" }, t("assignment.answer.node")),
         ...columns.map((col) => el("th", { scope: "col" }, t(`assignment.answer.${col}`)))),
      ...body)));
    return inputs;
  };
  // what the student typed, field by field: answers.js makes the answer of it
  for (const item of task.items) {
    const [name, chosen] = itemOf(item);
    if (name === "value") {
      const input = text("answer-value", "assignment.item.value");
      readers.push((typed) => { typed.value = input.value; });
    } else if (name === "move") {
      const choices = root ? root.children.map((c) => c.label) : [];
      const input = el("select", { id: "answer-move", name: "answer-move", translate: "no" },
        el("option", { value: "" }, "—"),
        ...choices.map((c) => el("option", { value: c, "data-user": "" }, c)));
      rows.push(el("div", { class: "row" },
        el("label", { for: "answer-move" }, t("assignment.item.move")), input));
      readers.push((typed) => { typed.move = input.value; });
    } else if (name === "values") {
      const inputs = table("values", tableNodes(task, name, chosen), ["value"]);
      readers.push((typed) => {
        typed.values = Object.fromEntries(Object.entries(inputs).map(
          ([node, box]) => [node, box.value.value]));
      });
    } else if (name === "alphabeta") {
      const inputs = table("alphabeta", tableNodes(task, name, chosen), ["alpha", "beta"]);
      readers.push((typed) => {
        typed.alphabeta = Object.fromEntries(Object.entries(inputs).map(
          ([node, box]) => [node, { alpha: box.alpha.value, beta: box.beta.value }]));
      });
    } else {  // evaluated, pruned, expanded: node ids in order
      const input = text(`answer-${name}`, `assignment.item.${name}`,
                         { placeholder: t("assignment.answer.list") });
      readers.push((typed) => { typed[name] = input.value; });
    }
  }
  const out = el("div", { id: "assignment-feedback", "aria-live": "polite" });
  const left = el("p", { id: "assignment-attempts-left" });
  let remaining = policies.attempts_left ?? Math.max(0, policies.attempts - policies.attempts_used);
  const showLeft = () => {
    left.textContent = t("assignment.answer.attempts_left",
                         { left: remaining, attempts: policies.attempts });
  };
  showLeft();
  async function submit(event) {
    event.preventDefault();
    const typed = {};
    for (const read of readers) read(typed);
    try {
      const made = await call("POST", `v1/assignments/${enc(id)}/submissions`,
                              token, { answer: buildAnswer(task, typed), lang: currentLanguage() });
      remaining = made.attempts_left ?? Math.max(0, policies.attempts - made.attempt);
      showLeft();
      out.replaceChildren(...feedbackOf(made, policies));
    } catch (err) {
      out.replaceChildren(failure(err));
    }
  }
  return el("section", { id: "assignment-answer" },
    el("h3", {}, t("assignment.answer.title")),
    el("p", {}, t("assignment.answer.help")),
    el("form", { id: "assignment-answer-form", onsubmit: submit }, ...rows,
       el("div", { class: "row" },
          el("button", { type: "submit", id: "assignment-submit" },
             t("assignment.answer.submit")))),
    left, out);
}

/** What the service showed of a submission (made.shown, or the answer itself from a
 * service that puts it at the top), as the policy let it through: nothing is added here
 * that the service did not send. */
export function feedbackOf(made, policies = {}) {
  const f = made.shown || made;
  const out = [el("p", { class: "score", id: "assignment-score" },
    t("assignment.feedback.score", { score: number(f.score), max: number(f.max_score),
                                     percent: percentOf(f.percent) }))];
  if (made.late || f.late) {
    const penalty = made.penalty ?? f.penalty ?? policies.penalty;
    out.push(el("p", { id: "assignment-late", class: "wrong" },
      penalty ? t("assignment.feedback.late_penalty", { penalty: percentOf(penalty) })
        : t("assignment.feedback.late")));
  }
  out.push(el("p", { id: "assignment-correct", class: f.correct ? "right" : "wrong" },
              t(f.correct ? "assignment.feedback.correct" : "assignment.feedback.not_all")));
  if (f.items) {
    const verdict = (i) => {
      if (i.answered === false) return ["not_answered", "wrong unanswered"];
      return i.right ? ["right", "right"] : ["wrong", "wrong"];
    };
    out.push(scroller(t("assignment.feedback.verdict"), el("table", { id: "assignment-verdicts" },
      el("tr", {}, el("th", { scope: "col" }, t("assignment.feedback.item")),
         el("th", { scope: "col" }, t("assignment.feedback.verdict")),
         el("th", { scope: "col" }, t("assignment.feedback.given"))),
      ...f.items.map((i) => {
        const [word, cls] = verdict(i);
        return el("tr", { class: cls, "data-item": i.item ?? i.key },
          el("td", { translate: "no", lang: currentLanguage() },
             i.words || itemWords(i.item ?? i.key)),
          el("td", {}, t(`assignment.feedback.${word}`)),
          el("td", { translate: "no" }, given(i.given)));
      }))));
  }
  const first = f.first_mistake;
  if (first) {
    // its item and the rule it breaks; the expected value and the reasoning only where
    // the policy sent them (explain, full)
    const what = first.words || (first.item ? itemWords(first.item) : "");
    const rule = first.hint || "";
    const has = first.expected !== undefined && first.expected !== null;
    out.push(el("p", { id: "assignment-first-mistake" }, t("assignment.feedback.first"), " ",
      el("span", { translate: "no", lang: currentLanguage() }, rule || what),
      has ? " " : null, has ? t("assignment.feedback.expected") : null, has ? " " : null,
      has ? el("span", { translate: "no" }, given(first.expected)) : null));
    if (first.why) {
      out.push(el("p", { id: "assignment-why" }, t("assignment.feedback.why"), " ",
        el("span", { translate: "no", lang: currentLanguage() }, first.why)));
    }
  }
  for (const d of f.diagnosis || []) {
    out.push(el("p", { class: "diagnosis" }, t("assignment.feedback.misconception"), " ",
      el("span", { translate: "no", lang: currentLanguage(),
                   "data-misconception": d.misconception || "" },
         (d.causes || []).map((c) => `${c.title} (${c.advice})`).join("; ") || d.misconception)));
  }
  return out;
}

// ---------------------------------------------------------------- the solution
/** The answer key as a table of items in words: the value of C, alpha at B, ... */
function keyRows(key) {
  const rows = [];
  const row = (item, value) => rows.push(el("tr", { "data-item": item },
    el("th", { scope: "row", translate: "no", lang: currentLanguage() }, itemWords(item)),
    el("td", { translate: "no" }, given(value))));
  for (const [name, value] of Object.entries(key)) {
    if (["conventions", "exercise"].includes(name)) continue;
    if (name === "values" && value && typeof value === "object") {
      for (const [node, v] of Object.entries(value)) row(`values.${node}`, v);
    } else if (name === "alphabeta" && value && typeof value === "object") {
      for (const [node, w] of Object.entries(value)) {
        for (const end of ["alpha", "beta"]) {
          if (w[end] !== undefined) row(`alphabeta.${node}.${end}`, w[end]);
        }
      }
    } else {
      row(name, value);
    }
  }
  return rows;
}

function solutionSection(id, token, policies) {
  const out = el("div", { id: "assignment-solution", "aria-live": "polite" });
  const words = () => {
    if (policies.solution === "never") return t("assignment.solution.never");
    if (policies.solution === "after-due") {
      // late work still counts: the key waits for the student's last attempt too
      const key = policies.late && policies.late !== "refuse"
        ? "assignment.solution.after_due_late" : "assignment.solution.after_due";
      return t(key, { due: moment(policies.due) });
    }
    return t("assignment.solution.always");
  };
  async function fetchKey() {
    try {
      const key = await call("GET", `v1/assignments/${enc(id)}/solution`, token);
      out.replaceChildren(scroller(t("assignment.solution.key"),
        el("table", { id: "assignment-key" },
           el("caption", {}, t("assignment.solution.key")), ...keyRows(key))));
    } catch (err) {
      if (err.problem && err.problem.status === 403) {
        out.replaceChildren(el("p", {}, words()));
      } else {
        out.replaceChildren(failure(err));
      }
    }
  }
  const parts = [el("h3", {}, t("assignment.solution.title")),
                 el("p", { id: "assignment-solution-policy" }, words())];
  if (policies.solution_shown) {
    parts.push(el("div", { class: "row" },
      el("button", { type: "button", id: "assignment-show-solution", onclick: fetchKey },
         t("assignment.solution.show"))));
  }
  return el("section", { id: "assignment-solution-section" }, ...parts, out);
}

/** The late policy in words, for the task's conventions. */
function lateWords(policies) {
  if (policies.late === "accept") return t("assignment.late.accept");
  if (policies.late === "penalty") {
    return t("assignment.late.penalty", { penalty: percentOf(policies.penalty) });
  }
  return policies.late ? t("assignment.late.refuse") : null;
}

// ---------------------------------------------------------------- the page
export async function renderAssignment(view, params) {
  listenKeys(null);
  view.replaceChildren();
  const id = params.get("id") || "";
  if (!id) {
    view.append(el("h2", {}, t("assignment.title")), el("p", {}, t("assignment.no_id")));
    return;
  }
  const token = keptToken("student", id);
  if (!token) {
    await joinForm(view, id);
    return;
  }
  let task;
  let policies;
  try {
    [task, policies] = await Promise.all([
      call("GET", `v1/assignments/${enc(id)}/task`, token),
      call("GET", `v1/assignments/${enc(id)}/policies`, token)]);
  } catch (err) {
    view.append(el("h2", {}, t("assignment.title")), failure(err),
      el("div", { class: "row" }, el("button", { type: "button", id: "assignment-forget",
        onclick: () => { forgetToken("student", id); renderAssignment(view, params); } },
        t("assignment.forget"))));
    return;
  }
  const windowed = task.conventions.algorithm === "alphabeta"
    || task.conventions.algorithm === "minimax";
  const drawn = await renderTask(task, "assignment");
  const svg = () => drawn.querySelector("#assignment-figure svg");
  if (svg()) readable(svg());
  const steps = stepSection(id, token, task, (done) => drawAnswered(svg(), task, done));
  if (windowed) drawAnswered(svg(), task, steps.done());
  const solution = solutionSection(id, token, policies);
  const answer = answerForm(id, token, task, policies);
  const late = lateWords(policies);
  view.append(...[
    el("h2", {}, t("assignment.title")),
    el("p", {}, t("assignment.hello"), " ", el("span", { translate: "no" }, policies.name)),
    launchNote(id),
    late ? el("p", { id: "assignment-late-policy" }, late) : null,
    el("div", { class: "class-layout" }, drawn,
       el("div", {}, windowed ? steps.root : null, answer, solution))].filter(Boolean));
  const figure = drawn.querySelector("#assignment-figure");
  if (figure && figure.panZoomCentre) figure.panZoomCentre();
  if (windowed) await steps.show();
}

register("assignment", renderAssignment);

