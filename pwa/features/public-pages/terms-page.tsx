import { LegalPage } from './page-parts';

export default function TermsPage() {
  return <LegalPage textKey="termsOfService" idPrefix="terms" />;
}
