import { ApplicationBoard } from './board';

/** /profile/izz: the company's IZZ applications. */
export default function IzzBoardPage() {
  return <ApplicationBoard type="izz" />;
}
