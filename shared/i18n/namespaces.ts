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
  // print (paper forms, code slips; the report PDFs read 'reports')
  'print',
] as const;
export type TextNamespace = (typeof TEXT_NAMESPACES)[number];
