/**
 * The response benchmark's data: a fresh data folder seeded with the app's own functions (migrations,
 * first-start content, the demo company's IZZ survey in progress) plus N single-use online access
 * codes, their tokens from the questionnaire service's own code entry, and one complete IZZ response.
 */
import path from 'node:path';
import { ACCESS_CODE_ALPHABET } from '../shared/access-codes.js';
import { DEMOGRAPHIC_QUESTIONS, STATEMENTS } from '../shared/question-banks/index.js';
import { DATABASE_FILE } from '../server/app.js';
import { openDatabase, type DatabaseTarget } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';
import { ensureDemoApplications, ensureDemoProfile, seedOnce } from '../server/seed/seed.js';
import { systemClock } from '../server/lib/clock.js';
import { createQuestionnaireService } from '../server/modules/questionnaire/questionnaire.service.js';

export const BENCH_SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';
export const BENCH_TIME_ZONE = 'Europe/Ljubljana';
export const BENCH_PUBLIC_URL = 'https://izz.example.com';

/** 'BN' + the index in the code alphabet, 10 characters: unique per index. */
function benchCode(i: number): string {
  let s = '';
  let n = i;
  for (let k = 0; k < 8; k++) {
    s = (ACCESS_CODE_ALPHABET[n % ACCESS_CODE_ALPHABET.length] as string) + s;
    n = Math.floor(n / ACCESS_CODE_ALPHABET.length);
  }
  return `BN${s}`;
}

/**
 * Seeds DATA_DIR/izz.sqlite the way a first start with the demo seed does, adds `codes` single-use
 * online codes to the in-progress IZZ survey and returns one token per code (the service's own code
 * entry signs them, with BENCH_SECRET as SESSION_SECRET).
 */
export async function prepareSurvey(dataDir: string, codes: number, target?: DatabaseTarget): Promise<{ surveyId: number; tokens: string[] }> {
  const db = openDatabase(target ?? path.join(dataDir, DATABASE_FILE));
  try {
    await migrate(db);
    await seedOnce(db, { demoUser: true });
    await ensureDemoProfile(db);
    await ensureDemoApplications(db, { timeZone: BENCH_TIME_ZONE, origin: BENCH_PUBLIC_URL });
    const survey = await db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'");
    if (!survey) throw new Error('the demo seed made no IZZ survey in progress');
    const now = new Date().toISOString();
    const list = Array.from({ length: codes }, (_, i) => benchCode(i));
    await db.transaction(async () => {
      // 500 rows per statement: one round trip each on PostgreSQL.
      for (let i = 0; i < list.length; i += 500) {
        const chunk = list.slice(i, i + 500);
        await db.run(
          `INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES ${chunk.map(() => "(?, ?, 'online', 1, 1, ?)").join(', ')}`,
          chunk.flatMap((code) => [survey.id, code, now]),
        );
      }
    });
    const service = createQuestionnaireService({ db, config: { sessionSecret: BENCH_SECRET, timeZone: BENCH_TIME_ZONE }, clock: systemClock });
    const tokens: string[] = [];
    for (const code of list) tokens.push((await service.access(code)).token);
    return { surveyId: survey.id, tokens };
  } finally {
    await db.close();
  }
}

/** A complete IZZ response to the demo survey: all 74 statements, eNPS, the 3 ESI, demographics, extra questions, praise. */
export function completeAnswers(): Record<string, unknown> {
  const demographics: Record<string, string> = {};
  for (const id of ['gender', 'age_group']) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === id);
    const option = q?.options[1] ?? q?.options[0];
    if (option) demographics[id] = option.id;
  }
  return {
    language: 'sl',
    statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, (i % 4) + 1])),
    enps_grade: 8,
    esi_workplace_satisfaction: 7,
    esi_workplace_expectations: 8,
    esi_ideal_job_comparison: 6,
    demographics,
    department: 'Razvoj',
    location: 'Ljubljana',
    extra: { 'demo-q1': { value: 0 }, 'demo-q2': { value: 'Več prilagodljivega delovnega časa in boljša kava.' } },
    praise_critique: 'Dober kolektiv in jasni cilji; pogrešam pa več povratnih informacij vodij in boljšo komunikacijo med oddelki.',
    puls: {},
  };
}
