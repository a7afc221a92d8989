import { Alert, Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { SubscriptionProduct } from '../../../contracts/marketplace';
import { selectTier } from '../../machines/sessionMachine';
import { useSession } from '../AppContext';
import { CheckoutDialog } from './CheckoutDialog';
import { PricingPlans } from './PricingPlans';
import { useMarketplaceLoad } from './useMarketplaceLoad';

/** The plans of GET products, with checkout for the signed-in user and sign-in for the others. */
export function PricingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const [pathname] = useLocation();
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const tier = useSelector(session, selectTier);
  const products = useMarketplaceLoad((m, signal) => m.products(signal));
  const [buying, setBuying] = useState<SubscriptionProduct | null>(null);
  const close = useCallback(() => setBuying(null), []);

  if (products.status === 'loading') return <CircularProgress aria-label={t('common.loading')} />;
  if (products.status === 'failed')
    return (
      <Alert severity="error" action={<Button onClick={products.reload}>{t('common.actions.retry')}</Button>}>
        {t('commerce.plans.loadFailed')}
      </Alert>
    );
  return (
    <>
      <PricingPlans
        products={products.data.subscriptionProducts}
        currentPlan={signedIn ? tier : null}
        onSubscribe={(product) =>
          signedIn ? setBuying(product) : session.send({ type: 'session.signIn', returnTo: pathname })
        }
      />
      {buying && <CheckoutDialog purchase={{ kind: 'plan', priceId: buying.id }} onClose={close} />}
    </>
  );
}
