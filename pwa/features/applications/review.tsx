/** The application as a summary: the review step and the read-only view of a sent application. */
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import { calculatePrice, DEFAULT_PRICE_SETTINGS, formatEur, priceSettingsSchema, type PriceSettings } from '../../../shared/pricing';
import type { ExtraQuestion, IzzApplicationDraft, PulsApplicationDraft } from '../../../shared/schemas/application';
import { getData } from '../../lib/api';
import { useLocale } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { breakdownSummary, useBreakdownLabel } from './breakdowns-step';
import { formatDate } from './format';
import { statementById } from '../../../shared/question-banks';
import { localizedText } from '../../../shared/i18n/localized-text';

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** The prices from GET /api/prices; the defaults until they arrive, and when they cannot be loaded or are not valid. */
function usePriceSettings(): PriceSettings {
  const { data } = useResource(
    (signal) =>
      getData<unknown>('/api/prices', { signal }).then((body) => {
        const parsed = priceSettingsSchema.safeParse(body);
        return parsed.success ? parsed.data : null;
      }),
    'prices',
  );
  return data ?? DEFAULT_PRICE_SETTINGS;
}

export function PriceBox({ employees }: { employees: number }) {
  const { t } = useTranslation('applications');
  const settings = usePriceSettings();
  if (employees < 1) return <p className="hint">{t('review.priceNeedsRespondents')}</p>;
  let quote;
  try {
    quote = calculatePrice(employees, settings);
  } catch {
    return <p className="hint">{t('review.priceUnavailable')}</p>;
  }
  return (
    <div className="card price-box" data-testid="price">
      <p>
        {t('review.price')}: <strong>{formatEur(quote.total_cents)}</strong>
      </p>
      <p className="hint">
        {t('review.priceDetail', { count: employees, billed: quote.billed_employees, per: formatEur(quote.price_per_employee_cents) })}
        {quote.discount_percent > 0 && ` ${t('review.discount', { percent: quote.discount_percent, amount: formatEur(quote.discount_cents) })}`}
      </p>
      {quote.refunds.length > 0 && <p className="hint">{t('review.refunds', { amount: formatEur(quote.max_refund_cents) })}</p>}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ExtraList({ questions, languages }: { questions: ExtraQuestion[]; languages: readonly QuestionLanguageCode[] }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const show = languages.includes(locale as QuestionLanguageCode) ? (locale as QuestionLanguageCode) : languages[0];
  if (!questions.length) return <>{t('review.none')}</>;
  return (
    <ol data-testid="review-extra">
      {questions.map((q) => (
        <li key={q.id}>
          {(show && q.title[show]) || '–'} <span className="hint">({t(`builder.types.${q.type}`)})</span>
        </li>
      ))}
    </ol>
  );
}

function BreakdownRows({ draft }: { draft: IzzApplicationDraft }) {
  const { t } = useTranslation('applications');
  const label = useBreakdownLabel(draft);
  const { ranked, commentsBy } = breakdownSummary(draft);
  return (
    <>
      <Row label={t('steps.breakdowns')}>
        {ranked.length ? (
          <ol className="review-questions" data-testid="review-breakdowns">
            {ranked.map((key) => (
              <li key={key}>{label(key)}</li>
            ))}
          </ol>
        ) : (
          t('review.none')
        )}
      </Row>
      <Row label={t('breakdowns.commentsBy')}>{commentsBy ? label(commentsBy) : t('breakdowns.wholeSurvey')}</Row>
    </>
  );
}

export function IzzReview({ draft, withPrice = true }: { draft: IzzApplicationDraft; withPrice?: boolean }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const d = draft.details;
  const languages = d.languages ?? [];
  // The price is per employee of the survey's population (the respondents when no population is named yet).
  const employees = d.employees ?? (d.online_respondents ?? 0) + (d.offline_respondents ?? 0);
  return (
    <div className="stack" data-testid="review">
      <dl className="review-list">
        <Row label={t('fields.name')}>{d.name || '–'}</Row>
        <Row label={t('fields.collection')}>{d.collection ? t(`collection.${d.collection}`) : '–'}</Row>
        <Row label={t('review.period')}>
          {formatDate(d.start_date)} – {formatDate(d.end_date)}
        </Row>
        <Row label={t('fields.employees')}>{d.employees ?? '–'}</Row>
        <Row label={t('review.respondents')}>{t('review.respondentsValue', { online: d.online_respondents ?? 0, offline: d.offline_respondents ?? 0 })}</Row>
        <Row label={t('fields.code_type')}>{d.code_type ? t(`codeType.${d.code_type}`) : '–'}</Row>
        <Row label={t('review.invitation')}>
          {formatDate(d.invitation_date)} {d.invitation_time ?? ''}
        </Row>
        <Row label={t('review.reminder')}>
          {formatDate(d.reminder_date)} {d.reminder_time ?? ''}
        </Row>
        <Row label={t('fields.languages')}>{languages.map(languageName).join(', ') || '–'}</Row>
        <Row label={t('review.emails')}>{t('review.emailsValue', { count: d.respondent_emails?.length ?? 0 })}</Row>
        <Row label={t('steps.questions')}>
          {draft.report_questions.length ? (
            <ol className="review-questions" data-testid="review-report-questions">
              {draft.report_questions.map((id) => (
                <li key={id}>{localizedText(statementById(id)?.text, locale) || id}</li>
              ))}
            </ol>
          ) : (
            t('review.none')
          )}
        </Row>
        <Row label={t('options.report_language')}>{languageName(draft.additional_options.report_language ?? 'hr')}</Row>
        <Row label={t('demographics.departments')}>{draft.demographics.departments.filter(Boolean).join(', ') || t('review.none')}</Row>
        <Row label={t('demographics.locations')}>{draft.demographics.locations.filter(Boolean).join(', ') || t('review.none')}</Row>
        <Row label={t('steps.extra')}>
          <ExtraList questions={draft.extra_questions} languages={languages} />
        </Row>
        <BreakdownRows draft={draft} />
      </dl>
      {withPrice && <PriceBox employees={employees} />}
    </div>
  );
}

export function PulsReview({ draft }: { draft: PulsApplicationDraft }) {
  const { t } = useTranslation('applications');
  const d = draft.details;
  const languages = d.languages ?? [];
  return (
    <dl className="review-list" data-testid="review">
      <Row label={t('fields.name')}>{d.name || '–'}</Row>
      <Row label={t('fields.cadence')}>{d.cadence ? t(`cadence.${d.cadence}`) : '–'}</Row>
      <Row label={t('fields.rounds')}>{d.rounds ?? '–'}</Row>
      <Row label={t('review.period')}>
        {formatDate(d.start_date)} – {formatDate(d.end_date)}
      </Row>
      <Row label={t('fields.employees')}>{d.employees ?? '–'}</Row>
      <Row label={t('review.respondents')}>{t('review.respondentsValue', { online: d.online_respondents ?? 0, offline: d.offline_respondents ?? 0 })}</Row>
      <Row label={t('fields.code_type')}>{d.code_type ? t(`codeType.${d.code_type}`) : '–'}</Row>
      <Row label={t('review.invitation')}>
        {formatDate(d.invitation_date)} {d.invitation_time ?? ''}
      </Row>
      <Row label={t('fields.languages')}>{languages.map(languageName).join(', ') || '–'}</Row>
      <Row label={t('review.emails')}>{t('review.emailsValue', { count: d.respondent_emails?.length ?? 0 })}</Row>
      <Row label={t('puls.questions')}>{draft.questions.length ? draft.questions.join(', ') : t('review.none')}</Row>
      <Row label={t('puls.own')}>
        <ExtraList questions={draft.own_questions} languages={languages} />
      </Row>
    </dl>
  );
}
