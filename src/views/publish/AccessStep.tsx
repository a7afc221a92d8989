import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import type { AccessArea } from '../../machines/publishWizardMachine';
import { DualListPicker } from './DualListPicker';
import type { WizardActor } from './wizardText';

/** Where the plans are compared (the upgrade hint links there). */
export const pricingPath = '/pricing';

/**
 * Privacy or communication: 'Everyone' or 'Only selected users and groups' (picked with the
 * dual-list picker). Below the Standard tier both are locked on 'Everyone', with an upgrade hint.
 */
export function AccessStep({ actor, area }: { actor: WizardActor; area: AccessArea }) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const choice = useSelector(actor, (s) => s.context.access[area]);
  const locked = useSelector(actor, (s) => !s.context.aclAllowed);

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormControl disabled={locked}>
        <FormLabel id={labelId}>{t(`publish.${area}.title`)}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={locked ? hintId : undefined}
          value={choice.restricted ? 'selected' : 'everyone'}
          onChange={(_, value) =>
            actor.send({ type: 'access.modeChanged', area, restricted: value === 'selected' })
          }
        >
          <FormControlLabel value="everyone" control={<Radio />} label={t(`publish.${area}.everyone`)} />
          <FormControlLabel value="selected" control={<Radio />} label={t(`publish.${area}.selected`)} />
        </RadioGroup>
      </FormControl>
      {locked && (
        <Alert severity="info" id={hintId}>
          {t(`publish.${area}.standardOnly`)}.{' '}
          <Link component={RouteLink} href={pricingPath}>
            {t('publish.access.upgrade')}
          </Link>
        </Alert>
      )}
      {!locked && choice.restricted && (
        <DualListPicker
          label={t(`publish.${area}.selectVisitors`)}
          value={choice.members}
          onChange={(members) => actor.send({ type: 'access.membersChanged', area, members })}
        />
      )}
    </Stack>
  );
}
