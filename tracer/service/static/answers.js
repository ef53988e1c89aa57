// The assignment page's answer builder, a pure function (no page, no DOM: the tests run it
// in node, tests/service/test_page_answers.py): what the student typed in the answer
// form, field by field, into the answer the service grades, as the same answer typed by
// hand in the solution format (docs/checking.md) would be.  A blank field is not
// answered (left out, never an empty list or a value of 0); "-" (or "none", "nessuno")
// says "no node" in a list; the root's value is the item "value", so the table of values
// has the root's children and below (the answer key's values never hold the root).

/** The words a student may type for "no node" in a list field. */
export const NONE = ["-", "–", "—", "none", "nessuno", "nessuna"];

/** Every node of a task's tree, parents before children (their ids). */
export function nodesOf(task) {
  const out = [];
  const walk = (node, depth) => {
    out.push({ id: node.label, leaf: !node.children, depth, children: node.children || [] });
    for (const child of node.children || []) walk(child, depth + 1);
  };
  if (task.tree) walk(task.tree.tree, 0);
  return out;
}

/** The name and the chosen nodes (or null) of an item of a task's `items`. */
export function itemOf(item) {
  if (typeof item === "string") return [item, null];
  const [name, nodes] = Object.entries(item)[0];
  return [name, nodes];
}

/** The rows of the answer form's table for the item NAME (values or alphabeta): the
 * chosen nodes, else every inner node (for values, but the root). */
export function tableNodes(task, name, chosen) {
  if (chosen && chosen.length) return [...chosen];
  const all = nodesOf(task);
  const inner = all.filter((n) => !n.leaf);
  return (name === "values" ? inner.slice(1) : inner).map((n) => n.id);
}

/** A value as typed ("3", " 2,5 ", "<= 2", "≥3", "−∞", "+inf") in the solution format's
 * form: a number as a number, a bound or an infinity as its text; null when blank. */
export function readValue(text) {
  let s = String(text ?? "").trim();
  if (s === "") return null;
  s = s.replace(/[−–]/g, "-").replace(/∞/g, "inf").replace(/\s+/g, "")
    .replace(/^≤/, "<=").replace(/^≥/, ">=").replace(/(\d),(\d)/g, "$1.$2");
  if (/^[+-]?infinity$/i.test(s)) s = s.replace(/inity$/i, "");
  s = s.toLowerCase();
  if (s === "inf") s = "+inf";
  if (/^(<=|>=)inf$/.test(s)) s = s.replace("inf", "+inf");
  return s !== "" && !Number.isNaN(Number(s)) ? Number(s) : s;
}

/** A list of node ids as typed ("E F G", "E, F,G"): null when blank, [] for "none". */
export function readList(text) {
  const s = String(text ?? "").trim();
  if (s === "") return null;
  if (NONE.includes(s.toLowerCase())) return [];
  return s.split(/[\s,;]+/).filter(Boolean);
}

/** The answer to send for the task's items from TYPED, what the form holds:
 * {value, move, evaluated, pruned, expanded: text; values: {node: text};
 *  alphabeta: {node: {alpha: text, beta: text}}}.  Items with nothing typed are left
 * out (the service then grades them "not answered"). */
export function buildAnswer(task, typed) {
  const answer = {};
  for (const item of task.items) {
    const [name, chosen] = itemOf(item);
    if (name === "value") {
      const v = readValue(typed.value);
      if (v !== null) answer.value = v;
    } else if (name === "move") {
      const move = String(typed.move ?? "").trim();
      if (move) answer.move = move;
    } else if (name === "values") {
      const values = {};
      for (const node of tableNodes(task, name, chosen)) {
        const v = readValue((typed.values || {})[node]);
        if (v !== null) values[node] = v;
      }
      if (Object.keys(values).length) answer.values = values;
    } else if (name === "alphabeta") {
      const windows = {};
      for (const node of tableNodes(task, name, chosen)) {
        const box = (typed.alphabeta || {})[node] || {};
        const w = {};
        for (const end of ["alpha", "beta"]) {
          const v = readValue(box[end]);
          if (v !== null) w[end] = v;
        }
        if (Object.keys(w).length) windows[node] = w;
      }
      if (Object.keys(windows).length) answer.alphabeta = windows;
    } else {  // evaluated, pruned, expanded: node ids in order
      const list = readList(typed[name]);
      if (list !== null) answer[name] = list;
    }
  }
  return answer;
}
