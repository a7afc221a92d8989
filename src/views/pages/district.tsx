import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type DistrictCategory, districtCategories, isKnownSection } from '../../routes';
import { StandardPage } from '../kit/StandardPage';
import { NotFoundPage } from './NotFoundPage';

/** `/` on a district subdomain. */
export function DistrictHomePage({ district }: { district: string }) {
  const { t } = useTranslation();
  return <StandardPage page="districtHome" heading={district} lead={t('pages.districtHome.lead')} notYet />;
}

/** `/{category}` and `/{category}/{subcategory}` on a district subdomain. */
export function DistrictAreaPage({ category, subcategory }: { category: string; subcategory?: string }) {
  const { t } = useTranslation();
  if (!isKnownSection(districtCategories, category, subcategory)) return <NotFoundPage />;
  const c = category as DistrictCategory;
  return (
    <StandardPage page="districtArea" heading={t(`pages.districtArea.${c}`)} notYet>
      <Tabs value={subcategory ?? false} aria-label={t(`pages.districtArea.${c}`)} variant="scrollable">
        {districtCategories[c].map((sub) => (
          <Tab
            key={sub}
            value={sub}
            label={t(`pages.districtArea.sub.${sub}`)}
            component={Link}
            href={`/${c}/${sub}`}
          />
        ))}
      </Tabs>
    </StandardPage>
  );
}
