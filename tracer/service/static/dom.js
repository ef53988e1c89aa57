// Small helpers that build elements; text always goes in as text, never as HTML.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export function select(name, values, chosen) {
  return el("select", { name, id: name },
    ...values.map((v) => el("option", { value: v, selected: v === chosen ? "" : null }, v)));
}

/** An SVG drawn by the server (Graphviz), parsed as SVG and adopted into the page. */
export function svgNode(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  return document.importNode(doc.documentElement, true);
}

export function nodeGroup(svg, key) {
  for (const g of svg.querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    if (title && title.textContent === key) return g;
  }
  return null;
}
