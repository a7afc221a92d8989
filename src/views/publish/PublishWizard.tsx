import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Stack,
  Step,
  StepButton,
  Stepper,
  Switch,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ComponentType, lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublishStep, publishSteps } from '../../../contracts/publishing';
import type { CheckoutResult, Purchase } from '../../machines/checkoutMachine';
import {
  canOpenStep,
  isSlotSelectable,
  isStepComplete,
  selectStep,
} from '../../machines/publishWizardMachine';
import { CheckoutDialog } from '../commerce/CheckoutDialog';
import { InsufficientCredits } from '../commerce/CreditBundlePicker';
import { Modal } from '../kit/Modal';
import { AccessStep } from './AccessStep';
import type { CoverPhotoCropperProps } from './CoverPhotoCropper';
import { SlotPicker, type SlotPickerStatus } from './SlotPicker';
import { SpaceInfoStep } from './SpaceInfoStep';
import { messageText, type WizardActor } from './wizardText';

// District members' hints (and the districts' strings) load with the placement step.
const DistrictSlotHints = lazy(() =>
  import('./DistrictSlotHints').then((m) => ({ default: m.DistrictSlotHints })),
);

export interface PublishWizardProps {
  /** The wizard's flow (publishWizardMachine), running while the dialog is open. */
  wizard: WizardActor;
  onClose(): void;
  /** Cuts the cover photo (canvas by default). */
  crop?: CoverPhotoCropperProps['crop'];
  /** The card checkout of a credit bundle (CheckoutDialog by default). */
  checkout?: ComponentType<CheckoutProps>;
}

/** What the wizard gives the checkout dialog of a credit bundle. */
export interface CheckoutProps {
  purchase: Purchase;
  onFinished?: (result: CheckoutResult | null) => void;
  onClose: () => void;
}

/**
 * The publish wizard (platform.md §2.5) in a dialog named 'Publish space': a stepper of the five
 * steps (a step opens when the ones before it are complete), the current step, and Back / Next
 * ('Publish' on the last step). Its flow runs while the dialog is open; closing it stops the flow,
 * cancelling what it was doing.
 */
export function PublishWizard({
  wizard: actor,
  onClose,
  crop,
  checkout = CheckoutDialog,
}: PublishWizardProps) {
  const { t } = useTranslation();
  const step = useSelector(actor, selectStep);
  const message = useSelector(actor, (s) => s.context.message);
  const publishing = useSelector(actor, (s) => s.hasTag('publishing'));
  const canBack = useSelector(actor, (s) => s.can({ type: 'wizard.back' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'wizard.next' }));

  const nextLabel =
    step === 'publish'
      ? publishing
        ? t('publish.publishing')
        : t('publish.publishButton')
      : t('publish.next');

  return (
    <Modal
      open
      onClose={onClose}
      title={t('publish.title')}
      maxWidth="md"
      closeOnOutsideClick={false}
      closeOnEscape
      actions={
        <>
          <Button onClick={() => actor.send({ type: 'wizard.back' })} disabled={!canBack}>
            {t('publish.back')}
          </Button>
          <Button variant="contained" onClick={() => actor.send({ type: 'wizard.next' })} disabled={!canNext}>
            {nextLabel}
          </Button>
        </>
      }
    >
      <WizardStepper actor={actor} current={step} />
      <Box sx={{ mt: 2 }} role="region" aria-label={t(`publish.steps.${step}`)}>
        {step === 'spaceInfo' && <SpaceInfoStep actor={actor} crop={crop} />}
        {step === 'placement' && <PlacementStep actor={actor} checkout={checkout} />}
        {(step === 'privacy' || step === 'communication') && (
          <AccessStep key={step} actor={actor} area={step} />
        )}
        {step === 'publish' && <ReviewStep actor={actor} />}
      </Box>
      {message && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {messageText(t, message)}
        </Alert>
      )}
    </Modal>
  );
}

function WizardStepper({ actor, current }: { actor: WizardActor; current: PublishStep }) {
  const { t } = useTranslation();
  const complete = useSelector(actor, (s) =>
    publishSteps.map((step) => isStepComplete(s.context, step)).join(','),
  ).split(',');
  const openable = useSelector(actor, (s) =>
    publishSteps.map((step) => s.can({ type: 'wizard.goTo', step })).join(','),
  ).split(',');
  return (
    <Stepper
      nonLinear
      activeStep={publishSteps.indexOf(current)}
      alternativeLabel
      aria-label={t('publish.stepsLabel')}
    >
      {publishSteps.map((step, i) => (
        <Step key={step} completed={complete[i] === 'true'}>
          <StepButton
            onClick={() => actor.send({ type: 'wizard.goTo', step })}
            disabled={step !== current && openable[i] !== 'true'}
            aria-current={step === current ? 'step' : undefined}
          >
            {t(`publish.steps.${step}`)}
          </StepButton>
        </Step>
      ))}
    </Stepper>
  );
}

function PlacementStep({
  actor,
  checkout: Checkout,
}: {
  actor: WizardActor;
  checkout: ComponentType<CheckoutProps>;
}) {
  const { t } = useTranslation();
  const slots = useSelector(actor, (s) => s.context.slots);
  const slotId = useSelector(actor, (s) => s.context.slotId);
  const sceneId = useSelector(actor, (s) => s.context.sceneId);
  const status = useSelector(actor, (s): SlotPickerStatus => {
    if (s.matches({ placement: 'loading' })) return 'loading';
    if (s.matches({ placement: 'failed' })) return 'failed';
    return s.context.slots.some((slot) => isSlotSelectable(slot, s.context.sceneId)) ? 'choosing' : 'noSlot';
  });
  const canBuy = useSelector(actor, (s) => s.can({ type: 'placement.buySlot' }));
  const buying = useSelector(actor, (s) => s.hasTag('buyingSlot'));
  // The slots the machine would delete now (its guard decides; the view only asks).
  const deletable = useSelector(
    actor,
    (s) =>
      s.context.slots
        .filter((slot) => s.can({ type: 'placement.deleteSlot', slotId: slot.slotId }))
        .map((slot) => slot.slotId),
    (a, b) => a.join() === b.join(),
  );
  const deletingSlotId = useSelector(actor, (s) => s.context.deletingSlotId);
  const needCredits = useSelector(actor, (s) =>
    s.matches({ placement: 'needCredits' }) ? s.context.slotPurchase : null,
  );
  const checkoutBundleId = useSelector(actor, (s) => s.context.checkoutBundleId);
  const finished = useCallback(() => actor.send({ type: 'credits.checkoutFinished' }), [actor]);
  const closed = useCallback(() => actor.send({ type: 'credits.checkoutClosed' }), [actor]);
  return (
    <Stack spacing={2}>
      <SlotPicker
        slots={slots}
        sceneId={sceneId}
        slotId={slotId}
        status={status}
        onSelect={(id) => actor.send({ type: 'slot.selected', slotId: id })}
        onRetry={() => actor.send({ type: 'slots.retry' })}
        canBuy={canBuy}
        buying={buying}
        onBuy={() => actor.send({ type: 'placement.buySlot' })}
        deletable={deletable}
        deletingSlotId={deletingSlotId}
        onDelete={(id) => actor.send({ type: 'placement.deleteSlot', slotId: id })}
      />
      {status !== 'loading' && (
        <Suspense fallback={null}>
          <DistrictSlotHints slots={slots} sceneId={sceneId} />
        </Suspense>
      )}
      {needCredits && needCredits.missingCredits !== null && (
        <Stack spacing={2}>
          <InsufficientCredits
            missing={needCredits.missingCredits}
            bundles={needCredits.bundles}
            selectedId={needCredits.bundleId}
            onChange={(bundleId) => actor.send({ type: 'credits.bundleSelected', bundleId })}
          />
          <Box>
            <Button
              variant="contained"
              disabled={needCredits.bundleId === null}
              onClick={() => actor.send({ type: 'credits.checkout' })}
            >
              {t('wallet.buyCredits')}
            </Button>
          </Box>
        </Stack>
      )}
      {checkoutBundleId && (
        <Checkout
          purchase={{ kind: 'credits', productId: checkoutBundleId }}
          onFinished={finished}
          onClose={closed}
        />
      )}
    </Stack>
  );
}

function ReviewStep({ actor }: { actor: WizardActor }) {
  const { t } = useTranslation();
  const ready = useSelector(actor, (s) => canOpenStep(s.context, 'publish'));
  const title = useSelector(actor, (s) => s.context.spaceInfo.title);
  const tags = useSelector(actor, (s) => s.context.spaceInfo.tags);
  const visible = useSelector(actor, (s) => s.context.publishedPublic);
  const canToggle = useSelector(actor, (s) =>
    s.can({ type: 'visibility.changed', publishedPublic: !visible }),
  );
  const slotName = useSelector(actor, (s) => {
    const slot = s.context.slots.find((x) => x.slotId === s.context.slotId);
    return slot ? slot.kind : null;
  });
  const access = useSelector(actor, (s) => s.context.access);
  const accessText = (area: 'privacy' | 'communication') =>
    access[area].restricted
      ? t('publish.review.selected', { count: access[area].members.length })
      : t('publish.review.everyone');

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="h6" component="h3">
        {t('publish.review.title')}
      </Typography>
      {/* Names the button the step shows (its Next is labelled Publish). */}
      <Typography>{t('publish.review.description', { button: t('publish.publishButton') })}</Typography>
      {!ready && <Alert severity="warning">{t('publish.review.incomplete')}</Alert>}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        <dt>{t('publish.fields.title')}</dt>
        <dd style={{ margin: 0 }}>{title}</dd>
        <dt>{t('publish.review.tags')}</dt>
        <dd style={{ margin: 0 }}>{tags.join(', ')}</dd>
        <dt>{t('publish.review.slot')}</dt>
        <dd style={{ margin: 0 }}>{slotName ? t(`publish.placement.${slotName}Slot`) : '—'}</dd>
        <dt>{t('publish.review.viewers')}</dt>
        <dd style={{ margin: 0 }}>{accessText('privacy')}</dd>
        <dt>{t('publish.review.communicators')}</dt>
        <dd style={{ margin: 0 }}>{accessText('communication')}</dd>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={visible}
              disabled={!canToggle}
              onChange={(e) => actor.send({ type: 'visibility.changed', publishedPublic: e.target.checked })}
            />
          }
          label={t('publish.fields.visible')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('publish.review.visibleHelp')}
        </Typography>
      </Box>
    </Stack>
  );
}
