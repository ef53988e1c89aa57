// What a student has answered so far, step by step, drawn on their tree (the server's
// worksheet drawing): each finished node's value, each node's window as the answers
// last gave it, the cuts, the pruned nodes greyed out, the leaves evaluated ticked, so
// that nobody keeps the search's state on paper.  The drawing is shown large enough
// that its node letters are at least 14 px (15: LETTER_PX), and pans inside its frame.
import { number, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const LETTER_UNITS = 10;  // the worksheet's node letters, in the drawing's units
const LETTER_PX = 15;

/** The state of the search after STEPS ({kind, node, value, alpha, beta, pruned}, in
 * order): per node its value (finished nodes), its window, whether it cut, whether it
 * was evaluated; the pruned nodes (with everything under them). */
export function stateOf(task, steps) {
  const parent = {};
  const below = {};
  const walk = (node) => {
    below[node.label] = [];
    for (const child of node.children || []) {
      parent[child.label] = node.label;
      walk(child);
      below[node.label].push(child.label, ...below[child.label]);
    }
  };
  if (task.tree) walk(task.tree.tree);
  const nodes = {};
  const of = (id) => (nodes[id] = nodes[id] || {});
  const pruned = new Set();
  for (const s of steps) {
    const window = s.alpha !== undefined ? { alpha: s.alpha, beta: s.beta } : null;
    if (s.kind === "evaluate") {
      of(s.node).evaluated = true;
      of(s.node).value = s.value;
      if (window && parent[s.node] !== undefined) of(parent[s.node]).window = window;
    } else {
      of(s.node).value = s.value;
      if (window) of(s.node).window = window;
      if (s.kind === "cut") of(s.node).cut = true;
    }
    for (const p of s.pruned || []) {
      pruned.add(p);
      for (const n of below[p] || []) pruned.add(n);
    }
  }
  return { nodes, pruned };
}

const shown = (v) => {
  if (v === "+inf" || v === "inf") return number(Infinity);
  if (v === "-inf") return number(-Infinity);
  return typeof v === "number" ? number(v) : String(v);
};

function box(group) {
  const xs = [];
  const ys = [];
  for (const shape of group.querySelectorAll("polygon, ellipse, path")) {
    if (shape.tagName === "ellipse") {
      const [cx, cy, rx, ry] = ["cx", "cy", "rx", "ry"].map((a) => Number(shape.getAttribute(a)));
      xs.push(cx - rx, cx + rx); ys.push(cy - ry, cy + ry);
    } else {
      const nums = (shape.getAttribute("points") || shape.getAttribute("d") || "")
        .match(/-?\d+(\.\d+)?/g) || [];
      for (let i = 0; i + 1 < nums.length; i += 2) {
        xs.push(Number(nums[i])); ys.push(Number(nums[i + 1]));
      }
    }
  }
  if (!xs.length) return null;
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

function label(text, x, y, cls) {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.setAttribute("text-anchor", "middle");
  node.setAttribute("class", `answered ${cls}`);
  node.textContent = text;
  return node;
}

/** SVG at a size where its node letters are LETTER_PX: it pans in its frame. */
export function readable(svg) {
  const view = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (view.length !== 4 || !view[2]) return;
  const scale = LETTER_PX / LETTER_UNITS;
  svg.style.width = `${Math.round(view[2] * scale)}px`;
  svg.style.height = `${Math.round(view[3] * scale)}px`;
  svg.style.maxWidth = "none";
  svg.removeAttribute("width");
  svg.removeAttribute("height");
}

/** Draws the state of STEPS on SVG (the task's tree as the server drew it), replacing
 * what an earlier call drew. */
export function drawAnswered(svg, task, steps) {
  if (!svg) return;
  for (const old of svg.querySelectorAll(".answered")) old.remove();
  for (const g of svg.querySelectorAll(".is-pruned, .is-evaluated, .is-cut, .is-done")) {
    g.classList.remove("is-pruned", "is-evaluated", "is-cut", "is-done");
  }
  const { nodes, pruned } = stateOf(task, steps);
  for (const g of svg.querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    const id = title ? title.textContent : "";
    const state = nodes[id];
    if (pruned.has(id)) g.classList.add("is-pruned");
    if (!state) continue;
    const b = box(g);
    if (!b) continue;
    const x = (b.x0 + b.x1) / 2;
    if (state.evaluated) {
      g.classList.add("is-evaluated");
      continue;  // a leaf shows its value already
    }
    let y = b.y1 + 10;
    if (state.value !== undefined) {
      g.classList.add("is-done");
      g.append(label(`${state.cut ? "✂ " : ""}= ${shown(state.value)}`, x, y, "value"));
      y += 10;
    }
    if (state.cut) g.classList.add("is-cut");
    if (state.window) {
      g.append(label(`[${shown(state.window.alpha)}, ${shown(state.window.beta)}]`, x, y,
                     "window"));
    }
  }
  for (const g of svg.querySelectorAll("g.edge")) {
    const title = g.querySelector("title");
    const head = title ? title.textContent.split("->")[1] || "" : "";
    g.classList.toggle("is-pruned", pruned.has(head.split(":")[0]));
  }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("assignment.tree.answered", { steps: steps.length }));
}
