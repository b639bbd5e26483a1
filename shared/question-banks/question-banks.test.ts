import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUESTION_LANGUAGE_CODES } from '../locales.js';
import * as banks from './index.js';
import {
  CATEGORIES,
  DEMOGRAPHIC_QUESTIONS,
  DEPARTMENT_QUESTION,
  ENPS_QUESTION,
  ESI_QUESTIONS,
  INTRO_TEXTS,
  LOCATION_QUESTION,
  PRAISE_CRITIQUE_QUESTION,
  SCALE_LABELS,
  STATEMENTS,
  statementById,
  statementsByCategory,
} from './izz.js';
import { PULS_INTRO_TEXTS, PULS_QUESTIONS, PULS_SCALE_LABELS, pulsQuestionById } from './puls.js';
import {
  DEMOGRAPHIC_QUESTION_IDS,
  ESI_QUESTION_IDS,
  IZZ_CATEGORY_IDS,
  OPTION_ID_PATTERN,
  PULS_QUESTION_ID_PATTERN,
  PULS_TOPICS,
  STATEMENT_ID_PATTERN,
  demographicQuestionSchema,
  enpsQuestionSchema,
  esiQuestionSchema,
  izzCategorySchema,
  izzIntroTextsSchema,
  izzScaleLabelSchema,
  izzStatementSchema,
  localizedTextSchema,
  orgUnitQuestionSchema,
  praiseCritiqueQuestionSchema,
  pulsIntroTextsSchema,
  pulsQuestionSchema,
  pulsScaleLabelSchema,
  type LocalizedText,
} from './types.js';

/**
 * Published ids. Answers and reports are keyed by them, so they must never change: a new
 * statement or question is appended here, nothing is renamed, renumbered or removed.
 */
const PUBLISHED_STATEMENT_IDS = [
  'JC01', 'JC02', 'JC03', 'JC04', 'JC05', 'JC06', 'JC07', 'JC08',
  'WC01', 'WC02', 'WC03', 'WC04', 'WC05', 'WC06', 'WC07', 'WC08',
  'PB01', 'PB02', 'PB03', 'PB04', 'PB05', 'PB06', 'PB07', 'PB08',
  'LC01', 'LC02', 'LC03', 'LC04', 'LC05', 'LC06', 'LC07', 'LC08',
  'DM01', 'DM02', 'DM03', 'DM04', 'DM05', 'DM06', 'DM07', 'DM08', 'DM09',
  'TM01', 'TM02', 'TM03', 'TM04', 'TM05', 'TM06', 'TM07', 'TM08',
  'CI01', 'CI02', 'CI03', 'CI04', 'CI05', 'CI06', 'CI07', 'CI08',
  'CT01', 'CT02', 'CT03', 'CT04', 'CT05', 'CT06', 'CT07', 'CT08',
  'OC01', 'OC02', 'OC03', 'OC04', 'OC05', 'OC06', 'OC07', 'OC08', 'OC09',
];

const PUBLISHED_PULS_IDS = [
  'P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10', 'P11', 'P12',
  'P13', 'P14', 'P15', 'P16', 'P17', 'P18', 'P19', 'P20', 'P21', 'P22', 'P23', 'P24',
  'P25', 'P26', 'P27', 'P28', 'P29', 'P30', 'P31', 'P32', 'P33', 'P34', 'P35', 'P36',
];

const LANGUAGE_KEYS = new Set<string>(QUESTION_LANGUAGE_CODES);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every object below `value` that has at least one language key, with its path. */
function collectLocalizedTexts(value: unknown, path: string, out: Array<{ path: string; text: Record<string, unknown> }>) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectLocalizedTexts(item, `${path}[${index}]`, out));
    return;
  }
  if (!isObject(value)) return;
  if (Object.keys(value).some((key) => LANGUAGE_KEYS.has(key))) {
    out.push({ path, text: value });
    return;
  }
  for (const [key, child] of Object.entries(value)) collectLocalizedTexts(child, `${path}.${key}`, out);
}

const ALL_TEXTS = (() => {
  const out: Array<{ path: string; text: Record<string, unknown> }> = [];
  for (const [name, value] of Object.entries(banks)) {
    if (typeof value === 'function' || value instanceof z.ZodType) continue;
    collectLocalizedTexts(value, name, out);
  }
  return out;
})();

/** "for example" abbreviations, which do not end a sentence. */
const ABBREVIATIONS = /(?:e\.g\.|npr\.|на пр\.|z\. B\.|par ex\.)/g;

/** Latin letters allowed in Macedonian texts (abbreviations that are not translated). */
const LATIN_TOKENS_ALLOWED_IN_MK = /\b(?:eNPS|ESI|QR|IP|PDF)\b/g;

describe('question banks: texts', () => {
  it('finds the texts of every export', () => {
    // 9 titles + 74 statements + 4 scale + 3 eNPS + 9 ESI + 5 questions and 21 options of the
    // demographics + 2 org units + 2 praise/critique + 8 intro + 36 PULS + 5 PULS scale + 7 PULS intro,
    // plus the shared ANONYMITY/REPORTING/THANKS exports.
    expect(ALL_TEXTS.length).toBeGreaterThanOrEqual(9 + 74 + 4 + 3 + 9 + 26 + 2 + 2 + 8 + 36 + 5 + 7);
  });

  it('has every text in all 8 languages, none blank and no other keys', () => {
    for (const { path, text } of ALL_TEXTS) {
      expect(Object.keys(text).sort(), path).toEqual([...QUESTION_LANGUAGE_CODES].sort());
      for (const code of QUESTION_LANGUAGE_CODES) {
        const value = text[code];
        expect(typeof value === 'string' && value.trim().length > 0, `${path}.${code}`).toBe(true);
        expect(value, `${path}.${code} has surrounding or double spaces`).toBe(String(value).trim().replace(/ {2,}/g, ' '));
      }
    }
  });

  it('writes Serbian in Latin script and Macedonian in Cyrillic', () => {
    for (const { path, text } of ALL_TEXTS) {
      const sr = String(text.sr);
      const mk = String(text.mk);
      expect(sr, `${path}.sr`).not.toMatch(/[\u0400-\u04FF]/);
      expect(sr, `${path}.sr`).not.toMatch(/[ћђџљњ]/i);
      expect(mk.replace(LATIN_TOKENS_ALLOWED_IN_MK, ''), `${path}.mk`).not.toMatch(/[A-Za-z]/);
      if (/\p{L}/u.test(mk)) expect(mk, `${path}.mk`).toMatch(/[\u0400-\u04FF]/);
      // Macedonian, not Serbian or Bulgarian: no ђ ћ (Serbian) nor щ ъ ю я ы э й (Bulgarian/Russian).
      expect(mk, `${path}.mk`).not.toMatch(/[ђћщъюяыэй]/i);
    }
  });

  it('uses straight apostrophes and no placeholder text', () => {
    for (const { path, text } of ALL_TEXTS) {
      for (const code of QUESTION_LANGUAGE_CODES) {
        expect(String(text[code]), `${path}.${code}`).not.toMatch(/[’‘]|TODO|TBD|\?\?/);
      }
    }
  });
});

describe('question banks: IZZ', () => {
  it('has the 9 categories in the agreed order', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([...IZZ_CATEGORY_IDS]);
    expect(CATEGORIES.map((c) => c.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(CATEGORIES.map((c) => c.title.en)).toEqual([
      'Job content',
      'Working conditions',
      'Pay and benefits',
      'Learning and career',
      'Direct manager',
      'Top management',
      'Communication and information',
      'Colleagues and teamwork',
      'Organisational culture and loyalty',
    ]);
    expect(new Set(CATEGORIES.map((c) => c.idPrefix)).size).toBe(9);
  });

  it('has exactly 74 statements, 8 or 9 per category', () => {
    expect(STATEMENTS).toHaveLength(74);
    for (const category of CATEGORIES) {
      const count = statementsByCategory(category.id).length;
      expect(count, category.id).toBeGreaterThanOrEqual(8);
      expect(count, category.id).toBeLessThanOrEqual(9);
    }
  });

  it('ids are stable', () => {
    expect(STATEMENTS.map((s) => s.id)).toEqual(PUBLISHED_STATEMENT_IDS);
    expect(PULS_QUESTIONS.map((q) => q.id)).toEqual(PUBLISHED_PULS_IDS);
  });

  it('statement ids are unique, well formed and carry their category prefix', () => {
    expect(new Set(STATEMENTS.map((s) => s.id)).size).toBe(STATEMENTS.length);
    for (const statement of STATEMENTS) {
      expect(statement.id).toMatch(STATEMENT_ID_PATTERN);
      const category = CATEGORIES.find((c) => c.id === statement.category);
      expect(statement.id.slice(0, 2), statement.id).toBe(category?.idPrefix);
    }
  });

  it('orders the statements 1..74 following the categories', () => {
    expect(STATEMENTS.map((s) => s.order)).toEqual(Array.from({ length: 74 }, (_, i) => i + 1));
    const categoryOrder = STATEMENTS.map((s) => CATEGORIES.findIndex((c) => c.id === s.category));
    expect(categoryOrder).toEqual([...categoryOrder].sort((a, b) => a - b));
  });

  it('never repeats a statement text within a language', () => {
    for (const code of QUESTION_LANGUAGE_CODES) {
      const texts = STATEMENTS.map((s) => s.text[code].toLowerCase());
      const duplicates = texts.filter((t, i) => texts.indexOf(t) !== i);
      expect(duplicates, code).toEqual([]);
    }
  });

  it('keeps statements short: at most 140 characters in English, one sentence each', () => {
    for (const statement of STATEMENTS) {
      expect(statement.text.en.length, statement.id).toBeLessThanOrEqual(140);
      for (const code of QUESTION_LANGUAGE_CODES) {
        const text = statement.text[code];
        expect(text, `${statement.id}.${code}`).toMatch(/\.$/);
        const body = text.slice(0, -1).replace(ABBREVIATIONS, '');
        expect(body, `${statement.id}.${code}`).not.toMatch(/[.!?;]\s/);
      }
    }
  });

  it('phrases statements so that agreeing is favourable (no negations in English)', () => {
    for (const statement of STATEMENTS) {
      expect(statement.text.en, statement.id).not.toMatch(/\b(?:not|never|no|don't|doesn't|isn't|aren't|cannot|can't)\b/i);
    }
  });

  it('keeps the Slovenian reference wording of the first statement', () => {
    expect(statementById('JC01')?.text.sl).toBe('Svoje delo opravljam z veseljem.');
  });

  it('looks statements up by id and by category', () => {
    expect(statementById('DM09')?.category).toBe('direct_manager');
    expect(statementById('XX99')).toBeUndefined();
    expect(statementsByCategory('job_content').map((s) => s.id)).toEqual(
      PUBLISHED_STATEMENT_IDS.filter((id) => id.startsWith('JC')),
    );
  });

  it('has the 1-4 scale without a neutral point', () => {
    expect(SCALE_LABELS.map((l) => l.value)).toEqual([1, 2, 3, 4]);
    expect(SCALE_LABELS.map((l) => l.label.en)).toEqual([
      'Completely disagree',
      'Mostly disagree',
      'Mostly agree',
      'Completely agree',
    ]);
  });

  it('has eNPS 0-10 and the three ESI questions 1-10 keyed by their answer fields', () => {
    expect(ENPS_QUESTION).toMatchObject({ id: 'enps_grade', min: 0, max: 10 });
    expect(ENPS_QUESTION.question.en).toBe('How likely is it that you would recommend your employer as a place to work?');
    expect(ESI_QUESTIONS.map((q) => q.id)).toEqual([...ESI_QUESTION_IDS]);
    for (const q of ESI_QUESTIONS) expect([q.min, q.max]).toEqual([1, 10]);
  });

  it('has the demographic questions with stable option ids', () => {
    expect(DEMOGRAPHIC_QUESTIONS.map((q) => q.id)).toEqual([...DEMOGRAPHIC_QUESTION_IDS]);
    const options = Object.fromEntries(DEMOGRAPHIC_QUESTIONS.map((q) => [q.id, q.options.map((o) => o.id)]));
    expect(options).toEqual({
      gender: ['male', 'female', 'other', 'prefer_not_to_say'],
      age_group: ['up_to_25', '26_35', '36_45', '46_55', '56_plus'],
      tenure: ['under_1', '1_3', '4_10', 'over_10'],
      // The company profile's education levels (education_low .. education_special).
      education: ['low', 'middle', 'higher', 'special'],
      position_level: ['employee', 'team_leader', 'middle_management', 'senior_management'],
    });
    for (const question of DEMOGRAPHIC_QUESTIONS) {
      for (const option of question.options) expect(option.id).toMatch(OPTION_ID_PATTERN);
    }
  });

  it('limits praise/critique to 1000 characters and says who does not take part', () => {
    expect(PRAISE_CRITIQUE_QUESTION.maxLength).toBe(1000);
    expect(INTRO_TEXTS.participation.en).toMatch(/owners.*directors.*board members/i);
    expect(INTRO_TEXTS.duration.en).toMatch(/10 minutes/);
    expect(INTRO_TEXTS.reporting.en).toMatch(/5/);
    expect(INTRO_TEXTS.anonymity.en).toMatch(/access code.*IP address.*device.*day/);
  });
});

describe('question banks: PULS', () => {
  it('has at least 32 questions with unique, well-formed ids', () => {
    expect(PULS_QUESTIONS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(PULS_QUESTIONS.map((q) => q.id)).size).toBe(PULS_QUESTIONS.length);
    for (const q of PULS_QUESTIONS) expect(q.id).toMatch(PULS_QUESTION_ID_PATTERN);
  });

  it('covers every topic, with exactly one eNPS item and two open text items', () => {
    expect(new Set(PULS_QUESTIONS.map((q) => q.topic))).toEqual(new Set(PULS_TOPICS));
    expect(PULS_QUESTIONS.filter((q) => q.kind === 'enps')).toHaveLength(1);
    expect(PULS_QUESTIONS.filter((q) => q.kind === 'text')).toHaveLength(2);
    for (const topic of PULS_TOPICS.filter((t) => t !== 'engagement' && t !== 'open_feedback')) {
      expect(PULS_QUESTIONS.filter((q) => q.topic === topic && q.kind === 'scale5').length, topic).toBeGreaterThanOrEqual(2);
    }
  });

  it('never repeats a question text within a language', () => {
    for (const code of QUESTION_LANGUAGE_CODES) {
      const texts = PULS_QUESTIONS.map((q) => q.text[code].toLowerCase());
      expect(texts.filter((t, i) => texts.indexOf(t) !== i), code).toEqual([]);
    }
  });

  it('has the 5-point scale and a 5-minute intro', () => {
    expect(PULS_SCALE_LABELS.map((l) => l.value)).toEqual([1, 2, 3, 4, 5]);
    expect(PULS_INTRO_TEXTS.duration.en).toMatch(/5 minutes/);
    expect(pulsQuestionById('P34')?.kind).toBe('enps');
    expect(pulsQuestionById('P99')).toBeUndefined();
  });
});

describe('question banks: schemas', () => {
  it('parse the banks', () => {
    for (const c of CATEGORIES) izzCategorySchema.parse(c);
    for (const s of STATEMENTS) izzStatementSchema.parse(s);
    for (const l of SCALE_LABELS) izzScaleLabelSchema.parse(l);
    enpsQuestionSchema.parse(ENPS_QUESTION);
    for (const q of ESI_QUESTIONS) esiQuestionSchema.parse(q);
    for (const q of DEMOGRAPHIC_QUESTIONS) demographicQuestionSchema.parse(q);
    orgUnitQuestionSchema.parse(DEPARTMENT_QUESTION);
    orgUnitQuestionSchema.parse(LOCATION_QUESTION);
    praiseCritiqueQuestionSchema.parse(PRAISE_CRITIQUE_QUESTION);
    izzIntroTextsSchema.parse(INTRO_TEXTS);
    for (const q of PULS_QUESTIONS) pulsQuestionSchema.parse(q);
    for (const l of PULS_SCALE_LABELS) pulsScaleLabelSchema.parse(l);
    pulsIntroTextsSchema.parse(PULS_INTRO_TEXTS);
  });

  it('rejects a text missing a language, a blank one or an unknown language', () => {
    const full: LocalizedText = { hr: 'a', en: 'a', sl: 'a', sr: 'a', bs: 'a', mk: 'а', de: 'a', fr: 'a' };
    expect(localizedTextSchema.safeParse(full).success).toBe(true);
    const { fr: _fr, ...missing } = full;
    expect(localizedTextSchema.safeParse(missing).success).toBe(false);
    expect(localizedTextSchema.safeParse({ ...full, de: '  ' }).success).toBe(false);
    expect(localizedTextSchema.safeParse({ ...full, it: 'a' }).success).toBe(false);
  });

  it('rejects malformed ids', () => {
    const text = STATEMENTS[0]!.text;
    expect(izzStatementSchema.safeParse({ id: 'JC1', category: 'job_content', order: 1, text }).success).toBe(false);
    expect(pulsQuestionSchema.safeParse({ id: 'Q01', topic: 'team', kind: 'scale5', text }).success).toBe(false);
  });
});
