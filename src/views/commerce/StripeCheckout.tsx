import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo } from 'react';

/**
 * Stripe's embedded checkout (interop.md §4). This module is loaded only when the checkout
 * session's provider is Stripe: `loadStripe` fetches Stripe's script from Stripe's servers.
 */
export function StripeCheckout({
  publishableKey,
  clientSecret,
  onComplete,
  onLoadFailed,
}: {
  publishableKey: string;
  clientSecret: string;
  onComplete: () => void;
  onLoadFailed: () => void;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  useEffect(() => {
    let live = true;
    stripe.then(
      (s) => {
        if (live && !s) onLoadFailed();
      },
      () => {
        if (live) onLoadFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [stripe, onLoadFailed]);
  const options = useMemo(() => ({ clientSecret, onComplete }), [clientSecret, onComplete]);
  return (
    <EmbeddedCheckoutProvider stripe={stripe} options={options}>
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
