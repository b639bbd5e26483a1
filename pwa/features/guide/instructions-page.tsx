/**
 * profile/instructions: the HR guide to running a survey on the platform: access codes, invitations
 * and reminders, the kiosk, paper forms and their entry, reports, and why reports hide small groups.
 * Every part links to the profile page where it is done; the button names it quotes are the pages' own
 * texts, so the guide never names a button that does not exist. The minimum group size is the server's
 * (GET /api/config min_group_size).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import type { RouteId } from '../../../shared/routes';
import { useShell } from '../../session/shell-store';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { CodeSlipArt, GuideFigure, HiddenGroupArt, KioskArt, PaperArt } from './guide-figures';
import './guide.css';

export const GUIDE_SECTIONS = ['codes', 'invitations', 'kiosk', 'paper', 'reports', 'anonymity'] as const;
type GuideSection = (typeof GUIDE_SECTIONS)[number];

interface GuideLink {
  to: RouteId;
  label: string;
}

/** The pages of the profile each part leads to. */
const LINKS: Record<GuideSection, GuideLink[]> = {
  codes: [
    { to: 'profileIzz', label: 'guide.surveys' },
    { to: 'profilePuls', label: 'guide.pulsSurveys' },
  ],
  invitations: [{ to: 'profileIzz', label: 'guide.surveys' }],
  kiosk: [{ to: 'kioskSetup', label: 'guide.kiosk.link' }],
  paper: [{ to: 'profileIzz', label: 'guide.surveys' }],
  reports: [
    { to: 'profileIzz', label: 'guide.surveys' },
    { to: 'profilePuls', label: 'guide.pulsSurveys' },
  ],
  anonymity: [],
};

function Timeline() {
  const { t } = useTranslation('pages');
  const points = ['approval', 'invitation', 'reminder', 'end'] as const;
  return (
    <ol className="guide-timeline" aria-label={t('guide.invitations.figure')} data-testid="guide-timeline">
      {points.map((p) => (
        <li key={p}>
          <strong>{t(`guide.invitations.${p}`)}</strong>
          {p !== 'approval' && <span>{t(`guide.invitations.${p}When`)}</span>}
        </li>
      ))}
    </ol>
  );
}

export default function InstructionsPage() {
  const { t } = useTranslation(['pages', 'applications', 'paper-entry']);
  const { config } = useShell();
  useDocumentTitle(t('guide.title'));
  const values = {
    button: t('applications:status.sendReminder'),
    link: t('paper-entry:company.link'),
    min: config?.min_group_size ?? LIMITS.minGroupSizeDefault,
  };
  const steps = (section: GuideSection): string[] => {
    const value: unknown = t(`guide.${section}.steps`, { ...values, returnObjects: true });
    return Array.isArray(value) ? (value as string[]) : [];
  };

  const figures: Partial<Record<GuideSection, ReactNode>> = {
    codes: (
      <GuideFigure caption={t('guide.codes.figure')} viewBox="0 0 368 136" testId="guide-figure-codes">
        <CodeSlipArt />
      </GuideFigure>
    ),
    kiosk: (
      <GuideFigure caption={t('guide.kiosk.figure')} viewBox="0 0 350 136" testId="guide-figure-kiosk">
        <KioskArt />
      </GuideFigure>
    ),
    paper: (
      <GuideFigure caption={t('guide.paper.figure')} viewBox="0 0 370 144" testId="guide-figure-paper">
        <PaperArt />
      </GuideFigure>
    ),
    anonymity: (
      <GuideFigure caption={t('guide.reports.figure')} viewBox="0 0 370 150" testId="guide-figure-anonymity">
        <HiddenGroupArt hidden={t('guide.anonymity.hidden')} />
      </GuideFigure>
    ),
  };

  return (
    <div className="page profile-page guide-page">
      <div className="container guide-container">
        <header className="page-header">
          <h1>{t('guide.title')}</h1>
          <p className="lead">{t('guide.lead')}</p>
        </header>
        <nav className="guide-toc" aria-labelledby="guide-toc-title">
          <h2 id="guide-toc-title">{t('guide.toc')}</h2>
          <ol>
            {GUIDE_SECTIONS.map((s) => (
              <li key={s}>
                <a href={`#guide-${s}`}>{t(`guide.${s}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="guide-sections">
          {GUIDE_SECTIONS.map((s) => (
            <section key={s} id={`guide-${s}`} className="card guide-section" aria-labelledby={`guide-${s}-title`} data-testid={`guide-${s}`}>
              <h2 id={`guide-${s}-title`}>{t(`guide.${s}.title`)}</h2>
              <div className={figures[s] ? 'guide-body guide-body-figure' : 'guide-body'}>
                <div>
                  <p>{t(`guide.${s}.text`, values)}</p>
                  {s === 'invitations' && <Timeline />}
                  <ul className="guide-steps">
                    {steps(s).map((step, i) => (
                      <li key={i}>{step}</li>
                    ))}
                  </ul>
                  {LINKS[s].length > 0 && (
                    <p className="guide-links">
                      {LINKS[s].map((link, i) => (
                        <LocalizedLink key={link.to} to={link.to} className={i === 0 ? 'btn btn-primary' : 'btn btn-secondary'}>
                          {t(link.label)}
                        </LocalizedLink>
                      ))}
                    </p>
                  )}
                </div>
                {figures[s]}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
