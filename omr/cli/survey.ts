/**
 * The survey the CLIs work on: `demo` (the seed's demo survey, no database needed) or a survey id read from
 * the database of this installation (DATABASE_URL or DATA_DIR, as the server) through the applications
 * service, exactly as the paper-forms download reads it.
 */
import { ACCESS_CODE_ALPHABET } from '../../shared/access-codes.js';
import type { PaperFormInput } from '../../print/index.js';
import { demoSurveyInput } from '../sample.js';

export interface CliSurvey {
  input: (language: PaperFormInput['language'] | undefined, codes: number) => Promise<PaperFormInput>;
  close: () => Promise<void>;
}

/** Made-up codes (seeded), for forms that are only read and never submitted. */
export function sampleCodes(count: number, seed: number): string[] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648), s / 2147483648);
  return Array.from({ length: count }, () => Array.from({ length: 10 }, () => ACCESS_CODE_ALPHABET[Math.floor(next() * ACCESS_CODE_ALPHABET.length)]).join(''));
}

export async function openSurvey(id: string): Promise<CliSurvey> {
  if (id === 'demo' || id === '') {
    return { input: async (language, count) => demoSurveyInput(language ?? 'sl', sampleCodes(count, 1)), close: async () => {} };
  }
  const { loadConfig } = await import('../../server/config.js');
  const { openDatabase } = await import('../../server/db/connection.js');
  const { createApplicationsService } = await import('../../server/modules/applications/applications.service.js');
  const { createMailService } = await import('../../server/modules/mail/mail.service.js');
  const { createLogger } = await import('../../server/logger.js');
  const config = loadConfig();
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  const applications = createApplicationsService({ db, config, mail: createMailService({ db }), logger });
  return {
    input: async (language, count) => {
      const data = await applications.accessCodes.paperForms(null, Number(id), config.origin, language);
      // The survey's unused paper codes first; made-up ones when the survey has fewer (such forms are for reading only).
      const codes = [...data.codes, ...sampleCodes(Math.max(0, count - data.codes.length), Number(id))].slice(0, count);
      return { ...data, companyName: data.companyName || '-', surveyName: data.surveyName || '-', codes };
    },
    close: async () => {
      await db.close();
    },
  };
}
