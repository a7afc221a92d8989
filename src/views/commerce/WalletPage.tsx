import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  autoRenews,
  formatPrice,
  type MySubscription,
  type Payment,
  type PaymentProducts,
  subscriptionStatus,
  type Wallet,
} from '../../../contracts/marketplace';
import type { CheckoutResult, Purchase } from '../../machines/checkoutMachine';
import { marketplaceApi } from '../../services/marketplace';
import { useApi, useSession } from '../AppContext';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { useNotification } from '../hubs/useNotification';
import { StandardPage } from '../kit/StandardPage';
import { CheckoutDialog } from './CheckoutDialog';
import { CreditBundlePicker } from './CreditBundlePicker';
import { type Loaded, useMarketplaceLoad } from './useMarketplaceLoad';

const historyPageSize = 10;

/** /wallet (platform.md §2.9): credits, plan, payment method and payment history; sign-in required. */
export function WalletPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const [pathname] = useLocation();
  return (
    <StandardPage page="wallet" lead={signedIn ? undefined : t('auth.signInRequired')}>
      {signedIn ? (
        <WalletView />
      ) : signedOut ? (
        <Button
          variant="contained"
          onClick={() => session.send({ type: 'session.signIn', returnTo: pathname })}
        >
          {t('auth.signIn')}
        </Button>
      ) : (
        <CircularProgress aria-label={t('shell.loading')} />
      )}
    </StandardPage>
  );
}

function WalletView() {
  const { t } = useTranslation();
  const wallet = useMarketplaceLoad((m, signal) => m.wallet(signal));
  const subscription = useMarketplaceLoad((m, signal) => m.mySubscription(signal));
  const products = useMarketplaceLoad((m, signal) => m.products(signal));
  const api = useApi();
  const payments = useInfiniteList<Payment, Record<string, never>>(
    async (body, signal) => (await marketplaceApi(api).payments(body, signal)).items,
    {},
    historyPageSize,
  );
  const paymentItems = useSelector(payments, (s) => s.context.items as Payment[]);
  const [purchase, setPurchase] = useState<Purchase | null>(null);

  // The balance follows the hub's Wallet event without a reload.
  const setWallet = wallet.status === 'ready' ? wallet.set : null;
  const currentWallet = wallet.status === 'ready' ? wallet.data : null;
  useNotification('Wallet', (payload) => {
    const balance = (payload as { availableBalance?: unknown } | null)?.availableBalance;
    if (typeof balance === 'number' && setWallet && currentWallet)
      setWallet({ ...currentWallet, availableBalance: balance });
  });
  const reloadSubscription = subscription.reload;
  useNotification('Subscription', () => reloadSubscription());

  const finished = useCallback(
    (result: CheckoutResult | null) => {
      if (result?.wallet && setWallet) setWallet(result.wallet);
      else if (!result) wallet.reload();
      payments.send({ type: 'list.refresh' });
    },
    [setWallet, wallet, payments],
  );
  const closeCheckout = useCallback(() => setPurchase(null), []);

  return (
    <Stack spacing={5}>
      <Section title={t('wallet.credits')}>
        <Loading loaded={wallet} failed={t('commerce.wallet.loadFailed')}>
          {(w: Wallet) => (
            <Typography variant="h2" component="p">
              {t('wallet.creditsCount', { count: w.availableBalance })}
            </Typography>
          )}
        </Loading>
      </Section>
      <Section title={t('wallet.buyCredits')}>
        <Loading loaded={products} failed={t('commerce.wallet.loadFailed')}>
          {(p: PaymentProducts) => <BuyCredits products={p} onBuy={setPurchase} />}
        </Loading>
      </Section>
      <Section title={t('commerce.wallet.plan')}>
        <Loading loaded={subscription} failed={t('commerce.wallet.loadFailed')}>
          {(s: MySubscription) => <PlanStatus subscription={s} onChanged={subscription.reload} />}
        </Loading>
      </Section>
      <Section title={t('wallet.paymentMethod')}>
        <PaymentMethod payments={paymentItems} />
      </Section>
      <Section title={t('wallet.paymentHistory')}>
        <PaymentHistory payments={paymentItems} />
        <ListFooter
          list={payments}
          empty={<Typography color="text.secondary">{t('wallet.noPayments')}</Typography>}
        />
      </Section>
      {purchase && <CheckoutDialog purchase={purchase} onFinished={finished} onClose={closeCheckout} />}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Loading<T>({
  loaded,
  failed,
  children,
}: {
  loaded: Loaded<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loaded.status === 'loading') return <CircularProgress aria-label={t('common.loading')} />;
  if (loaded.status === 'failed')
    return (
      <Alert severity="error" action={<Button onClick={loaded.reload}>{t('common.actions.retry')}</Button>}>
        {failed}
      </Alert>
    );
  return <>{children(loaded.data)}</>;
}

function BuyCredits({ products, onBuy }: { products: PaymentProducts; onBuy: (purchase: Purchase) => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <CreditBundlePicker bundles={products.oneTimeProducts} selectedId={selected} onChange={setSelected} />
      <Button
        variant="contained"
        disabled={!selected}
        onClick={() => selected && onBuy({ kind: 'credits', productId: selected })}
      >
        {t('wallet.buyCredits')}
      </Button>
    </Stack>
  );
}

function PlanStatus({ subscription, onChanged }: { subscription: MySubscription; onChanged: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (subscription.plan === 'free')
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('commerce.wallet.planName', { plan: t('wallet.plan.free') })}</Typography>
        <Button variant="outlined" component={Link} href="/pricing">
          {t('commerce.wallet.seePlans')}
        </Button>
      </Stack>
    );
  const status = subscriptionStatus(subscription);
  const renews = autoRenews(subscription);
  const date = subscription.endsAt ? new Date(subscription.endsAt).toLocaleDateString() : null;
  const change = async (what: 'cancel' | 'resume') => {
    setConfirming(false);
    setBusy(true);
    setFailed(false);
    try {
      const market = marketplaceApi(api);
      await (what === 'cancel' ? market.cancelSubscription() : market.resumeSubscription());
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h3" component="p">
        {t('commerce.wallet.planName', { plan: t(`wallet.plan.${subscription.plan}`) })}
      </Typography>
      <Typography>
        {t('commerce.wallet.status', { status: t(`wallet.subscription.status.${status}`) })}
      </Typography>
      {status === 'active' && (
        <Typography>
          {renews ? t('wallet.subscription.autoRenewalOn') : t('wallet.subscription.autoRenewalOff')}
        </Typography>
      )}
      {date && status !== 'expired' && (
        <Typography color="text.secondary">
          {renews ? t('wallet.subscription.renewsAt', { date }) : t('wallet.subscription.endsAt', { date })}
        </Typography>
      )}
      {failed && <Alert severity="error">{t('commerce.wallet.renewalFailed')}</Alert>}
      {status === 'active' &&
        (renews ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirming(true)}>
            {t('commerce.wallet.cancelAutoRenewal')}
          </Button>
        ) : (
          <Button variant="outlined" disabled={busy} onClick={() => void change('resume')}>
            {t('commerce.wallet.resumeAutoRenewal')}
          </Button>
        ))}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-renewal-title">
        <DialogTitle id="cancel-renewal-title">{t('commerce.wallet.confirmCancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {date
              ? t('commerce.wallet.confirmCancelUntil', { date })
              : t('commerce.wallet.confirmCancelText')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('commerce.wallet.keepAutoRenewal')}</Button>
          <Button color="error" variant="contained" onClick={() => void change('cancel')}>
            {t('commerce.wallet.cancelAutoRenewal')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The card of the last paid payment (the test provider's card, or Stripe's saved card). */
function PaymentMethod({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const last = payments.find((p) => p.status === 'paid');
  if (!last) return <Typography>{t('commerce.wallet.noPaymentMethod')}</Typography>;
  const last4 = last.cardLast4;
  if (last.provider !== 'test') {
    return (
      <Typography>
        {last4 ? t('commerce.wallet.stripeCardEnding', { last4 }) : t('commerce.wallet.stripeCard')}
      </Typography>
    );
  }
  return (
    <Typography>
      {last4 ? t('commerce.wallet.testCardEnding', { last4 }) : t('commerce.wallet.testCard')}
    </Typography>
  );
}

function PaymentHistory({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  if (payments.length === 0) return null;
  return (
    <Table size="small" aria-label={t('wallet.paymentHistory')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('commerce.wallet.history.date')}</TableCell>
          <TableCell>{t('commerce.wallet.history.description')}</TableCell>
          <TableCell align="right">{t('commerce.wallet.history.amount')}</TableCell>
          <TableCell>{t('commerce.wallet.history.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {payments.map((p) => (
          <TableRow key={p.paymentId}>
            <TableCell>{new Date(p.createdAt).toLocaleDateString()}</TableCell>
            <TableCell>{p.description}</TableCell>
            <TableCell align="right">{formatPrice(p.amount, p.currency)}</TableCell>
            <TableCell>{t(`commerce.wallet.history.statuses.${p.status}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
