import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TestCardForm } from '../../../contracts/marketplace';
import type {
  CardDetails,
  CheckoutActorRef,
  CheckoutProblem,
  CheckoutResult,
  Purchase,
} from '../../machines/checkoutMachine';
import { useFlow } from '../../app/AppContext';

// Stripe's code (and its script from Stripe's servers) loads only when the provider is Stripe.
const StripeCheckout = lazy(() => import('./StripeCheckout').then((m) => ({ default: m.StripeCheckout })));

/**
 * The checkout of one credit bundle or plan price (platform.md §2.9, interop.md §4): the built-in
 * test provider's card form, or Stripe's embedded checkout, driven by the `checkout` flow that runs
 * while the dialog is open. Calls `onFinished` with the refetched wallet or subscription once paid
 * and `onClose` when the dialog closes.
 */
export function CheckoutDialog({
  purchase,
  onFinished,
  onClose,
}: {
  purchase: Purchase;
  onFinished?: (result: CheckoutResult | null) => void;
  onClose: () => void;
}) {
  const checkout = useFlow('checkout', { purchase }, { systemId: 'checkout' });
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    if (!checkout) return;
    const sub = checkout.subscribe((s) => {
      if (s.status === 'done' && s.matches('done')) finished.current?.(s.output ?? null);
    });
    return () => sub.unsubscribe();
  }, [checkout]);
  return checkout ? <CheckoutView checkout={checkout} onClose={onClose} /> : null;
}

function CheckoutView({ checkout, onClose }: { checkout: CheckoutActorRef; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const step = useSelector(checkout, (s) =>
    s.matches('opening')
      ? 'opening'
      : s.matches('openFailed')
        ? 'openFailed'
        : s.matches({ paying: 'stripe' })
          ? 'stripe'
          : s.matches({ paying: 'authenticating' }) || s.matches({ paying: 'approving' })
            ? 'authenticating'
            : s.hasTag('finishing')
              ? 'finishing'
              : s.matches('done')
                ? 'done'
                : s.matches('canceled')
                  ? 'canceled'
                  : 'card',
  );
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const canCancel = useSelector(checkout, (s) => s.can({ type: 'checkout.cancel' }));
  const problem = useSelector(checkout, (s) => s.context.problem);
  const stripe = useSelector(checkout, (s) =>
    s.context.session?.provider === 'stripe' ? s.context.session : null,
  );

  const stripeCompleted = useCallback(() => checkout.send({ type: 'checkout.completed' }), [checkout]);
  const stripeFailed = useCallback(() => checkout.send({ type: 'checkout.loadFailed' }), [checkout]);
  useEffect(() => {
    if (step === 'canceled') onClose();
  }, [step, onClose]);

  const close = () => {
    if (canCancel) checkout.send({ type: 'checkout.cancel' });
    else if (step === 'done') onClose();
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('commerce.checkout.title')}</DialogTitle>
      <DialogContent>
        {step === 'opening' && <Waiting text={t('commerce.checkout.opening')} />}
        {step === 'openFailed' && <ProblemAlert problem={problem} />}
        {step === 'card' && <CardForm checkout={checkout} busy={busy} problem={problem} />}
        {step === 'authenticating' && (
          <Stack spacing={2} role="group" aria-label={t('commerce.checkout.confirmTitle')}>
            <Typography variant="h3" component="h3">
              {t('commerce.checkout.confirmTitle')}
            </Typography>
            <Typography>{t('commerce.checkout.confirmText')}</Typography>
            <ProblemAlert problem={problem} />
            <Stack direction="row" spacing={2}>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => checkout.send({ type: 'checkout.approve' })}
              >
                {t('commerce.checkout.approve')}
              </Button>
              <Button disabled={busy} onClick={() => checkout.send({ type: 'checkout.reject' })}>
                {t('commerce.checkout.reject')}
              </Button>
            </Stack>
          </Stack>
        )}
        {step === 'stripe' && stripe && (
          <Suspense fallback={<Waiting text={t('commerce.checkout.stripeLoading')} />}>
            <StripeCheckout
              publishableKey={stripe.publishableKey ?? ''}
              clientSecret={stripe.clientSecret}
              onComplete={stripeCompleted}
              onLoadFailed={stripeFailed}
            />
          </Suspense>
        )}
        {step === 'finishing' && <Waiting text={t('commerce.checkout.finishing')} />}
        {step === 'done' && (
          <Alert severity="success" role="status">
            {t('commerce.checkout.completed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'openFailed' && (
          <Button onClick={() => checkout.send({ type: 'checkout.retry' })}>
            {t('common.actions.retry')}
          </Button>
        )}
        {canCancel && <Button onClick={close}>{t('common.actions.cancel')}</Button>}
        {step === 'done' && (
          <Button variant="contained" onClick={onClose}>
            {t('common.actions.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}

function ProblemAlert({ problem }: { problem: CheckoutProblem | null }) {
  const { t } = useTranslation();
  if (!problem) return null;
  const text =
    problem.kind === 'openFailed'
      ? t('wallet.checkout.failed', { provider: t(`commerce.checkout.providers.${problem.provider}`) })
      : problem.kind === 'declined'
        ? (problem.message ?? t('commerce.checkout.cardDeclined'))
        : problem.kind === 'canceled'
          ? t('commerce.checkout.canceled')
          : problem.message;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

type CardField = keyof CardDetails;
const cardSchema = TestCardForm.omit({ clientSecret: true });

/** The built-in test provider's card form: number, expiry MM/YY, CVC and name. */
function CardForm({
  checkout,
  busy,
  problem,
}: {
  checkout: CheckoutActorRef;
  busy: boolean;
  problem: CheckoutProblem | null;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState<Record<CardField, string>>({
    cardNumber: '',
    expiry: '',
    cvc: '',
    name: '',
  });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const set = (field: CardField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setCard((c) => ({ ...c, [field]: e.target.value }));
    setErrors((all) => ({ ...all, [field]: undefined }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = cardSchema.safeParse({
      ...card,
      cardNumber: card.cardNumber.trim(),
      name: card.name || undefined,
    });
    if (!parsed.success) {
      const found: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as CardField] ??= issue.message;
      setErrors(found);
      return;
    }
    checkout.send({ type: 'checkout.pay', card: parsed.data });
  };
  const field = (
    name: CardField,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextField>> = {},
  ) => (
    <TextField
      label={label}
      value={card[name]}
      onChange={set(name)}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={busy}
      fullWidth
      {...extra}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('commerce.checkout.title')}>
      <ProblemAlert problem={problem} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('commerce.checkout.testHint')}
      </Typography>
      <Stack spacing={2}>
        {field('cardNumber', t('commerce.checkout.cardNumber'), {
          autoComplete: 'cc-number',
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        <Stack direction="row" spacing={2}>
          {field('expiry', t('commerce.checkout.expiry'), { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
          {field('cvc', t('commerce.checkout.cvc'), {
            autoComplete: 'cc-csc',
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Stack>
        {field('name', t('commerce.checkout.name'), { autoComplete: 'cc-name' })}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('commerce.checkout.paying') : t('commerce.checkout.pay')}
        </Button>
      </Stack>
    </Box>
  );
}
