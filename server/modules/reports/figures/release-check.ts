/**
 * The exact release check of a survey's reporting base (docs/decisions/0017-anonymity-by-construction.md, "Anonymity by
 * construction"). Pure apart from loading the HiGHS solver (WebAssembly) on first need.
 *
 * The question: a survey releases a family of groups (sets of respondents: everyone, every released value of
 * every dimension, every cell of every released crossing). A reader can add and subtract released figures at
 * will, with any rational weights. Can a combination describe between 1 and k − 1 respondents?
 *
 * Respondents who share their released value on every dimension form a class; every released group is a union
 * of classes, so a group is a 0/1 row over the classes and the reader can derive exactly the vectors in the
 * rational row space of the family's matrix R. A leak is a 0/1 vector y in that space with 1 ≤ Σ n_c·y_c ≤ k − 1.
 *
 * Two ways to decide it, the cheap one first:
 * 1. A certificate (proves safety, fast on large surveys): t pairwise disjoint sets B_1 … B_t of small classes
 *    (fewer than k respondents) that each, together with all large classes, span R's column space over the
 *    rationals. A nonzero y of the row space is determined by its values on any spanning set of columns, so y
 *    touches a large class (weight ≥ k) or a small class of every B_j: its weight is at least Σ_j min n_c over
 *    B_j's small classes. When that sum is ≥ k no nonzero combination at all — a set or any weighting — lives on
 *    fewer than k respondents. The spans are computed modulo a prime; independence modulo p implies independence
 *    over the rationals, and the rank over the rationals is bounded from above by exhibiting the left kernel's
 *    basis as integer vectors and checking them exactly (integer arithmetic over every column).
 * 2. Otherwise a mixed-integer program (HiGHS): free rational weights λ per released group, a binary y per small
 *    class, Σ_{groups ∋ c} λ_g = y_c for every class (0 for a large class), 1 ≤ Σ n_c·y_c ≤ k − 1. Infeasible
 *    means no derivable set of 1 … k − 1 respondents exists; a solution is a witness (which groups it uses).
 */
import type { LegacyHighs } from 'highs';

/**
 * The released family as a matrix by columns: one column per class listing the rows it has a 1 in. The rows may
 * be the released groups themselves or any other 0/1 rows with the same rational row space (the caller uses an
 * intercept, one row per non-reference value of each dimension and one per pair of non-reference values of each
 * released crossing: the same span as all cells, with fewer rows).
 */
export interface ReleaseProblem {
  /** Respondents per class (every class non-empty). */
  sizes: readonly number[];
  /** Per class: the rows it is in (no duplicates). */
  columns: readonly (readonly number[])[];
  /** Number of rows. */
  rows: number;
  minGroupSize: number;
}

export type ReleaseVerdict =
  | { safe: true; proof: 'certificate' | 'solver' }
  /** `uses`: the rows the witness combination gives a nonzero weight; `classes`: the derived set. */
  | { safe: false; uses: number[]; classes: number[] };

/** A prime below 2^15: a product of two residues is below 2^30, and sums of thousands of them stay exact in a double. */
const P = 32749;

const mod = (a: number) => {
  const r = a % P;
  return r < 0 ? r + P : r;
};

function inverse(a: number): number {
  // Fermat: a^(P-2) mod P, by squaring with exact products (both factors < 2^26).
  let result = 1;
  let base = mod(a);
  let e = P - 2;
  while (e > 0) {
    if (e & 1) result = (result * base) % P;
    base = (base * base) % P;
    e = Math.floor(e / 2);
  }
  return result;
}

/**
 * A reduced echelon basis of column vectors over GF(P), each column a sparse list of row indices with value 1.
 * Every basis vector is zero at the other vectors' pivots, so reducing a column touches only the basis vectors
 * whose pivots the column has (a handful); `add` keeps the column when it is independent. Residues are reduced
 * lazily: a subtraction adds less than P² in magnitude, so thousands of them stay exact in a double.
 */
class Echelon {
  private readonly pivotOf: Int32Array;
  private readonly vectors: Float64Array[] = [];
  private readonly scratch: Float64Array;
  constructor(private readonly rows: number) {
    this.scratch = new Float64Array(rows);
    this.pivotOf = new Int32Array(rows).fill(-1);
  }

  get rank(): number {
    return this.vectors.length;
  }

  add(column: readonly number[]): boolean {
    const v = this.scratch;
    v.fill(0);
    for (const r of column) v[r] = v[r]! + 1;
    for (const r of column) {
      const i = this.pivotOf[r]!;
      if (i < 0) continue;
      const f = mod(v[r]!);
      if (f === 0) continue;
      const b = this.vectors[i]!;
      for (let x = 0; x < this.rows; x++) if (b[x] !== 0) v[x] = v[x]! - f * b[x]!;
    }
    let pivot = -1;
    for (let x = 0; x < this.rows; x++) {
      const y = mod(v[x]!);
      v[x] = y;
      if (y !== 0 && pivot < 0 && this.pivotOf[x]! < 0) pivot = x;
    }
    if (pivot < 0) return false;
    const inv = inverse(v[pivot]!);
    const kept = new Float64Array(this.rows);
    for (let x = 0; x < this.rows; x++) if (v[x] !== 0) kept[x] = (v[x]! * inv) % P;
    for (const b of this.vectors) {
      const f = b[pivot]!;
      if (f === 0) continue;
      for (let x = 0; x < this.rows; x++) if (kept[x] !== 0) b[x] = mod(b[x]! - f * kept[x]!);
    }
    this.pivotOf[pivot] = this.vectors.length;
    this.vectors.push(kept);
    return true;
  }
}

/**
 * The left kernel of R restricted to the given independent columns, as integer vectors (symmetric lift of the
 * residues), each checked exactly against every column of R. True when all of them hold: then the rank of R over
 * the rationals is at most the number of the given columns.
 */
function rankBoundHolds(cols: readonly (readonly number[])[], basis: readonly number[], rows: number): boolean {
  // Rows of M^T: one per basis column, as dense residues over the `rows` groups; reduce to RREF.
  const m = basis.map((c) => {
    const v = new Int32Array(rows);
    for (const r of cols[c]!) v[r] = mod(v[r]! + 1);
    return v;
  });
  const pivotOf: number[] = [];
  let rank = 0;
  for (let col = 0; col < rows && rank < m.length; col++) {
    let sel = -1;
    for (let i = rank; i < m.length; i++)
      if (m[i]![col] !== 0) {
        sel = i;
        break;
      }
    if (sel < 0) continue;
    [m[rank], m[sel]] = [m[sel]!, m[rank]!];
    const row = m[rank]!;
    const inv = inverse(row[col]!);
    for (let r = 0; r < rows; r++) if (row[r] !== 0) row[r] = (row[r]! * inv) % P;
    for (let i = 0; i < m.length; i++) {
      if (i === rank) continue;
      const f = m[i]![col]!;
      if (f === 0) continue;
      const other = m[i]!;
      for (let r = 0; r < rows; r++) if (row[r] !== 0) other[r] = mod(other[r]! - f * row[r]!);
    }
    pivotOf.push(col);
    rank += 1;
  }
  if (rank !== basis.length) return false;
  const isPivot = new Uint8Array(rows);
  for (const c of pivotOf) isPivot[c] = 1;
  const lift = (x: number) => (x > P / 2 ? x - P : x);
  for (let f = 0; f < rows; f++) {
    if (isPivot[f]) continue;
    // Kernel vector: 1 at f, −E[i][f] at pivot i.
    const v = new Map<number, number>([[f, 1]]);
    pivotOf.forEach((p, i) => {
      const e = m[i]![f]!;
      if (e !== 0) v.set(p, lift(mod(-e)));
    });
    for (const col of cols) {
      let s = 0;
      for (const r of col) s += v.get(r) ?? 0;
      if (s !== 0) return false;
    }
  }
  return true;
}

/** The certificate of the header (1.): true when it proves that nothing below k can be derived. */
export function certifyRelease(problem: ReleaseProblem, order?: readonly number[]): boolean {
  const k = problem.minGroupSize;
  const rows = problem.rows;
  const cols = problem.columns;
  const classes = order ?? problem.sizes.map((_, i) => i);
  const large = classes.filter((c) => problem.sizes[c]! >= k);
  const small = classes.filter((c) => problem.sizes[c]! < k);

  const all = new Echelon(rows);
  const first: number[] = [];
  for (const c of [...large, ...small]) if (all.add(cols[c]!)) first.push(c);
  const rank = all.rank;
  if (!rankBoundHolds(cols, first, rows)) return false;

  const largeBasis = new Echelon(rows);
  for (const c of large) largeBasis.add(cols[c]!);
  if (largeBasis.rank === rank) return true;

  const used = new Uint8Array(problem.sizes.length);
  let weight = 0;
  while (weight < k) {
    const e = new Echelon(rows);
    for (const c of large) e.add(cols[c]!);
    let lightest = Infinity;
    for (const c of small) {
      if (e.rank === rank) break;
      if (used[c]) continue;
      if (e.add(cols[c]!)) {
        used[c] = 1;
        lightest = Math.min(lightest, problem.sizes[c]!);
      }
    }
    if (e.rank < rank) return false;
    weight += lightest;
  }
  return true;
}

let solver: LegacyHighs | null = null;
let loading: Promise<LegacyHighs> | null = null;

/**
 * Loads HiGHS (WebAssembly, about half a second) once. The check itself is synchronous, so whoever builds a base
 * awaits this first (the reports service, the bench, the test helpers).
 */
export async function loadReleaseSolver(): Promise<void> {
  loading ??= import('highs').then(async (m) => (solver = await m.default()));
  await loading;
}

function highs(): LegacyHighs {
  if (!solver) throw new Error('the release solver is not loaded: await loadReleaseSolver() before building a reporting base');
  return solver;
}

/** The mixed-integer program of the header (2.). */
export function solveRelease(problem: ReleaseProblem): ReleaseVerdict {
  const k = problem.minGroupSize;
  const cols = problem.columns;
  const small = problem.sizes.map((n, c) => (n < k ? c : -1)).filter((c) => c >= 0);
  if (small.length === 0) return { safe: true, proof: 'solver' };
  const lines: string[] = ['Minimize', ` obj: ${small.map((c) => `${String(problem.sizes[c])} y${String(c)}`).join(' + ')}`, 'Subject To'];
  cols.forEach((col, c) => {
    const terms = col.map((g) => `l${String(g)}`);
    const isSmall = problem.sizes[c]! < k;
    if (terms.length === 0 && !isSmall) return;
    lines.push(` c${String(c)}: ${terms.length > 0 ? terms.join(' + ') : '0 y' + String(c)}${isSmall ? ` - y${String(c)}` : ''} = 0`);
  });
  const weight = small.map((c) => `${String(problem.sizes[c])} y${String(c)}`).join(' + ');
  lines.push(` lo: ${weight} >= 1`, ` hi: ${weight} <= ${String(k - 1)}`, 'Bounds');
  for (let g = 0; g < problem.rows; g++) lines.push(` l${String(g)} free`);
  lines.push('Binary', ...small.map((c) => ` y${String(c)}`), 'End');
  const result = highs().solve(lines.join('\n'), { time_limit: 120 });
  if (result.Status === 'Infeasible') return { safe: true, proof: 'solver' };
  const value = (name: string): number => {
    const col = (result.Columns as Record<string, { Primal?: number } | undefined>)[name];
    return col?.Primal ?? 0;
  };
  const uses: number[] = [];
  for (let g = 0; g < problem.rows; g++) if (Math.abs(value(`l${String(g)}`)) > 1e-6) uses.push(g);
  const classes = small.filter((c) => value(`y${String(c)}`) > 0.5);
  return { safe: false, uses, classes };
}

/** The check: the certificate, else the solver. */
export function checkRelease(problem: ReleaseProblem, order?: readonly number[]): ReleaseVerdict {
  if (certifyRelease(problem, order)) return { safe: true, proof: 'certificate' };
  return solveRelease(problem);
}
