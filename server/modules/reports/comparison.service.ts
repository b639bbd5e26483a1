/**
 * The comparative and benchmark reports: which surveys a caller may compare, their reporting bases (through
 * the reports service, so the same access rules, 404/409s and stored bases), and the benchmark market of a published
 * award year (stored at publication by the award module, read here).
 *
 * - Comparative: opened from one finished IZZ survey of the company (the anchor); 'years' and 'group-years' compare every
 *   finished IZZ survey of that company (409 'group-report-all-years-unavailable' with fewer than two).
 * - Benchmark: the anchor's year is the year it finished; before that year's award is published, 409 'report-unavailable'.
 *   Its groups are the ones the publication froze for the survey (benchmark_members), never the company's profile now.
 */
import { AWARD_SIZE_CLASSES, type AwardSizeClass } from '../../../shared/award.js';
import { INDUSTRIES, type Industry } from '../../../shared/constants.js';
import { textsFor } from '../../../shared/i18n/node.js';
import { localizedText } from '../../../shared/i18n/localized-text.js';
import type { BenchmarkFigures, ComparativeFigures, ComparativeOptions, ComparativeVariant } from '../../../shared/schemas/comparison.js';
import { defaultReportLanguage, dimensionName, type ReportSettings } from '../../../shared/schemas/report.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { buildComparativeFigures, groupsOverYears, type ComparedSurvey } from './figures/comparison.js';
import { ReportSettingsError } from './figures/figures.js';
import { buildBenchmarkFigures, buildMarket, surveyDetail, type MarketGroup, type MarketItem, type MarketMember, type MarketParticipant, type StoredMarket } from './figures/market.js';
import { createReportsRepo } from './reports.repo.js';
import type { IzzReportSource, ReportsService, ReportViewer } from './reports.service.js';

type Language = ReportSettings['language'];

export interface ComparativeSource {
  anchor: IzzReportSource;
  /** Every finished IZZ survey of the company, oldest first (the anchor among them). */
  surveys: IzzReportSource[];
}

export interface BenchmarkSource {
  anchor: IzzReportSource;
  year: number;
  market: StoredMarket;
  publishedAt: string;
}

const yearOf = (s: IzzReportSource) => (s.finishedOn ? Number(s.finishedOn.slice(0, 4)) : null);

function compared(s: IzzReportSource): ComparedSurvey {
  return { id: s.id, name: s.meta.name, year: yearOf(s), employees: s.meta.employees, survey: s.survey, base: s.base, seed: s.seed };
}

/** The question group's name in the report language (the basic report's words). */
function groupTitle(question: string, source: IzzReportSource, language: Language): string {
  const t = textsFor(language, 'reports');
  return dimensionName(question, {
    group: (id) => t(`labels.groups.${id}`),
    extraTitle: (id) => localizedText(source.survey.extraQuestions.find((q) => q.id === id)?.title, language) || undefined,
  });
}

const asIndustry = (code: string): Industry => ((INDUSTRIES as readonly string[]).includes(code) ? (code as Industry) : 'M');
const asSizeClass = (code: string | null): AwardSizeClass | null => ((AWARD_SIZE_CLASSES as readonly (string | null)[]).includes(code) ? (code as AwardSizeClass) : null);

export function createComparisonService(deps: { db: Db; reports: ReportsService }) {
  const repo = createReportsRepo(deps.db);
  const { reports } = deps;

  async function surveysOf(anchor: IzzReportSource): Promise<IzzReportSource[]> {
    const out: IzzReportSource[] = [];
    for (const row of await repo.finishedIzzSurveys(anchor.companyId)) {
      out.push(row.id === anchor.id ? anchor : await reports.izzSource({ admin: true }, row.id));
    }
    return out;
  }

  async function storedMarket(year: number): Promise<{ market: StoredMarket; computedAt: string } | null> {
    const rows = await repo.benchmarkGroups(year);
    if (rows.length === 0) return null;
    const groups = new Map<string, MarketGroup>(
      rows.map((r) => [r.group_key, { key: r.group_key, companies: r.companies, surveyIds: JSON.parse(r.survey_ids) as number[], items: JSON.parse(r.items) as Record<string, MarketItem> }]),
    );
    const members = new Map<number, MarketMember>(
      (await repo.benchmarkMembers(year)).map((m) => [
        m.survey_id,
        { surveyId: m.survey_id, companyId: m.company_id, sizeClass: asSizeClass(m.size_class), industry: asIndustry(m.industry), inMarket: m.in_market === 1 },
      ]),
    );
    return { market: { groups, members }, computedAt: rows[0]!.computed_at };
  }

  return {
    /** The anchor survey (404 / 409 as the basic report) and every finished IZZ survey of its company. */
    async comparativeSource(viewer: ReportViewer, id: number): Promise<ComparativeSource> {
      const anchor = await reports.izzSource(viewer, id);
      return { anchor, surveys: await surveysOf(anchor) };
    },

    comparativeOptions(source: ComparativeSource, uiLocale: string): ComparativeOptions {
      const { anchor } = source;
      const language = defaultReportLanguage(uiLocale, anchor.languages, anchor.reportLanguage);
      const extraTitles: Record<string, string> = {};
      for (const q of anchor.survey.extraQuestions) extraTitles[`extra:${q.id}`] = localizedText(q.title, language);
      return {
        company: anchor.meta.company,
        survey: { id: anchor.id, name: anchor.meta.name, year: yearOf(anchor) },
        surveys: source.surveys.map((s) => ({ id: s.id, name: s.meta.name, year: yearOf(s), end_date: s.finishedOn })),
        groups: anchor.base.summary.dimensions.map((d) => d.question),
        groups_over_years: groupsOverYears(source.surveys.map(compared)),
        extra_titles: extraTitles,
        languages: [...anchor.languages],
        default_language: language,
      };
    },

    /** The figures; 409 with fewer than two surveys for the variants over years; 422 for a group that does not fit. */
    comparativeFigures(source: ComparativeSource, variant: ComparativeVariant, group: string | null, language: Language): ComparativeFigures {
      if (variant !== 'groups' && source.surveys.length < 2) throw new AppError('group-report-all-years-unavailable');
      try {
        return buildComparativeFigures({
          variant,
          language,
          minGroupSize: reports.minGroupSize,
          company: source.anchor.meta.company,
          anchor: compared(source.anchor),
          surveys: source.surveys.map(compared),
          group,
          groupTitle: group === null ? null : groupTitle(group, source.anchor, language),
        });
      } catch (error) {
        if (error instanceof ReportSettingsError) {
          throw new AppError('validation-failed', { details: error.issues.map((i) => ({ location: 'query', path: i.path, code: 'custom', message: i.message })) });
        }
        throw error;
      }
    },

    /** The anchor survey and its year's stored market; 409 'report-unavailable' until the year's award is published. */
    async benchmarkSource(viewer: ReportViewer, id: number): Promise<BenchmarkSource> {
      const anchor = await reports.izzSource(viewer, id);
      const year = yearOf(anchor);
      const stored = year === null ? null : await storedMarket(year);
      if (year === null || !stored) throw new AppError('report-unavailable');
      return { anchor, year, market: stored.market, publishedAt: stored.computedAt };
    },

    benchmarkFigures(source: BenchmarkSource, language: Language): BenchmarkFigures {
      const { anchor } = source;
      return buildBenchmarkFigures({
        language,
        year: source.year,
        company: anchor.meta.company,
        companyId: anchor.companyId,
        survey: {
          id: anchor.id,
          name: anchor.meta.name,
          responses: anchor.base.channels.online + anchor.base.channels.kiosk + anchor.base.channels.paper,
          employees: anchor.meta.employees,
        },
        publishedAt: source.publishedAt,
        detail: surveyDetail(anchor.base),
        market: source.market,
      });
    },

    /**
     * Computes a published year's market (pure; call it before the publication's transaction: a large market takes a
     * moment) and stores it (inside the caller's transaction), replacing an older one.
     */
    computeMarket(participants: readonly MarketParticipant[]) {
      return buildMarket(participants);
    },

    async storeMarket(year: number, market: ReturnType<typeof buildMarket>, at: string): Promise<number> {
      await repo.saveBenchmark(year, market, at);
      return market.groups.length;
    },

    /** Withdraws an unpublished year's market: its benchmark reports are unavailable again until it is published. */
    async dropMarket(year: number): Promise<void> {
      await repo.deleteBenchmark(year);
    },

    async hasMarket(year: number): Promise<boolean> {
      return await repo.hasBenchmark(year);
    },

    /** A finished survey's category and statement means from its reporting base (the market's input). */
    async surveyDetail(surveyId: number) {
      return surveyDetail((await reports.izzSource({ admin: true }, surveyId)).base);
    },
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
