import PaidIcon from '@mui/icons-material/Paid';
import SavingsIcon from '@mui/icons-material/Savings';
import TollIcon from '@mui/icons-material/Toll';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, ButtonBase, Card, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, type OneTimeProduct } from '../../../contracts/marketplace';
import { bundlesCovering, creditBundles } from './products';

/** credits-icon-1 … credits-icon-4: more coins for bigger bundles. */
const bundleIcons = { 1: TollIcon, 2: PaidIcon, 3: SavingsIcon, 4: WorkspacePremiumIcon } as const;

/**
 * Credit bundles as cards (platform.md §2.9 'Credit bundle picker'): credits, price with the
 * currency's symbol and an icon. At most one is selected; choosing the selected one again clears
 * the choice. With `minCredits`, only the first 3 bundles that cover them are offered.
 */
export function CreditBundlePicker({
  bundles,
  selectedId,
  onChange,
  minCredits,
  disabled = false,
}: {
  bundles: readonly OneTimeProduct[];
  selectedId: string | null;
  onChange: (productId: string | null) => void;
  minCredits?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const shown = minCredits === undefined ? creditBundles(bundles) : bundlesCovering(bundles, minCredits);
  if (shown.length === 0) return <Typography color="text.secondary">{t('commerce.bundles.none')}</Typography>;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="h3" component="h3" sx={{ mb: 2 }}>
        {t('commerce.bundles.label')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {shown.map((bundle) => {
          const selected = bundle.id === selectedId;
          const Icon = bundleIcons[bundle.iconId as keyof typeof bundleIcons] ?? TollIcon;
          const credits = t('wallet.creditsCount', { count: bundle.coinAmount });
          const price = formatPrice(bundle.priceAmount, bundle.currency);
          return (
            <Card
              key={bundle.id}
              variant="outlined"
              sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
            >
              <ButtonBase
                aria-pressed={selected}
                aria-label={`${credits}, ${price}`}
                disabled={disabled}
                onClick={() => onChange(selected ? null : bundle.id)}
                sx={{ p: 2, minWidth: 140, display: 'flex', flexDirection: 'column', gap: 0.5 }}
              >
                <Icon
                  className={`credits-icon-${bundle.iconId}`}
                  color={selected ? 'primary' : 'action'}
                  fontSize="large"
                  aria-hidden
                />
                <Typography sx={{ fontWeight: 600 }}>{credits}</Typography>
                <Typography color="text.secondary">{price}</Typography>
                <Typography variant="caption" color={selected ? 'primary' : 'text.secondary'}>
                  {selected ? t('wallet.bundles.selected') : t('wallet.bundles.select')}
                </Typography>
              </ButtonBase>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
}

/** 'Insufficient credits…' with the bundles that cover the missing credits. */
export function InsufficientCredits({
  missing,
  bundles,
  selectedId,
  onChange,
}: {
  missing: number;
  bundles: readonly OneTimeProduct[];
  selectedId: string | null;
  onChange: (productId: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography role="alert" color="error">
        {t('errors.insufficientCredits')}
      </Typography>
      <CreditBundlePicker
        bundles={bundles}
        selectedId={selectedId}
        onChange={onChange}
        minCredits={missing}
      />
    </Stack>
  );
}
