import { ApplicationBoard } from './board';

/** /profile/puls: the company's PULS applications. */
export default function PulsBoardPage() {
  return <ApplicationBoard type="puls" />;
}
