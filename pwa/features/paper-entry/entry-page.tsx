/**
 * HR data entry of paper answers (route profileIzzEntry: /profil/izz/:id/vnos, /en/profile/izz/:id/entry;
 * company users). docs/decisions/0023-paper-data-entry.md "Paper data entry".
 *
 * Online, the page fetches the entry package (GET /api/paper-entry/surveys/:id) and keeps it on this device,
 * so entry keeps working offline. Per form: the code (typed, a USB scanner typing the QR's URL, or the
 * camera where BarcodeDetector exists), then the keying grid in the paper's printed order, the review
 * (type an item number + Enter to correct it, Enter alone saves), and with double entry a second keying and
 * the differences to resolve. Saved forms go to the outbox; the app's sync engine sends them exactly once.
 *
 * The passes and the differences are entryFlowReducer (entry-flow.ts); each step is its own component. The
 * form in progress is kept on this device after every transition (one write after another), so a reload,
 * also offline, resumes it with the first keying of a double entry; it is deleted when the form is saved or
 * discarded.
 *
 * Beside keying, HR can have forms read by the machine from scans or photos (scan-panel.tsx): read on this device,
 * only the doubtful marks and the written texts reviewed, then queued exactly like keyed forms.
 */
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { CodeStep } from './code-step';
import { DiffStep } from './diff-step';
import { NS } from './display';
import { EntrySettings } from './entry-settings';
import { KeyingStep } from './keying-step';
import { QueuePanel } from './queue-panel';
import { ReviewStep } from './review-step';
import { ScanPanel } from './scan-panel';
import { usePaperEntry } from './use-paper-entry';
import './paper-entry.css';

export default function PaperEntryPage() {
  const { t, ready } = useTranslation(NS);
  const { surveyId, config, setConfig, load, loadError, flow, notice, setNotice, keepFailed, items, language, dispatch, cancel } = usePaperEntry();
  useDocumentTitle(ready ? t('title') : '');
  const { phase, keying } = flow;

  if (!ready || load === 'loading') return <div className="spinner" role="status" aria-label="…" />;

  return (
    <div className="page profile-page paper-entry-page">
      <div className="container">
        <header className="page-header pe-header">
          <h1>{t('title')}</h1>
          {config && phase.step === 'code' && <p className="lead">{t('lead', { name: config.package.name })}</p>}
        </header>
        {load === 'missing' && <p className="notice notice-info">{t('needOnline')}</p>}
        {keepFailed && phase.step !== 'code' && (
          <p className="notice notice-error" role="alert" data-testid="pe-keep-failed">
            {t('keepFailed')}
          </p>
        )}
        {load === 'error' && (
          <p className="notice notice-error" role="alert">
            {loadError ?? t('loadFailed')}
          </p>
        )}
        {config && load === 'ready' && (
          <>
            {phase.step === 'code' && (
              <>
                <CodeStep
                  config={config}
                  notice={notice}
                  onStart={(code, hash) => {
                    setNotice(null);
                    dispatch({ type: 'start', code, hash });
                  }}
                />
                <ScanPanel config={config} surveyId={surveyId} items={items} language={language} onConfig={setConfig} />
                <EntrySettings config={config} surveyId={surveyId} onChange={setConfig} />
              </>
            )}
            {phase.step === 'keying' && (
              <KeyingStep
                items={items}
                config={config}
                language={language}
                state={keying}
                pass={phase.pass}
                code={phase.code}
                double={config.double_entry}
                onState={(next) => dispatch({ type: 'keyed', keying: next })}
                onCancel={cancel}
              />
            )}
            {phase.step === 'review' && (
              <ReviewStep
                items={items}
                config={config}
                language={language}
                values={keying.values}
                code={phase.code}
                pass={phase.pass}
                double={config.double_entry}
                onCorrect={(index) => dispatch({ type: 'correct', index })}
                onCancel={cancel}
                onSave={() => dispatch({ type: 'confirm', double: config.double_entry })}
              />
            )}
            {phase.step === 'diff' && (
              <DiffStep
                items={items}
                config={config}
                language={language}
                phase={phase}
                onChoose={(key, which) => dispatch({ type: 'choose', key, which })}
                onCancel={cancel}
                onSave={() => dispatch({ type: 'resolve' })}
              />
            )}
            <QueuePanel surveyId={surveyId} />
          </>
        )}
        <p className="pe-back">
          <LocalizedLink to="profileIzzDetail" params={{ id: surveyId }}>
            {t('back')}
          </LocalizedLink>
        </p>
      </div>
    </div>
  );
}
