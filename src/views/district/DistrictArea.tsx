import { Container, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { District } from '../../../contracts/districts';
import { type DistrictCategory, districtCategories } from '../../routes';
import '../../i18n/districtsCatalogue';
import { PageMeta } from '../kit/PageMeta';
import { DistrictSpaces } from './DistrictHome';

type LibraryTab = (typeof districtCategories.library)[number];

// The Owners' pages (forms and their rules) load when opened.
const DistrictMembersPage = lazy(() =>
  import('./DistrictMembers').then((m) => ({ default: m.DistrictMembersPage })),
);
const DistrictSettingsPage = lazy(() =>
  import('./DistrictSettings').then((m) => ({ default: m.DistrictSettingsPage })),
);
const DistrictRequestsPage = lazy(() =>
  import('./DistrictRequests').then((m) => ({ default: m.DistrictRequestsPage })),
);
const DistrictDraftsPage = lazy(() =>
  import('./DistrictDrafts').then((m) => ({ default: m.DistrictDraftsPage })),
);
const DistrictLibraryPage = lazy(() =>
  import('./DistrictLibrary').then((m) => ({ default: m.DistrictLibraryPage })),
);
const DistrictGroupsPage = lazy(() =>
  import('./DistrictGroups').then((m) => ({ default: m.DistrictGroupsPage })),
);

/** A district's section: its heading, the tabs of its subsections, and the one shown. */
export function DistrictArea({
  district,
  category,
  subcategory,
}: {
  district: District;
  category: DistrictCategory;
  subcategory?: string;
}) {
  const { t } = useTranslation();
  const subs = districtCategories[category] as readonly string[];
  const sub = subcategory ?? subs[0];
  const heading = t(`pages.districtArea.${category}`);
  return (
    <Container sx={{ py: 4 }}>
      <PageMeta title={`${heading} · ${district.title}`} />
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.75rem', md: '2.5rem' } }}>
        {heading}
      </Typography>
      <Tabs value={sub} aria-label={heading} variant="scrollable" sx={{ mb: 3 }}>
        {subs.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`pages.districtArea.sub.${s}`)}
            component={Link}
            href={`/${category}/${s}`}
          />
        ))}
      </Tabs>
      <Suspense fallback={null}>
        <Section district={district} category={category} sub={sub} />
      </Suspense>
    </Container>
  );
}

function Section({
  district,
  category,
  sub,
}: {
  district: District;
  category: DistrictCategory;
  sub: string;
}) {
  if (category === 'spaces') {
    if (sub === 'drafts') return <DistrictDraftsPage district={district} />;
    if (sub === 'hosting-requests') return <DistrictRequestsPage district={district} />;
    return <DistrictSpaces district={district} />;
  }
  if (category === 'members')
    return <DistrictMembersPage district={district} tab={sub === 'invitations' ? 'invitations' : 'all'} />;
  if (category === 'groups')
    return <DistrictGroupsPage district={district} tab={sub === 'invitations' ? 'invitations' : 'all'} />;
  if (category === 'library') return <DistrictLibraryPage district={district} tab={sub as LibraryTab} />;
  return <DistrictSettingsPage district={district} tab={sub === 'appearance' ? 'appearance' : 'general'} />;
}
