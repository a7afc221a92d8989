import { Breadcrumbs, Link as MuiLink, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isKnownSection, type ProfileCategory, profileCategories } from '../../routes';
import { StandardPage } from '../kit/StandardPage';
import { NotFoundPage } from './NotFoundPage';

export function LoginPage() {
  return <StandardPage page="login" notYet width="text" />;
}

export function WalletPage() {
  return <StandardPage page="wallet" notYet />;
}

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <StandardPage page="settings" notYet>
      <Tabs value="visibility" aria-label={t('pages.settings.tabs')}>
        <Tab value="visibility" label={t('pages.settings.visibility')} />
      </Tabs>
    </StandardPage>
  );
}

/** /user, /user/{userId}, /user/{userId}/{category}, /user/{userId}/{category}/{subcategory}. */
export function UserPage({
  userId,
  category,
  subcategory,
}: {
  userId?: string;
  category?: string;
  subcategory?: string;
}) {
  const { t } = useTranslation();
  if (!isKnownSection(profileCategories, category, subcategory)) return <NotFoundPage />;
  const base = `/user/${encodeURIComponent(userId ?? 'me')}`;
  return (
    <StandardPage page="user" notYet>
      {category && (
        <Breadcrumbs aria-label={t('pages.user.breadcrumbs')} sx={{ mb: 3 }}>
          <MuiLink component={Link} href={base} color="inherit">
            {t('pages.user.heading')}
          </MuiLink>
          <Typography color={subcategory ? 'inherit' : 'text.primary'}>
            {t(`pages.user.categories.${category}`)}
          </Typography>
          {subcategory && (
            <Typography color="text.primary">{t(`pages.user.subcategories.${subcategory}`)}</Typography>
          )}
        </Breadcrumbs>
      )}
      <Tabs value={category ?? false} aria-label={t('pages.user.sections')} variant="scrollable">
        {(Object.keys(profileCategories) as ProfileCategory[]).map((c) => (
          <Tab
            key={c}
            value={c}
            label={t(`pages.user.categories.${c}`)}
            component={Link}
            href={`${base}/${c}`}
          />
        ))}
      </Tabs>
    </StandardPage>
  );
}
