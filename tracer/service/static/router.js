// The page's router: #/PAGE?PARAMS; the parameters are the permalink (tree and options).
// Each page module registers itself here (register("step", renderStep)); main.js loads
// the pages and starts the router, so no module imports one above it.  A page that
// listens beyond its own elements (keys, timers) says how to stop with onLeave(fn): the
// router calls every such fn before it draws the next page.  What must happen before
// any page draws (a launch code taken out of the address, lti.js) says so with
// beforeDraw(fn).
const PAGES = new Map();
const HOME = "edit";
let leaving = [];
const arriving = [];
let current = "";

export function register(name, page) {
  PAGES.set(name, page);
}

/** fn runs once when the page now shown is left (or drawn again). */
export function onLeave(fn) { leaving.push(fn); }

/** fn(page, params, view) runs before every page draws, awaited: it may change params
 * (and the address, with keepParams), or draw the view itself and answer false, and
 * then the page does not draw. */
export function beforeDraw(fn) { arriving.push(fn); }

export function go(page, params) {
  location.hash = `#/${page}?${new URLSearchParams(params).toString()}`;
}

function linkTabs(page, query) {
  for (const a of document.querySelectorAll("header nav a")) {
    const here = a.dataset.page === page;
    a.classList.toggle("active", here);
    if (here) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
    a.href = `#/${a.dataset.page}?${query || ""}`;
  }
}

/** Puts params in the address of the page shown, without drawing it again (the tabs
 * then carry them to the other pages). */
export function keepParams(params) {
  const query = new URLSearchParams(params).toString();
  current = `#/${currentPage()}?${query}`;
  history.replaceState(null, "", current);
  linkTabs(currentPage(), query);
}

function currentPage() {
  const path = location.hash.replace(/^#\/?/, "").split("?")[0];
  return PAGES.has(path) ? path : HOME;
}

async function route() {
  if (location.hash === current && current !== "") return;  // keepParams' own change
  current = location.hash;
  for (const fn of leaving.splice(0)) {
    try { fn(); } catch (err) { console.warn(err); }
  }
  const [, query] = location.hash.replace(/^#\/?/, "").split("?");
  const page = currentPage();
  const params = new URLSearchParams(query || "");
  const view = document.getElementById("view");
  view.className = page;
  try {
    for (const fn of arriving) {
      if (await fn(page, params, view) === false) return;
    }
    linkTabs(page, params.toString());
    view.replaceChildren();
    await PAGES.get(page)(view, params);
  } catch (err) {
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = err.message;
    view.append(p);
  }
}

/** Draws the current page again (after a change of language). */
export function rerender() { current = ""; route(); }

export function start() {
  window.addEventListener("hashchange", route);
  route();
}
