/** The questions of an application's draft: bank questions by id, and the company's own questions in every language. */
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../../../shared/locales';
import type { ExtraQuestion, LocalizedDraftText } from '../../../../shared/schemas/application';
import { extraTypeRule } from '../../../../shared/schemas/extra-question-types';
import { languageName } from './detail-rows';

export function QuestionList({ ids, text }: { ids: string[]; text: (id: string) => string }) {
  const { t } = useTranslation('admin');
  if (ids.length === 0) return <p className="hint">{t('application.reportQuestionsNone')}</p>;
  return (
    <ol className="admin-app-questions">
      {ids.map((id) => (
        <li key={id}>
          <span className="admin-app-qid">{id}</span> {text(id) || t('common.none')}
        </li>
      ))}
    </ol>
  );
}

function Texts({ label, text, languages }: { label: string; text: LocalizedDraftText | undefined; languages: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-app-texts">
      <p className="admin-app-texts-label">{label}</p>
      <dl className="admin-dl admin-dl-compact">
        {languages.map((l) => (
          <div key={l}>
            <dt>{languageName(l)}</dt>
            <dd>{text?.[l as QuestionLanguageCode]?.trim() || <span className="admin-app-missing">{t('application.missing')}</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ExtraQuestions({ questions, languages }: { questions: ExtraQuestion[]; languages: string[] }) {
  const { t } = useTranslation('admin');
  if (questions.length === 0) return <p className="hint">{t('application.noneGiven')}</p>;
  const anyText = (x: LocalizedDraftText | undefined) => Object.values(x ?? {}).some((v) => v?.trim());
  return (
    <ol className="admin-app-extra">
      {questions.map((q, i) => {
        // Every language the survey offers, plus any other a text was written in.
        const langs = [...new Set([...languages, ...QUESTION_LANGUAGE_CODES.filter((l) => q.title[l]?.trim())])];
        return (
          <li key={q.id} className="admin-app-extra-item">
            <h3>
              {t('application.questionNumber', { number: i + 1 })}: {t(`application.questionTypes.${q.type}`)}
            </h3>
            <p className="badges">
              {q.required && <span className="badge badge-neutral">{t('application.required')}</span>}
              {q.allow_comments && <span className="badge badge-neutral">{t('application.allowComments')}</span>}
              {extraTypeRule(q.type).draft.scale && q.scale && <span className="badge badge-neutral">{t('application.scale', { min: q.scale.min, max: q.scale.max })}</span>}
            </p>
            <Texts label={t('application.questionTitle')} text={q.title} languages={langs} />
            {anyText(q.description) && <Texts label={t('application.description')} text={q.description} languages={langs} />}
            {extraTypeRule(q.type).draft.answers &&
              q.answers.map((a, n) => <Texts key={n} label={t('application.answerNumber', { number: n + 1 })} text={a} languages={langs} />)}
            {extraTypeRule(q.type).draft.scale && q.scale && anyText(q.scale.min_label) && (
              <Texts label={t('application.minLabel', { value: q.scale.min })} text={q.scale.min_label} languages={langs} />
            )}
            {extraTypeRule(q.type).draft.scale && q.scale && anyText(q.scale.max_label) && (
              <Texts label={t('application.maxLabel', { value: q.scale.max })} text={q.scale.max_label} languages={langs} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
