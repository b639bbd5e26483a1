/**
 * Every user-facing text lives in shared/i18n/<locale>/<namespace>.json: one folder per UI locale,
 * one file per namespace. The PWA loads them lazily (pwa/i18n), the server and print read them through
 * shared/i18n/node.ts; i18next does lookup, interpolation ({{name}}) and plurals everywhere.
 */
export const TEXT_NAMESPACES = [
  // screens
  'common',
  'pages',
  'account',
  'admin',
  'applications',
  'kiosk',
  'paper-entry',
  'questionnaire',
  'reports',
  'actions',
  // the API's error messages and the shared schemas' field messages (server and PWA, imported statically there)
  'errors',
  'fields',
  // server only: the mails (account, application review, survey invitation, contact)
  'mail',
  // server only: first-start content (the operator's footer, the demo surveys' extra questions)
  'seed',
  // server only: print (paper forms, code slips; the report PDFs read 'reports')
  'print',
] as const;
export type TextNamespace = (typeof TEXT_NAMESPACES)[number];
