import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { QuestionnaireIntro, QuestionnaireRun } from '../flow';
import { abandonRespondent, submitRespondent, updateSession, type KioskConfig, type KioskSession } from './kiosk-store';

/** One respondent: the intro (language, who takes part), then the questions; 'Cancel' deletes their draft. */
export function KioskRespondent({ config, session, onDone }: { config: KioskConfig; session: KioskSession; onDone(): void }) {
  const { t } = useTranslation('kiosk');
  const pkg = config.package;
  const [language, setLanguage] = useState<QuestionLanguageCode>(session.language);
  const cancel = (
    <p className="kiosk-cancel">
      <button type="button" className="btn btn-link btn-small" onClick={() => void abandonRespondent()}>
        {t('cancel')}
      </button>
    </p>
  );
  if (!session.started)
    return (
      <div className="container kiosk-flow">
        {cancel}
        <QuestionnaireIntro
          pkg={pkg}
          language={language}
          onLanguageChange={(l) => {
            setLanguage(l);
            void updateSession({ language: l });
          }}
          onStart={() => void updateSession({ language, started: true })}
        />
      </div>
    );
  return (
    <div className="container kiosk-flow">
      {cancel}
      <QuestionnaireRun
        pkg={pkg}
        language={language}
        draftId={session.draft_id}
        onExit={() => void updateSession({ started: false })}
        onSubmit={(draftId) => submitRespondent(draftId)}
        onDone={() => onDone()}
      />
    </div>
  );
}
