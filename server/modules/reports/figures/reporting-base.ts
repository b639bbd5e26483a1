/**
 * The anonymised reporting base of one survey (product-decisions.md, "Access codes and anonymity";
 * docs/decisions/0017-anonymity-by-construction.md, "Anonymity by construction"). Pure: no I/O, no clock, no randomness.
 *
 * Every figure a company sees (web report, PDF, Excel v1 and v2, PULS, later reports) is computed
 * from this base and from nothing else. The base is built once, when the survey's report first
 * becomes available, and stored frozen (server/modules/reports).
 *
 * What it guarantees (version 2): no sum or difference of released groups describes 1 to k − 1 respondents. A released
 * group is everyone, one released value of one dimension, or one cell of a released crossing of two dimensions; the
 * exact check (./release-check.ts) proves the property over all of them at once.
 *
 * How it gets there (deterministic; nothing depends on a report request or on storage order):
 * 1. The dimensions in the company's ranking (shared/schemas/report-dimensions.ts; by default department, location,
 *    the demographic questions in the question bank's order, then the company's radio and scale questions).
 *    "No answer" is a value of its own on each dimension.
 * 2. On its own, each dimension's values with fewer than k respondents are merged into one "Other" value; while
 *    "Other" is still below k, the next smallest value joins it. A dimension left with a single value says nothing
 *    and is left out ('one-group' or 'spread').
 * 3. While the check finds a derivable small set, the lowest-ranked dimension its witness uses merges one more value
 *    into "Other", or is left out at its coarsest level ('small-combinations') (decideRelease).
 * 4. Crossings of two dimensions whose every cell reaches k are added in ranking order while the certificate proves
 *    the whole release and the check's matrix stays small (MAX_RELEASE_ROWS).
 * 5. A radio or scale company question left out as a dimension keeps its overall answers (summary.overall): its values
 *    merged as a dimension's on its own (rareValues), with their counts over every respondent, or nothing when that
 *    leaves a single value. Only the report of every respondent shows them (see overallOf).
 * 6. Rows hold only what reports use: statement answers, eNPS, the ESI answers, the released dimension values, the
 *    company's other questions (checkbox answers, free text) and the comments. No id, no day, no channel, no
 *    questionnaire language. Rows are ordered by a hash of their content and the survey id, so their order says
 *    nothing about when anyone answered. They never leave the server: every output is aggregates.
 *
 * With fewer than k respondents in the whole survey the base holds no rows at all, only counts.
 */
import { groupAnswerChoices } from '../../../../shared/schemas/extra-question-types.js';
import { DEMOGRAPHIC_QUESTIONS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { answerIndex, type ResponseAnswers } from '../../../../shared/schemas/questionnaire.js';
import { BASE_OTHER_KEY, type BaseDimension, type OverallDistribution, type ReportBaseSummary } from '../../../../shared/schemas/report.js';
import { chosenCommentsDimension, rankedDimensions } from '../../../../shared/schemas/report-dimensions.js';
import { clampMinGroupSize, contentHash } from './anonymity.js';
import { commentsDimension } from './release-rules.js';
import { certifyRelease, checkRelease, type ReleaseProblem } from './release-check.js';
import { vectorOf, VectorAnswers } from './statement-vector.js';

/**
 * Bumped when the algorithm changes. A stored base is never rebuilt from the responses (frozen forever): a base of an
 * earlier version is read as it is, and coarsened as it is when the minimum grows (reports.service.ts, storedBase).
 * 3: the base stores the overall answers of the radio/scale company questions it leaves out
 * (summary.overall, overallOf); a base of version 2 has none, and its left-out questions stay hidden whole.
 */
export const REPORTING_BASE_VERSION = 3;

export interface BaseSurvey {
  departments: readonly string[];
  locations: readonly string[];
  extraQuestions: readonly ExtraQuestion[];
  /** Demographic question ids the survey asked. */
  demographicIds: readonly string[];
  /** The application's ranking of the breakdowns (shared rankedDimensions); none: the default order. */
  priority?: readonly string[];
  /** The application's choice of where comments are listed (shared chosenCommentsDimension); undefined: the default. */
  commentsBy?: string | null;
}

export interface BaseSource {
  channel: 'online' | 'paper' | 'kiosk';
  answers: ResponseAnswers;
}

/** One respondent of the base: released dimension values (by question key) and the answers reports use. */
export interface BaseRespondent {
  dims: Readonly<Record<string, string>>;
  /** Statement answers, eNPS, ESI, non-dimension extra answers, extra comments, praise/critique; no department, location or demographics. */
  answers: ResponseAnswers;
}

export interface ReportingBase {
  version: number;
  minGroupSize: number;
  /** Every respondent of the survey, by channel (survey-wide counts only). */
  channels: { online: number; kiosk: number; paper: number };
  summary: ReportBaseSummary;
  /** Content-ordered; empty when the survey has fewer respondents than the minimum. */
  respondents: BaseRespondent[];
}

// ---------------------------------------------------------------------------------------------
// Dimensions
// ---------------------------------------------------------------------------------------------

interface Dimension {
  question: string;
  /** Raw value per respondent ('' = no answer). */
  raw: string[];
  /** Raw values in definition order ('' last); values no longer defined come before ''. */
  order: string[];
}

/** The raw value of a respondent on a dimension question; '' when not answered. */
export function rawDimensionValue(a: ResponseAnswers, question: string): string {
  if (question === 'department') return a.department?.trim() ?? '';
  if (question === 'location') return a.location?.trim() ?? '';
  if (question.startsWith('demographic:')) return a.demographics[question.slice('demographic:'.length)]?.trim() ?? '';
  if (question.startsWith('extra:')) {
    const v = a.extra[question.slice('extra:'.length)]?.value;
    const i = Array.isArray(v) ? null : answerIndex(v);
    return i === null ? '' : String(i);
  }
  return '';
}

/** The dimension questions of a survey in the company's ranking (shared rankedDimensions), with their defined values. */
export function dimensionCandidates(survey: BaseSurvey): { question: string; defined: string[] }[] {
  return rankedDimensions(survey, survey.priority).map((question) => {
    if (question === 'department') return { question, defined: [...survey.departments] };
    if (question === 'location') return { question, defined: [...survey.locations] };
    if (question.startsWith('demographic:')) return { question, defined: DEMOGRAPHIC_QUESTIONS.find((q) => `demographic:${q.id}` === question)!.options.map((o) => o.id) };
    const q = survey.extraQuestions.find((e) => `extra:${e.id}` === question)!;
    return { question, defined: groupAnswerChoices(q, String).map((c) => c.value) };
  });
}

/** The released value of each raw value at one level: identity, or OTHER for the merged ones. */
interface Level {
  merged: Set<string>;
}

function counts(raw: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of raw) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/**
 * The levels of a dimension, finest first: level 0 merges the values below k (and while "Other" is
 * below k, the next smallest); each further level merges one more value. Ties merge the value that
 * comes later in the definition order first (a rare "no answer" before a rare real value).
 * A level is listed only while it leaves at least two released values.
 */
function levelsOf(dim: Dimension, min: number): Level[] {
  const c = counts(dim.raw);
  const present = dim.order.filter((v) => (c.get(v) ?? 0) > 0);
  const position = new Map(dim.order.map((v, i) => [v, i]));
  const bySize = [...present].sort((a, b) => c.get(a)! - c.get(b)! || position.get(b)! - position.get(a)!);
  const merged = new Set<string>();
  let other = 0;
  for (const v of bySize) {
    const n = c.get(v)!;
    if (n >= min && (other === 0 || other >= min)) break;
    merged.add(v);
    other += n;
  }
  const released = (m: Set<string>) => present.filter((v) => !m.has(v)).length + (m.size > 0 ? 1 : 0);
  const levels: Level[] = [];
  let current = new Set(merged);
  for (;;) {
    if (released(current) < 2) break;
    levels.push({ merged: current });
    const next = bySize.find((v) => !current.has(v));
    if (next === undefined) break;
    current = new Set(current);
    current.add(next);
    // Merging one value alone into an empty "Other" only renames it: skip such a level.
    if (current.size === 1) {
      const again = bySize.find((v) => !current.has(v));
      if (again === undefined) break;
      current.add(again);
    }
  }
  return levels;
}

function codesOf(dim: Dimension, level: Level): Int32Array {
  const ids = new Map<string, number>();
  const out = new Int32Array(dim.raw.length);
  dim.raw.forEach((v, i) => {
    const key = level.merged.has(v) ? BASE_OTHER_KEY : v;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    out[i] = id;
  });
  return out;
}

/** Class id of every respondent over the given code columns, and the class sizes. */
function classes(columns: readonly Int32Array[], n: number): { classOf: Int32Array; sizes: Map<number, number> } {
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
  return { classOf, sizes };
}


// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** What a base row keeps of a response: no department, location, demographics or dimension answers. */
function stripAnswers(a: ResponseAnswers, dimensionExtras: ReadonlySet<string>, extraIds: ReadonlySet<string>): ResponseAnswers {
  const out: ResponseAnswers = { language: 'en', statements: {}, demographics: {}, extra: {}, puls: {} };
  for (const [id, v] of Object.entries(a.statements)) if (v === 1 || v === 2 || v === 3 || v === 4) out.statements[id] = v;
  if (a.enps_grade !== undefined) out.enps_grade = a.enps_grade;
  if (a.esi_workplace_satisfaction !== undefined) out.esi_workplace_satisfaction = a.esi_workplace_satisfaction;
  if (a.esi_workplace_expectations !== undefined) out.esi_workplace_expectations = a.esi_workplace_expectations;
  if (a.esi_ideal_job_comparison !== undefined) out.esi_ideal_job_comparison = a.esi_ideal_job_comparison;
  for (const [id, x] of Object.entries(a.extra)) {
    if (!extraIds.has(id) || !x) continue;
    // A dimension's answer lives in `dims` (released), never here: '' keeps only its comment.
    const kept: ResponseAnswers['extra'][string] = { value: dimensionExtras.has(id) ? '' : x.value };
    if (typeof x.comment === 'string' && x.comment.trim()) kept.comment = x.comment;
    if (kept.value === '' && kept.comment === undefined) continue;
    out.extra[id] = kept;
  }
  if (typeof a.praise_critique === 'string' && a.praise_critique.trim()) out.praise_critique = a.praise_critique;
  for (const [id, v] of Object.entries(a.puls)) out.puls[id] = v;
  return out;
}

/** The keys' JSON texts, made once: a base's rows repeat the same hundred keys thousands of times. */
const QUOTED_KEYS = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (QUOTED_KEYS.size < 10_000) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

/**
 * A stable text of a row for ordering: JSON with the keys sorted (undefined, NaN and infinities as null, as
 * JSON.stringify writes them in an array). Written out by type, as it runs for every row of every base.
 */
function canonical(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        const items: string[] = new Array<string>(value.length);
        for (let i = 0; i < value.length; i++) items[i] = canonical(value[i]);
        return `[${items.join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      const entries: string[] = new Array<string>(keys.length);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        entries[i] = `${quotedKey(key)}:${canonical(record[key])}`;
      }
      return `{${entries.join(',')}}`;
    }
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

/** Rows ordered by a hash of the survey id and their content (ties are identical rows). */
export function contentOrder<T>(items: readonly T[], seed: string): T[] {
  const keyed = items.map((item) => {
    const text = canonical(item);
    return { item, text, hash: contentHash(`${seed}\u0000${text}`) };
  });
  keyed.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return keyed.map((k) => k.item);
}

// ---------------------------------------------------------------------------------------------
// The base
// ---------------------------------------------------------------------------------------------

export interface BuildBaseInput {
  /** Seeds the row order (the survey id). */
  seed: string;
  survey: BaseSurvey;
  responses: readonly BaseSource[];
  minGroupSize: number;
}

/** One dimension while the release is decided: its raw values, its levels and the level in use. */
interface Candidate {
  dim: Dimension;
  levels: Level[];
  level: number;
  codes: Int32Array;
}

/** The classes of the kept dimensions (respondents sharing every released value): their sizes and one member each. */
interface ClassPartition {
  classSizes: number[];
  representative: Int32Array;
}

function partitionOf(kept: readonly Candidate[], n: number): ClassPartition {
  const { classOf, sizes } = classes(
    kept.map((k) => k.codes),
    n,
  );
  const classSizes = new Array<number>(sizes.size).fill(0);
  for (const [c, size] of sizes) classSizes[c] = size;
  const representative = new Int32Array(sizes.size).fill(-1);
  for (let i = 0; i < n; i++) if (representative[classOf[i]!] === -1) representative[classOf[i]!] = i;
  return { classSizes, representative };
}

/**
 * The release as a matrix over classes (respondents sharing every released value), for the check: an intercept
 * row, a row per non-reference value of each dimension (the first value met is the reference) and a row per pair
 * of non-reference values of each crossing. Its rational row space is exactly that of the released groups
 * (everyone, every value of every dimension, every cell of every crossing). `owners` says which dimensions a row
 * belongs to.
 */
function releaseProblem(kept: readonly Candidate[], crossings: readonly (readonly [number, number])[], n: number, min: number, partition: ClassPartition = partitionOf(kept, n)): { problem: ReleaseProblem; owners: number[][] } {
  const { classSizes, representative } = partition;
  const count = classSizes.length;
  const owners: number[][] = [[]];
  const rowIds = new Map<string, number>();
  const row = (key: string, dims: number[]) => {
    let id = rowIds.get(key);
    if (id === undefined) {
      rowIds.set(key, (id = owners.length));
      owners.push(dims);
    }
    return id;
  };
  const columns: number[][] = [];
  for (let c = 0; c < count; c++) {
    const i = representative[c]!;
    const col = [0];
    kept.forEach((k, d) => {
      const v = k.codes[i]!;
      if (v !== 0) col.push(row(`${String(d)}:${String(v)}`, [d]));
    });
    for (const [a, b] of crossings) {
      const va = kept[a]!.codes[i]!;
      const vb = kept[b]!.codes[i]!;
      if (va !== 0 && vb !== 0) col.push(row(`${String(a)}:${String(va)}|${String(b)}:${String(vb)}`, [a, b]));
    }
    columns.push(col);
  }
  return { problem: { sizes: classSizes, columns, rows: owners.length, minGroupSize: min }, owners };
}

/**
 * The most rows the release's matrix may have once crossings are added (an intercept, one per non-reference value of
 * each dimension, one per pair of non-reference values of each crossing): the check's cost grows with the cube of
 * its rank, and crossings beyond this are not released.
 */
export const MAX_RELEASE_ROWS = 240;

/** Released values of a dimension at its level (its codes are 0 … values − 1). */
function valuesOf(k: Candidate): number {
  let max = -1;
  for (const c of k.codes) if (c > max) max = c;
  return max + 1;
}

/** Every non-empty cell of the crossing holds at least the minimum (a crossing with a small cell is never released). */
function crossingCellsReachMinimum(a: Candidate, b: Candidate, min: number): boolean {
  const width = valuesOf(b);
  const cells = new Int32Array(valuesOf(a) * width);
  for (let i = 0; i < a.codes.length; i++) cells[a.codes[i]! * width + b.codes[i]!]! += 1;
  for (const size of cells) if (size > 0 && size < min) return false;
  return true;
}

/**
 * Decides the release over the given dimensions (priority order): each on its own, coarsened and, where needed, left
 * out until the exact release check (./release-check.ts) proves that no sum or difference of the released groups
 * describes 1 to k − 1 respondents; then the crossings of two dimensions (only those `mayCross` allows), added in
 * priority order while the check still proves the whole release. Mutates the candidates' levels.
 */
function decideRelease(kept: Candidate[], n: number, min: number, mayCross: (a: string, b: string) => boolean): { kept: Candidate[]; leftOut: ReportBaseSummary['left_out']; crossings: [string, string][] } {
  const leftOut: ReportBaseSummary['left_out'] = [];
  // 1. Every dimension on its own: while the check finds a derivable small set, the lowest-priority dimension
  //    its witness uses merges one more value into "Other", or is left out at its coarsest level.
  while (kept.length > 0) {
    const { problem, owners } = releaseProblem(kept, [], n, min);
    const verdict = checkRelease(problem);
    if (verdict.safe) break;
    const used = new Set(verdict.uses.flatMap((g) => owners[g] ?? []));
    const victim = used.size > 0 ? Math.max(...used) : kept.length - 1;
    const k = kept[victim]!;
    if (k.level + 1 < k.levels.length) {
      k.level += 1;
      k.codes = codesOf(k.dim, k.levels[k.level]!);
    } else {
      leftOut.push({ question: k.dim.question, reason: 'small-combinations' });
      kept.splice(victim, 1);
    }
  }

  // 2. Crossings of two dimensions (a group under one selected answer, a population of two selected answers), in
  //    priority order, each with every non-empty cell at least k and within the matrix's size limit. All of them at
  //    once when the certificate proves that; else one by one, each kept when the certificate still proves the whole.
  const candidatePairs: [number, number][] = [];
  // The kept dimensions no longer change: their classes are computed once for every crossing tried.
  const partition = partitionOf(kept, n);
  let matrixRows = releaseProblem(kept, [], n, min, partition).problem.rows;
  for (let a = 0; a < kept.length; a++) {
    for (let b = a + 1; b < kept.length; b++) {
      if (!mayCross(kept[a]!.dim.question, kept[b]!.dim.question)) continue;
      if (!crossingCellsReachMinimum(kept[a]!, kept[b]!, min)) continue;
      const added = (valuesOf(kept[a]!) - 1) * (valuesOf(kept[b]!) - 1);
      if (matrixRows + added > MAX_RELEASE_ROWS) continue;
      matrixRows += added;
      candidatePairs.push([a, b]);
    }
  }
  let crossings: [number, number][] = [];
  if (candidatePairs.length > 0 && certifyRelease(releaseProblem(kept, candidatePairs, n, min, partition).problem)) crossings = candidatePairs;
  else
    for (const pair of candidatePairs) {
      if (certifyRelease(releaseProblem(kept, [...crossings, pair], n, min, partition).problem)) crossings.push(pair);
    }
  return { kept, leftOut, crossings: crossings.map(([a, b]) => [kept[a]!.dim.question, kept[b]!.dim.question]) };
}

/** The summary's dimensions: released values in definition order, "Other" (with what it holds) before "no answer". */
function releasedDimensions(kept: readonly Candidate[], rows: readonly BaseRespondent[], mergedOf: (k: Candidate, key: string) => string[]): BaseDimension[] {
  return kept.map((k) => {
    const level = k.levels[k.level]!;
    const present = new Set(rows.map((r) => r.dims[k.dim.question]!));
    const values: BaseDimension['values'] = k.dim.order.filter((v) => !level.merged.has(v) && present.has(v)).map((key) => ({ key, merged: mergedOf(k, key).filter(() => key === BASE_OTHER_KEY) }));
    if (present.has(BASE_OTHER_KEY) && level.merged.size > 0) {
      const merged = k.dim.order.filter((v) => level.merged.has(v)).flatMap((v) => mergedOf(k, v));
      const at = values.length > 0 && values[values.length - 1]!.key === '' ? values.length - 1 : values.length;
      values.splice(at, 0, { key: BASE_OTHER_KEY, merged });
    }
    return { question: k.dim.question, values };
  });
}

/**
 * Builds the survey's reporting base (see the file's header and decideRelease). The solver must be loaded first
 * (loadReleaseSolver()).
 */
export function buildReportingBase(input: BuildBaseInput): ReportingBase {
  const min = clampMinGroupSize(input.minGroupSize);
  const channels = { online: 0, kiosk: 0, paper: 0 };
  for (const r of input.responses) channels[r.channel] += 1;
  // In content order: the release depends on what was answered, never on the order rows come from storage.
  const all = contentOrder(
    input.responses.map((r) => r.answers),
    `${input.seed}:release`,
  );
  const n = all.length;
  const candidates = dimensionCandidates(input.survey);
  const extraIds = new Set(input.survey.extraQuestions.map((q) => q.id));

  if (n < min) {
    return {
      version: REPORTING_BASE_VERSION,
      minGroupSize: min,
      channels,
      summary: { dimensions: [], left_out: candidates.map((c) => ({ question: c.question, reason: 'small-combinations' as const })), withheld: 0, crossings: [], comments_by: null },
      respondents: [],
    };
  }

  const oneGroup: ReportBaseSummary['left_out'] = [];
  const kept: Candidate[] = [];
  for (const c of candidates) {
    const raw = all.map((a) => rawDimensionValue(a, c.question));
    const extraValues = [...new Set(raw)].filter((v) => v !== '' && !c.defined.includes(v)).sort();
    const dim: Dimension = { question: c.question, raw, order: [...c.defined, ...extraValues, ''] };
    const levels = levelsOf(dim, min);
    if (levels.length === 0) {
      oneGroup.push({ question: c.question, reason: oneGroupReason(raw, min) });
      continue;
    }
    kept.push({ dim, levels, level: 0, codes: codesOf(dim, levels[0]!) });
  }
  const decided = decideRelease(kept, n, min, () => true);

  const dimensionExtras = new Set(candidates.filter((c) => c.question.startsWith('extra:')).map((c) => c.question.slice('extra:'.length)));
  const rows: BaseRespondent[] = all.map((a, i) => {
    const dims: Record<string, string> = {};
    for (const k of decided.kept) {
      const v = k.dim.raw[i]!;
      dims[k.dim.question] = k.levels[k.level]!.merged.has(v) ? BASE_OTHER_KEY : v;
    }
    return { dims, answers: stripAnswers(a, dimensionExtras, extraIds) };
  });
  const dimensions = releasedDimensions(decided.kept, rows, (_, key) => [key]);
  const priority = new Map(candidates.map((c, i) => [c.question, i]));
  const leftOut = [...oneGroup, ...decided.leftOut].sort((a, b) => priority.get(a.question)! - priority.get(b.question)!);
  const overall = overallOf(
    leftOut.flatMap((l) => {
      const c = candidates.find((x) => x.question === l.question)!;
      return l.question.startsWith('extra:') ? [{ question: l.question, raw: all.map((a) => rawDimensionValue(a, l.question)), defined: c.defined }] : [];
    }),
    min,
  );

  return {
    version: REPORTING_BASE_VERSION,
    minGroupSize: min,
    channels,
    summary: { dimensions, left_out: leftOut, ...(overall.length > 0 ? { overall } : {}), withheld: 0, crossings: decided.crossings, comments_by: chosenCommentsDimension(input.survey.commentsBy, dimensions.map((d) => d.question)) },
    respondents: contentOrder(rows, input.seed),
  };
}

/**
 * The overall answers of the company questions a base leaves out: each question's values merged as a
 * dimension's on its own (rareValues: an answer, or "no answer", given by fewer than k joins "Other", and while "Other"
 * is below k the next smallest joins it), each with its count over every respondent; a question left with a single
 * value is not listed (it stays hidden whole).
 *
 * Why this needs nothing more from the exact check: the counts are figures of one group, everyone, which every release
 * holds (the check's intercept row), of a variable — the question's released value — that no other released figure
 * involves (the base rows keep no answer of a left-out question, stripAnswers). A reader's equations about these
 * answers are then only their totals over everyone: swapping two respondents' answers changes no released figure, so
 * no combination tells anyone's answer, and the merging keeps every shown count at k or more. Treating the values as
 * groups with all their figures (crossed with every dimension) would be the release the check refused when it left the
 * question out; only their counts over everyone are shown, like a checkbox option's or a statement's distribution.
 */
export function overallOf(questions: readonly { question: string; raw: readonly string[]; defined: readonly string[] }[], minGroupSize: number): OverallDistribution[] {
  const out: OverallDistribution[] = [];
  for (const q of questions) {
    const rare = rareValues(q.question, q.raw, q.defined, minGroupSize);
    if ('leftOut' in rare) continue;
    const n = counts(rare.values);
    if (rare.dimension.values.length < 2) continue;
    out.push({ question: q.question, values: rare.dimension.values.map((v) => ({ ...v, n: n.get(v.key) ?? 0 })) });
  }
  return out;
}

/**
 * A released base for a larger minimum, never finer ("Frozen forever"): only whole released groups merge
 * (a released value below the new minimum joins "Other", "Other" included), dimensions and crossings may be left
 * out, and no crossing is added that the stored base did not release. Every group of the result is a union of
 * released groups of the stored base, so the two together let a reader derive nothing the stored base alone did
 * not; the result on its own passes the check at the new minimum. The solver must be loaded first.
 */
export function coarsenReportingBase(base: ReportingBase, minGroupSize: number): ReportingBase {
  const min = clampMinGroupSize(minGroupSize);
  if (min <= base.minGroupSize) return base;
  const rows = base.respondents;
  const n = rows.length;
  if (n < min) {
    const all = base.summary.dimensions.map((d) => ({ question: d.question, reason: 'small-combinations' as const }));
    return { ...base, minGroupSize: min, summary: { dimensions: [], left_out: [...base.summary.left_out, ...all], withheld: 0, crossings: [], comments_by: null }, respondents: [] };
  }
  const storedMerged = new Map(base.summary.dimensions.map((d) => [d.question, new Map(d.values.map((v) => [v.key, v.key === BASE_OTHER_KEY ? v.merged : [v.key]]))]));
  const oneGroup: ReportBaseSummary['left_out'] = [];
  const kept: Candidate[] = [];
  for (const d of base.summary.dimensions) {
    const dim: Dimension = { question: d.question, raw: rows.map((r) => r.dims[d.question] ?? ''), order: d.values.map((v) => v.key) };
    const levels = levelsOf(dim, min);
    // A stored "Other" joins whatever else merges: there is one "Other" per dimension.
    if (dim.order.includes(BASE_OTHER_KEY)) for (const l of levels) if (l.merged.size > 0) l.merged.add(BASE_OTHER_KEY);
    if (levels.length === 0) {
      oneGroup.push({ question: d.question, reason: oneGroupReason(dim.raw, min) });
      continue;
    }
    kept.push({ dim, levels, level: 0, codes: codesOf(dim, levels[0]!) });
  }
  const stored = base.summary.crossings;
  const decided = decideRelease(kept, n, min, (a, b) => stored === undefined || stored.some(([x, y]) => (x === a && y === b) || (x === b && y === a)));
  const released = new Set(decided.kept.map((k) => k.dim.question));
  const respondents: BaseRespondent[] = rows.map((r) => {
    const dims: Record<string, string> = {};
    for (const k of decided.kept) {
      const v = r.dims[k.dim.question] ?? '';
      dims[k.dim.question] = k.levels[k.level]!.merged.has(v) ? BASE_OTHER_KEY : v;
    }
    for (const q of Object.keys(r.dims)) if (!released.has(q)) delete dims[q];
    return { dims, answers: r.answers };
  });
  const dimensions = releasedDimensions(decided.kept, respondents, (k, key) => storedMerged.get(k.dim.question)?.get(key) ?? [key]);
  const order = new Map(base.summary.dimensions.map((d, i) => [d.question, i]));
  const newlyLeftOut = [...oneGroup, ...decided.leftOut].sort((a, b) => order.get(a.question)! - order.get(b.question)!);
  const leftOut = [...base.summary.left_out, ...newlyLeftOut];
  return {
    version: REPORTING_BASE_VERSION,
    minGroupSize: min,
    channels: base.channels,
    summary: {
      dimensions,
      left_out: leftOut,
      ...coarsenedOverall(base, newlyLeftOut, min),
      withheld: base.summary.withheld,
      crossings: decided.crossings,
      comments_by: keptCommentsDimension(base.summary, dimensions.map((d) => d.question)),
    },
    respondents,
  };
}

/**
 * The overall answers of a coarsened base: the stored ones merged again for the larger minimum (whole stored values
 * merge, the stored "Other" with them), and — in a base of version 3 or later — those of the company questions the
 * coarsening leaves out, from their stored released values. A base of an earlier version keeps none (nothing new is
 * computed for it). Every value of the result is a union of released values of the stored base.
 */
function coarsenedOverall(base: ReportingBase, newlyLeftOut: ReportBaseSummary['left_out'], min: number): Pick<ReportBaseSummary, 'overall'> {
  if (base.summary.overall === undefined && base.version < 3) return {};
  const out: OverallDistribution[] = [];
  for (const o of base.summary.overall ?? []) {
    const merged = mergeOverall(o, min);
    if (merged) out.push(merged);
  }
  for (const l of newlyLeftOut) {
    if (!l.question.startsWith('extra:')) continue;
    const d = base.summary.dimensions.find((x) => x.question === l.question)!;
    const n = counts(base.respondents.map((r) => r.dims[l.question] ?? ''));
    const merged = mergeOverall({ question: l.question, values: d.values.map((v) => ({ ...v, n: n.get(v.key) ?? 0 })) }, min);
    if (merged) out.push(merged);
  }
  return out.length > 0 ? { overall: out } : {};
}

/** An overall distribution at a larger minimum (levelsOf over its released values); null when one value is left. */
function mergeOverall(o: OverallDistribution, minGroupSize: number): OverallDistribution | null {
  const raw = o.values.flatMap((v) => new Array<string>(v.n).fill(v.key));
  const order = [...o.values.filter((v) => v.key !== '').map((v) => v.key), ''];
  const level = levelsOf({ question: o.question, raw, order }, minGroupSize)[0];
  if (!level) return null;
  // There is one "Other": a stored one joins whatever else merges.
  if (level.merged.size > 0 && o.values.some((v) => v.key === BASE_OTHER_KEY)) level.merged.add(BASE_OTHER_KEY);
  const kept = o.values.filter((v) => !level.merged.has(v.key));
  const into = o.values.filter((v) => level.merged.has(v.key));
  if (into.length === 0) return { question: o.question, values: o.values.map((v) => ({ ...v, merged: [...v.merged] })) };
  const other = { key: BASE_OTHER_KEY, merged: into.flatMap((v) => (v.key === BASE_OTHER_KEY ? v.merged : [v.key])), n: into.reduce((a, v) => a + v.n, 0) };
  const values = kept.map((v) => ({ ...v, merged: [] as string[] }));
  const at = values.length > 0 && values[values.length - 1]!.key === '' ? values.length - 1 : values.length;
  values.splice(at, 0, other);
  return values.length < 2 ? null : { question: o.question, values };
}

/**
 * Where a coarsened base lists comments: where the stored base did while that dimension is still released, else the
 * whole survey only. Never another dimension: lists under two dimensions, one from each download, would together
 * name the comments of a cell the release never released.
 */
function keptCommentsDimension(stored: ReportBaseSummary, released: readonly string[]): string | null {
  const by = commentsDimension(stored);
  return by !== null && released.includes(by) ? by : null;
}

// ---------------------------------------------------------------------------------------------
// PULS
// ---------------------------------------------------------------------------------------------

export interface PulsBaseRound {
  round: number;
  start_date: string | null;
  end_date: string | null;
  /** Every response of the round. */
  responses: number;
  /**
   * Content-ordered respondents; empty for a round below the minimum. `dims` holds the released
   * value of each of the company's own radio and scale questions the round keeps (a rare answer is
   * already "Other" here); `answers` the pulse answers and the other own answers, with no own
   * radio or scale answer (only its comment).
   */
  respondents: BaseRespondent[];
  /** The round's own radio and scale questions as released (with what "Other" holds), and those left out with why. */
  own: Pick<ReportBaseSummary, 'dimensions' | 'left_out'>;
}

export interface PulsReportingBase {
  version: number;
  minGroupSize: number;
  rounds: PulsBaseRound[];
}

/**
 * Bumped when the PULS base changes. It is part of the `rounds` key under which the service stores
 * a PULS base (reports.service.ts, storedBase), so a base stored under another version is rebuilt
 * once, without touching REPORTING_BASE_VERSION (and so without rebuilding IZZ bases).
 * 2: rare answers of the company's own radio and scale questions are merged per round.
 */
export const PULS_BASE_VERSION = 2;

/**
 * The PULS base: a round is its own group (there are no filters). A round with fewer responses
 * than the minimum keeps its count only; no answer of it is stored in the base.
 *
 * The company's own radio and scale questions are released per round by the IZZ rule on one
 * question alone (`levelsOf` level 0): answers given by fewer than k of the round, and a rare "no
 * answer", are merged into "Other"; while "Other" is below k the next smallest answer joins it. A
 * round has no filters and no breakdown, so each question stands alone and level 0 is all it
 * needs. A question left with one value is left out of the round ('one-group' or 'spread', see
 * oneGroupReason) and keeps no answer at all. The raw answer is never stored: a rare one exists
 * only as "Other".
 */
export function buildPulsReportingBase(input: {
  seed: string;
  rounds: readonly { round: number; start_date?: string | null; end_date?: string | null; responses: readonly ResponseAnswers[] }[];
  ownQuestions: readonly ExtraQuestion[];
  minGroupSize: number;
}): PulsReportingBase {
  const min = clampMinGroupSize(input.minGroupSize);
  const extraIds = new Set(input.ownQuestions.map((q) => q.id));
  const candidates = dimensionCandidates({ departments: [], locations: [], demographicIds: [], extraQuestions: input.ownQuestions });
  const dimensionExtras = new Set(candidates.map((c) => c.question.slice('extra:'.length)));
  return {
    version: PULS_BASE_VERSION,
    minGroupSize: min,
    rounds: [...input.rounds]
      .sort((a, b) => a.round - b.round)
      .map((r): PulsBaseRound => {
        const base = { round: r.round, start_date: r.start_date ?? null, end_date: r.end_date ?? null, responses: r.responses.length };
        if (r.responses.length < min) return { ...base, respondents: [], own: { dimensions: [], left_out: [] } };
        const own: PulsBaseRound['own'] = { dimensions: [], left_out: [] };
        const released: { question: string; values: string[] }[] = [];
        for (const c of candidates) {
          const raw = r.responses.map((a) => rawDimensionValue(a, c.question));
          const rare = rareValues(c.question, raw, c.defined, min);
          if ('leftOut' in rare) own.left_out.push({ question: c.question, reason: rare.leftOut });
          else {
            own.dimensions.push(rare.dimension);
            released.push({ question: c.question, values: rare.values });
          }
        }
        const rows = r.responses.map((a, i): BaseRespondent => {
          const dims: Record<string, string> = {};
          for (const d of released) dims[d.question] = d.values[i]!;
          const s = stripAnswers(a, dimensionExtras, extraIds);
          return { dims, answers: { language: 'en', statements: {}, demographics: {}, extra: s.extra, puls: s.puls } };
        });
        return { ...base, respondents: contentOrder(rows, `${input.seed}:${String(r.round)}`), own };
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Storage form (compact JSON: the statement answers as one digit string in bank order)
// ---------------------------------------------------------------------------------------------

const STATEMENT_IDS = STATEMENTS.map((s) => s.id);

type StoredRow = [dims: string[], statements: string, enps: number | null, esi: [number, number, number] | null, extra: ResponseAnswers['extra'], praise: string | null];

interface StoredBase {
  version: number;
  minGroupSize: number;
  channels: ReportingBase['channels'];
  summary: ReportBaseSummary;
  rows: StoredRow[];
}

export function serializeReportingBase(base: ReportingBase): string {
  const dims = base.summary.dimensions.map((d) => d.question);
  const rows: StoredRow[] = base.respondents.map((r) => {
    const a = r.answers;
    const esi: [number, number, number] | null =
      a.esi_workplace_satisfaction !== undefined && a.esi_workplace_expectations !== undefined && a.esi_ideal_job_comparison !== undefined
        ? [a.esi_workplace_satisfaction, a.esi_workplace_expectations, a.esi_ideal_job_comparison]
        : null;
    return [dims.map((q) => r.dims[q] ?? ''), STATEMENT_IDS.map((id) => String(a.statements[id] ?? 0)).join(''), a.enps_grade ?? null, esi, a.extra, a.praise_critique ?? null];
  });
  const stored: StoredBase = { version: base.version, minGroupSize: base.minGroupSize, channels: base.channels, summary: base.summary, rows };
  return JSON.stringify(stored);
}

export function parseReportingBase(text: string): ReportingBase {
  const stored = JSON.parse(text) as StoredBase;
  const dims = stored.summary.dimensions.map((d) => d.question);
  const respondents: BaseRespondent[] = stored.rows.map(([values, statements, enpsGrade, esi, extra, praise]) => {
    const a = new VectorAnswers(vectorOf(statements), extra);
    if (enpsGrade !== null) a.enps_grade = enpsGrade;
    if (esi) [a.esi_workplace_satisfaction, a.esi_workplace_expectations, a.esi_ideal_job_comparison] = esi;
    if (praise !== null) a.praise_critique = praise;
    const d: Record<string, string> = {};
    dims.forEach((q, i) => (d[q] = values[i] ?? ''));
    return { dims: d, answers: a.asAnswers() };
  });
  return { version: stored.version, minGroupSize: stored.minGroupSize, channels: stored.channels, summary: stored.summary, respondents };
}

export function serializePulsReportingBase(base: PulsReportingBase): string {
  return JSON.stringify(base);
}

export function parsePulsReportingBase(text: string): PulsReportingBase {
  return JSON.parse(text) as PulsReportingBase;
}

// ---------------------------------------------------------------------------------------------
// Rare values of one question on its own (PULS rounds; why a question says nothing, IZZ and PULS)
// ---------------------------------------------------------------------------------------------

/**
 * Why a question left with a single released value after its rare values were merged (`levelsOf`
 * gave no level) says nothing. Merging stops at the first value with at least k respondents once
 * "Other" holds k, so a single group remains only when one value holds all but fewer than k
 * ('one-group': nearly everyone gave the same answer) or when every value holds fewer than k
 * ('spread': the answers were spread over too many small groups, all of them merged into "Other").
 */
export function oneGroupReason(raw: readonly string[], minGroupSize: number): 'one-group' | 'spread' {
  let largest = 0;
  for (const n of counts(raw).values()) if (n > largest) largest = n;
  return largest >= minGroupSize ? 'one-group' : 'spread';
}

/**
 * One question's values by the IZZ rule on their own (`levelsOf` level 0): the released value of
 * each respondent ('' = no answer, BASE_OTHER_KEY for a merged value) and the dimension (every
 * defined value, "Other" with what it holds before a kept "no answer"), or why the question is left
 * out. Nobody answering is no reason to leave a question out: it is released with "no answer" only.
 */
export function rareValues(
  question: string,
  raw: readonly string[],
  defined: readonly string[],
  minGroupSize: number,
): { dimension: BaseDimension; values: string[] } | { leftOut: 'one-group' | 'spread' } {
  const min = clampMinGroupSize(minGroupSize);
  const extraValues = [...new Set(raw)].filter((v) => v !== '' && !defined.includes(v)).sort();
  const dim: Dimension = { question, raw: [...raw], order: [...defined, ...extraValues, ''] };
  const answered = raw.some((v) => v !== '');
  const level = answered ? levelsOf(dim, min)[0] : { merged: new Set<string>() };
  if (!level) return { leftOut: oneGroupReason(raw, min) };
  const present = new Set(raw);
  // Defined values nobody gave stay as values of their own (a count of 0 tells nothing about anyone).
  const values: BaseDimension['values'] = dim.order.filter((v) => !level.merged.has(v) && (v === '' ? present.has('') : defined.includes(v) || present.has(v))).map((key) => ({ key, merged: [] }));
  if (level.merged.size > 0) {
    const at = values.length > 0 && values[values.length - 1]!.key === '' ? values.length - 1 : values.length;
    values.splice(at, 0, { key: BASE_OTHER_KEY, merged: dim.order.filter((v) => level.merged.has(v)) });
  }
  return { dimension: { question, values }, values: raw.map((v) => (level.merged.has(v) ? BASE_OTHER_KEY : v)) };
}
