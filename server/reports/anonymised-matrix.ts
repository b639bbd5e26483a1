/**
 * The anonymised response matrix behind Excel version 2 (product-decisions.md, "Reports"): one row
 * per response, rows in random order, no id, no date, no channel, no questionnaire language.
 *
 * Quasi-identifiers are the columns a colleague or manager could know about a person: the
 * demographic answers, the department and the location. They are coarsened until every row's
 * combination of them is shared by at least the minimum group size (k-anonymity with k = the
 * minimum, default 5, never below 3):
 *
 * 1. Greedy generalisation, one step of one column at a time, always the step that leaves the
 *    fewest rows in too-small combinations: age and tenure first fall into broader bands; then the
 *    rarest values of a column (a tiny department, a rare education level, no answer) are merged
 *    into 'Other' until 'Other' itself reaches the minimum; finally the whole column is removed.
 * 2. When few enough rows still stand out (at most max(minimum, 2 % of rows)), their
 *    quasi-identifiers are hidden instead of coarsening everybody further. The hidden rows form
 *    one combination of their own, so it is topped up to the minimum with rows taken at random
 *    from combinations that stay at or above the minimum without them.
 *
 * Free text (praise/critique, extra text answers, extra comments) leaves the matrix: a separate
 * list, each source shuffled on its own, with nothing that points back to a row. A population
 * under the minimum gives no rows and no text.
 *
 * Known limit: the company's own radio/scale/checkbox questions are written as answered and are
 * not treated as quasi-identifiers (their meaning is not known here); a question such as "Which
 * team are you in?" would need to be left out of the matrix by the company.
 */
import { DEMOGRAPHIC_QUESTIONS, ESI_QUESTIONS, ENPS_QUESTION, STATEMENTS } from '../../shared/question-banks/index.js';
import type { ExtraQuestion } from '../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import { clampMinGroupSize, releaseTexts, shuffle, type Rng } from './anonymity.js';
import { localizedText, t, type ReportLanguage } from './excel.js';
import type { ReportResponse, ReportSurvey } from './figures.js';

export type MatrixValue = string | number | null;

export interface MatrixColumn {
  key: string;
  header: string;
  /** What the column holds (question text, answer option), for the legend sheet. */
  meaning: string;
  kind: 'statement' | 'enps' | 'esi' | 'quasi' | 'extra';
}

export type QuasiTreatment = 'as-answered' | 'banded' | 'merged' | 'banded-merged' | 'removed';

export interface QuasiColumnReport {
  key: string;
  header: string;
  treatment: QuasiTreatment;
  /** Values merged into 'Other' (labels). */
  merged: string[];
  /** The broader bands used, when banded. */
  bands: string[];
}

export interface AnonymisedMatrix {
  minGroupSize: number;
  columns: MatrixColumn[];
  /** Rows in random order; values follow `columns`. */
  rows: MatrixValue[][];
  /** Quasi-identifier columns (kept and removed) and what was done to them. */
  quasi: QuasiColumnReport[];
  /** Rows whose quasi-identifiers were hidden one by one. */
  hiddenRows: number;
  /** Free text, each source's list shuffled on its own; no row reference. */
  texts: { question: string; text: string }[];
}

export interface MatrixInput {
  survey: ReportSurvey;
  responses: readonly (ReportResponse | ResponseAnswers)[];
  minGroupSize: number;
  language: ReportLanguage;
  rng: Rng;
  /** Share of rows whose quasi-identifiers may be hidden one by one (default 0.02). */
  maxHiddenShare?: number;
}

const OTHER = '\u0000other';
const BAND = '\u0000band:';

/** Broader bands for the ordered demographic questions (labels are language-neutral). */
const BANDS: Record<string, Record<string, string>> = {
  age_group: { up_to_25: '≤ 35', '26_35': '≤ 35', '36_45': '36–55', '46_55': '36–55', '56_plus': '56+' },
  tenure: { under_1: '≤ 3', '1_3': '≤ 3', '4_10': '4+', over_10: '4+' },
};

const answersOf = (r: ReportResponse | ResponseAnswers): ResponseAnswers => ('answers' in r && 'channel' in r ? r.answers : (r as ResponseAnswers));

function answerIndex(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,3}$/.test(v)) return Number(v);
  return null;
}

interface QuasiColumn {
  key: string;
  header: string;
  raw: string[];
  label: (raw: string) => string;
  bands: Record<string, string> | undefined;
  /** 0 as answered, 1 banded (if bands), then merged, then removed. */
  level: number;
  levels: ('raw' | 'band' | 'merge' | 'remove')[];
}

/** Values of a column at a level, as small integer codes per row (plus the merged raw values). */
function codesAt(col: QuasiColumn, level: number, min: number): { codes: Int32Array; merged: Set<string> } {
  const step = col.levels[level]!;
  const n = col.raw.length;
  const codes = new Int32Array(n);
  if (step === 'remove') return { codes, merged: new Set() };
  const base = col.raw.map((v) => (col.bands && level > 0 && v ? (col.bands[v] !== undefined ? BAND + col.bands[v] : v) : v));
  let merged = new Set<string>();
  if (step === 'merge') {
    const counts = new Map<string, number>();
    for (const v of base) counts.set(v, (counts.get(v) ?? 0) + 1);
    const bySize = [...counts.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    let otherSize = 0;
    for (const [v, c] of bySize) {
      if (c >= min && otherSize >= min) break;
      if (c >= min && otherSize === 0) break;
      merged.add(v);
      otherSize += c;
    }
    if (merged.size === 1 && otherSize < min) merged = new Set(); // renaming one value alone changes nothing
  }
  const ids = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const v = merged.has(base[i]!) ? OTHER : base[i]!;
    let id = ids.get(v);
    if (id === undefined) ids.set(v, (id = ids.size));
    codes[i] = id;
  }
  return { codes, merged };
}

/** Rows (indices) whose combination of the given code columns is shared by fewer than `min` rows. */
function standingOut(columns: readonly Int32Array[], n: number, min: number): { rows: number[]; classOf: Int32Array; sizes: Map<number, number> } {
  // Combine the columns one at a time, renumbering the pairs (class so far, value) densely, so a
  // key never grows past n × (values of one column).
  let classOf = new Int32Array(n);
  for (const c of columns) {
    let radix = 1;
    for (let i = 0; i < n; i++) if (c[i]! >= radix) radix = c[i]! + 1;
    const ids = new Map<number, number>();
    const next = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const pair = classOf[i]! * radix + c[i]!;
      let id = ids.get(pair);
      if (id === undefined) ids.set(pair, (id = ids.size));
      next[i] = id;
    }
    classOf = next;
  }
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) sizes.set(classOf[i]!, (sizes.get(classOf[i]!) ?? 0) + 1);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (sizes.get(classOf[i]!)! < min) rows.push(i);
  return { rows, classOf, sizes };
}

function extraHeader(q: ExtraQuestion, language: ReportLanguage): string {
  return localizedText(q.title, language) || q.id;
}

export function buildAnonymisedMatrix(input: MatrixInput): AnonymisedMatrix {
  const { survey, language, rng } = input;
  const min = clampMinGroupSize(input.minGroupSize);
  const all = input.responses.map(answersOf);
  const enough = all.length >= min;
  const answers = enough ? all : [];
  const n = answers.length;

  // --- quasi-identifiers -----------------------------------------------------------------------
  const quasi: QuasiColumn[] = [];
  for (const id of survey.demographicIds) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === id);
    if (!q) continue;
    const labels = new Map(q.options.map((o) => [o.id, localizedText(o.label, language)]));
    const bands = BANDS[id];
    quasi.push({
      key: `demographic:${id}`,
      header: t(language, id as 'gender'),
      raw: answers.map((a) => a.demographics[id] ?? ''),
      label: (v) => labels.get(v) ?? v,
      bands,
      level: 0,
      levels: bands ? ['raw', 'band', 'merge', 'remove'] : ['raw', 'merge', 'remove'],
    });
  }
  const hasDepartments = survey.departments.length > 0 || answers.some((a) => a.department?.trim());
  const hasLocations = survey.locations.length > 0 || answers.some((a) => a.location?.trim());
  if (hasDepartments)
    quasi.push({ key: 'department', header: t(language, 'department'), raw: answers.map((a) => a.department?.trim() ?? ''), label: (v) => v, bands: undefined, level: 0, levels: ['raw', 'merge', 'remove'] });
  if (hasLocations)
    quasi.push({ key: 'location', header: t(language, 'location'), raw: answers.map((a) => a.location?.trim() ?? ''), label: (v) => v, bands: undefined, level: 0, levels: ['raw', 'merge', 'remove'] });

  // --- greedy generalisation --------------------------------------------------------------------
  const budget = Math.max(min, Math.floor((input.maxHiddenShare ?? 0.02) * n));
  const cache = quasi.map(() => new Map<number, ReturnType<typeof codesAt>>());
  const at = (c: number, level: number) => {
    let v = cache[c]!.get(level);
    if (!v) cache[c]!.set(level, (v = codesAt(quasi[c]!, level, min)));
    return v;
  };
  const current = () => quasi.map((col, c) => at(c, col.level).codes);
  /** The next level of a column that changes something (a merge that merges nothing is skipped). */
  const nextLevel = (c: number): number | null => {
    const col = quasi[c]!;
    for (let level = col.level + 1; level < col.levels.length; level++) {
      if (col.levels[level] !== 'merge' || at(c, level).merged.size > 0) return level;
    }
    return null;
  };
  const isOrgUnit = (c: number) => quasi[c]!.key === 'department' || quasi[c]!.key === 'location';
  let state = standingOut(current(), n, min);
  while (state.rows.length > budget) {
    // Coarsening steps (bands, 'Other') before removals; a department or location column is
    // removed only when no demographic column is left to remove.
    const steps = quasi
      .map((col, c) => ({ c, level: nextLevel(c) }))
      .filter((x): x is { c: number; level: number } => x.level !== null)
      .map(({ c, level }) => {
        const trial = current();
        trial[c] = at(c, level).codes;
        const removes = quasi[c]!.levels[level] === 'remove';
        return { c, level, removes, out: standingOut(trial, n, min).rows.length };
      });
    if (steps.length === 0) break;
    const helpful = steps.filter((x) => !x.removes && x.out < state.rows.length);
    const demographicRemovals = steps.filter((x) => x.removes && !isOrgUnit(x.c));
    const pool = helpful.length > 0 ? helpful : demographicRemovals.length > 0 ? demographicRemovals : steps;
    const best = pool.reduce((a, b) => (b.out < a.out ? b : a));
    quasi[best.c]!.level = best.level;
    state = standingOut(current(), n, min);
  }

  // --- rows that still stand out: hide their quasi-identifiers -----------------------------------
  const hidden = new Uint8Array(n);
  for (const i of state.rows) hidden[i] = 1;
  let hiddenRows = state.rows.length;
  if (hiddenRows > 0 && hiddenRows < min) {
    // Top the hidden combination up to the minimum with rows whose combination keeps the minimum.
    const spare = new Map<number, number>();
    for (const [key, size] of state.sizes) if (size > min) spare.set(key, size - min);
    const pool = shuffle(
      Array.from({ length: n }, (_, i) => i).filter((i) => !hidden[i] && spare.has(state.classOf[i]!)),
      rng,
    );
    for (const i of pool) {
      if (hiddenRows >= min) break;
      const key = state.classOf[i]!;
      const left = spare.get(key) ?? 0;
      if (left <= 0) continue;
      spare.set(key, left - 1);
      hidden[i] = 1;
      hiddenRows += 1;
    }
    if (hiddenRows < min) {
      // Not enough rows to hide among: hide everybody's quasi-identifiers.
      hidden.fill(1);
      hiddenRows = n;
    }
  }

  const kept = quasi.filter((col) => col.levels[col.level] !== 'remove');
  const keptCodes = kept.map((col) => at(quasi.indexOf(col), col.level));
  const quasiReport: QuasiColumnReport[] = quasi.map((col, c) => {
    const step = col.levels[col.level]!;
    const merged = step === 'merge' ? [...at(c, col.level).merged] : [];
    const banded = col.bands !== undefined && col.level > 0;
    let treatment: QuasiTreatment = 'as-answered';
    if (step === 'remove') treatment = 'removed';
    else if (step === 'merge' && merged.length > 0) treatment = banded ? 'banded-merged' : 'merged';
    else if (banded) treatment = 'banded';
    else if (step === 'band') treatment = 'banded';
    const bands = banded && step !== 'remove' ? [...new Set(Object.values(col.bands ?? {}))] : [];
    return { key: col.key, header: col.header, treatment, bands, merged: merged.map((v) => (v.startsWith(BAND) ? v.slice(BAND.length) : v ? col.label(v) : t(language, 'noAnswer'))) };
  });

  // --- columns -----------------------------------------------------------------------------------
  const columns: MatrixColumn[] = [];
  for (const s of STATEMENTS) columns.push({ key: `statement:${s.id}`, header: s.id, meaning: localizedText(s.text, language), kind: 'statement' });
  columns.push({ key: 'enps', header: 'eNPS (0-10)', meaning: localizedText(ENPS_QUESTION.question, language), kind: 'enps' });
  ESI_QUESTIONS.forEach((q, i) => columns.push({ key: q.id, header: `ESI ${i + 1} (1-10)`, meaning: localizedText(q.question, language), kind: 'esi' }));
  for (const col of kept) columns.push({ key: col.key, header: col.header, meaning: col.header, kind: 'quasi' });
  const extras: { q: ExtraQuestion; option?: number }[] = [];
  for (const q of survey.extraQuestions) {
    const title = extraHeader(q, language);
    if (q.type === 'radio' || q.type === 'scale') {
      extras.push({ q });
      columns.push({ key: `extra:${q.id}`, header: title, meaning: title, kind: 'extra' });
    } else if (q.type === 'checkbox') {
      q.answers.forEach((a, i) => {
        extras.push({ q, option: i });
        const option = localizedText(a, language) || String(i + 1);
        columns.push({ key: `extra:${q.id}:${i}`, header: `${title}: ${option}`, meaning: `${title}: ${option} (1 = ✓, 0 = –)`, kind: 'extra' });
      });
    }
  }

  // --- rows ----------------------------------------------------------------------------------------
  const other = t(language, 'other');
  const hiddenLabel = t(language, 'hiddenValue');
  const rows: MatrixValue[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = answers[i]!;
    const row: MatrixValue[] = [];
    for (const s of STATEMENTS) row.push(a.statements[s.id] ?? null);
    row.push(a.enps_grade ?? null, a.esi_workplace_satisfaction ?? null, a.esi_workplace_expectations ?? null, a.esi_ideal_job_comparison ?? null);
    kept.forEach((col, k) => {
      if (hidden[i]) {
        row.push(hiddenLabel);
        return;
      }
      const { merged } = keptCodes[k]!;
      const raw = col.raw[i]!;
      const step = col.levels[col.level]!;
      const bandOf = col.bands && col.level > 0 && raw ? col.bands[raw] : undefined;
      const base = bandOf !== undefined ? BAND + bandOf : raw;
      const mergedRaw = step === 'merge' && merged.has(base);
      if (mergedRaw) row.push(other);
      else if (bandOf !== undefined) row.push(bandOf);
      else row.push(raw ? col.label(raw) : null);
    });
    for (const { q, option } of extras) {
      const v = a.extra[q.id]?.value;
      if (option !== undefined) {
        row.push(Array.isArray(v) ? (v.some((x) => answerIndex(x) === option) ? 1 : 0) : null);
      } else if (q.type === 'scale') {
        row.push(typeof v === 'number' ? v : null);
      } else {
        const idx = Array.isArray(v) ? null : answerIndex(v);
        row.push(idx === null ? null : localizedText(q.answers[idx], language) || String(idx + 1));
      }
    }
    rows[i] = row;
  }

  // --- free text -----------------------------------------------------------------------------------
  const texts: { question: string; text: string }[] = [];
  const add = (question: string, list: (string | undefined)[]) => {
    for (const text of releaseTexts(list, enough, rng)) texts.push({ question, text });
  };
  add(t(language, 'praiseCritique'), answers.map((a) => a.praise_critique));
  for (const q of survey.extraQuestions) {
    const title = extraHeader(q, language);
    if (q.type === 'text250' || q.type === 'text1000') add(title, answers.map((a) => {
      const v = a.extra[q.id]?.value;
      return typeof v === 'string' ? v : undefined;
    }));
    add(t(language, 'commentOn', { q: title }), answers.map((a) => a.extra[q.id]?.comment));
  }

  return { minGroupSize: min, columns, rows: shuffle(rows, rng), quasi: quasiReport, hiddenRows: n === 0 ? 0 : hiddenRows, texts };
}
