// Quiz: the tree with its leaf values only.  Click the nodes that get pruned, type the
// values (and alpha/beta if you like), press Check: a verdict per item, the first mistake
// marked on the tree, the misconception behind the mistakes, a score.
import { get, post, searchRequest, sourceOf } from "./api.js";
import { el, nodeGroup, svgNode } from "./dom.js";
import { go, register } from "./router.js";
import { listenKeys } from "./stepper.js";

function number(text) {
  const t = text.trim();
  return t !== "" && !Number.isNaN(Number(t)) ? Number(t) : t;
}

export async function renderQuiz(view, params) {
  listenKeys(null);
  const source = searchRequest(params);
  const where = sourceOf(source);
  const [sheet, plain, algos] = await Promise.all([
    post("v1/worksheet", where),
    post("v1/search", { ...where, algorithm: "minimax" }), get("v1/algorithms")]);
  // the alpha-beta variants with the textbook's window test (the lecture's slide-002 has
  // its own): the menus of GET /v1/algorithms, where --cut-on applies
  const windowed = algos.options.cut_on.applies.alphabeta;
  const svg = svgNode(sheet);
  const inner = plain.trace.events.filter((e) => e.type === "expand").map((e) => e.node);
  const root = plain.trace.header.root;
  const picked = new Set();
  for (const g of svg.querySelectorAll("g.node")) {
    const key = g.querySelector("title").textContent;
    if (key === root) continue;
    g.addEventListener("click", () => {
      if (picked.has(key)) picked.delete(key); else picked.add(key);
      g.classList.toggle("picked", picked.has(key));
      prunedList.textContent = [...picked].sort().join(" ") || "(none)";
    });
  }
  const prunedList = el("span", { id: "quiz-pruned" }, "(none)");
  const inputs = {};
  const boxes = inner.map((node) => {
    inputs[node] = {
      value: el("input", { id: `value-${node}`, "aria-label": `value of ${node}` }),
      alpha: el("input", { id: `alpha-${node}`, "aria-label": `alpha at ${node}` }),
      beta: el("input", { id: `beta-${node}`, "aria-label": `beta at ${node}` }),
    };
    return el("tr", {}, el("td", {}, node), el("td", {}, inputs[node].value),
              el("td", {}, inputs[node].alpha), el("td", {}, inputs[node].beta));
  });
  const out = el("div", { id: "quiz-result" });
  async function check() {
    const answer = { values: {}, pruned: [...picked].sort() };
    const alphabeta = {};
    for (const [node, box] of Object.entries(inputs)) {
      if (box.value.value.trim() !== "") {
        if (node === root) answer.value = number(box.value.value);
        else answer.values[node] = number(box.value.value);
      }
      const window = {};
      if (box.alpha.value.trim() !== "") window.alpha = number(box.alpha.value);
      if (box.beta.value.trim() !== "") window.beta = number(box.beta.value);
      if (Object.keys(window).length) alphabeta[node] = window;
    }
    if (Object.keys(alphabeta).length) answer.alphabeta = alphabeta;
    const request = { ...where, answer };
    for (const key of ["algorithm", "variant", "order", "cut_on"]) {
      if (source[key] && !(key === "algorithm" && !["minimax", "alphabeta"].includes(source[key]))) {
        request[key] = source[key];
      }
    }
    if (request.algorithm !== "minimax" && request.variant
        && !windowed.includes(request.variant)) {
      delete request.variant;
    }
    try {
      show(await post("v1/check", request));
    } catch (err) {
      out.replaceChildren(el("p", { class: "error" }, err.message));
    }
  }
  function show(report) {
    for (const g of svg.querySelectorAll("g.node.mistake")) g.classList.remove("mistake");
    const first = report.first_mistake;
    if (first && first.marks) {
      for (const node of Object.keys(first.marks)) {
        const g = nodeGroup(svg, node);
        if (g) g.classList.add("mistake");
      }
    }
    const rows = report.items.map((item) => el("tr", { class: item.right ? "right" : "wrong" },
      el("td", {}, item.item), el("td", {}, item.right ? "right" : "wrong"),
      el("td", {}, item.given), el("td", {}, item.right ? "" : item.expected),
      el("td", {}, item.why || item.note || "")));
    out.replaceChildren(
      el("p", { class: "score", id: "quiz-score" }, `${report.percent}%`),
      first ? el("p", { id: "quiz-first-mistake" },
                 `First mistake: ${first.item}: ${first.why || ""}`) : null,
      ...report.diagnosis.map((d) => el("p", { class: "diagnosis" },
        "Misconception: ", ...d.causes.map((c) => `${c.title} (${c.advice}) `))),
      el("table", { id: "quiz-items" },
         el("tr", {}, el("th", {}, "item"), el("th", {}, "verdict"), el("th", {}, "yours"),
            el("th", {}, "expected"), el("th", {}, "why")), ...rows));
  }
  view.append(
    el("h2", {}, "Quiz: which nodes are pruned, and what does each node return?"),
    el("p", {}, "Click a node to mark it pruned (click again to unmark). Values may be ",
       "bounds such as <=2 or >=3."),
    el("div", { class: "quiz-layout" },
       el("div", { class: "figure", id: "quiz-figure" }, svg),
       el("div", {},
          el("p", {}, "Pruned: ", prunedList),
          el("table", { class: "values" },
             el("tr", {}, el("th", {}, "node"), el("th", {}, "value"), el("th", {}, "α"),
                el("th", {}, "β")), ...boxes),
          el("div", { class: "row" },
             el("button", { id: "quiz-check", type: "button", onclick: check }, "Check"),
             el("button", { id: "quiz-solution", type: "button",
                            onclick: () => go("step", params) }, "Show solution")),
          out)));
}

register("quiz", renderQuiz);
