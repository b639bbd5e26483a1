/**
 * Code-entry pages of their own (light chunk): employeeSatisfactionPage (the invitation's entry in
 * the minimal-header layout) and questionnairePuls (pulse logo only). The public /questionnaire
 * page shows the same CodeEntry above its information (app/questionnaire-route.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { CodeEntry } from './code-entry';
import './questionnaire.css';

function EntryPage({ kind }: { kind: 'izz' | 'puls' }) {
  const { t } = useTranslation('questionnaire');
  useDocumentTitle(t(kind === 'puls' ? 'entry.pulsTitle' : 'entry.title'));
  return (
    <div className="page qf-page">
      <div className="container qf-container">
        <CodeEntry kind={kind} headingLevel={1} />
      </div>
    </div>
  );
}

export const IzzEntryPage = () => <EntryPage kind="izz" />;
export const PulsEntryPage = () => <EntryPage kind="puls" />;
