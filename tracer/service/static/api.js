// Talks to the JSON API of the same server (no other origin is ever contacted).  Every
// request names the page's language, so that problems come back in it.
import { currentLanguage } from "./i18n.js";

/** The tree a page shows when its address names none (the AIMA lecture tree). */
export const DEFAULT_TREE = "A(B(3 12 8) C(2 4 6) D(14 5 2))";

export class ApiError extends Error {
  constructor(problem) {
    const where = problem.where ? `${problem.where}: ` : "";
    super(`${where}${problem.detail || problem.title}`);
    this.problem = problem;
  }
}

async function answer(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    if (type.includes("json")) throw new ApiError(await response.json());
    throw new ApiError({ title: response.statusText, detail: `HTTP ${response.status}` });
  }
  if (type.includes("json")) return response.json();
  return response.text();
}

function headers(more = {}) {
  return { "accept-language": currentLanguage(), ...more };
}

export async function get(path) {
  return answer(await fetch(path, { headers: headers({ accept: "application/json" }) }));
}

export async function post(path, body) {
  return answer(await fetch(path, {
    method: "POST",
    headers: headers({ "content-type": "application/json" }),
    body: JSON.stringify(body),
  }));
}

/** The bytes of an answer (a drawing), as a Blob; a problem raises ApiError. */
export async function blob(path, body = null) {
  const response = await fetch(path, body === null ? { headers: headers() } : {
    method: "POST", headers: headers({ "content-type": "application/json" }),
    body: JSON.stringify(body) });
  if (!response.ok) return answer(response);
  return response.blob();
}

/** The search options of a permalink's parameters, as a /v1/search request. */
export function searchRequest(params) {
  const body = {};
  if (params.get("example")) body.example = params.get("example");
  else if (params.get("game")) {
    body.game = params.get("game");
    body.params = gameParams(params.get("params"));
  } else body.tree = params.get("tree") || DEFAULT_TREE;
  for (const key of ["algorithm", "variant", "order", "cut_on"]) {
    if (params.get(key)) body[key] = params.get(key);
  }
  if (params.get("depth")) body.depth = Number(params.get("depth"));
  return body;
}

/** Only the source of a /v1/search request: its example, game (with params) or tree. */
export function sourceOf(request) {
  if (request.example) return { example: request.example };
  if (request.game) return { game: request.game, params: request.params };
  return { tree: request.tree };
}

/** ``board=x...o.... first=x`` as the params object of a game. */
export function gameParams(text) {
  const out = {};
  for (const item of (text || "").split(/\s+/).filter(Boolean)) {
    const at = item.indexOf("=");
    if (at > 0) out[item.slice(0, at)] = item.slice(at + 1);
  }
  return out;
}
