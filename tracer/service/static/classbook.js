// The course page's gradebook: per student and item the score (the attempts, time and
// answer of each cell too), per item the statistics across the class, a chart of the
// misconceptions found (HTML bars, each with its count written out), and the CSV,
// fetched with the teacher token in a header and saved.
import { el } from "./dom.js";
import { currentLanguage, moment, number, percent, t } from "./i18n.js";
import { download, scroller } from "./classroom.js";

const enc = encodeURIComponent;

export function gradebook(book, course, token) {
  const section = el("section", { id: "course-gradebook" }, el("h3", {}, t("course.gradebook")));
  const csv = el("button", { type: "button", id: "course-csv", onclick: () =>
    download(`v1/courses/${enc(course)}/gradebook.csv?lang=${currentLanguage()}`, token,
             `gradebook-${course}.csv`) },
    t("course.gradebook.csv"));
  section.append(el("div", { class: "row" }, csv));
  if (!book.students.length) {
    section.append(el("p", {}, t("course.gradebook.empty")));
    return section;
  }
  const head = el("tr", {}, el("th", { scope: "col" }, t("course.column.student")),
    el("th", { scope: "col" }, t("course.column.name")),
    ...book.columns.map((c) => el("th", { scope: "col", translate: "no" }, c)),
    el("th", { scope: "col" }, t("course.column.total")),
    el("th", { scope: "col" }, t("course.column.misconception")));
  const rows = book.students.map((r) => el("tr", { "data-student": r.student },
    el("th", { scope: "row", translate: "no" }, r.student),
    el("td", { translate: "no" }, r.name),
    ...book.columns.map((c) => {
      const cell = r.items[c];
      if (!cell) return el("td", {}, "");
      return el("td", { class: cell.right ? "right" : "wrong", translate: "no",
        title: t("course.cell", { attempts: cell.attempts, at: moment(cell.at),
                                  given: cell.given }) },
        number(cell.score));
    }),
    el("td", { translate: "no", class: "class-total" }, number(r.total)),
    el("td", { translate: "no", class: "class-misconception" },
       [...new Set(Object.values(r.misconceptions))].map((m) => named(book, m)).join(", "))));
  section.append(scroller(t("course.gradebook.caption"),
    el("table", { id: "course-book" }, el("caption", {}, t("course.gradebook.caption")),
       head, ...rows)));
  const details = el("table", { id: "course-cells" },
    el("caption", {}, t("course.cells.caption")),
    el("tr", {}, ...["student", "item", "score", "attempts", "at", "given", "misconception"]
      .map((k) => el("th", { scope: "col" }, t(`course.column.${k}`)))),
    ...book.students.flatMap((r) => Object.entries(r.items).map(([c, cell]) => el("tr", {},
      el("td", { translate: "no" }, r.student), el("td", { translate: "no" }, c),
      el("td", { translate: "no" }, number(cell.score)),
      el("td", { translate: "no" }, String(cell.attempts)),
      el("td", { translate: "no" }, moment(cell.at)),
      el("td", { translate: "no" }, cell.given),
      el("td", { translate: "no" }, cell.misconception ? named(book, cell.misconception) : "")))));
  section.append(el("details", {}, el("summary", {}, t("course.cells.show")),
                    scroller(t("course.cells.caption"), details)));
  const stats = el("table", { id: "course-stats" },
    el("caption", {}, t("course.stats.caption")),
    el("tr", {}, ...["item", "answered", "mean", "share_right", "wrong_answer", "misconception"]
      .map((k) => el("th", { scope: "col" }, t(`course.column.${k}`)))),
    ...book.items.map((s) => el("tr", {},
      el("th", { scope: "row", translate: "no" }, s.column),
      el("td", { translate: "no" }, String(s.answered)),
      el("td", { translate: "no" }, number(s.mean)),
      el("td", { translate: "no" }, percent(s.share_right, 0)),
      el("td", { translate: "no" },
         s.wrong_answer ? `${s.wrong_answer.given} (×${s.wrong_answer.count})` : ""),
      el("td", { translate: "no" },
         s.misconception ? `${named(book, s.misconception.id)} (×${s.misconception.count})`
           : ""))));
  section.append(scroller(t("course.stats.caption"), stats));
  section.append(misconceptionChart(book));
  return section;
}

/** A misconception's name in the page's language (the gradebook was asked in it), its id
 * if the service gave none. */
function named(book, id) {
  return (book.misconception_titles || {})[id] || id;
}

/** How many students each misconception was found in: HTML bars, each with its text. */
function misconceptionChart(book) {
  const counts = new Map();
  for (const r of book.students) {
    for (const m of new Set(Object.values(r.misconceptions))) {
      counts.set(m, (counts.get(m) || 0) + 1);
    }
  }
  const total = book.students.length;
  const none = total - book.students.filter((r) => Object.keys(r.misconceptions).length).length;
  const bars = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const bar = (label, count, id) => el("li", { class: "class-bar", "data-misconception": id },
    el("span", { class: "class-bar-label", translate: id ? "no" : null },
       label),
    el("span", { class: "class-bar-track", "aria-hidden": "true" },
       el("span", { class: "class-bar-fill", style: `width: ${(100 * count) / total}%` })),
    el("span", { class: "class-bar-count" },
       t("course.chart.count", { count, total })));
  return el("figure", { id: "course-chart", class: "class-chart" },
    el("figcaption", {}, t("course.chart.caption")),
    el("ul", {}, ...bars.map(([m, n]) => bar(named(book, m), n, m)),
       bar(t("course.chart.none"), none, "")));
}
