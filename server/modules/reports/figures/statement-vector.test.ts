import { describe, expect, it } from 'vitest';
import { reportSettingsSchema } from '../../../../shared/schemas/report.js';
import { buildReportFigures } from './figures.js';
import { parseReportingBase, serializeReportingBase } from './reporting-base.js';
import { statementVector, VectorAnswers } from './statement-vector.js';
import { baseFrom, generateSurvey } from './testing.js';

describe('statement vectors of a stored base', () => {
  it('read back, the base gives the same report as when it was built, and its answers read as before', () => {
    const g = generateSurvey(300, 7);
    const built = baseFrom(g.survey, g.responses);
    const stored = parseReportingBase(serializeReportingBase(built));
    const settings = reportSettingsSchema.parse({ language: 'sl', filter: { group: 'department' } });
    const figures = (base: typeof built) => buildReportFigures({ meta: g.meta, survey: g.survey, base, settings, seed: 'x' });
    expect(figures(stored)).toEqual(figures(built));
    const a = stored.respondents[0]!.answers;
    expect(a).toBeInstanceOf(VectorAnswers);
    expect(a.statements).toEqual(built.respondents[0]!.answers.statements);
    expect(Array.from(statementVector(a))).toEqual(Array.from(statementVector(built.respondents[0]!.answers)));
    expect(serializeReportingBase(stored)).toBe(serializeReportingBase(built));
  });
});
