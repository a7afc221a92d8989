import { Alert, Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { PaymentProducts, SubscriptionProduct } from '../../../contracts/marketplace';
import { selectTier } from '../../machines/sessionMachine';
import { useFlow, useSession } from '../../app/AppContext';
import { CheckoutDialog } from './CheckoutDialog';
import { PricingPlans } from './PricingPlans';

/** The plans of GET products, with checkout for the signed-in user and sign-in for the others. */
export function PricingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const [pathname] = useLocation();
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const tier = useSelector(session, selectTier);
  const products = useFlow('products', undefined);
  const state = useSelector(products, (s) =>
    s?.matches('ready') ? 'ready' : s?.matches('failed') ? 'failed' : 'loading',
  );
  const data = useSelector(products, (s) => s?.context.data as PaymentProducts | null | undefined);
  const [buying, setBuying] = useState<SubscriptionProduct | null>(null);
  const close = useCallback(() => setBuying(null), []);

  if (state === 'loading' || !data) {
    if (state === 'failed')
      return (
        <Alert
          severity="error"
          action={
            <Button onClick={() => products?.send({ type: 'load.retry' })}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {t('commerce.plans.loadFailed')}
        </Alert>
      );
    return <CircularProgress aria-label={t('common.loading')} />;
  }
  return (
    <>
      <PricingPlans
        products={data.subscriptionProducts}
        currentPlan={signedIn ? tier : null}
        onSubscribe={(product) =>
          signedIn ? setBuying(product) : session.send({ type: 'session.signIn', returnTo: pathname })
        }
      />
      {buying && <CheckoutDialog purchase={{ kind: 'plan', priceId: buying.id }} onClose={close} />}
    </>
  );
}
