import { ApplicationDetail } from './detail';

/** /profile/puls/:id */
export default function PulsDetailPage() {
  return <ApplicationDetail type="puls" />;
}
