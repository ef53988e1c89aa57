// Compare: the counts of every ordering, and two of them side by side with linked
// steppers (moving one moves the other to the same step, as far as it goes).
import { post, searchRequest, sourceOf } from "./api.js";
import { el, select } from "./dom.js";
import { go, register } from "./router.js";
import { listenKeys, stepper } from "./stepper.js";

const COLUMNS = ["ordering", "leaves", "expanded", "cuts", "pruned", "first_share", "ebf"];

function cell(value) {
  if (value === null || value === undefined) return "–";
  return typeof value === "number" && !Number.isInteger(value) ? value.toFixed(2) : String(value);
}

export async function renderCompare(view, params) {
  const source = searchRequest(params);
  const where = sourceOf(source);
  const algorithm = ["minimax", "alphabeta"].includes(source.algorithm) ? source.algorithm
    : "alphabeta";
  const depth = source.depth;  // a game position is compared to a depth, if given one
  const report = await post("v1/compare", { ...where, algorithm, depth,
                                            orders: params.get("orders") || undefined });
  const runs = [report.minimax, ...report.orderings];
  const table = el("table", { id: "compare-table" },
    el("tr", {}, ...COLUMNS.map((c) => el("th", {}, c))),
    ...runs.map((r) => el("tr", { "data-ordering": r.ordering },
      ...COLUMNS.map((c) => el("td", {}, cell(r[c]))))));
  const names = report.orderings.map((r) => r.ordering);
  const left = select("left", names, params.get("left") || names[0]);
  const right = select("right", names, params.get("right") || names[1] || names[0]);
  const pair = el("div", { class: "pair", id: "compare-pair" });
  async function side(order) {
    const found = await post("v1/search", { ...where, algorithm, order, depth });
    return (await post("v1/frames", { trace: found.trace,
                                       options: { visit_order: true } })).frames;
  }
  async function draw() {
    const [a, b] = await Promise.all([side(left.value), side(right.value)]);
    let sb = null;
    const sa = stepper(a, { id: "left", onMove: (i) => sb && sb.show(i, false) });
    sb = stepper(b, { id: "right", onMove: (i) => sa.show(i, false) });
    listenKeys((event) => {
      const moved = sa.key(event);
      if (moved) sb.show(sa.index, false);
      return moved;
    });
    pair.replaceChildren(el("div", {}, el("h3", {}, left.value), sa.root),
                         el("div", {}, el("h3", {}, right.value), sb.root));
  }
  for (const s of [left, right]) s.addEventListener("change", draw);
  view.append(
    el("h2", { id: "compare-title" }, report.title),
    el("p", {}, `Knuth–Moore bound ${report.knuth_moore ?? "–"}, critical tree `,
       `${report.critical_tree ?? "–"} leaves.`),
    table,
    el("div", { class: "row" }, el("label", {}, "Left ", left), el("label", {}, "Right ", right),
       el("button", { type: "button", onclick: () => go("edit", params) }, "Edit the tree")),
    pair);
  await draw();
}

register("compare", renderCompare);
