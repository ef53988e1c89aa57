// The page's router: #/PAGE?PARAMS; the parameters are the permalink (tree and options).
import { renderEdit } from "./edit.js";
import { renderStep } from "./step.js";
import { renderQuiz } from "./quiz.js";
import { renderCompare } from "./compare.js";
import { renderLibrary } from "./library.js";

const PAGES = { edit: renderEdit, step: renderStep, quiz: renderQuiz,
                compare: renderCompare, library: renderLibrary };

export function go(page, params) {
  location.hash = `#/${page}?${new URLSearchParams(params).toString()}`;
}

async function route() {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const page = PAGES[path] ? path : "edit";
  for (const a of document.querySelectorAll("header nav a")) {
    a.classList.toggle("active", a.dataset.page === page);
    a.href = `#/${a.dataset.page}?${query || ""}`;
  }
  const view = document.getElementById("view");
  view.replaceChildren();
  view.className = page;
  try {
    await PAGES[page](view, new URLSearchParams(query || ""));
  } catch (err) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = err.message;
    view.append(p);
  }
}

window.addEventListener("hashchange", route);
route();
