// Texts of the paper form's items in the paper's language (the question banks and the survey's own
// questions), so the entry screen reads like the form in HR's hand.
import { DEMOGRAPHIC_QUESTIONS, ENPS_QUESTION, ESI_QUESTIONS, PRAISE_CRITIQUE_QUESTION, SCALE_LABELS, statementById } from '../../../shared/question-banks/index';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { localizedText, type LocalizedRecord } from '../../../shared/i18n/localized-text';
import type { EntryItem } from './keying';

type Texts = LocalizedRecord;

export interface ItemLabels {
  question: string;
  /** Option labels in printed order (keyed 1..n); for statements the scale labels 1-4. */
  options: string[];
}

export function itemLabels(item: EntryItem, pkg: QuestionnairePackage, language: string): ItemLabels {
  switch (item.kind) {
    case 'statement':
      // The 1-4 agreement scale, as printed above the boxes (keyed 1..4 like options).
      return { question: localizedText(statementById(item.id)?.text, language), options: SCALE_LABELS.map((l) => localizedText(l.label, language)) };
    case 'enps':
      return { question: localizedText(ENPS_QUESTION.question, language), options: [] };
    case 'esi':
      return { question: localizedText(ESI_QUESTIONS.find((q) => q.id === item.id)?.question, language), options: [] };
    case 'demographic': {
      const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === item.id);
      return { question: localizedText(q?.question, language), options: (q?.options ?? []).map((o) => localizedText(o.label, language)) };
    }
    case 'department':
    case 'location':
      return { question: '', options: item.options };
    case 'extra': {
      const q = pkg.extra_questions.find((e) => e.id === item.id);
      return { question: localizedText(q?.title as Texts | undefined, language), options: (q?.answers ?? []).map((a) => localizedText(a as Texts, language)) };
    }
    case 'praise_critique':
      return { question: localizedText(PRAISE_CRITIQUE_QUESTION.question, language), options: [] };
    case 'comment':
      return { question: '', options: [] };
  }
}
