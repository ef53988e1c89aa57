// Browse: a big trace through its index (gametrace browse).  The overview (header,
// statistics per depth, the root's children), a tree whose nodes open on demand (one
// request per node, timed by the server and here), a node found by its path of moves,
// and a subtree drawn within a depth and a node budget, the rest folded into boxes.
import { get } from "./api.js";
import { el } from "./dom.js";
import { number, percent, t } from "./i18n.js";
import { panZoom } from "./panzoom.js";
import { go, register } from "./router.js";

const SVG = "http://www.w3.org/2000/svg";
const DRAW = { depth: 3, budget: 60 };
const times = [];   // the page's expand times (ms), for the p95 shown

function data(text) { return el("span", { translate: "no" }, String(text)); }

function fmt(x) {
  if (x === null || x === undefined) return "–";
  if (typeof x === "number") return number(x, Number.isInteger(x) ? 0 : 2);
  return String(x).replace("+inf", "+∞").replace("-inf", "−∞");
}

function label(node) { return node.move || node.id; }

function facts(node) {
  const parts = [`${t("browse.value")} ${fmt(node.value)}`];
  if (node.search > 1) parts.unshift(t("browse.searchNumber", { n: node.search }));
  if (node.alpha !== null) parts.push(`[${fmt(node.alpha)}, ${fmt(node.beta)}]`);
  if (node.cut) parts.push(`${t("browse.cut")} ${node.cut} (${node.pruned})`);
  parts.push(`${t("browse.size")} ${node.size}`);
  return parts.join(" · ");
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function statsTable(stats) {
  const cols = ["depth", "nodes", "inner", "cuts", "fail_high", "fail_high_first", "ebf"];
  const keys = ["browse.depth", "browse.nodes", "browse.inner", "browse.cuts",
                "browse.failHigh", "browse.failHighFirst", "browse.ebf"];
  const pct = (x) => (x === null ? "–" : percent(x));
  return el("div", { class: "browse-scroll", tabindex: "0", role: "region",
                     "aria-label": t("browse.stats") },
    el("table", { class: "browse-stats" },
      el("caption", {}, t("browse.stats")),
      el("tr", {}, ...keys.map((k) => el("th", { scope: "col" }, t(k)))),
      ...stats.depths.map((d) => el("tr", { translate: "no" }, ...cols.map((c) =>
        el("td", {}, c.startsWith("fail") ? pct(d[c]) : fmt(d[c])))))));
}

export async function renderBrowse(view, params) {
  view.append(el("h2", {}, t("browse.title")));
  const name = params.get("index");
  if (!name) {
    const listing = await get("v1/indexes");
    if (!listing.items.length) { view.append(el("p", {}, t("browse.none"))); return; }
    view.append(el("h3", {}, t("browse.indexes")), el("ul", {}, ...listing.items.map((i) =>
      el("li", {}, el("a", { href: `#/browse?index=${encodeURIComponent(i.name)}`,
                              class: "browse-open" }, data(i.name)),
         " ", data(`${i.algorithm} · ${i.events} · ${i.nodes}`)))));
    return;
  }
  const base = `v1/indexes/${encodeURIComponent(name)}`;
  const over = await get(base);
  const status = el("p", { class: "browse-status", role: "status", "aria-live": "polite" });
  view.append(
    el("dl", { class: "browse-header" },
      el("dt", {}, t("browse.index")), el("dd", {}, data(name)),
      el("dt", {}, t("browse.search")),
      el("dd", {}, data(`${over.algorithm} (${over.variant}) · ${over.source ?? ""}`)),
      el("dt", {}, t("browse.events")), el("dd", {}, data(over.events)),
      el("dt", {}, t("browse.nodeCount")), el("dd", {}, data(over.nodes)),
      el("dt", {}, t("browse.value")), el("dd", {}, data(fmt(over.node.value)))));
  if (over.stats) view.append(statsTable(over.stats));

  const path = el("input", { id: "browse-path", type: "text", autocomplete: "off",
                             "aria-describedby": "browse-path-help", translate: "no",
                             value: params.get("path") || "" });
  const form = el("form", { class: "row browse-find" },
    el("label", { for: "browse-path" }, t("browse.find")), path,
    el("button", { type: "submit", id: "browse-go" }, t("browse.go")),
    el("small", { id: "browse-path-help" }, t("browse.findHelp")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    go("browse", { index: name, path: path.value });
  });
  const figure = el("div", { class: "figure browse-figure", role: "img",
                             "aria-label": t("browse.drawing") });
  const tree = el("ul", { class: "browse-tree", role: "tree", "aria-label": t("browse.tree") });
  view.append(el("h3", {}, t("browse.tree")), form, status, tree);

  function timed(answer, started) {
    const page = performance.now() - started;
    times.push(page);
    status.replaceChildren(t("browse.timing", {
      server: number(answer.took_ms, 1), page: number(page, 1),
      p95: number(percentile(times, 0.95), 1), count: times.length }));
  }

  async function draw(node) {
    const answer = await get(`${base}/nodes/${node.ord}/subtree?depth=${DRAW.depth}` +
                             `&budget=${DRAW.budget}`);
    figure.replaceChildren(drawing(answer));
    if (!figure.isConnected) {
      view.append(el("h3", {}, t("browse.drawing")), figure);
      figure.before(panZoom(figure));
    }
    figure.scrollIntoView({ block: "nearest" });
  }

  function item(node) {
    const kids = el("ul", { role: "group" });
    const open = el("button", { type: "button", class: "browse-toggle",
                                "aria-expanded": "false",
                                "aria-label": t("browse.expand", { move: label(node) }) },
                    node.size > 1 ? "+" : "·");
    if (node.size === 1) open.disabled = true;
    const drawButton = el("button", { type: "button", class: "browse-draw",
                                      "aria-label": t("browse.draw", { move: label(node) }) },
                          "▶");
    drawButton.addEventListener("click", () => draw(node));
    let shown = 0;
    async function more() {
      const started = performance.now();
      const answer = await get(`${base}/nodes/${node.ord}?offset=${shown}&limit=100`);
      timed(answer, started);
      shown += answer.children.length;
      kids.querySelector(".browse-more")?.remove();
      kids.append(...answer.children.map(item));
      if (shown < node.children - node.pruned && answer.children.length === 100) {
        const button = el("button", { type: "button", class: "browse-more" },
                          t("browse.more"));
        button.addEventListener("click", more);
        kids.append(el("li", { class: "browse-more" }, button));
      }
    }
    open.addEventListener("click", async () => {
      const expanded = open.getAttribute("aria-expanded") === "true";
      if (expanded) {
        open.setAttribute("aria-expanded", "false");
        open.textContent = "+";
        kids.hidden = true;
        return;
      }
      if (!shown) await more();
      open.setAttribute("aria-expanded", "true");
      open.textContent = "−";
      kids.hidden = false;
    });
    return el("li", { role: "treeitem", "data-ord": node.ord },
      el("div", { class: "browse-node" }, open, drawButton,
         el("span", { class: "browse-label", translate: "no" },
            el("b", {}, label(node)), " ", facts(node))),
      kids);
  }

  let focus = over.node;
  let focusPath = [];
  let searches = over.searches || [];
  if (params.get("path")) {
    const started = performance.now();
    const found = await get(`${base}/find?path=${encodeURIComponent(params.get("path"))}`);
    timed(found, started);
    focus = found.node;
    focusPath = found.path;
    searches = found.searches || [];
  }
  if (searches.length > 1) {  // a node searched again: each search, in the order made
    view.insertBefore(el("div", { class: "browse-searches" },
      el("h3", {}, t("browse.searches")),
      el("ol", {}, ...searches.map((n) => el("li", { "data-ord": n.ord, translate: "no" },
        facts(n))))), tree);
  }
  if (focusPath.length || focus.parent !== null) {
    const crumbs = [over.node, ...focusPath].map((n) => data(label(n)));
    view.insertBefore(el("p", { class: "browse-crumbs" },
      el("span", {}, t("browse.path")), " ", ...crumbs.flatMap((c) => [c, " / "]),
      data(label(focus))), tree);
  }
  const top = item(focus);
  tree.append(top);
  top.querySelector(".browse-toggle").click();
}

/** The subtree answered by the server, laid out as a tidy tree in SVG: each leaf of the
 * drawing in its own column, a parent centred above its children, a fold a dashed box. */
function drawing(answer) {
  const byOrd = new Map(answer.nodes.map((n) => [n.ord, { node: n, kids: [] }]));
  for (const n of answer.nodes) byOrd.get(n.parent)?.kids.push(byOrd.get(n.ord));
  for (const f of answer.folds) byOrd.get(f.node)?.kids.push({ fold: f, kids: [] });
  const root = byOrd.get(answer.nodes[0].ord);
  const W = 74, H = 70;
  let column = 0;
  const placed = [];
  (function place(item, depth) {
    for (const kid of item.kids) place(kid, depth + 1);
    item.x = item.kids.length ? (item.kids[0].x + item.kids[item.kids.length - 1].x) / 2
      : (column++) * W + W / 2;
    item.y = depth * H + 30;
    placed.push(item);
  })(root, 0);
  const svg = document.createElementNS(SVG, "svg");
  const width = Math.max(column * W, W), height = Math.max(...placed.map((p) => p.y)) + 40;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  for (const p of placed) {
    for (const kid of p.kids) {
      add("line", { x1: p.x, y1: p.y + 12, x2: kid.x, y2: kid.y - 12, stroke: "#888",
                    "stroke-dasharray": kid.fold ? "4 3" : "none" });
    }
  }
  for (const p of placed) {
    if (p.fold) {
      add("rect", { x: p.x - 32, y: p.y - 12, width: 64, height: 24, fill: "#f4f4f4",
                    stroke: "#888", "stroke-dasharray": "4 3" });
      add("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 11 },
          t("browse.folded", { nodes: p.fold.nodes }));
      continue;
    }
    const n = p.node;
    const shape = n.player === "min" ? "circle" : "rect";
    if (shape === "circle") add("circle", { cx: p.x, cy: p.y, r: 13, fill: "#fff", stroke: "#333" });
    else add("rect", { x: p.x - 13, y: p.y - 13, width: 26, height: 26, fill: "#fff",
                       stroke: n.cut ? "#b00" : "#333" });
    add("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 11 }, fmt(n.value));
    if (n.parent !== null && p !== root) {
      add("text", { x: p.x, y: p.y - 17, "text-anchor": "middle", "font-size": 10,
                    fill: "#555" }, label(n));
    }
  }
  return svg;
}

register("browse", renderBrowse);
