import { StandardPage } from '../kit/StandardPage';

export function ExplorePage() {
  return <StandardPage page="explore" notYet />;
}
