// A student's assignment page (#/assignment?id=ID): join with a student id and a name
// (the student token is kept in this browser, one per assignment), then the task (the
// student's own tree and the items asked), answering step by step (each step's verdict
// at once, only that step revealed), the whole answer submitted with the feedback the
// teacher's policy allows, and the solution once the policy shows it.
import { el } from "./dom.js";
import { currentLanguage, moment, t } from "./i18n.js";
import { register } from "./router.js";
import { listenKeys } from "./stepper.js";
import {
  call, failure, forgetToken, keepToken, keptToken, nodesOf, number, renderTask, scroller,
} from "./classroom.js";

const field = (id, key, attrs = {}) => el("label", { for: id }, t(key), " ",
  el("input", { id, name: id, autocomplete: "off", ...attrs }));

function joinForm(view, id) {
  const out = el("div", { id: "assignment-join-result", "aria-live": "polite" });
  async function join(event) {
    event.preventDefault();
    const student = view.querySelector("#assignment-student").value.trim();
    const name = view.querySelector("#assignment-name").value.trim();
    try {
      const made = await call("POST", `v1/assignments/${encodeURIComponent(id)}/join`, null,
                              { student, name });
      keepToken("student", id, made.student_token);
      await renderAssignment(view, new URLSearchParams({ id }));
    } catch (err) {
      out.replaceChildren(failure(err));
    }
  }
  view.append(
    el("h2", {}, t("assignment.join.title")),
    el("p", {}, t("assignment.join.help")),
    el("form", { id: "assignment-join", onsubmit: join },
       el("div", { class: "row" },
          field("assignment-student", "assignment.join.student", { required: "" }),
          field("assignment-name", "assignment.join.name", { required: "" })),
       el("div", { class: "row" },
          el("button", { type: "submit", id: "assignment-join-button" },
             t("assignment.join.button")))),
    out);
}

function stepSection(id, token, task) {
  const nodes = nodesOf(task).map((n) => n.id);
  const log = el("ol", { id: "assignment-step-log", class: "class-log", "aria-live": "polite" });
  const box = el("div", { id: "assignment-step" });
  const path = `v1/assignments/${encodeURIComponent(id)}/steps`;
  // a step's field by its catalog label, and its value as data (a kind by its label too)
  const named = (name, value) => [t(`assignment.step.${name}`), " = ",
    name === "kind" ? t(`assignment.step.kind.${value}`)
      : el("span", { translate: "no" }, String(value))];
  const joined = (parts) => parts.flatMap((p, i) => (i ? [", ", ...p] : p));
  function verdictLine(verdict) {
    const parts = [t(verdict.right ? "assignment.step.right" : "assignment.step.wrong",
                     { step: verdict.step })];
    if (verdict.wrong && verdict.wrong.length) {
      parts.push(" ", t("assignment.step.wrong_fields"), " ",
                 ...joined(verdict.wrong.map((f) => [t(`assignment.step.${f}`)])));
    }
    if (verdict.expected) {
      parts.push(" ", t("assignment.step.expected"), " ",
                 ...joined(Object.entries(verdict.expected).map(([k, v]) => named(k, v))));
    }
    if (verdict.pruned && verdict.pruned.length) {
      parts.push(" ", t("assignment.step.pruned"), " ",
                 el("span", { translate: "no" }, verdict.pruned.join(" ")));
    }
    return el("li", { class: verdict.right ? "right" : "wrong" }, ...parts);
  }
  async function show() {
    const prompt = await call("GET", path, token);
    if (prompt.finished) {
      box.replaceChildren(el("p", { id: "assignment-steps-done" },
        t("assignment.step.finished", { right: prompt.right_first_try, steps: prompt.steps })));
      return;
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
        given[name] = ["kind", "node"].includes(name) ? input.value : number(input.value);
      }
      try {
        const verdict = await call("POST", path, token, { step: prompt.step, answer: given });
        log.append(verdictLine(verdict));
        if (verdict.right) await show();
      } catch (err) {
        log.append(el("li", {}, failure(err)));
      }
    }
    box.replaceChildren(el("form", { id: "assignment-step-form", onsubmit: answer },
      el("p", { id: "assignment-step-number" },
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
  };
}

function answerForm(id, token, task, policies) {
  const all = nodesOf(task);
  const inner = all.filter((n) => !n.leaf).map((n) => n.id);
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
  const list = (s) => s.split(/[\s,]+/).filter(Boolean);
  for (const item of task.items) {
    const name = typeof item === "string" ? item : Object.keys(item)[0];
    const chosen = typeof item === "string" ? null : Object.values(item)[0];
    if (name === "value") {
      const input = text("answer-value", "assignment.item.value");
      readers.push((a) => { if (input.value.trim()) a.value = number(input.value); });
    } else if (name === "move") {
      const choices = root ? root.children.map((c) => c.label) : [];
      const input = el("select", { id: "answer-move", name: "answer-move", translate: "no" },
        el("option", { value: "" }, "—"),
        ...choices.map((c) => el("option", { value: c, "data-user": "" }, c)));
      rows.push(el("div", { class: "row" },
        el("label", { for: "answer-move" }, t("assignment.item.move")), input));
      readers.push((a) => { if (input.value) a.move = input.value; });
    } else if (name === "values") {
      const inputs = table("values", chosen || inner, ["value"]);
      readers.push((a) => {
        a.values = {};
        for (const [node, box] of Object.entries(inputs)) {
          if (box.value.value.trim()) a.values[node] = number(box.value.value);
        }
      });
    } else if (name === "alphabeta") {
      const inputs = table("alphabeta", chosen || inner, ["alpha", "beta"]);
      readers.push((a) => {
        a.alphabeta = {};
        for (const [node, box] of Object.entries(inputs)) {
          const w = {};
          if (box.alpha.value.trim()) w.alpha = number(box.alpha.value);
          if (box.beta.value.trim()) w.beta = number(box.beta.value);
          if (Object.keys(w).length) a.alphabeta[node] = w;
        }
      });
    } else {  // evaluated, pruned, expanded: node ids in order
      const input = text(`answer-${name}`, `assignment.item.${name}`,
                         { placeholder: t("assignment.answer.list") });
      readers.push((a) => { a[name] = list(input.value); });
    }
  }
  const out = el("div", { id: "assignment-feedback", "aria-live": "polite" });
  const left = el("p", { id: "assignment-attempts-left" });
  let used = policies.attempts_used;
  const showLeft = () => {
    left.textContent = t("assignment.answer.attempts_left",
                         { left: Math.max(0, policies.attempts - used),
                           attempts: policies.attempts });
  };
  showLeft();
  async function submit(event) {
    event.preventDefault();
    const answer = {};
    for (const read of readers) read(answer);
    try {
      const shown = await call("POST", `v1/assignments/${encodeURIComponent(id)}/submissions`,
                               token, { answer, lang: currentLanguage() });
      used = shown.attempt;
      showLeft();
      out.replaceChildren(...feedbackOf(shown));
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

function feedbackOf(shown) {
  const out = [el("p", { class: "score", id: "assignment-score" },
    t("assignment.feedback.score", { score: shown.score, max: shown.max_score,
                                     percent: shown.percent }))];
  out.push(el("p", { id: "assignment-correct", class: shown.correct ? "right" : "wrong" },
              t(shown.correct ? "assignment.feedback.correct" : "assignment.feedback.not_all")));
  if (shown.items) {
    out.push(scroller(t("assignment.feedback.verdict"), el("table", { id: "assignment-verdicts" },
      el("tr", {}, el("th", { scope: "col" }, t("assignment.feedback.item")),
         el("th", { scope: "col" }, t("assignment.feedback.verdict")),
         el("th", { scope: "col" }, t("assignment.feedback.given"))),
      ...shown.items.map((i) => el("tr", { class: i.right ? "right" : "wrong" },
        el("td", { translate: "no" }, i.item ?? i.key),
        el("td", {}, t(i.right ? "assignment.feedback.right" : "assignment.feedback.wrong")),
        el("td", { translate: "no" }, i.given === undefined ? "" : String(i.given)))))));
  }
  const first = shown.first_mistake;
  if (first) {
    out.push(el("p", { id: "assignment-first-mistake" }, t("assignment.feedback.first"), " ",
      el("span", { translate: "no", lang: currentLanguage() }, `${first.item}: ${first.why || ""}`),
      first.expected !== undefined ? " " : null,
      first.expected !== undefined ? t("assignment.feedback.expected") : null,
      first.expected !== undefined ? " " : null,
      first.expected !== undefined
        ? el("span", { translate: "no" }, JSON.stringify(first.expected)) : null));
  }
  for (const d of shown.diagnosis || []) {
    out.push(el("p", { class: "diagnosis" }, t("assignment.feedback.misconception"), " ",
      el("span", { translate: "no", lang: currentLanguage(),
                   "data-misconception": d.misconception || "" },
         (d.causes || []).map((c) => `${c.title} (${c.advice})`).join("; ") || d.misconception)));
  }
  return out;
}

function solutionSection(id, token, policies) {
  const out = el("div", { id: "assignment-solution", "aria-live": "polite" });
  const words = () => {
    if (policies.solution === "never") return t("assignment.solution.never");
    if (policies.solution === "after-due") {
      return t("assignment.solution.after_due",
               { due: moment(policies.due) });
    }
    return t("assignment.solution.always");
  };
  async function fetchKey() {
    try {
      const key = await call("GET", `v1/assignments/${encodeURIComponent(id)}/solution`, token);
      const rows = Object.entries(key).filter(([k]) => !["conventions", "exercise"].includes(k))
        .map(([k, v]) => el("tr", {}, el("th", { scope: "row", translate: "no" }, k),
                            el("td", { translate: "no" },
                               typeof v === "object" ? JSON.stringify(v) : String(v))));
      out.replaceChildren(scroller(t("assignment.solution.key"),
        el("table", { id: "assignment-key" },
           el("caption", {}, t("assignment.solution.key")), ...rows)));
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
    joinForm(view, id);
    return;
  }
  let task;
  let policies;
  try {
    [task, policies] = await Promise.all([
      call("GET", `v1/assignments/${encodeURIComponent(id)}/task`, token),
      call("GET", `v1/assignments/${encodeURIComponent(id)}/policies`, token)]);
  } catch (err) {
    view.append(el("h2", {}, t("assignment.title")), failure(err),
      el("div", { class: "row" }, el("button", { type: "button", id: "assignment-forget",
        onclick: () => { forgetToken("student", id); renderAssignment(view, params); } },
        t("assignment.forget"))));
    return;
  }
  const steps = stepSection(id, token, task);
  const windowed = task.conventions.algorithm === "alphabeta"
    || task.conventions.algorithm === "minimax";
  const solution = solutionSection(id, token, policies);
  const answer = answerForm(id, token, task, policies);
  view.append(
    el("h2", {}, t("assignment.title")),
    el("p", {}, t("assignment.hello"), " ", el("span", { translate: "no" }, policies.name)),
    el("div", { class: "class-layout" },
       await renderTask(task, "assignment"),
       el("div", {}, windowed ? steps.root : null, answer, solution)));
  if (windowed) await steps.show();
}

register("assignment", renderAssignment);
