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
start();
