import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contactMessages } from '../../../contracts/contact';
import { NewsletterSignup, newsletterMessages, type newsletterSources } from '../../../contracts/newsletter';
import { useFlow } from '../../app/AppContext';
import '../../i18n/contactFormCatalogue';
import '../../i18n/newsletterCatalogue';

type Values = z.input<typeof NewsletterSignup>;

/** The spec's message in the reader's language (validation.contact.*), else as it came. */
function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    if (message === newsletterMessages.sent) return t('newsletter.sent');
    const key = Object.entries(contactMessages).find(([, english]) => english === message)?.[0];
    return key ? t(`validation.contact.${key}`, { defaultValue: message }) : message;
  };
}

/**
 * The newsletter sign-up (issue 24 §4): an e-mail address, sent by the newsletterForm flow; the
 * service mails a confirmation link (double opt-in). Coming soon's notify-me and the footer's.
 */
export default function NewsletterForm({
  source,
  label,
  compact = false,
}: {
  source: (typeof newsletterSources)[number];
  /** The button's words ('Notify me' on coming soon). */
  label?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const flow = useFlow('newsletterForm', undefined);
  const busy = useSelector(flow, (s) => s?.hasTag('busy') ?? false);
  const problem = useSelector(flow, (s) => s?.context.problem ?? null);
  const sent = useSelector(flow, (s) => s?.context.sent ?? null);
  const message = useMessage();
  const form = useForm<Values>({
    resolver: zodResolver(NewsletterSignup),
    defaultValues: { email: '', source },
    mode: 'onSubmit',
  });
  if (sent)
    return (
      <Alert severity="success" role="status">
        {message(sent)}
      </Alert>
    );
  const issue =
    form.formState.errors.email?.message ?? problem?.fields.find((f) => f.path === '/email')?.message;
  const submit = form.handleSubmit((values) => flow?.send({ type: 'form.submit', values }));
  return (
    <Box component="form" noValidate aria-label={t('newsletter.form')} onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.register('email')}
          type="email"
          label={t('comingSoon.email')}
          autoComplete="email"
          required
          size={compact ? 'small' : 'medium'}
          error={Boolean(issue)}
          helperText={message(issue)}
          disabled={busy}
          sx={{ minWidth: 240, flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: compact ? 40 : 56 }}>
          {label ?? t('newsletter.subscribe')}
        </Button>
      </Stack>
      {problem && !problem.fields.length && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('newsletter.failed', { message: message(problem.message) })}
        </Alert>
      )}
    </Box>
  );
}
