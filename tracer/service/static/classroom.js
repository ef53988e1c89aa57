// What the classroom's two pages share: the token kept in the browser, the API called
// with it (in the Authorization header, never in a URL), and the task drawn as the
// student sees it (the teacher's live preview draws it with the same function).
import { ApiError, post } from "./api.js";
import { el, svgNode } from "./dom.js";
import { currentLanguage, moment, number, t } from "./i18n.js";
import { panZoom } from "./panzoom.js";
import { nodesOf } from "./answers.js";

/** The token kept for KIND ("teacher" or "student") and ID (a course or an assignment). */
export function keptToken(kind, id) {
  return localStorage.getItem(`gametrace.${kind}.${id}`);
}

export function keepToken(kind, id, token) {
  localStorage.setItem(`gametrace.${kind}.${id}`, token);
}

export function forgetToken(kind, id) {
  localStorage.removeItem(`gametrace.${kind}.${id}`);
}

/** The ids of every KIND token kept in this browser. */
export function keptIds(kind) {
  const prefix = `gametrace.${kind}.`;
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(prefix)) out.push(key.slice(prefix.length));
  }
  return out.sort();
}

async function answered(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    if (type.includes("json")) throw new ApiError(await response.json());
    throw new ApiError({ title: response.statusText, detail: `HTTP ${response.status}` });
  }
  if (response.status === 204) return null;
  if (type.includes("json")) return response.json();
  return response.blob();
}

/** METHOD path (relative to the page) with TOKEN; BODY as JSON; the answer read. */
export async function call(method, path, token, body) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return answered(await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** Fetches PATH with TOKEN and saves the answer as the file NAME. */
export async function download(path, token, name) {
  const blob = await call("GET", path, token);
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A refusal of the server as a line of the page: the catalog's words around its detail. */
export function failure(err) {
  return el("p", { class: "error", role: "alert" },
            t("assignment.refused"), " ", el("span", { translate: "no" }, err.message));
}

/** TABLE in a frame of its own that scrolls sideways (on a phone) and takes the focus,
 * so that a keyboard can scroll it too; LABEL names it. */
export function scroller(label, table) {
  return el("div", { class: "class-scroll", tabindex: "0", role: "region",
                     "aria-label": label }, table);
}

export { nodesOf };

/** A value of an answer as the pages write it: a number in the page's language, a list
 * of nodes with spaces ("—" for none), a bound as "≤ 2", an infinity as "+∞". */
export function answerText(value) {
  if (value === undefined || value === null || value === "") return "";
  if (Array.isArray(value)) return value.length ? value.join(" ") : "—";
  if (typeof value === "number") return number(value);
  if (typeof value === "string") {
    const inf = (x) => x.replace(/^\+?inf$/, "+∞").replace(/^-inf$/, "−∞");
    const bound = /^(<=|>=)\s*(.*)$/.exec(value);
    return bound ? `${bound[1] === "<=" ? "≤" : "≥"} ${inf(bound[2])}` : inf(value);
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} = ${answerText(v)}`).join(", ");
  }
  return String(value);
}

/** An item of an answer in words ("the value of C", "alfa in B"), from its key
 * (`values.C`, `alphabeta.B.alpha`): the words tracer.classroom.item_words says, for a
 * key the service sent without its "words". */
export function itemWords(key) {
  const k = String(key || "");
  if (["value", "move", "evaluated", "pruned", "expanded", "path", "cost"].includes(k)) {
    return t(`item.${k}`);
  }
  const [head, ...rest] = k.split(".");
  if (head === "values" && rest.length) return t("item.values", { node: rest.join(".") });
  const end = rest[rest.length - 1];
  const node = rest.slice(0, -1).join(".");
  if (head === "alphabeta" && node && (end === "alpha" || end === "beta")) {
    return t(`item.alphabeta.${end}`, { node });
  }
  return k;
}

function itemText(item) {
  if (typeof item === "string") return [t(`assignment.item.${item}`), null];
  const [name, nodes] = Object.entries(item)[0];
  return [t(`assignment.item.${name}.at`), nodes.join(" ")];
}

/** The task as a student sees it: the conventions, the items asked, the policies and the
 * tree (leaf values only) drawn by the server, in a figure that pans and zooms. */
export async function renderTask(task, idPrefix) {
  const c = task.conventions;
  const conventions = el("dl", { class: "class-conventions" },
    el("dt", {}, t("assignment.algorithm")), el("dd", { translate: "no" }, c.algorithm),
    c.variant ? el("dt", {}, t("assignment.variant")) : null,
    c.variant ? el("dd", { translate: "no" }, c.variant) : null,
    c.cut_on ? el("dt", {}, t("assignment.cut_on")) : null,
    c.cut_on ? el("dd", { translate: "no" }, c.cut_on === "gt" ? "α > β" : "α ≥ β") : null,
    c.depth !== undefined ? el("dt", {}, t("assignment.depth")) : null,
    c.depth !== undefined ? el("dd", { translate: "no" }, String(c.depth)) : null,
    el("dt", {}, t("assignment.feedback")),
    el("dd", {}, t(`assignment.policy.${task.feedback}`)),
    el("dt", {}, t("assignment.attempts")), el("dd", { translate: "no" }, String(task.attempts)),
    task.step_tries ? el("dt", {}, t("assignment.step_tries")) : null,
    task.step_tries ? el("dd", { translate: "no" }, String(task.step_tries)) : null,
    task.due ? el("dt", {}, t("assignment.due")) : null,
    task.due ? el("dd", { translate: "no" }, moment(task.due)) : null);
  const items = el("ul", { class: "class-items", id: `${idPrefix}-items` },
    ...task.items.map((item) => {
      const [text, nodes] = itemText(item);
      return el("li", {}, text, nodes ? " " : null,
                nodes ? el("span", { translate: "no" }, nodes) : null);
    }));
  const figure = el("div", { class: "figure", id: `${idPrefix}-figure`,
                             "aria-label": t("assignment.tree"), role: "group" });
  if (task.tree) {
    try {
      figure.append(svgNode(await post("v1/worksheet",
        { tree: task.tree, lang: currentLanguage() })));
    } catch (err) {
      figure.append(failure(err));
    }
  } else {
    figure.append(el("pre", { translate: "no" }, JSON.stringify(task.problem)));
  }
  return el("section", { class: "class-task" },
    el("h3", { translate: "no", id: `${idPrefix}-title` }, task.title),
    el("p", {}, t("assignment.student"), " ",
       el("span", { translate: "no" }, task.student)),
    conventions,
    el("h4", {}, t("assignment.asked")), items,
    el("div", { class: "row" }, panZoom(figure)), figure);
}
