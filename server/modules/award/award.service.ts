/**
 * The Best Employer award cycle: the administrator's live preview of a year, exclusions with a written
 * reason, publication (results frozen, the year on the leaderboard, one mail per company user) and unpublication; the
 * company's own results and its choices for the publication; the public winners of a published year.
 *
 * Every figure comes from the survey's anonymised reporting base: a finished survey's respondents, ESI and eNPS are
 * computed once from its frozen base (built now if its report was never opened) and kept in survey_figures.
 */
import { AWARD_SIZE_CLASSES, AWARD_SPECIAL_CATEGORIES, esiBand, type AwardSizeClass } from '../../../shared/award.js';
import { INDUSTRIES, type Industry } from '../../../shared/constants.js';
import { calendarDate } from '../../../shared/dates.js';
import { isUiLocale, type UiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import { surveyPopulation } from '../../../shared/schemas/application.js';
import type {
  AwardChoices,
  AwardCompanyYear,
  AwardEntry,
  AwardKind,
  AwardYearAdmin,
  AwardYearListItem,
  PublicAwardYear,
  PublicWinner,
} from '../../../shared/schemas/award.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { zonedInstant } from '../../lib/time.js';
import { createAuditRepo } from '../admin/index.js';
import { imageDimensions } from '../assets/index.js';
import type { UserRow } from '../auth/index.js';
import { awardResultMail, type MailBrand, type MailService } from '../mail/index.js';
import { enps, esi, surveyDetail, type ComparisonService, type MarketParticipant, type ReportingBase, type ReportsService, type SurveyDetail } from '../reports/index.js';
import { computeAwardYear, surveyYear, withComparedFigures, type AwardCandidate } from './award.rules.js';
import { createAwardRepo, type CandidateRow } from './award.repo.js';

/** A survey's whole-survey figures from its reporting base: every respondent, so no protection of the base changes them. */
export function wholeSurveyFigures(base: ReportingBase): { responses: number; esi: number | null; enps: number | null } {
  const triples: [number, number, number][] = [];
  const grades: number[] = [];
  for (const r of base.respondents) {
    const a = r.answers;
    if (a.esi_workplace_satisfaction !== undefined && a.esi_workplace_expectations !== undefined && a.esi_ideal_job_comparison !== undefined) {
      triples.push([a.esi_workplace_satisfaction, a.esi_workplace_expectations, a.esi_ideal_job_comparison]);
    }
    if (a.enps_grade !== undefined) grades.push(a.enps_grade);
  }
  return {
    responses: base.channels.online + base.channels.kiosk + base.channels.paper,
    esi: esi(triples).score,
    enps: enps(grades).score,
  };
}

export interface AwardCertificateSource {
  language: UiLocale;
  year: number;
  companyName: string;
  companyId: number;
  kind: AwardKind;
  place: number;
  sizeClass: AwardSizeClass | null;
  issuedOn: string;
}

export function createAwardService(deps: { db: Db; reports: ReportsService; comparison: ComparisonService; mail: MailService; timeZone: string; origin: string; brand: MailBrand; now?: () => Date }) {
  const { db, timeZone } = deps;
  const repo = createAwardRepo(db);
  const audit = createAuditRepo(db);
  const now = () => (deps.now ?? (() => new Date()))();

  const bounds = (year: number) => [zonedInstant(`${String(year)}-01-01`, '00:00', timeZone).toISOString(), zonedInstant(`${String(year + 1)}-01-01`, '00:00', timeZone).toISOString()] as const;

  /** The stored whole-survey figures of a finished survey, computed from its base on first use. */
  async function figuresOf(row: CandidateRow): Promise<{ responses: number; esi: number | null; enps: number | null }> {
    if (row.responses !== null) return { responses: row.responses, esi: row.esi, enps: row.enps };
    if (row.state !== 'finished') return { responses: 0, esi: null, enps: null };
    const source = await deps.reports.izzSource({ admin: true }, row.survey_id);
    const f = wholeSurveyFigures(source.base);
    await repo.saveFigures(row.survey_id, { ...f, detail: JSON.stringify(surveyDetail(source.base)) });
    return f;
  }

  /**
   * The benchmark market's input: every survey of the year's award with its size class and its
   * company's industry now (the publication freezes them), whether it is eligible (a member of the market), whether the
   * winners page shows its ESI (a winner: exactly or as a band) and its eNPS (a winner that shows its figures), and for
   * the eligible ones their category and statement
   * means (stored beside their figures; computed from the base now for rows from before they were stored).
   */
  async function marketOf(entries: readonly AwardEntry[]): Promise<ReturnType<ComparisonService['computeMarket']>> {
    const rows = new Map((await repo.marketRows(entries.map((e) => e.survey_id))).map((r) => [r.survey_id, r]));
    const out: MarketParticipant[] = [];
    for (const e of entries) {
      const row = rows.get(e.survey_id);
      let detail: SurveyDetail | null = null;
      if (e.eligible && row?.detail) detail = JSON.parse(row.detail) as SurveyDetail;
      else if (e.eligible) {
        detail = await deps.comparison.surveyDetail(e.survey_id);
        await repo.saveDetail(e.survey_id, JSON.stringify(detail));
      }
      const industry = (INDUSTRIES as readonly string[]).includes(row?.industry ?? '') ? (row!.industry as Industry) : 'M';
      out.push({
        surveyId: e.survey_id,
        companyId: e.company_id,
        sizeClass: e.size_class,
        industry,
        inMarket: e.eligible,
        winner: e.awards.length > 0,
        showsFigures: e.awards.length > 0 && e.show_figures,
        detail,
      });
    }
    return deps.comparison.computeMarket(out);
  }

  async function candidatesOf(year: number, companyId?: number): Promise<AwardCandidate[]> {
    const [from, to] = bounds(year);
    const rows = await repo.candidates(year, from, to, companyId);
    const out: AwardCandidate[] = [];
    for (const row of rows) {
      const f = await figuresOf(row);
      let details: { name?: string; employees?: number } = {};
      try {
        details = ((JSON.parse(row.draft) as { details?: typeof details }).details ?? {}) as typeof details;
      } catch {
        details = {};
      }
      out.push({
        surveyId: row.survey_id,
        companyId: row.company_id,
        companyName: row.company_name,
        surveyName: typeof details.name === 'string' ? details.name : '',
        type: row.type,
        startedAt: row.started_at,
        finishedAt: row.state === 'finished' ? row.finished_at : null,
        finishedOn: row.state === 'finished' && row.finished_at ? calendarDate(row.finished_at, timeZone) : null,
        employees: surveyPopulation({ employees: typeof details.employees === 'number' ? details.employees : undefined }, row.employees_total),
        responses: f.responses,
        esi: f.esi,
        enps: f.enps,
        excluded: row.excluded_reason ? { reason: row.excluded_reason, at: row.excluded_at ?? '' } : null,
        withdrawnName: row.withdraw_name === 1,
        showFigures: row.show_figures === 1,
      });
    }
    return out;
  }

  /**
   * A published year's frozen entries; `publishedAt` its latest publication (the administrator's), `publicSince` its
   * first (the public date and the certificates' issue date, kept when the year is published again).
   */
  async function publishedEntries(year: number): Promise<{ entries: AwardEntry[]; publishedAt: string; publicSince: string; computedAt: string } | null> {
    const row = await repo.year(year);
    if (!row?.published_at || !row.results) return null;
    return {
      entries: (JSON.parse(row.results) as AwardEntry[]).map(withComparedFigures),
      publishedAt: row.published_at,
      publicSince: row.first_published_at ?? row.published_at,
      computedAt: row.computed_at ?? row.published_at,
    };
  }

  /** The year's entries as computed now (the previous year's eligible ESI from its publication, else computed). */
  async function compute(year: number): Promise<AwardEntry[]> {
    const previous = (await publishedEntries(year - 1))?.entries ?? computeAwardYear({ year: year - 1, candidates: await candidatesOf(year - 1), previousEsi: new Map() });
    const previousEsi = new Map<number, number>();
    for (const e of previous) if (e.eligible && e.esi !== null) previousEsi.set(e.company_id, e.esi);
    return computeAwardYear({ year, candidates: await candidatesOf(year), previousEsi });
  }

  async function adminYear(year: number): Promise<AwardYearAdmin> {
    const published = await publishedEntries(year);
    if (published) return { year, status: 'published', computed_at: published.computedAt, published_at: published.publishedAt, entries: published.entries };
    return { year, status: 'open', computed_at: now().toISOString(), published_at: null, entries: await compute(year) };
  }

  async function yearsOf(companyId?: number): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const { at } of await repo.surveyInstants(companyId)) {
      const y = surveyYear(calendarDate(at, timeZone), null);
      if (y !== null) counts.set(y, (counts.get(y) ?? 0) + 1);
    }
    return counts;
  }

  async function assertOpen(year: number): Promise<void> {
    if ((await repo.year(year))?.published_at) throw new AppError('award-year-published');
  }

  /** What a company's result mail says that a publication may change: eligibility, exclusion, size class, place, awards. */
  const resultOf = (e: AwardEntry | undefined): string =>
    e === undefined
      ? 'none'
      : JSON.stringify([e.eligible, e.excluded !== null, e.size_class, e.rank, e.awards.map((a) => `${a.kind}:${String(a.place)}`).sort()]);

  /** The entry that stands for a company in a year: the one with awards, else the eligible one, else its first survey's. */
  function entryOfCompany(entries: readonly AwardEntry[], companyId: number): AwardEntry | undefined {
    const own = entries.filter((e) => e.company_id === companyId);
    return own.find((e) => e.awards.length > 0) ?? own.find((e) => e.eligible) ?? own.find((e) => e.checks.every((c) => c.rule !== 'first_of_year' || c.passed)) ?? own[0];
  }

  const classCount = (entries: readonly AwardEntry[], sizeClass: AwardSizeClass | null) =>
    sizeClass === null ? null : entries.filter((e) => e.eligible && e.size_class === sizeClass).length;

  /**
   * The result mails of a publication. Every confirmed company user gets the year's result once
   * (`award-result:<year>:<company>:<email>`, a key that outlives an unpublication). When the year was published before
   * (`previous`: that publication's frozen results) and a company's result is not what it was then — eligibility,
   * exclusion, size class, place or awards (resultOf) — each of its users who already had a result mail of the year gets
   * a correction in their language, once per publication (`award-correction:<year>:<published at>:<company>:<email>`).
   * Returns the mails queued now.
   */
  async function mailResults(year: number, entries: readonly AwardEntry[], previous: readonly AwardEntry[] | null, publishedAt: string): Promise<{ results: number; corrections: number }> {
    const companies = [...new Set(entries.map((e) => e.company_id))];
    const queued = { results: 0, corrections: 0 };
    for (const r of await repo.recipients(companies)) {
      const entry = entryOfCompany(entries, r.company_id);
      if (!entry) continue;
      const locale: UiLocale = isUiLocale(r.locale) ? r.locale : 'sl';
      const mail = (correction: boolean) => {
        const m = awardResultMail({
          locale,
          brand: deps.brand,
          year,
          entry,
          classCount: classCount(entries, entry.size_class),
          reportRanks: true,
          url: `${deps.origin}${localizedPath('profileAward', locale)}`,
          correction,
        });
        return { to: r.email, subject: m.subject, html: m.html, text: m.text, locale: m.locale };
      };
      const address = `${String(r.company_id)}:${r.email.toLowerCase()}`;
      if (await deps.mail.enqueueOnce(mail(false), `award-result:${String(year)}:${address}`)) {
        queued.results++;
        continue;
      }
      // This address was mailed a result of the year before: correct it when the company's result changed.
      if (previous === null || resultOf(entryOfCompany(previous, r.company_id)) === resultOf(entry)) continue;
      if (await deps.mail.enqueueOnce(mail(true), `award-correction:${String(year)}:${publishedAt}:${address}`)) queued.corrections++;
    }
    return queued;
  }

  type Logo = { id: string; width: number | null; height: number | null };
  // An asset's bytes never change (a new logo is a new asset), so its size is read once per process.
  const logoSizes = new Map<string, { width: number; height: number } | null>();

  async function logosOf(companyIds: number[]): Promise<Map<number, Logo | null>> {
    const ids = await repo.logoIds(companyIds);
    const unknown = [...new Set([...ids.values()].filter((id): id is string => id !== null && !logoSizes.has(id)))];
    for (const [id, bytes] of await repo.assetBytes(unknown)) logoSizes.set(id, imageDimensions(bytes));
    return new Map([...ids].map(([company, id]) => [company, id === null ? null : { id, width: logoSizes.get(id)?.width ?? null, height: logoSizes.get(id)?.height ?? null }]));
  }

  function publicWinner(entry: AwardEntry, place: number, value: number | null, logos: Map<number, Logo | null>): PublicWinner {
    const named = !entry.withdrawn_name;
    const figures = entry.show_figures;
    const logo = named ? (logos.get(entry.company_id) ?? null) : null;
    return {
      place,
      company_name: named ? entry.company_name : null,
      logo_asset_id: logo?.id ?? null,
      logo_width: logo?.width ?? null,
      logo_height: logo?.height ?? null,
      esi_band: esiBand(entry.esi ?? 0),
      esi: figures ? entry.esi : null,
      enps: figures ? entry.enps : null,
      value: figures ? value : null,
    };
  }

  function companyYear(year: number, entries: AwardEntry[] | null, candidates: AwardCandidate[], choices: { withdraw_name: number; show_figures: number } | undefined): AwardCompanyYear {
    const first = computeAwardYear({ year, candidates, previousEsi: new Map() }).find((e) => e.checks.every((c) => c.rule !== 'first_of_year' || c.passed));
    const companyId = candidates[0]?.companyId ?? -1;
    const entry = entries ? entryOfCompany(entries, companyId) : undefined;
    return {
      year,
      published: entries !== null,
      survey_name: entry?.survey_name ?? first?.survey_name ?? candidates[0]?.surveyName ?? '',
      withdraw_name: entry ? entry.withdrawn_name : choices?.withdraw_name === 1,
      show_figures: entry ? entry.show_figures : choices?.show_figures === 1,
      result:
        entries && entry
          ? {
              eligible: entry.eligible,
              failed: entry.checks.filter((c) => !c.passed).map((c) => c.rule),
              excluded: entry.excluded !== null,
              size_class: entry.size_class,
              rank: entry.rank,
              class_count: entry.eligible ? classCount(entries, entry.size_class) : null,
              awards: entry.awards,
            }
          : null,
    };
  }

  return {
    /** A finished IZZ survey's figures, computed from its base and stored now (the job after its finish); false for others. */
    async ensureFigures(surveyId: number): Promise<boolean> {
      const row = await repo.candidateById(surveyId);
      if (!row || row.state !== 'finished' || row.type !== 'izz') return false;
      await figuresOf(row);
      return true;
    },

    async years(): Promise<AwardYearListItem[]> {
      const counts = await yearsOf();
      const rows = new Map((await repo.years()).map((r) => [r.year, r]));
      const years = [...new Set([...counts.keys(), ...rows.keys()])].sort((a, b) => b - a);
      return years.map((year) => {
        const row = rows.get(year);
        const published = row?.published_at && row.results ? (JSON.parse(row.results) as AwardEntry[]) : null;
        return {
          year,
          status: published ? 'published' : 'open',
          published_at: published ? (row?.published_at ?? null) : null,
          surveys: counts.get(year) ?? 0,
          eligible: published ? published.filter((e) => e.eligible).length : null,
        };
      });
    },

    adminYear,

    async setExclusion(actor: UserRow, year: number, companyId: number, reason: string | null): Promise<AwardYearAdmin> {
      await assertOpen(year);
      const [from, to] = bounds(year);
      if ((await repo.candidates(year, from, to, companyId)).length === 0) throw new AppError('not-found');
      await db.transaction(async () => {
        await repo.setExclusion(year, companyId, reason);
        await audit.insert({
          actorUserId: actor.id,
          actorEmail: actor.email,
          action: reason === null ? 'award.include' : 'award.exclude',
          targetType: 'company',
          targetId: companyId,
          details: reason === null ? { year } : { year, reason },
        });
      });
      return await adminYear(year);
    },

    /** Computes, freezes and publishes the year; each company user gets the result once (dedupe keys survive unpublishing). */
    async publish(actor: UserRow, year: number): Promise<AwardYearAdmin> {
      await assertOpen(year);
      const entries = await compute(year);
      if (entries.length === 0) throw new AppError('invalid-state');
      const at = now().toISOString();
      const market = await marketOf(entries);
      // The results of the year's last publication (kept while it is unpublished): what its mails said.
      const stored = await repo.year(year);
      const previous = stored?.results ? (JSON.parse(stored.results) as AwardEntry[]) : null;
      await db.transaction(async () => {
        await repo.publish(year, JSON.stringify(entries), at);
        await deps.comparison.storeMarket(year, market, at);
        const { results: mails, corrections } = await mailResults(year, entries, previous, at);
        await audit.insert({
          actorUserId: actor.id,
          actorEmail: actor.email,
          action: 'award.publish',
          targetType: 'award_year',
          targetId: year,
          details: { surveys: entries.length, eligible: entries.filter((e) => e.eligible).length, mails, corrections },
        });
      });
      return await adminYear(year);
    },

    async unpublish(actor: UserRow, year: number): Promise<AwardYearAdmin> {
      await db.transaction(async () => {
        if (!(await repo.unpublish(year))) throw new AppError('invalid-state');
        // The benchmark reports of an unpublished year are unavailable again; publishing recomputes the market.
        await deps.comparison.dropMarket(year);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'award.unpublish', targetType: 'award_year', targetId: year });
      });
      return await adminYear(year);
    },

    /** The company's years (newest first): its choices, and its result once the year is published. */
    async companyYears(companyId: number): Promise<AwardCompanyYear[]> {
      const years = [...(await yearsOf(companyId)).keys()].sort((a, b) => b - a);
      const out: AwardCompanyYear[] = [];
      for (const year of years) {
        const candidates = await candidatesOf(year, companyId);
        if (candidates.length === 0) continue;
        out.push(companyYear(year, (await publishedEntries(year))?.entries ?? null, candidates, await repo.choices(year, companyId)));
      }
      return out;
    },

    async setChoices(companyId: number, year: number, choices: AwardChoices): Promise<AwardCompanyYear> {
      await assertOpen(year);
      const candidates = await candidatesOf(year, companyId);
      if (candidates.length === 0) throw new AppError('not-found');
      await repo.setChoices(year, companyId, { withdrawName: choices.withdraw_name, showFigures: choices.show_figures });
      return companyYear(year, null, candidates, await repo.choices(year, companyId));
    },

    /** What a certificate or badge shows: 404 'award-not-published' / 'award-not-won'. */
    async certificateSource(companyId: number, year: number, kind: AwardKind, language: UiLocale): Promise<AwardCertificateSource> {
      const published = await publishedEntries(year);
      if (!published) throw new AppError('award-not-published');
      const entry = published.entries.find((e) => e.company_id === companyId && e.awards.some((a) => a.kind === kind));
      const award = entry?.awards.find((a) => a.kind === kind);
      if (!entry || !award) throw new AppError('award-not-won');
      return { language, year, companyName: entry.company_name, companyId, kind, place: award.place, sizeClass: entry.size_class, issuedOn: calendarDate(published.publicSince, timeZone) };
    },

    async companyLogo(companyId: number): Promise<{ bytes: Uint8Array; type: 'png' | 'jpg' } | null> {
      const row = await repo.companyLogo(companyId);
      if (!row?.bytes) return null;
      if (row.content_type === 'image/png') return { bytes: new Uint8Array(row.bytes), type: 'png' };
      if (row.content_type === 'image/jpeg') return { bytes: new Uint8Array(row.bytes), type: 'jpg' };
      return null;
    },

    /** The public winners of a published year (404 otherwise). */
    async publicYear(year: number): Promise<PublicAwardYear> {
      const published = await publishedEntries(year);
      if (!published) throw new AppError('not-found');
      const { entries } = published;
      const winners = entries.filter((e) => e.awards.length > 0);
      const logos = await logosOf([...new Set(winners.filter((e) => !e.withdrawn_name).map((e) => e.company_id))]);
      const valueOf = { highest_enps: (e: AwardEntry) => e.enps, most_improved_esi: (e: AwardEntry) => e.esi_change, highest_occupancy: (e: AwardEntry) => e.occupancy };
      return {
        year,
        published_at: published.publicSince,
        eligible: entries.filter((e) => e.eligible).length,
        classes: AWARD_SIZE_CLASSES.map((sizeClass) => ({
          size_class: sizeClass,
          eligible: classCount(entries, sizeClass) ?? 0,
          winners: winners
            .filter((e) => e.size_class === sizeClass && e.awards.some((a) => a.kind === 'class'))
            .map((e) => publicWinner(e, e.awards.find((a) => a.kind === 'class')!.place, null, logos))
            .sort((a, b) => a.place - b.place),
        })),
        special: AWARD_SPECIAL_CATEGORIES.map((category) => ({
          category,
          winners: winners.filter((e) => e.awards.some((a) => a.kind === category)).map((e) => publicWinner(e, 1, valueOf[category](e), logos)),
        })),
      };
    },

    /** Computes the benchmark market of every published year that has none (years published before markets were stored). */
    async ensureMarkets(): Promise<number[]> {
      const done: number[] = [];
      for (const row of await repo.years()) {
        if (!row.published_at || !row.results || (await deps.comparison.hasMarket(row.year))) continue;
        const market = await marketOf(JSON.parse(row.results) as AwardEntry[]);
        const at = row.published_at;
        await db.transaction(async () => {
          await deps.comparison.storeMarket(row.year, market, at);
        });
        done.push(row.year);
      }
      return done;
    },

    /** Publishes every given year that is not published yet, as the system (demo content). */
    async publishAsSystem(years: readonly number[]): Promise<number[]> {
      const done: number[] = [];
      for (const year of [...years].sort((a, b) => a - b)) {
        if ((await repo.year(year))?.published_at) continue;
        const entries = await compute(year);
        if (entries.length === 0) continue;
        const at = zonedInstant(`${String(year)}-12-15`, '10:00', timeZone).toISOString();
        const market = await marketOf(entries);
        await db.transaction(async () => {
          await repo.publish(year, JSON.stringify(entries), at);
          await deps.comparison.storeMarket(year, market, at);
        });
        done.push(year);
      }
      return done;
    },
  };
}
export type AwardService = ReturnType<typeof createAwardService>;
