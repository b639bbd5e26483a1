import { ApplicationDetail } from './detail';

/** /profile/izz/:id */
export default function IzzDetailPage() {
  return <ApplicationDetail type="izz" />;
}
