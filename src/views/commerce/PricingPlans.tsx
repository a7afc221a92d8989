import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatPrice,
  type Interval,
  type PaidPlan,
  type SubscriptionProduct,
  yearlyDiscountPercent,
} from '../../../contracts/marketplace';
import type { Tier } from '../../../contracts/roles';
import { planPrices } from './products';

const freePoints = ['publishedSpaces', 'drafts'] as const;

/**
 * Free, Standard and Pro side by side (districts-commerce-spaces.md §3 'Subscription plan', §9):
 * a monthly/yearly toggle (yearly by default); yearly shows the discount and the 12×monthly price
 * struck through. The current plan is marked; the others offer 'Subscribe to {plan}'.
 */
export function PricingPlans({
  products,
  currentPlan,
  onSubscribe,
}: {
  products: readonly SubscriptionProduct[];
  /** The signed-in user's plan; null when signed out. */
  currentPlan: Tier | null;
  onSubscribe: (product: SubscriptionProduct) => void;
}) {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<Interval>('yearly');
  const prices = planPrices(products);
  return (
    <Stack spacing={3}>
      <ToggleButtonGroup
        exclusive
        value={interval}
        onChange={(_, value: Interval | null) => value && setInterval(value)}
        aria-label={t('commerce.plans.billingPeriod')}
        sx={{ alignSelf: 'center' }}
      >
        <ToggleButton value="monthly">{t('wallet.plan.monthly')}</ToggleButton>
        <ToggleButton value="yearly">{t('wallet.plan.yearly')}</ToggleButton>
      </ToggleButtonGroup>
      <Grid container spacing={3}>
        <PlanCard
          plan="free"
          current={currentPlan === 'free'}
          points={freePoints.map((p) => t(`wallet.plan.descriptionPoints.free.${p}`))}
        >
          <Typography variant="h3" component="p">
            {formatPrice(0)}
          </Typography>
        </PlanCard>
        {(['standard', 'pro'] as const).map((plan) => {
          const product = prices[plan][interval];
          return (
            <PlanCard
              key={plan}
              plan={plan}
              current={currentPlan === plan}
              points={product?.descriptionPoints ?? []}
            >
              {product && <PlanPrice product={product} monthly={prices[plan].monthly} />}
              {product && currentPlan !== plan && (
                <Button variant="contained" sx={{ mt: 2 }} onClick={() => onSubscribe(product)}>
                  {t('commerce.plans.subscribeTo', { plan: t(`wallet.plan.${plan}`) })}
                </Button>
              )}
            </PlanCard>
          );
        })}
      </Grid>
    </Stack>
  );
}

function PlanCard({
  plan,
  current,
  points,
  children,
}: {
  plan: 'free' | PaidPlan;
  current: boolean;
  points: readonly string[];
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`wallet.plan.${plan}`);
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card
        component="article"
        aria-label={name}
        variant="outlined"
        sx={{
          height: '100%',
          borderColor: current ? 'primary.main' : undefined,
          borderWidth: current ? 2 : 1,
        }}
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h2">{name}</Typography>
            {current && <Chip color="primary" size="small" label={t('wallet.plan.current')} />}
          </Stack>
          {children}
          <Box component="ul" sx={{ pl: 2.5, mt: 2 }}>
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** '€100 / year', 'Save 16%' and '€120 / year' struck through; or '€10 / month'. */
function PlanPrice({ product, monthly }: { product: SubscriptionProduct; monthly?: SubscriptionProduct }) {
  const { t } = useTranslation();
  const price = formatPrice(product.priceAmount, product.currency);
  if (product.interval === 'monthly')
    return (
      <Typography variant="h3" component="p">
        {t('wallet.plan.perMonth', { price })}
      </Typography>
    );
  const discount = monthly ? yearlyDiscountPercent(monthly.priceAmount, product.priceAmount) : 0;
  const original = monthly ? formatPrice(12 * monthly.priceAmount, monthly.currency) : null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="h3" component="p">
        {t('wallet.plan.perYear', { price })}
      </Typography>
      {discount > 0 && original && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            component="s"
            color="text.secondary"
            aria-label={t('commerce.plans.originalPrice', {
              price: t('wallet.plan.originalYearly', { price: original }),
            })}
          >
            {t('wallet.plan.originalYearly', { price: original })}
          </Typography>
          <Chip size="small" color="success" label={t('wallet.plan.discount', { percent: discount })} />
        </Stack>
      )}
    </Stack>
  );
}
