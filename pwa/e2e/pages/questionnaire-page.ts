/**
 * Page model of the respondent questionnaire (own phone: IZZ and PULS), and helpers that make a
 * fresh survey and code in the worker's server database, so tests never share a code.
 * Labels come from shared/i18n/<locale>/questionnaire.json.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppHandle } from '../../../server/app';
import { generateAccessCode } from '../../../server/modules/applications/access-codes';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { izzApplicationDraftSchema, pulsApplicationDraftSchema } from '../../../shared/schemas/application';
import { deviceRows, ShellPage } from './shell-page';
import { localeText } from './texts';

type Db = AppHandle['db'];

export function qText(locale: string, key: string, vars: Record<string, string | number> = {}): string {
  return localeText(locale, 'questionnaire', key, vars);
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function newCompany(db: Db, name: string): Promise<number> {
  const now = new Date().toISOString();
  return Number(await db.insert('INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', [name, now, now]));
}

async function newCode(db: Db, surveyId: number, maxUses = 1, round: number | null = null): Promise<string> {
  for (;;) {
    const code = generateAccessCode();
    const r = await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, round, created_at) VALUES (?, ?, 'online', 1, ?, ?, ?) ON CONFLICT (code) DO NOTHING", [surveyId, code, maxUses, round, new Date().toISOString()]);
    if (r.changes === 1) return code;
  }
}

const t8 = (sl: string, en: string, mk: string) => ({ sl, en, mk, hr: en, sr: en, bs: en, de: en, fr: en });

/** An IZZ survey in progress for a new company, with demographics, departments, locations and one extra question of each type. */
export async function createIzzSurvey(db: Db, opts: { languages: string[]; company?: string }): Promise<{ surveyId: number; code(): Promise<string> }> {
  const companyId = await newCompany(db, opts.company ?? 'Testno podjetje d.o.o.');
  const draft = izzApplicationDraftSchema.parse({
    details: {
      name: 'Zadovoljstvo zaposlenih e2e',
      collection: 'online',
      start_date: inDays(-1),
      end_date: inDays(20),
      employees: 100, online_respondents: 50,
      offline_respondents: 0,
      code_type: 'different',
      invitation_date: inDays(-1),
      invitation_time: '09:00',
      reminder_date: inDays(4),
      reminder_time: '09:00',
      languages: opts.languages,
      respondent_emails: [],
    },
    demographics: { questions: ['gender', 'age_group'], departments: ['Razvoj', 'Prodaja'], locations: ['Ljubljana', 'Maribor'] },
    extra_questions: [
      { id: 'x-radio', type: 'radio', title: t8('Ali delate v izmenah?', 'Do you work in shifts?', 'Дали работите во смени?'), description: {}, answers: [t8('Da', 'Yes', 'Да'), t8('Ne', 'No', 'Не')], required: true, allow_comments: true },
      { id: 'x-check', type: 'checkbox', title: t8('Katere ugodnosti uporabljate?', 'Which benefits do you use?', 'Кои придобивки ги користите?'), description: {}, answers: [t8('Malica', 'Lunch', 'Оброк'), t8('Fitnes', 'Gym', 'Фитнес')], required: true, allow_comments: false },
      { id: 'x-scale', type: 'scale', title: t8('Kako ocenjujete malico?', 'How do you rate the lunch?', 'Како го оценувате оброкот?'), description: {}, answers: [], scale: { min: 1, max: 5, min_label: t8('Slabo', 'Poor', 'Лошо'), max_label: t8('Odlično', 'Excellent', 'Одлично') }, required: true, allow_comments: false },
      { id: 'x-text', type: 'text250', title: t8('Kaj bi izboljšali?', 'What would you improve?', 'Што би подобриле?'), description: {}, answers: [], required: false, allow_comments: false },
    ],
    step: 5,
  });
  const now = new Date().toISOString();
  const surveyId = Number(
    await db.insert(
      `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at) VALUES (?, 'izz', 'in_progress', ?, 1, ?, ?, ?, ?, ?)`,
      [companyId, JSON.stringify(draft), now, now, now, now, now],
    ),
  );
  return { surveyId, code: async () => await newCode(db, surveyId) };
}

/** A PULS survey in progress (round 1 open) for a new company. */
export async function createPulsSurvey(db: Db, opts: { languages: string[]; questions: string[] }): Promise<{ surveyId: number; code(): Promise<string> }> {
  const companyId = await newCompany(db, 'Pulz d.o.o.');
  const draft = pulsApplicationDraftSchema.parse({
    details: {
      name: 'PULS e2e',
      start_date: inDays(-1),
      end_date: inDays(60),
      employees: 100, online_respondents: 10,
      offline_respondents: 0,
      code_type: 'identical',
      invitation_date: inDays(-1),
      invitation_time: '09:00',
      languages: opts.languages,
      respondent_emails: [],
      cadence: 'one-off',
      rounds: 1,
    },
    questions: opts.questions,
    own_questions: [{ id: 'own-1', type: 'radio', title: t8('Ali imate dovolj orodij?', 'Do you have enough tools?', 'Дали имате доволно алати?'), description: {}, answers: [t8('Da', 'Yes', 'Да'), t8('Ne', 'No', 'Не')], required: true, allow_comments: false }],
  });
  const now = new Date().toISOString();
  const surveyId = Number(
    await db.insert(`INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at) VALUES (?, 'puls', 'in_progress', ?, 1, ?, ?, ?, ?, ?)`, [
      companyId,
      JSON.stringify(draft),
      now,
      now,
      now,
      now,
      now,
    ]),
  );
  await db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state, code_batch) VALUES (?, 1, ?, ?, ?, 'open', 1)", [surveyId, today(), inDays(30), now]);
  return { surveyId, code: async () => await newCode(db, surveyId, 1, 1) };
}

export interface StoredResponse {
  id: string;
  survey_id: number;
  answers: Record<string, unknown>;
}

export async function storedResponses(db: Db, surveyId: number): Promise<StoredResponse[]> {
  return (await db.all<{ id: string; survey_id: number; answers: string }>('SELECT id, survey_id, answers FROM responses WHERE survey_id = ?', [surveyId])).map((r) => ({ ...r, answers: JSON.parse(r.answers) as Record<string, unknown> }));
}

/** The answer at a dotted path ('statements.WC02', 'extra.x-radio.comment') of a response's answers. */
function answerAt(answers: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), answers);
}

export class QuestionnairePage {
  readonly main: Locator;
  /** path -> value given (as the input's value attribute, or the text typed). */
  readonly given = new Map<string, string | string[]>();

  constructor(
    readonly page: Page,
    readonly locale: UiLocale,
    /** The question language (the questions and their answers; every other text follows the page's locale). */
    public language: string = locale,
  ) {
    this.main = page.locator('main');
  }

  t(key: string, vars?: Record<string, string | number>) {
    return qText(this.locale, key, vars);
  }
  /** A text of the respondent's screens: in the page's language, whatever the question language. */
  ql(key: string, vars?: Record<string, string | number>) {
    return qText(this.locale, key, vars);
  }

  async openEntry(code?: string, route: 'questionnaire' | 'employeeSatisfactionPage' | 'questionnairePuls' = 'questionnaire') {
    await this.page.goto(localizedPath(route, this.locale) + (code ? `?code=${code}` : ''));
    await expect(this.codeInput()).toBeVisible();
    // The server's form is there before the app runs it.
    await new ShellPage(this.page).waitForApp();
    await this.dismissCookies();
  }

  /** Opens the entry page when this device has a questionnaire in progress. */
  async openEntryResume(route: 'questionnaire' | 'questionnairePuls' = 'questionnaire') {
    await this.page.goto(localizedPath(route, this.locale));
    await expect(this.main.getByTestId('resume')).toBeVisible();
  }

  /** The cookie banner sits over the bottom of a phone screen: answer it first. */
  async dismissCookies() {
    const banner = this.page.getByTestId('cookie-banner');
    if (await banner.isVisible()) {
      await banner.getByRole('button').first().click();
      await expect(banner).toBeHidden();
    }
  }

  codeInput() {
    return this.main.getByLabel(this.t('entry.codeLabel'), { exact: true });
  }

  async enterCode(code: string) {
    await this.codeInput().fill(code);
    await this.main.getByRole('button', { name: this.t('entry.submit') }).click();
  }

  /** The intro: picks the question language (by its own name and code) and starts. */
  async startIntro(language?: { name: string; code: string }) {
    if (language) {
      await this.main.getByRole('radio', { name: language.name }).check();
      this.language = language.code;
    }
    await this.main.getByRole('button', { name: this.ql('intro.start') }).click();
    await expect(this.progress()).toBeVisible();
  }

  progress() {
    return this.main.getByTestId('progress');
  }

  async expectPage(page: number, total: number) {
    await expect(this.progress()).toHaveText(this.ql('flow.progress', { page, total }));
  }

  /** Total pages from the progress text. */
  async totalPages(): Promise<number> {
    const text = (await this.progress().textContent()) ?? '';
    const nums = text.match(/\d+/g) ?? [];
    return Number(nums[1]);
  }

  questions() {
    return this.main.locator('.qf-form [data-path]');
  }

  /**
   * Answers every question on the current page (but `skip`), recording what was given.
   * `clicks: true` answers as a person would, one Playwright click or fill per question (the questionnaire's own
   * journeys do this on the pages they are about). Otherwise the page is answered in one step inside the page: each
   * radio and checkbox gets a DOM click and each text field its value and an input event, so the app's own handlers
   * run exactly as for a click, without a round trip per question (journeys about the kiosk, offline or sync).
   */
  async answerPage(opts: { skip?: string[]; pick?: number; clicks?: boolean } = {}) {
    // What the page asks, read in one go.
    const asked = await this.questions().evaluateAll((elements) =>
      elements.map((element) => ({
        path: element.getAttribute('data-path') ?? '',
        radios: [...element.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((radio) => radio.value),
        checks: element.querySelectorAll('input[type=checkbox]').length,
        text: element.querySelector('textarea, input[type=text]') !== null,
      })),
    );
    const plan: { i: number; kind: 'radio' | 'check' | 'text'; index: number; value: string }[] = [];
    for (const [i, question] of asked.entries()) {
      if (opts.skip?.includes(question.path)) continue;
      if (question.radios.length > 0) {
        const index = ((opts.pick ?? 1) + i) % question.radios.length;
        plan.push({ i, kind: 'radio', index, value: question.radios[index] ?? '' });
        this.given.set(question.path, question.radios[index] ?? '');
      } else if (question.checks > 0) {
        plan.push({ i, kind: 'check', index: 0, value: '0' });
        this.given.set(question.path, ['0']);
      } else if (question.text) {
        const value = question.path.endsWith('.comment') ? `Komentar ${i}` : `Odgovor ${this.language} ${i}: čšž`;
        plan.push({ i, kind: 'text', index: 0, value });
        this.given.set(question.path, value);
      }
    }
    if (opts.clicks) {
      for (const step of plan) {
        const item = this.questions().nth(step.i);
        if (step.kind === 'radio') await item.locator('input[type=radio]').nth(step.index).check();
        else if (step.kind === 'check') await item.locator('input[type=checkbox]').first().check();
        else await item.locator('textarea, input[type=text]').first().fill(step.value);
      }
      return;
    }
    const missed = await this.questions().evaluateAll((elements, steps) => {
      const wrong: number[] = [];
      for (const step of steps) {
        const element = elements[step.i];
        if (!element) continue;
        if (step.kind === 'text') {
          const field = element.querySelector<HTMLTextAreaElement | HTMLInputElement>('textarea, input[type=text]');
          if (!field) continue;
          const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
          Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, step.value);
          field.dispatchEvent(new Event('input', { bubbles: true }));
          if (field.value !== step.value) wrong.push(step.i);
        } else {
          const input = element.querySelectorAll<HTMLInputElement>(step.kind === 'radio' ? 'input[type=radio]' : 'input[type=checkbox]')[step.index];
          if (input && !input.checked) input.click();
          if (!input?.checked) wrong.push(step.i);
        }
      }
      return wrong;
    }, plan);
    expect(missed, 'questions the page did not take an answer for').toEqual([]);
  }

  async next() {
    await this.main.locator('.qf-nav button[type=submit]').click();
  }

  /** Answers every page from the current one to the review. */
  async answerAllPages() {
    for (;;) {
      const text = (await this.progress().textContent()) ?? '';
      const [page, total] = (text.match(/\d+/g) ?? []).map(Number);
      await this.answerPage();
      await this.next();
      if (page === total) break;
      await expect(this.progress()).toHaveText(this.ql('flow.progress', { page: (page ?? 0) + 1, total: total ?? 0 }));
    }
    await expect(this.main.getByRole('heading', { level: 1, name: this.ql('review.title') })).toBeVisible();
  }

  async submit() {
    await this.main.getByRole('button', { name: this.ql('review.submit') }).click();
    await expect(this.main.getByRole('heading', { level: 1, name: this.ql('success.title') })).toBeVisible();
  }

  delivery() {
    return this.main.getByTestId('delivery');
  }

  /**
   * Waits until this device's draft holds every answer given so far: each answer is its own IndexedDB write, and a
   * reload before the last one has landed would (rightly) find the earlier state.
   */
  async expectDraftSaved() {
    const paths = [...this.given.entries()];
    await expect
      .poll(async () => {
        const drafts = (await deviceRows<{ answers?: Record<string, unknown> }>(this.page, 'drafts')).map((row) => row.answers ?? {});
        const holds = (answers: Record<string, unknown>) => paths.every(([p, v]) => JSON.stringify(Array.isArray(v) ? ((answerAt(answers, p) as unknown[] | undefined) ?? []).map(String) : String(answerAt(answers, p))) === JSON.stringify(v));
        return drafts.some(holds);
      })
      .toBe(true);
  }

  /** Every answer given is in the stored response (numbers compared as text). */
  expectStored(answers: Record<string, unknown>) {
    for (const [p, v] of this.given) {
      const stored = answerAt(answers, p);
      if (Array.isArray(v)) expect((stored as unknown[]).map(String), p).toEqual(v);
      else expect(String(stored), p).toBe(v);
    }
    expect(answers.language).toBe(this.language);
  }
}
