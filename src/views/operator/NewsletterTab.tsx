import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterIssueRules } from '../../../contracts/newsletter';
import { issueFits, type OperatorNewsletterActorRef } from '../../machines/operatorNewsletterMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';

/**
 * Newsletter: the list's counts and last issue, and a plain-text issue sent (after a confirmation)
 * to every confirmed address, each mail with its own unsubscribe link.
 */
export function NewsletterTab({ newsletter }: { newsletter: OperatorNewsletterActorRef }) {
  const { t, i18n } = useTranslation();
  const list = useSelector(newsletter, (s) => s.context.list);
  const busy = useSelector(newsletter, (s) => s.hasTag('busy'));
  const failed = useSelector(newsletter, (s) => s.matches('failed'));
  const error = useSelector(newsletter, (s) => s.context.error);
  const sent = useSelector(newsletter, (s) => s.context.sent);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);

  // A sent issue leaves an empty form for the next one (`sent` is null again while one is sending).
  const [seen, setSeen] = useState(sent);
  if (sent !== seen) {
    setSeen(sent);
    if (sent !== null) {
      setSubject('');
      setText('');
    }
  }

  const number = (n: number) => n.toLocaleString(i18n.language);
  const nobody = (list?.confirmed ?? 0) === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issueFits({ subject, text })) setConfirming(true);
  };
  const send = () => {
    newsletter.send({ type: 'newsletter.send', subject, text });
    setConfirming(false);
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('operator.newsletter.intro')}</Typography>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => newsletter.send({ type: 'newsletter.reload' })}>
              {t('operator.retry')}
            </Button>
          }
        >
          {t('operator.newsletter.loadFailed', { message: error })}
        </Alert>
      )}
      {list && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}
        >
          <Typography component="dt" color="text.secondary">
            {t('operator.newsletter.confirmed')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {number(list.confirmed)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('operator.newsletter.pending')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {number(list.pending)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('operator.newsletter.unsubscribed')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {number(list.unsubscribed)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('operator.newsletter.lastIssue')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {list.lastIssue
              ? t('operator.newsletter.lastIssueText', {
                  subject: list.lastIssue.subject,
                  count: list.lastIssue.recipients,
                  date: new Date(list.lastIssue.at).toLocaleString(i18n.language),
                })
              : t('operator.newsletter.never')}
          </Typography>
        </Box>
      )}
      <Box role="status" sx={{ mb: sent !== null ? 2 : 0 }}>
        {sent !== null && <Alert severity="success">{t('operator.newsletter.sent', { count: sent })}</Alert>}
      </Box>
      {error && !failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {list && nobody && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('operator.newsletter.nobody')}
        </Alert>
      )}
      {list && (
        <Stack
          component="form"
          aria-label={t('operator.newsletter.form')}
          spacing={2}
          onSubmit={submit}
          noValidate
          sx={{ maxWidth: 720 }}
        >
          <TextField
            label={t('operator.newsletter.subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: newsletterIssueRules.subjectMax } }}
          />
          <TextField
            label={t('operator.newsletter.text')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            required
            multiline
            minRows={8}
            helperText={t('operator.newsletter.textHint')}
            slotProps={{ htmlInput: { maxLength: newsletterIssueRules.textMax } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || nobody || !issueFits({ subject, text })}
            >
              {t('operator.newsletter.send')}
            </Button>
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('operator.newsletter.confirm', { count: list?.confirmed ?? 0 })}
        message={t('operator.newsletter.confirmText', { subject: subject.trim() })}
        confirmLabel={t('operator.newsletter.send')}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
