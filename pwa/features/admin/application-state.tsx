import { useTranslation } from 'react-i18next';
import type { ApplicationState } from '../../../shared/schemas/application';
import { Badge, type BadgeTone } from './admin-parts';

const TONES: Record<ApplicationState, BadgeTone> = {
  draft: 'neutral',
  submitted: 'warn',
  in_review: 'warn',
  changes_requested: 'neutral',
  approved: 'ok',
  in_progress: 'ok',
  finished: 'neutral',
};

/** The application's lifecycle state as a badge (text, not colour alone). */
export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[state] ?? 'neutral'}>{t(`applicationStates.${state}`, { defaultValue: state })}</Badge>;
}

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' (dates of the survey are calendar days, no time zone). */
export function formatDay(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  const a = formatDay(start);
  const b = formatDay(end);
  return a || b ? `${a || '…'} – ${b || '…'}` : '';
}
