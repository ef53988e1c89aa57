// The course page's table of an assignment's students (GET .../students): every student
// who joined, those with no submission marked so, the score out of the assignment's
// maximum and as a percentage, the steps right at the first try, late, the misconception;
// one click away each student's work in order (GET .../students/{student}/work: every
// step answer, every submission with its items in words); and a new token for a student
// who lost theirs (POST .../students/{student}/token), shown once to hand over.
import { el } from "./dom.js";
import { currentLanguage, moment, number, percentOf, t } from "./i18n.js";
import { answerText as written, call, failure, itemWords, scroller } from "./classroom.js";

const enc = encodeURIComponent;

/** "7 of 9" in the page's language. */
const outOf = (score, max) => t("course.out_of", { score: number(score), max: number(max) });

/** Shows in DETAIL the students of the assignment A (its summary), read with TOKEN. */
export async function showStudents(detail, a, token) {
  const path = `v1/assignments/${enc(a.id)}/students`;
  const work = el("div", { id: "course-work", "aria-live": "polite" });
  const given = el("div", { id: "course-reset", "aria-live": "polite" });
  let listed;
  try {
    listed = await call("GET", `${path}?lang=${currentLanguage()}`, token);
  } catch (err) {
    detail.replaceChildren(failure(err));
    return;
  }
  const titles = listed.misconception_titles || {};
  const head = ["student", "name", "score", "percent", "steps", "late", "misconception",
                "actions"].map((k) => el("th", { scope: "col" }, t(`course.column.${k}`)));
  const rows = listed.students.map((s) => {
    const none = !s.submitted;
    const reset = el("button", { type: "button", id: `course-reset-${s.student}`,
      "aria-label": t("course.reset.label", { student: s.student }),
      onclick: async () => {
        if (!confirm(t("course.reset.confirm", { student: s.student }))) return;
        try {
          const made = await call("POST", `${path}/${enc(s.student)}/token`, token, {});
          given.replaceChildren(tokenBox(made));
          given.scrollIntoView({ block: "nearest" });
        } catch (err) {
          given.replaceChildren(failure(err));
        }
      } }, t("course.reset"));
    const open = el("button", { type: "button", id: `course-work-${s.student}`,
      "aria-label": t("course.work.label", { student: s.student }),
      onclick: () => showWork(work, a, s, token) }, t("course.work"));
    return el("tr", { "data-student": s.student, class: none ? "class-none" : null },
      el("th", { scope: "row", translate: "no" }, s.student),
      el("td", { translate: "no", class: "class-text" }, s.name),
      none ? el("td", { class: "class-none", colspan: 2 }, t("course.no_submission"))
        : el("td", { translate: "no" }, outOf(s.score, s.max_score ?? listed.max_score)),
      none ? null : el("td", { translate: "no", class: "class-percent" }, percentOf(s.percent)),
      el("td", { translate: "no" }, s.steps ? outOf(s.steps_right_first_try, s.steps) : ""),
      el("td", {}, s.late ? t("course.late.yes") : ""),
      el("td", { translate: "no", lang: currentLanguage(), class: "class-text" },
         s.misconception ? titles[s.misconception] || s.misconception : ""),
      el("td", {}, el("div", { class: "class-actions" }, open, reset)));
  });
  detail.replaceChildren(
    el("h4", {}, t("course.students.of"), " ", el("span", { translate: "no" }, listed.title)),
    rows.length ? scroller(t("course.students.caption", { max: number(listed.max_score) }),
      el("table", { id: "course-students-table" },
         el("caption", {}, t("course.students.caption", { max: number(listed.max_score) })),
         el("tr", {}, ...head), ...rows))
      : el("p", {}, t("course.students.none")),
    given, work);
}

/** The new token of a student, shown once to hand over. */
function tokenBox(made) {
  const copied = el("span", { "aria-live": "polite" });
  return el("div", { class: "class-keep", role: "note", id: "course-new-token" },
    el("p", {}, el("strong", {}, t("course.reset.title", { student: made.student }))),
    el("p", {}, t("course.reset.help")),
    el("p", {}, t("assignment.keep.token"), " ",
       el("code", { id: "course-student-token", translate: "no" }, made.student_token)),
    el("div", { class: "row" },
       el("button", { type: "button", id: "course-copy-student-token", onclick: async () => {
         try {
           await navigator.clipboard.writeText(made.student_token);
           copied.textContent = t("course.keep.copied");
         } catch {
           copied.textContent = t("course.keep.select");
         }
       } }, t("assignment.keep.copy")), copied));
}

/** Shows in OUT the work of the student S of the assignment A in order: every step
 * answer (its try, right or which fields wrong), every submission with its items. */
async function showWork(out, a, s, token) {
  let w;
  try {
    w = await call("GET", `v1/assignments/${enc(a.id)}/students/${enc(s.student)}/work`
                   + `?lang=${currentLanguage()}`, token);
  } catch (err) {
    out.replaceChildren(failure(err));
    return;
  }
  const field = (f) => t(`assignment.step.${f}`);
  const steps = w.steps.map((r) => {
    const a0 = r.answer || {};
    const said = [a0.kind ? t(`assignment.step.kind.${a0.kind}`) : null,
      ...["node", "value", "alpha", "beta"].filter((k) => a0[k] !== undefined)
        .map((k) => `${field(k)} = ${written(a0[k])}`)].filter(Boolean).join(", ");
    return el("tr", { class: r.right ? "right" : "wrong" },
      el("td", { translate: "no" }, number(r.step)),
      el("td", { translate: "no" }, number(r.try)),
      el("td", { translate: "no", class: "class-text" }, said),
      el("td", {}, r.right ? t("assignment.feedback.right")
        : [t("assignment.feedback.wrong"), ...(r.wrong && r.wrong.length
          ? [": ", r.wrong.map(field).join(", ")] : [])].join("")),
      el("td", { translate: "no" }, r.at ? moment(r.at) : ""));
  });
  const submissions = w.submissions.map((sub) => el("section", { class: "class-submission" },
    el("h5", {}, t("course.work.attempt", { attempt: sub.attempt }), " ",
       el("span", { translate: "no" }, `${moment(sub.at)} · ${outOf(sub.score, sub.max_score)}`
         + ` · ${percentOf(sub.percent)}`),
       sub.late ? " " : null, sub.late ? el("span", { class: "wrong" }, t("course.late.yes"))
         : null),
    scroller(t("course.work.items"), el("table", { class: "class-work-items" },
      el("tr", {}, ...["item", "verdict", "given"].map(
        (k) => el("th", { scope: "col" }, t(`course.column.${k}`)))),
      ...sub.items.map((i) => el("tr", { class: i.right ? "right" : "wrong" },
        el("td", { translate: "no", lang: currentLanguage(), class: "class-text" },
           i.words || itemWords(i.item)),
        el("td", {}, t(i.answered === false ? "assignment.feedback.not_answered"
          : i.right ? "assignment.feedback.right" : "assignment.feedback.wrong")),
        el("td", { translate: "no" }, written(i.given))))))));
  out.replaceChildren(
    el("h4", {}, t("course.work.of"), " ",
       el("span", { translate: "no" }, `${w.name} (${w.student})`)),
    el("h5", {}, t("course.work.steps")),
    steps.length ? scroller(t("course.work.steps"), el("table", { id: "course-work-steps" },
      el("tr", {}, ...["step", "try", "answer", "verdict", "at"].map(
        (k) => el("th", { scope: "col" }, t(`course.column.${k}`)))), ...steps))
      : el("p", {}, t("course.work.no_steps")),
    el("h5", {}, t("course.work.submissions")),
    submissions.length ? el("div", { id: "course-work-submissions" }, ...submissions)
      : el("p", {}, t("course.no_submission")));
}
