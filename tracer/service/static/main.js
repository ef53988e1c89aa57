// The page's entry point: load the language's messages and every page (each registers
// itself with the router), then start the router.  Nothing imports this module.
import "./edit.js";
import "./step.js";
import "./quiz.js";
import "./compare.js";
import "./library.js";
import "./course.js";
import "./assignment.js";
import "./browse.js";
import { currentLanguage, loadLanguage, setLanguage } from "./i18n.js";
import { rerender, start } from "./router.js";

await loadLanguage();
const menu = document.getElementById("language");
menu.value = currentLanguage();
menu.addEventListener("change", async () => {
  await setLanguage(menu.value);
  rerender();
});
// On a phone the student's page folds the header's tool tabs into a menu (style.css):
// the button opens it, choosing a page (or leaving this one) closes it.
const header = document.querySelector("header");
const toggle = document.getElementById("nav-toggle");
const fold = (open) => {
  header.classList.toggle("nav-open", open);
  toggle.setAttribute("aria-expanded", String(open));
};
toggle.addEventListener("click", () => fold(!header.classList.contains("nav-open")));
window.addEventListener("hashchange", () => fold(false));
start();
