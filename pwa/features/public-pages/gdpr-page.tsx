import { LegalPage } from './page-parts';

export default function GdprPage() {
  return <LegalPage textKey="gdpr" idPrefix="gdpr" />;
}
