// The page's router: #/PAGE?PARAMS; the parameters are the permalink (tree and options).
// Each page module registers itself here (register("step", renderStep)); main.js loads
// the pages and starts the router, so no module imports one above it.
const PAGES = new Map();
const HOME = "edit";

export function register(name, page) {
  PAGES.set(name, page);
}

export function go(page, params) {
  location.hash = `#/${page}?${new URLSearchParams(params).toString()}`;
}

async function route() {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const page = PAGES.has(path) ? path : HOME;
  for (const a of document.querySelectorAll("header nav a")) {
    a.classList.toggle("active", a.dataset.page === page);
    a.href = `#/${a.dataset.page}?${query || ""}`;
  }
  const view = document.getElementById("view");
  view.replaceChildren();
  view.className = page;
  try {
    await PAGES.get(page)(view, new URLSearchParams(query || ""));
  } catch (err) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = err.message;
    view.append(p);
  }
}

/** Draws the current page again (after a change of language). */
export function rerender() { route(); }

export function start() {
  window.addEventListener("hashchange", route);
  route();
}
