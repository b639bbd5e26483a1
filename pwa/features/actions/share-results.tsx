/** The results page shared back with employees: message, preview, publish / unpublish, link, QR code and the A4 poster. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUiLocale, type QuestionLanguageCode } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import type { ActionsOverview } from '../../../shared/schemas/actions';
import { SelectField, TextareaField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { formatDate } from '../../lib/dates';
import { useResource } from '../../lib/use-resource';
import * as apiCalls from './actions-api';
import { errorText, type Run } from './plan-helpers';
import { ResultsView } from './results-view';

export function ShareResults({ data, run }: { data: ActionsOverview; run: Run }) {
  const { t } = useTranslation('actions');
  const locale = useLocale();
  const languages = data.survey.languages.length > 0 ? data.survey.languages : (['en'] as QuestionLanguageCode[]);
  const [language, setLanguage] = useState<QuestionLanguageCode>(languages.includes(locale) ? locale : languages[0]!);
  const [message, setMessage] = useState(data.results_page.message);
  const [previewKey, setPreviewKey] = useState(0);
  const [showPreview, setShowPreview] = useState(false);
  const preview = useResource(
    (signal) => (showPreview ? apiCalls.getPreview(data.survey.id, language, signal) : Promise.resolve(null)),
    `${String(showPreview)}:${language}:${String(previewKey)}`,
  );
  const page = data.results_page;
  const link = page.token && isUiLocale(language) ? `${window.location.origin}${localizedPath('employeeResults', language, { token: page.token })}` : null;
  return (
    <section className="card share-results" aria-labelledby="share-h" data-testid="share-results">
      <h2 id="share-h">{t('plan.share.title')}</h2>
      <p className="hint">{t('plan.share.hint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => apiCalls.saveResultsPage(data.survey.id, message)).then(() => setPreviewKey((k) => k + 1));
        }}
      >
        <TextareaField id="share-message" label={t('plan.share.message')} hint={t('plan.share.messageHint')} value={message} rows={3} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
        <button type="submit" className="btn btn-secondary">
          {t('plan.share.save')}
        </button>
      </form>
      <p role="status" data-testid="share-state">
        {page.published ? t('plan.share.published', { date: formatDate(page.published_at) }) : t('plan.share.unpublished')}
      </p>
      <div className="download-list">
        {page.published ? (
          <button type="button" className="btn btn-secondary" onClick={() => void run(() => apiCalls.setPublished(data.survey.id, false))} data-testid="unpublish">
            {t('plan.share.unpublish')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void run(() => apiCalls.setPublished(data.survey.id, true))} data-testid="publish">
            {t('plan.share.publish')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" aria-expanded={showPreview} onClick={() => setShowPreview((s) => !s)} data-testid="preview-toggle">
          {t('plan.share.preview')}
        </button>
      </div>
      <SelectField
        id="share-language"
        label={t('plan.share.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}
        options={languages.map((l) => ({ value: l, label: t(`plan.share.languages.${l}`) }))}
      />
      {page.published && link && (
        <div className="share-link">
          <p>
            {t('plan.share.link')}{' '}
            <a href={link} data-testid="public-link" target="_blank" rel="noopener">
              {link}
            </a>
          </p>
          <img className="share-qr" src={apiCalls.qrUrl(data.survey.id, language)} alt={t('plan.share.qr')} width={160} height={160} />
          <p>
            <a className="btn btn-secondary" href={apiCalls.posterUrl(data.survey.id, language)} download data-testid="poster">
              {t('plan.share.poster')}
            </a>
          </p>
        </div>
      )}
      {showPreview && (
        <div className="share-preview" data-testid="preview">
          <h3>{t('plan.share.previewTitle')}</h3>
          {preview.data ? <ResultsView data={preview.data} /> : preview.status === 'error' ? <p role="alert">{errorText(preview.error)}</p> : <p className="hint">{t('plan.loading')}</p>}
        </div>
      )}
    </section>
  );
}
