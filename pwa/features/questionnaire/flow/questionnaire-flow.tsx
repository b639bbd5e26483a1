/**
 * The question flow: one page at a time (a category of statements, eNPS + ESI, about you, the
 * company's own questions, praise/critique; PULS: its questions), with progress, Back/Next and the
 * mandatory rule. Reused by the own-phone journey (IZZ and PULS routes) and by a kiosk.
 *
 * Props
 * - pkg: QuestionnairePackage      what the server handed out for the code (or the kiosk package)
 * - language: QuestionLanguageCode  the question language: the questions, their answers and the category titles are
 *                                   in it (marked with lang); every other text ('Next', 'This question is
 *                                   mandatory.') is in the page's language, with a note where the two differ
 * - draftId: string                 the Dexie draft (answers-store); every answer is written to it as
 *                                   it is given, the page too (setCurrentPage), so a reload resumes
 * - onFinish(): void                the last page passed and no mandatory answer is missing anywhere
 * - onExit?(): void                 'Back' on the first page (e.g. back to the intro)
 * - known?: { page, answers }        the draft as the caller knows it (just started on this screen): shown at
 *                                   once, without waiting for the store's answer (which its write may still hold)
 *
 * It starts at the draft's saved page. When the draft is gone (submitted, discarded, a kiosk's
 * next respondent) it renders nothing of it. Mount it with key={draftId}.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { toStorageError, type Answers } from '../../../db/db';
import { getDraft, setCurrentPage } from '../answers-store';
import { questionDomId } from './inputs';
import { QuestionField } from './question-field';
import { buildPages, firstIncompletePage, pageIssues, resumePage } from './pages';
import { answerAt, pageQuestions, pageTitle, titleIsQuestionText } from './questions';
import { useDraftAnswers, useRespondentT } from './use-flow';
import { QuestionsLanguageNote } from './questions-language-note';
import { useLocale } from '../../../i18n/use-locale';

export interface QuestionnaireFlowProps {
  pkg: QuestionnairePackage;
  language: QuestionLanguageCode;
  draftId: string;
  onFinish(): void;
  onExit?(): void;
  known?: KnownDraft;
}

/** A draft as its screen knows it: its page and answers. */
export interface KnownDraft {
  page: number;
  answers: Answers;
}

/** Moves the focus to the first control of a question (and scrolls it into view). */
export function focusQuestion(path: string): void {
  const el = document.getElementById(questionDomId(path));
  const control = el?.querySelector<HTMLElement>('input, textarea, select');
  (control ?? el)?.focus();
  el?.scrollIntoView?.({ block: 'center' });
}

export function QuestionnaireFlow({ pkg, language, draftId, onFinish, onExit, known }: QuestionnaireFlowProps) {
  const t = useRespondentT();
  const locale = useLocale();
  const pages = useMemo(() => buildPages(pkg), [pkg]);
  const { answers, set, saveError } = useDraftAnswers(draftId, known?.answers);
  const [page, setPage] = useState<number | null>(() => (known ? resumePage(pages, known.page) : null));
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [pageError, setPageError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Start at the saved page (known already when the screen has just started the draft).
  const pageKnown = known !== undefined;
  useEffect(() => {
    if (pageKnown) return;
    let live = true;
    void getDraft(draftId).then((d) => {
      if (live && d) setPage(resumePage(pages, d.current_page));
    });
    return () => {
      live = false;
    };
  }, [draftId, pages, pageKnown]);

  useEffect(() => {
    if (!moved.current || page === null) return;
    window.scrollTo?.(0, 0);
    headingRef.current?.focus();
  }, [page]);

  const current = page === null ? undefined : pages[page];
  const questions = useMemo(() => (current ? pageQuestions(pkg, current, language) : []), [pkg, current, language]);

  if (!t || answers === undefined || page === null || !current) return <div className="spinner" role="status" aria-label="…" />;
  if (answers === null) return null; // the draft is gone: nothing of it stays on screen

  const issues = pageIssues(pkg, pages, answers, page);
  const missing = new Set(issues.filter((i) => i.code === 'required').map((i) => i.path));
  const errorOf = (path: string) => (shown.has(path) && missing.has(path) ? t('flow.mandatory') : null);
  const last = page === pages.length - 1;

  async function go(to: number) {
    try {
      await setCurrentPage(draftId, to);
      setPageError(null);
    } catch (err) {
      setPageError(toStorageError(err).message);
    }
    moved.current = true;
    setShown(new Set());
    setPage(to);
  }

  function next() {
    if (!answers || page === null) return;
    const required = issues.map((i) => i.path);
    if (required.length > 0) {
      setShown(new Set(required));
      const first = questions.find((q) => required.includes(q.path))?.path ?? required[0];
      if (first) requestAnimationFrame(() => focusQuestion(first));
      return;
    }
    if (!last) {
      void go(page + 1);
      return;
    }
    const incomplete = firstIncompletePage(pkg, pages, answers);
    if (incomplete !== null && incomplete !== page) {
      void go(incomplete);
      return;
    }
    void setCurrentPage(draftId, page).finally(onFinish);
  }

  const title = pageTitle(current, language, t);
  return (
    <div className="qf" data-page={current.key}>
      <div className="qf-progress">
        <p className="qf-progress-text" data-testid="progress">
          {t('flow.progress', { page: page + 1, total: pages.length })}
        </p>
        <div className="qf-bar" aria-hidden="true">
          <span style={{ width: `${((page + 1) / pages.length) * 100}%` }} />
        </div>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="qf-title" lang={titleIsQuestionText(current) ? language : undefined}>
        {title}
      </h1>
      <QuestionsLanguageNote t={t} language={language} locale={locale} />
      {current.kind === 'about' && <p className="lead qf-lead">{t('flow.aboutLead')}</p>}
      {shown.size > 0 && missing.size > 0 && (
        <p className="notice notice-error qf-summary" role="alert">
          {t('flow.missingSummary')}
        </p>
      )}
      {(saveError ?? pageError) && (
        <p className="notice notice-error" role="alert">
          {t('flow.saveError', { reason: saveError ?? pageError })}
        </p>
      )}
      <form
        className="qf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        {questions.map((q) => (
          <QuestionField key={q.path} q={q} language={language} t={t} value={answerAt(answers, q.path)} error={errorOf(q.path)} onAnswer={(v) => set(q.path, v)} />
        ))}
        <div className="qf-nav">
          {(page > 0 || onExit) && (
            <button type="button" className="btn btn-secondary" onClick={() => (page > 0 ? void go(page - 1) : onExit?.())}>
              {t('flow.back')}
            </button>
          )}
          <button type="submit" className="btn btn-primary">
            {last ? t('flow.toReview') : t('flow.next')}
          </button>
        </div>
      </form>
    </div>
  );
}
