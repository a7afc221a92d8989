import { lazy, Suspense } from 'react';
import type { DistrictCategory } from '../../../contracts/routeMap';
import { districtCategories, isKnownSection } from '../../routes';
import { DistrictGate } from '../district/DistrictGate';
import { DistrictHome } from '../district/DistrictHome';
import { NotFoundPage } from './NotFoundPage';

// A district's sections (tabs, lists and the Owners' forms) load when opened: a visitor's first
// visit to its home stays small.
const DistrictArea = lazy(() =>
  import('../district/DistrictArea').then((m) => ({ default: m.DistrictArea })),
);

/** `/` on a district subdomain: the district's home. */
export function DistrictHomePage(_: { district: string }) {
  return <DistrictGate>{(district) => <DistrictHome district={district} />}</DistrictGate>;
}

/** `/{category}` and `/{category}/{subcategory}` on a district subdomain. */
export function DistrictAreaPage({ category, subcategory }: { category: string; subcategory?: string }) {
  if (!isKnownSection(districtCategories, category, subcategory)) return <NotFoundPage />;
  return (
    <DistrictGate>
      {(district) => (
        <Suspense fallback={null}>
          <DistrictArea
            district={district}
            category={category as DistrictCategory}
            subcategory={subcategory}
          />
        </Suspense>
      )}
    </DistrictGate>
  );
}
