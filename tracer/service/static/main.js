// The page's entry point: load every page (each registers itself with the router), then
// start the router.  Nothing imports this module.
import "./edit.js";
import "./step.js";
import "./quiz.js";
import "./compare.js";
import "./library.js";
import { start } from "./router.js";

start();
