import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, MenuItem, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ContactForm as ContactSchema,
  type ContactForm as ContactValues,
  contactMessages,
  contactRules,
  inquiryTypes,
} from '../../../contracts/contact';
import { countryCodes } from '../../../contracts/countries';
import { useFlow } from '../../app/AppContext';
import '../../i18n/contactFormCatalogue';

type Values = ContactValues;
type Sent = z.output<typeof ContactSchema>;
const empty: Values = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  inquiryType: '' as Values['inquiryType'],
  country: '' as Values['country'],
  message: '',
};

/** The spec's message in the reader's language (validation.contact.*), else as it came. */
function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = Object.entries(contactMessages).find(([, english]) => english === message)?.[0];
    return key ? t(`validation.contact.${key}`, { defaultValue: message }) : message;
  };
}

/**
 * The contact form (platform.md §2.9, §5): first name, last name, e-mail, company (optional),
 * inquiry type, country and message, checked with the contract's rules as the user types and sent
 * by the contactForm flow; the service's refusals show beside their fields.
 */
export default function ContactForm({
  inquiry,
  messageLabel,
}: {
  /** The inquiry type chosen at first (the migration page's 'Moving from Artsteps'). */
  inquiry?: Values['inquiryType'];
  /** The message field's label, where the page asks for something particular. */
  messageLabel?: string;
} = {}) {
  const { t, i18n } = useTranslation();
  const flow = useFlow('contactForm', undefined);
  const busy = useSelector(flow, (s) => s?.hasTag('busy') ?? false);
  const problem = useSelector(flow, (s) => s?.context.problem ?? null);
  const sent = useSelector(flow, (s) => s?.context.sent ?? null);
  const message = useMessage();
  const form = useForm<Values, unknown, Sent>({
    resolver: zodResolver(ContactSchema),
    defaultValues: { ...empty, inquiryType: inquiry ?? empty.inquiryType },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [inquiryType, country] = useWatch({ control: form.control, name: ['inquiryType', 'country'] });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return countryCodes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language]);

  if (sent)
    return (
      <Alert
        severity="success"
        action={
          <Button
            color="inherit"
            onClick={() => {
              form.reset({ ...empty, inquiryType: inquiry ?? empty.inquiryType });
              flow?.send({ type: 'form.again' });
            }}
          >
            {t('contact.another')}
          </Button>
        }
      >
        {t('contact.sent')}
      </Alert>
    );

  const fieldProps = (name: FieldPath<Values>) => {
    const issue = errors[name]?.message ?? problem?.fields.find((f) => f.path === `/${name}`)?.message;
    return {
      ...form.register(name),
      error: Boolean(issue),
      helperText: message(issue),
      fullWidth: true,
      disabled: busy,
    };
  };
  const submit = form.handleSubmit((values) => flow?.send({ type: 'form.submit', values }));

  return (
    <Box component="form" noValidate aria-label={t('contact.form')} onSubmit={submit}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.firstName')}
            required
            autoComplete="given-name"
            {...fieldProps('firstName')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.lastName')}
            required
            autoComplete="family-name"
            {...fieldProps('lastName')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.email')}
            required
            type="email"
            autoComplete="email"
            {...fieldProps('email')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('contact.company')}
            autoComplete="organization"
            {...fieldProps('company')}
            helperText={fieldProps('company').helperText ?? t('contact.optional')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('contact.inquiryType')}
            required
            {...fieldProps('inquiryType')}
            value={inquiryType}
            onChange={(e) =>
              form.setValue('inquiryType', e.target.value as Values['inquiryType'], { shouldValidate: true })
            }
          >
            {inquiryTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`contact.inquiry.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('contact.country')}
            required
            autoComplete="country"
            {...fieldProps('country')}
            value={country}
            onChange={(e) =>
              form.setValue('country', e.target.value as Values['country'], { shouldValidate: true })
            }
          >
            {countries.map(({ code, name }) => (
              <MenuItem key={code} value={code}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField
            label={messageLabel ?? t('contact.message')}
            required
            multiline
            minRows={5}
            slotProps={{ htmlInput: { maxLength: contactRules.messageMax } }}
            {...fieldProps('message')}
          />
        </Grid>
      </Grid>
      {problem && problem.fields.length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem.refused ? problem.message : t('contact.failed', { message: problem.message })}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={busy || !flow}>
        {busy ? t('contact.sending') : t('contact.send')}
      </Button>
    </Box>
  );
}
