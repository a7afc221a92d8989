import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Alert,
  Box,
  Button,
  Card,
  CardMedia,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  IconButton,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type District, districtOrigin } from '../../../contracts/districts';
import { premadeFamilies, premadeTemplates } from '../../../contracts/premadeSpaces';
import type { Tier } from '../../../contracts/roles';
import { useFlow } from '../../app/AppContext';
import {
  cartOf,
  coveringBundles,
  creditsCharged,
  euros,
  generalErrors,
  missingCredits,
  moneyTotal,
  proPrice,
  wizardSteps,
} from '../../machines/districtWizard/rules';
import { type DistrictWizardActorRef, wizardStepOf } from '../../machines/districtWizardMachine';
import { mainSiteOrigin, readBaseDomain } from '../../lib/host';
import { CheckoutDialog } from '../commerce/CheckoutDialog';
import { CreditBundlePicker } from '../commerce/CreditBundlePicker';
import { ConfirmDialog } from '../editor/ConfirmDialog';
import { Modal } from '../kit/Modal';
import '../../i18n/districtsCatalogue';

/** A new key for each wizard opened: a repeated submit of it is made once. */
const newKey = () => `district-wizard-${crypto.randomUUID()}`;

/**
 * The district create/upgrade wizard (districts-commerce-spaces.md §2 'District create/upgrade
 * wizard'): a modal form over the districtWizard flow, with the card checkout when a bundle or
 * Pro is bought. Editing a district (`district`) starts at its slots.
 */
export function DistrictWizard({
  district,
  tier,
  onClose,
  onDone,
}: {
  district?: District | null;
  tier: Tier;
  onClose(): void;
  onDone?(district: District | null): void;
}) {
  const { t } = useTranslation();
  const [key] = useState(newKey);
  const wizard = useFlow('districtWizard', {
    district: district
      ? {
          districtId: district.districtId,
          title: district.title,
          subdomain: district.subdomain,
          public: district.public,
        }
      : null,
    tier,
    idempotencyKey: key,
  });
  const step = useSelector(wizard, (s) => (s ? wizardStepOf(s) : 'loading'));
  const editing = useSelector(wizard, (s) => s?.context.mode === 'edit');
  const made = useSelector(wizard, (s) => s?.context.district ?? null);
  const latestDone = useRef(onDone);
  useEffect(() => {
    latestDone.current = onDone;
  });
  useEffect(() => {
    if (step === 'done') latestDone.current?.(made);
  }, [step, made]);
  const shownSteps = editing ? wizardSteps.filter((s) => s !== 'general') : wizardSteps;
  return (
    <Modal
      open
      onClose={onClose}
      title={t(district ? 'districtWizard.upgradeTitle' : 'districtWizard.title')}
      closeOnOutsideClick={false}
      maxWidth="md"
    >
      {step !== 'loading' && step !== 'loadFailed' && step !== 'done' && (
        <Stepper activeStep={shownSteps.indexOf(step)} alternativeLabel sx={{ mb: 3 }}>
          {shownSteps.map((s) => (
            <Step key={s}>
              <StepLabel>{t(`districtWizard.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      {wizard && <WizardBody wizard={wizard} step={step} onClose={onClose} />}
      {!wizard && <CircularProgress aria-label={t('districtWizard.loading')} />}
    </Modal>
  );
}

function WizardBody({
  wizard,
  step,
  onClose,
}: {
  wizard: DistrictWizardActorRef;
  step: ReturnType<typeof wizardStepOf>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const message = useSelector(wizard, (s) => s.context.message);
  const busy = useSelector(wizard, (s) => s.hasTag('busy'));
  const waitingForPlan = useSelector(wizard, (s) => s.matches('awaitingPlan'));
  const checkout = useSelector(wizard, (s) => (s.matches('checkout') ? s.context.checkout : null));
  const made = useSelector(wizard, (s) => s.context.district);
  if (step === 'loading') return <CircularProgress aria-label={t('districtWizard.loading')} />;
  if (step === 'loadFailed')
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => wizard.send({ type: 'wizard.retry' })}>
            {t('districtWizard.retry')}
          </Button>
        }
      >
        {t('districtWizard.loadFailed')}
      </Alert>
    );
  if (step === 'done') return <Done district={made} onClose={onClose} />;
  return (
    <Stack spacing={2}>
      {message && <Alert severity="error">{'key' in message ? t(message.key) : message.text}</Alert>}
      {step === 'general' && <General wizard={wizard} />}
      {step === 'spaceSlots' && <Slots wizard={wizard} />}
      {step === 'premadeSpaces' && <Premade wizard={wizard} />}
      {step === 'overview' && <Overview wizard={wizard} />}
      {busy && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>
            {t(waitingForPlan ? 'districtWizard.waitingForPlan' : 'districtWizard.working')}
          </Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {wizard.getSnapshot().can({ type: 'wizard.back' }) && (
          <Button disabled={busy} onClick={() => wizard.send({ type: 'wizard.back' })}>
            {t('districtWizard.back')}
          </Button>
        )}
        {step !== 'overview' ? (
          <Button variant="contained" disabled={busy} onClick={() => wizard.send({ type: 'wizard.next' })}>
            {t('districtWizard.next')}
          </Button>
        ) : (
          <SubmitButton wizard={wizard} busy={busy} />
        )}
      </Stack>
      {checkout && (
        <CheckoutDialog
          purchase={{ kind: 'cart', productId: checkout.productId, priceId: checkout.priceId }}
          onFinished={(result) =>
            wizard.send({
              type: 'checkout.finished',
              balance: result?.wallet?.availableBalance ?? null,
              plan: result?.subscription?.plan ?? null,
            })
          }
          onClose={() => wizard.send({ type: 'checkout.closed' })}
        />
      )}
    </Stack>
  );
}

function SubmitButton({ wizard, busy }: { wizard: DistrictWizardActorRef; busy: boolean }) {
  const { t } = useTranslation();
  const pays = useSelector(wizard, (s) => moneyTotal(s.context) > 0);
  return (
    <Button variant="contained" disabled={busy} onClick={() => wizard.send({ type: 'wizard.submit' })}>
      {t(pays ? 'districtWizard.payAndPublish' : 'districtWizard.publish')}
    </Button>
  );
}

function General({ wizard }: { wizard: DistrictWizardActorRef }) {
  const { t } = useTranslation();
  const labelId = useId();
  const general = useSelector(wizard, (s) => s.context.general);
  const status = useSelector(wizard, (s) => s.context.subdomainStatus);
  const show = useSelector(wizard, (s) => s.context.showGeneralErrors);
  const errors = generalErrors(general, status);
  const change = (values: Partial<typeof general>) => wizard.send({ type: 'general.changed', values });
  const subdomainHelp =
    (general.subdomain && errors.subdomain) || (show && errors.subdomain)
      ? errors.subdomain
      : status === 'checking'
        ? t('districtWizard.checking')
        : status === 'free'
          ? t('districtWizard.available')
          : ' ';
  return (
    <Stack spacing={2}>
      <Box>
        <FormLabel id={labelId}>{t('districtWizard.visibility')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={general.isPublic ? 'public' : 'private'}
          onChange={(_, v) => change({ isPublic: v === 'public' })}
        >
          <FormControlLabel value="public" control={<Radio />} label={t('districtWizard.public')} />
          <FormControlLabel value="private" control={<Radio />} label={t('districtWizard.private')} />
        </RadioGroup>
      </Box>
      <TextField
        label={t('districtWizard.districtTitle')}
        required
        value={general.title}
        onChange={(e) => change({ title: e.target.value })}
        error={Boolean((general.title || show) && errors.title)}
        helperText={(general.title || show) && errors.title ? errors.title : ' '}
      />
      <TextField
        label={t('districtWizard.subdomain')}
        required
        value={general.subdomain}
        onChange={(e) => change({ subdomain: e.target.value.toLowerCase() })}
        error={Boolean((general.subdomain || show) && errors.subdomain)}
        helperText={subdomainHelp}
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">.{readBaseDomain()}</InputAdornment> },
        }}
      />
    </Stack>
  );
}

function Slots({ wizard }: { wizard: DistrictWizardActorRef }) {
  const { t } = useTranslation();
  const existing = useSelector(wizard, (s) => s.context.existingSlots);
  const fresh = useSelector(wizard, (s) => s.context.newSlots);
  const price = useSelector(wizard, (s) => s.context.catalogue?.slot.priceCoin ?? 0);
  const editing = useSelector(wizard, (s) => s.context.mode === 'edit');
  return (
    <Stack spacing={2}>
      <Typography>
        {editing ? t('districtWizard.slotsExisting', { count: existing }) : t('districtWizard.slotsIncluded')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('districtWizard.removeSlot')}
          disabled={fresh === 0}
          onClick={() => wizard.send({ type: 'slots.remove' })}
        >
          <RemoveIcon />
        </IconButton>
        <Typography aria-live="polite">{t('districtWizard.newSlots', { count: fresh })}</Typography>
        <IconButton
          aria-label={t('districtWizard.addSlot')}
          onClick={() => wizard.send({ type: 'slots.add' })}
        >
          <AddIcon />
        </IconButton>
      </Stack>
      <Typography color="text.secondary">{t('districtWizard.slotPrice', { price })}</Typography>
    </Stack>
  );
}

function Premade({ wizard }: { wizard: DistrictWizardActorRef }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const free = useSelector(wizard, (s) => s.context.freeTemplateId);
  const picks = useSelector(wizard, (s) => s.context.picks);
  const purchased = useSelector(wizard, (s) => s.context.purchased);
  const editing = useSelector(wizard, (s) => s.context.mode === 'edit');
  const families = premadeFamilies.filter((f) => f.title.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {editing ? t('districtWizard.premadeLeadEdit') : t('districtWizard.premadeLead')}
      </Typography>
      <TextField
        size="small"
        type="search"
        label={t('districtWizard.searchPremade')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {families.map((family) => (
        <Card
          key={family.spaceTemplateFamilyId}
          variant="outlined"
          sx={{ display: 'flex', gap: 2, p: 1.5, flexWrap: 'wrap' }}
        >
          <CardMedia
            component="img"
            image={family.coverPhoto}
            alt=""
            sx={{ width: 140, height: 90, borderRadius: 1, objectFit: 'cover' }}
          />
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography sx={{ fontWeight: 700 }}>{family.title}</Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              {premadeTemplates
                .filter((tpl) => tpl.spaceTemplateFamilyId === family.spaceTemplateFamilyId)
                .sort((a, b) => a.districtPrice - b.districtPrice)
                .map((tpl) => {
                  const bought = purchased.includes(tpl.spaceTemplateId);
                  const isFree = free === tpl.spaceTemplateId;
                  const picked = isFree || picks.includes(tpl.spaceTemplateId);
                  const price = bought
                    ? t('districtWizard.purchased')
                    : isFree
                      ? t('districtWizard.free')
                      : t('districtWizard.credits', { count: tpl.districtPrice });
                  return (
                    <Chip
                      key={tpl.spaceTemplateId}
                      label={`${tpl.title} · ${price}`}
                      color={picked ? 'primary' : 'default'}
                      variant={picked ? 'filled' : 'outlined'}
                      disabled={bought}
                      aria-pressed={picked}
                      onClick={() =>
                        wizard.send({ type: 'premade.toggle', spaceTemplateId: tpl.spaceTemplateId })
                      }
                    />
                  );
                })}
            </Stack>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

function Overview({ wizard }: { wizard: DistrictWizardActorRef }) {
  const { t } = useTranslation();
  const context = useSelector(wizard, (s) => s.context);
  const cart = cartOf(context);
  const total = creditsCharged(cart);
  const missing = missingCredits(total, context.balance);
  const pro = proPrice(context.plans, context.interval);
  const bundles = coveringBundles(context.bundles, missing);
  return (
    <Stack spacing={2}>
      <Box component="section" aria-label={t('districtWizard.creditsTitle')}>
        <Typography variant="h3" component="h3" gutterBottom>
          {t('districtWizard.creditsTitle')}
        </Typography>
        <Typography>{t('districtWizard.charged', { count: total })}</Typography>
        <Typography>{t('districtWizard.balance', { count: context.balance })}</Typography>
        {missing > 0 && (
          <Typography color="error">{t('districtWizard.missing', { count: missing })}</Typography>
        )}
      </Box>
      {missing > 0 && (
        <CreditBundlePicker
          bundles={bundles}
          selectedId={context.bundleId}
          onChange={(productId) => wizard.send({ type: 'bundle.choose', productId })}
        />
      )}
      {context.tier !== 'pro' && (
        <Box component="section" aria-label={t('districtWizard.plan')}>
          <Typography variant="h3" component="h3" gutterBottom>
            {t('districtWizard.plan')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox checked={context.proChosen} onChange={() => wizard.send({ type: 'plan.toggle' })} />
              }
              label={
                pro
                  ? t('districtWizard.proPrice', {
                      price: euros(pro.priceAmount),
                      period: t(`districtWizard.per.${context.interval}`),
                    })
                  : t('districtWizard.pro')
              }
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={context.interval}
              aria-label={t('districtWizard.billing')}
              onChange={(_, interval) => interval && wizard.send({ type: 'plan.interval', interval })}
            >
              <ToggleButton value="monthly">{t('districtWizard.monthly')}</ToggleButton>
              <ToggleButton value="yearly">{t('districtWizard.yearly')}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
        </Box>
      )}
      <Typography sx={{ fontWeight: 700 }}>
        {t('districtWizard.total', { amount: euros(moneyTotal(context)) })}
      </Typography>
      <ConfirmDialog
        open={context.confirmingNoPro}
        title={t('districtWizard.noProTitle')}
        message={t('districtWizard.noProMessage')}
        confirmLabel={t('districtWizard.continueWithoutPro')}
        cancelLabel={t('districtWizard.keepPro')}
        onConfirm={() => wizard.send({ type: 'plan.drop' })}
        onCancel={() => wizard.send({ type: 'plan.keep' })}
      />
    </Stack>
  );
}

function Done({ district, onClose }: { district: District | null; onClose(): void }) {
  const { t } = useTranslation();
  const origin = mainSiteOrigin();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h3" component="p">
        {district ? t('districtWizard.ready', { title: district.title }) : t('districtWizard.upgraded')}
      </Typography>
      <Stack direction="row" spacing={1}>
        {district && (
          <Button variant="contained" href={districtOrigin(origin, readBaseDomain(), district.subdomain)}>
            {t('districtWizard.open', { title: district.title })}
          </Button>
        )}
        <Button onClick={onClose}>{t('districtWizard.close')}</Button>
      </Stack>
    </Stack>
  );
}
