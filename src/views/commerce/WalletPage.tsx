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
import type { CheckoutResult } from '../../machines/checkoutMachine';
import type { LoadActorRef } from '../../machines/loadMachine';
import type { WalletPageActorRef } from '../../machines/walletPageMachine';
import { useFlow, useSession } from '../../app/AppContext';
import { ListFooter } from '../kit/ListFooter';
import { StandardPage } from '../kit/StandardPage';
import { CheckoutDialog } from './CheckoutDialog';
import { CreditBundlePicker } from './CreditBundlePicker';

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
  const page = useFlow('walletPage', undefined, { systemId: 'walletPage' });
  if (!page) return null;
  return <WalletSections page={page} />;
}

function WalletSections({ page }: { page: WalletPageActorRef }) {
  const { t } = useTranslation();
  const children = useSelector(page, (s) => s.children);
  const paymentItems = useSelector(children.payments, (s) => (s?.context.items ?? noPayments) as Payment[]);
  const purchase = useSelector(page, (s) => s.context.purchase);
  const finished = useCallback(
    (result: CheckoutResult | null) => page.send({ type: 'checkout.finished', result }),
    [page],
  );
  const closeCheckout = useCallback(() => page.send({ type: 'checkout.closed' }), [page]);

  return (
    <Stack spacing={5}>
      <Section title={t('wallet.credits')}>
        <Loading loaded={children.wallet} failed={t('commerce.wallet.loadFailed')}>
          {(w: Wallet) => (
            <Typography variant="h2" component="p">
              {t('wallet.creditsCount', { count: w.availableBalance })}
            </Typography>
          )}
        </Loading>
      </Section>
      <Section title={t('wallet.buyCredits')}>
        <Loading loaded={children.products} failed={t('commerce.wallet.loadFailed')}>
          {(p: PaymentProducts) => (
            <BuyCredits products={p} onBuy={(productId) => page.send({ type: 'credits.buy', productId })} />
          )}
        </Loading>
      </Section>
      <Section title={t('commerce.wallet.plan')}>
        <Loading loaded={children.subscription} failed={t('commerce.wallet.loadFailed')}>
          {(s: MySubscription) => <PlanStatus subscription={s} page={page} />}
        </Loading>
      </Section>
      <Section title={t('wallet.paymentMethod')}>
        <PaymentMethod payments={paymentItems} />
      </Section>
      <Section title={t('wallet.paymentHistory')}>
        <PaymentHistory payments={paymentItems} />
        {children.payments && (
          <ListFooter
            list={children.payments}
            empty={<Typography color="text.secondary">{t('wallet.noPayments')}</Typography>}
          />
        )}
      </Section>
      {purchase && <CheckoutDialog purchase={purchase} onFinished={finished} onClose={closeCheckout} />}
    </Stack>
  );
}

const noPayments: Payment[] = [];

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

/** What a loadMachine child shows: a spinner, the failure with Retry, or its data. */
function Loading<T>({
  loaded,
  failed,
  children,
}: {
  loaded: LoadActorRef | undefined;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = useSelector(loaded, (s) =>
    s?.matches('ready') ? 'ready' : s?.matches('failed') ? 'failed' : 'loading',
  );
  const data = useSelector(loaded, (s) => s?.context.data as T | undefined);
  if (state === 'loading' || !loaded) return <CircularProgress aria-label={t('common.loading')} />;
  if (state === 'failed')
    return (
      <Alert
        severity="error"
        action={
          <Button onClick={() => loaded.send({ type: 'load.retry' })}>{t('common.actions.retry')}</Button>
        }
      >
        {failed}
      </Alert>
    );
  return <>{children(data as T)}</>;
}

function BuyCredits({ products, onBuy }: { products: PaymentProducts; onBuy: (productId: string) => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <CreditBundlePicker bundles={products.oneTimeProducts} selectedId={selected} onChange={setSelected} />
      <Button variant="contained" disabled={!selected} onClick={() => selected && onBuy(selected)}>
        {t('wallet.buyCredits')}
      </Button>
    </Stack>
  );
}

function PlanStatus({ subscription, page }: { subscription: MySubscription; page: WalletPageActorRef }) {
  const { t, i18n } = useTranslation();
  const confirming = useSelector(page, (s) => s.matches({ plan: 'confirmingCancel' }));
  const busy = useSelector(page, (s) => s.hasTag('changingPlan'));
  const failed = useSelector(page, (s) => s.context.renewalFailed);
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
  const date = subscription.endsAt ? new Date(subscription.endsAt).toLocaleDateString(i18n.language) : null;
  const dismiss = () => page.send({ type: 'plan.cancelDismissed' });
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
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => page.send({ type: 'plan.cancel' })}
          >
            {t('commerce.wallet.cancelAutoRenewal')}
          </Button>
        ) : (
          <Button variant="outlined" disabled={busy} onClick={() => page.send({ type: 'plan.resume' })}>
            {t('commerce.wallet.resumeAutoRenewal')}
          </Button>
        ))}
      <Dialog open={confirming} onClose={dismiss} aria-labelledby="cancel-renewal-title">
        <DialogTitle id="cancel-renewal-title">{t('commerce.wallet.confirmCancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {date
              ? t('commerce.wallet.confirmCancelUntil', { date })
              : t('commerce.wallet.confirmCancelText')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss}>{t('commerce.wallet.keepAutoRenewal')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => page.send({ type: 'plan.cancelConfirmed' })}
          >
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
  const { t, i18n } = useTranslation();
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
            <TableCell>{new Date(p.createdAt).toLocaleDateString(i18n.language)}</TableCell>
            <TableCell>{p.description}</TableCell>
            <TableCell align="right">{formatPrice(p.amount, p.currency)}</TableCell>
            <TableCell>{t(`commerce.wallet.history.statuses.${p.status}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
