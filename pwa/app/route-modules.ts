/**
 * Which page component renders each route of the shared route table.
 * Every module default-exports a React component; all are loaded lazily (one chunk each,
 * all precached by the service worker).
 */
import type { ComponentType } from 'react';
import type { RouteId } from '../../shared/routes';

type PageModule = () => Promise<{ default: ComponentType }>;

// The respondent questionnaire: a light code-entry chunk, and the journey after the code (flow, banks, Dexie).
const entry = () => import('../features/questionnaire/entry-page');
const journey = () => import('../features/questionnaire/journey-pages');

/**
 * A respondent's code entry (pwa/main.tsx): what follows an accepted code — the checks and the local store
 * (entry-actions) and the questionnaire's pages — asked for as soon as the app runs, while it takes the page over,
 * so that it is there when the code's answer is. (The server's page does not preload it: on a narrow link it would
 * share the line with the app's own script, which the page waits for.)
 */
export function loadRespondentJourney(): void {
  void import('../features/questionnaire/entry-actions').catch(() => undefined);
  void journey().catch(() => undefined);
}
// The bare confirmation screens: after sending an application, after registering, the sign-in review.
const screens = () => import('../features/guide/screens');

export const ROUTE_MODULES: Record<RouteId, PageModule> = {
  home: () => import('../features/public-pages/home-page'),
  blogs: () => import('../features/public-pages/blogs-page'),
  blogPost: () => import('../features/public-pages/blog-post-page'),
  pastWinners: () => import('../features/public-pages/past-winners-page'),
  calculator: () => import('../features/public-pages/calculator-page'),
  contact: () => import('../features/contact/contact-page'),
  cookies: () => import('../features/public-pages/cookies-page'),
  gdpr: () => import('../features/public-pages/gdpr-page'),
  feedback: () => import('../features/public-pages/feedback-page'),
  awardConditions: () => import('../features/public-pages/award-conditions-page'),
  conductingResearch: () => import('../features/public-pages/conducting-research-page'),
  projectHistory: () => import('../features/public-pages/project-history-page'),
  reports: () => import('../features/public-pages/reports-page'),
  puls: () => import('../features/public-pages/puls-page'),
  termsOfService: () => import('../features/public-pages/terms-page'),
  questionnaire: () => import('./questionnaire-route'),

  login: () => import('../features/accounts/login-page'),
  loginAsClient: () => import('../features/admin/login-as-client-page'),
  register: () => import('../features/accounts/register-page'),
  confirmEmail: () => import('../features/accounts/confirm-email-page'),
  forgotPassword: () => import('../features/accounts/forgot-password-page'),
  loginReview: () => screens().then((m) => ({ default: m.LoginReviewPage })),
  questionnaireReview: () => journey().then((m) => ({ default: m.IzzReviewPage })),
  questionnairePuls: () => entry().then((m) => ({ default: m.PulsEntryPage })),
  questionnairePulsLoginReview: () => journey().then((m) => ({ default: m.PulsLoginReviewPage })),
  questionnairePulsQuestionnaire: () => journey().then((m) => ({ default: m.PulsQuestionsPage })),
  questionnairePulsReview: () => journey().then((m) => ({ default: m.PulsReviewPage })),
  questionnairePulsSuccess: () => journey().then((m) => ({ default: m.PulsSuccessPage })),
  employeeSatisfactionPage: () => entry().then((m) => ({ default: m.IzzEntryPage })),
  employeeSatisfactionQuestionnaire: () => journey().then((m) => ({ default: m.IzzQuestionsPage })),
  employeeSatisfactionSuccess: () => journey().then((m) => ({ default: m.IzzSuccessPage })),
  successAdmin: () => screens().then((m) => ({ default: m.IzzSentPage })),
  successAdminPuls: () => screens().then((m) => ({ default: m.PulsSentPage })),
  successUser: () => screens().then((m) => ({ default: m.RegisteredPage })),
  profileIzz: () => import('../features/applications/izz-board-page'),
  profileIzzDetail: () => import('../features/applications/izz-detail-page'),
  profilePuls: () => import('../features/applications/puls-board-page'),
  profilePulsDetail: () => import('../features/applications/puls-detail-page'),
  profileEdit: () => import('../features/profile/profile-edit-page'),
  profileChangePassword: () => import('../features/profile/change-password-page'),
  profileFeedback: () => import('../features/profile/testimonial-page'),
  profileInstructions: () => import('../features/guide/instructions-page'),
  profileAward: () => import('../features/profile/award-page'),
  profileIzzActions: () => import('../features/actions/action-plan-page'),
  employeeResults: () => import('../features/actions/results-page'),
  kioskSetup: () => import('../features/questionnaire/kiosk/kiosk-setup-page'),
  profileIzzEntry: () => import('../features/paper-entry/entry-page'),
  questionnaireKiosk: () => import('../features/questionnaire/kiosk/kiosk-page'),
  reportBasic: () => import('../features/reports/basic-report-page'),
  reportBenchmark: () => import('../features/reports/benchmark-report-page'),
  reportComparative: () => import('../features/reports/comparative-report-page'),
  reportPuls: () => import('../features/reports/puls-report-page'),
  resetPassword: () => import('../features/accounts/reset-password-page'),
  admin: () => import('../features/admin/admin-home-page'),
  adminCompanies: () => import('../features/admin/companies-page'),
  adminCompany: () => import('../features/admin/company-page'),
  adminApplications: () => import('../features/admin/applications-page'),
  adminApplication: () => import('../features/admin/application-page'),
  adminOutbox: () => import('../features/admin/outbox-page'),
  adminPrices: () => import('../features/admin/prices-page'),
  adminTestimonials: () => import('../features/admin/testimonials-page'),
  adminAuditLog: () => import('../features/admin/audit-log-page'),
  adminAward: () => import('../features/admin/award-page'),
  adminBlogs: () => import('../features/admin/blogs-page'),
  adminBlogNew: () => import('../features/admin/blog-editor-page'),
  adminBlog: () => import('../features/admin/blog-editor-page'),
};
