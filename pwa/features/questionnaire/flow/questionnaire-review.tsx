/**
 * The review: every answer grouped by page with a 'Change' button per page, then 'Send'. The
 * submit button is blocked while a mandatory answer is missing (responseIssues), with a link to
 * the first page that misses one.
 *
 * Props
 * - pkg, language, draftId       as for QuestionnaireFlow
 * - onEdit(page: number): void   open the flow at that page (the page is already saved in the draft)
 * - onSubmit(draftId): Promise<string>  store the response (own phone: submitRespondentDraft; a kiosk
 *                                       its own); resolves with the response id
 * - onDone(responseId): void     after a successful submit (e.g. navigate to the thank-you page
 *                                with history replaced, so Back cannot show the answers)
 *
 * Renders nothing once the draft is gone.
 */
import { useMemo, useState } from 'react';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { toStorageError } from '../../../db/db';
import { setCurrentPage } from '../answers-store';
import { buildPages, firstIncompletePage } from './pages';
import { answerAt, answerText, pageQuestions, pageTitle, titleIsQuestionText } from './questions';
import { useDraftAnswers, useRespondentT } from './use-flow';
import { QuestionsLanguageNote } from './questions-language-note';
import { useLocale } from '../../../i18n/use-locale';

export interface QuestionnaireReviewProps {
  pkg: QuestionnairePackage;
  language: QuestionLanguageCode;
  draftId: string;
  onEdit(page: number): void;
  onSubmit(draftId: string): Promise<string>;
  onDone(responseId: string): void;
}

export function QuestionnaireReview({ pkg, language, draftId, onEdit, onSubmit, onDone }: QuestionnaireReviewProps) {
  const t = useRespondentT();
  const locale = useLocale();
  const pages = useMemo(() => buildPages(pkg), [pkg]);
  const { answers } = useDraftAnswers(draftId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!t || answers === undefined) return <div className="spinner" role="status" aria-label="…" />;
  if (answers === null) return null;
  const incomplete = firstIncompletePage(pkg, pages, answers);

  async function edit(page: number) {
    try {
      await setCurrentPage(draftId, page);
      onEdit(page);
    } catch (err) {
      setError(toStorageError(err).message);
    }
  }

  async function submit() {
    if (incomplete !== null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const id = await onSubmit(draftId);
      onDone(id);
    } catch (err) {
      setError(toStorageError(err).message);
      setBusy(false);
    }
  }

  return (
    <div className="qf qf-review">
      <h1 className="qf-title">{t('review.title')}</h1>
      <p className="lead">{t('review.lead')}</p>
      <QuestionsLanguageNote t={t} language={language} locale={locale} />
      {pages.map((p, i) => {
        const title = pageTitle(p, language, t);
        const qs = pageQuestions(pkg, p, language);
        return (
          <section key={p.key} className="qf-card qf-review-page" aria-labelledby={`review-${i}`} data-page={p.key}>
            <div className="qf-review-head">
              <h2 id={`review-${i}`} lang={titleIsQuestionText(p) ? language : undefined}>
                {title}
              </h2>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => void edit(i)} aria-label={t('review.editPage', { page: title })}>
                {t('review.edit')}
              </button>
            </div>
            <dl className="qf-answers">
              {qs.map((q) => {
                const text = answerText(q, answerAt(answers, q.path));
                return (
                  <div key={q.path} className="qf-answer" data-path={q.path}>
                    <dt>
                      <span lang={language}>{q.text}</span>
                      {q.kind === 'text' && q.comment ? ` – ${t('flow.comment')}` : ''}
                    </dt>
                    <dd className={text ? '' : 'qf-none'} lang={text && q.kind !== 'text' ? language : undefined}>
                      {text || t('review.notAnswered')}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
      {incomplete !== null && (
        <div className="notice notice-error" role="alert">
          <p>{t('review.incomplete')}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void edit(incomplete)}>
            {t('review.goToMissing')}
          </button>
        </div>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <p className="hint">{t('review.final')}</p>
      <div className="qf-nav">
        <button type="button" className="btn btn-primary" disabled={incomplete !== null || busy} onClick={() => void submit()}>
          {busy ? t('review.sending') : t('review.submit')}
        </button>
      </div>
    </div>
  );
}
