// The pages' words: one message catalog per language (messages/en.json, messages/it.json),
// served with the page.  The language comes from the browser the first time, can be switched
// on every page (the header's menu) and is kept in the browser's storage.  Every string a
// page shows goes through t(KEY, {NAME: value}); "{NAME}" in a message is replaced by value.
export const LANGUAGES = ["en", "it"];
const STORED = "gametrace.lang";
let language = "en";
let catalog = {};

function chosen() {
  const kept = localStorage.getItem(STORED);
  if (LANGUAGES.includes(kept)) return kept;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = String(wanted).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function load(lang) {
  const response = await fetch(`static/messages/${lang}.json`);
  if (!response.ok) throw new Error(`messages/${lang}.json: HTTP ${response.status}`);
  return response.json();
}

/** Loads the catalog of the browser's (or the kept) language; call once before drawing. */
export async function loadLanguage(lang = chosen()) {
  catalog = await load(lang);
  language = lang;
  document.documentElement.lang = lang;
  translate(document);
}

/** Switches the language, keeps the choice, and redraws the static text. */
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) throw new Error(`unknown language ${lang}`);
  localStorage.setItem(STORED, lang);
  await loadLanguage(lang);
}

export function currentLanguage() { return language; }

/** x as the page's language writes a number (Italian: "12.345", "0,5"), with exactly
 * `digits` decimals when given; infinities as the diagrams write them. */
export function number(x, digits) {
  if (x === Infinity) return "+∞";
  if (x === -Infinity) return "−∞";
  const options = digits === undefined ? { maximumFractionDigits: 6 }
    : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(language, options).format(x);
}

/** A share (0.778) as a percentage in the page's language ("77.8%", "77,8%"). */
export function percent(share, digits = 1) {
  return new Intl.NumberFormat(language, {
    style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(share);
}

/** A percentage (82.14) as the page's language writes it, to one decimal at most
 * ("82.1%", "82,1%", "100%"). */
export function percentOf(p) {
  return new Intl.NumberFormat(language, {
    style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 1,
  }).format(Number(p) / 100);
}

/** The message KEY.one or KEY.other (as the language's plural rules choose for COUNT),
 * with {count} and vars filled in: "1 student", "2 students". */
export function plural(key, count, vars = {}) {
  const form = new Intl.PluralRules(language).select(Number(count)) === "one" ? "one" : "other";
  return t(`${key}.${form}`, { count: number(Number(count)), ...vars });
}

/** A moment (an ISO string or a Date) as the page's language writes it. */
export function moment(at) {
  return new Date(at).toLocaleString(language);
}

/** The message KEY in the current language, with {NAME} replaced by vars.NAME. */
export function t(key, vars = {}) {
  const message = catalog[key];
  if (message === undefined) {
    console.error(`missing message ${key} (${language})`);
    return key;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) =>
    (name in vars ? String(vars[name]) : whole));
}

/** Sets the text of every element under root that names a key: data-i18n="KEY" for its
 * text, data-i18n-ATTR="KEY" for an attribute (aria-label, title, placeholder). */
export function translate(root) {
  for (const node of root.querySelectorAll("*")) {
    for (const { name, value } of [...node.attributes]) {
      if (name === "data-i18n") node.textContent = t(value);
      else if (name.startsWith("data-i18n-")) node.setAttribute(name.slice(10), t(value));
    }
  }
}
