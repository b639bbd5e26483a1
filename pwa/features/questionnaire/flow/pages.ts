// The questionnaire's pages and the rules that drive them (pure, no React, no storage):
// which pages a package has, which page an answer path belongs to, which page still has a missing
// mandatory answer, where a returning respondent resumes, and the default question language.
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { CATEGORIES, PULS_QUESTIONS, STATEMENTS, type IzzCategoryId } from '../../../../shared/question-banks';
import { responseIssues, type QuestionnairePackage, type ResponseIssue } from '../../../../shared/schemas/questionnaire';

export type FlowPage =
  | { kind: 'category'; key: string; category: IzzCategoryId; statementIds: string[] }
  | { kind: 'ratings'; key: string }
  | { kind: 'about'; key: string }
  | { kind: 'extra'; key: string }
  | { kind: 'praise'; key: string }
  | { kind: 'puls'; key: string; questionIds: string[] };

/** PULS questions per page (up to 15 questions: at most 3 pages). */
export const PULS_PER_PAGE = 5;

const statementCategory = new Map(STATEMENTS.map((s) => [s.id, s.category]));

/** The pages of a package in order. IZZ: 9 categories, eNPS + ESI, about you, extra questions, praise/critique. */
export function buildPages(pkg: QuestionnairePackage): FlowPage[] {
  const pages: FlowPage[] = [];
  if (pkg.type === 'izz') {
    const asked = new Set(pkg.statement_ids);
    for (const c of [...CATEGORIES].sort((a, b) => a.order - b.order)) {
      const ids = STATEMENTS.filter((s) => s.category === c.id && asked.has(s.id)).map((s) => s.id);
      if (ids.length) pages.push({ kind: 'category', key: `category:${c.id}`, category: c.id, statementIds: ids });
    }
    pages.push({ kind: 'ratings', key: 'ratings' });
    if (pkg.demographic_ids.length || pkg.departments.length || pkg.locations.length) pages.push({ kind: 'about', key: 'about' });
    if (pkg.extra_questions.length) pages.push({ kind: 'extra', key: 'extra' });
    pages.push({ kind: 'praise', key: 'praise' });
    return pages;
  }
  const known = new Set(PULS_QUESTIONS.map((q) => q.id));
  const ids = pkg.puls_question_ids.filter((id) => known.has(id));
  for (let i = 0; i < ids.length; i += PULS_PER_PAGE) pages.push({ kind: 'puls', key: `puls:${i / PULS_PER_PAGE}`, questionIds: ids.slice(i, i + PULS_PER_PAGE) });
  if (pkg.extra_questions.length) pages.push({ kind: 'extra', key: 'extra' });
  if (pages.length === 0) pages.push({ kind: 'extra', key: 'extra' });
  return pages;
}

/** The page index an answer path (as in ResponseIssue.path) belongs to; -1 when none. */
export function pageOfPath(pages: readonly FlowPage[], path: string): number {
  const [head, id] = path.split('.');
  return pages.findIndex((p) => {
    switch (p.kind) {
      case 'category':
        return head === 'statements' && id !== undefined && statementCategory.get(id) === p.category;
      case 'ratings':
        return head === 'enps_grade' || (head ?? '').startsWith('esi_');
      case 'about':
        return head === 'demographics' || head === 'department' || head === 'location';
      case 'extra':
        return head === 'extra';
      case 'praise':
        return head === 'praise_critique';
      case 'puls':
        return head === 'puls' && id !== undefined && p.questionIds.includes(id);
    }
  });
}

/** Every issue of the answers, with the page it belongs to. */
export function issuesByPage(pkg: QuestionnairePackage, pages: readonly FlowPage[], answers: unknown): Map<number, ResponseIssue[]> {
  const out = new Map<number, ResponseIssue[]>();
  for (const issue of responseIssues(pkg, answers)) {
    const page = pageOfPath(pages, issue.path);
    const list = out.get(page) ?? [];
    list.push(issue);
    out.set(page, list);
  }
  return out;
}

/** The issues on one page (e.g. to block 'Next' and mark each missing answer). */
export function pageIssues(pkg: QuestionnairePackage, pages: readonly FlowPage[], answers: unknown, page: number): ResponseIssue[] {
  return issuesByPage(pkg, pages, answers).get(page) ?? [];
}

/** The first page with a missing or invalid answer; null when the response may be sent. */
export function firstIncompletePage(pkg: QuestionnairePackage, pages: readonly FlowPage[], answers: unknown): number | null {
  const byPage = issuesByPage(pkg, pages, answers);
  if (byPage.size === 0) return null;
  const known = [...byPage.keys()].filter((p) => p >= 0).sort((a, b) => a - b);
  return known[0] ?? 0;
}

/** Where a returning respondent resumes: the saved page, kept within the pages there are. */
export function resumePage(pages: readonly FlowPage[], savedPage: number): number {
  if (!Number.isFinite(savedPage) || savedPage < 0) return 0;
  return Math.min(Math.trunc(savedPage), Math.max(0, pages.length - 1));
}

/** The default question language: the UI locale when the survey offers it, else English, else the survey's first. */
export function defaultLanguage(languages: readonly QuestionLanguageCode[], uiLocale: string): QuestionLanguageCode {
  const ui = languages.find((l) => l === uiLocale);
  if (ui) return ui;
  if (languages.includes('en')) return 'en';
  return languages[0] ?? 'en';
}
