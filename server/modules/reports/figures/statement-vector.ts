/**
 * A response's statement answers as a vector in bank order (0 = not answered), made once per response object and
 * reused by every accumulator it is added to (the overall figures, its group, its heatmap column). Responses are
 * parsed data and are not changed afterwards.
 *
 * A stored reporting base's rows hold the vector already: they are read into `VectorAnswers`, which keeps it and makes
 * the `statements` object only when something reads it (most figures never do).
 */
import { STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { ResponseAnswers } from '../../../../shared/schemas/questionnaire.js';

const STATEMENT_IDS = STATEMENTS.map((s) => s.id);
const STATEMENT_INDEX = new Map(STATEMENT_IDS.map((id, i) => [id, i]));

type Statements = ResponseAnswers['statements'];

/** Answers whose statements are a vector first (a stored base's row); `statements` is made from it on first read. */
export class VectorAnswers {
  language: ResponseAnswers['language'] = 'en';
  demographics: ResponseAnswers['demographics'] = {};
  puls: ResponseAnswers['puls'] = {};
  enps_grade?: number;
  esi_workplace_satisfaction?: number;
  esi_workplace_expectations?: number;
  esi_ideal_job_comparison?: number;
  praise_critique?: string;
  private made: Statements | undefined;

  constructor(
    readonly vector: Uint8Array,
    public extra: ResponseAnswers['extra'],
  ) {}

  get statements(): Statements {
    if (!this.made) {
      const made: Statements = {};
      for (let i = 0; i < this.vector.length; i++) if (this.vector[i]! > 0) made[STATEMENT_IDS[i]!] = this.vector[i] as 1 | 2 | 3 | 4;
      this.made = made;
    }
    return this.made;
  }

  /** The answers as the shared type (what every reader expects). */
  asAnswers(): ResponseAnswers {
    return this as unknown as ResponseAnswers;
  }
}

/** A vector of a stored row's statement string ('0' not answered, '1'..'4'). */
export function vectorOf(text: string): Uint8Array {
  const vec = new Uint8Array(STATEMENT_IDS.length);
  for (let i = 0; i < vec.length; i++) {
    const v = text.charCodeAt(i) - 48;
    if (v >= 1 && v <= 4) vec[i] = v;
  }
  return vec;
}

const vectors = new WeakMap<ResponseAnswers, Uint8Array>();

export function statementVector(a: ResponseAnswers): Uint8Array {
  if (a instanceof VectorAnswers) return a.vector;
  let vec = vectors.get(a);
  if (vec) return vec;
  vec = new Uint8Array(STATEMENT_IDS.length);
  for (const id in a.statements) {
    const i = STATEMENT_INDEX.get(id);
    const v = a.statements[id];
    if (i !== undefined && v !== undefined && v >= 1 && v <= 4) vec[i] = v;
  }
  vectors.set(a, vec);
  return vec;
}
