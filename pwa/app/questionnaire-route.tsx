/**
 * /questionnaire (sl /vprasalnik): the code entry (or 'continue') on top of the public information
 * about the questionnaire. Composed here because features do not import each other.
 */
import { CodeEntry } from '../features/questionnaire/code-entry';
import QuestionnaireInfoPage from '../features/public-pages/questionnaire-page';
import '../features/questionnaire/questionnaire.css';

export default function QuestionnaireRoute() {
  return <QuestionnaireInfoPage codeEntry={<CodeEntry kind="izz" />} />;
}
