import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MailMessage, MailStatus } from '../../../contracts/operator';
import { type OperatorMailActorRef, operatorMailPageSize } from '../../machines/operatorMailMachine';

const statusColor: Record<MailStatus, 'default' | 'success' | 'error'> = {
  queued: 'default',
  sent: 'success',
  dead: 'error',
};

/** A message's text with its web addresses as links (the text is never read as HTML). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} rel="noreferrer">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Typography>
  );
}

function MessageDialog({ mail, message }: { mail: OperatorMailActorRef; message: MailMessage }) {
  const { t, i18n } = useTranslation();
  const resending = useSelector(mail, (s) => s.matches({ ready: 'resending' }));
  const error = useSelector(mail, (s) => s.context.error);
  const close = () => mail.send({ type: 'mail.closed' });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="operator-mail-subject">
      <DialogTitle id="operator-mail-subject">{message.subject}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography>{t('operator.mail.toLine', { to: message.to })}</Typography>
          <Typography color="text.secondary">
            {t('operator.mail.queuedLine', { date: when(message.createdAt) })}
            {message.sentAt && ` · ${t('operator.mail.sentLine', { date: when(message.sentAt) })}`}
          </Typography>
          <Box>
            <Chip
              size="small"
              color={statusColor[message.status]}
              label={t(`operator.mail.status.${message.status}`)}
            />
          </Box>
          {message.lastError && (
            <Typography color="error">
              {t('operator.mail.lastError', { error: message.lastError })}
            </Typography>
          )}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box role="document" aria-label={t('operator.mail.body')}>
          <TextWithLinks text={message.text} />
        </Box>
      </DialogContent>
      <DialogActions>
        {message.status === 'dead' && (
          <Button
            variant="contained"
            disabled={resending}
            onClick={() => mail.send({ type: 'mail.resend', id: message.id })}
          >
            {t('operator.mail.resend')}
          </Button>
        )}
        <Button onClick={close}>{t('operator.mail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The outbox: filters, the list page by page, and the open message. */
export function MailTab({ mail }: { mail: OperatorMailActorRef }) {
  const { t, i18n } = useTranslation();
  const page = useSelector(mail, (s) => s.context.page);
  const message = useSelector(mail, (s) => s.context.message);
  const reading = useSelector(
    mail,
    (s) => s.matches({ ready: 'reading' }) || s.matches({ ready: 'resending' }),
  );
  const loading = useSelector(mail, (s) => s.matches('loading'));
  const failed = useSelector(mail, (s) => s.matches('failed'));
  const error = useSelector(mail, (s) => s.context.error);
  const resent = useSelector(mail, (s) => s.context.resent);
  const cp = useSelector(mail, (s) => s.context.cp);
  const [status, setStatus] = useState<MailStatus | 'all'>('all');
  const [to, setTo] = useState('');

  const filter = (event: FormEvent) => {
    event.preventDefault();
    mail.send({ type: 'mail.filtered', status: status === 'all' ? null : status, to });
  };

  if (failed)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => mail.send({ type: 'mail.reload' })}>
            {t('operator.retry')}
          </Button>
        }
      >
        {t('operator.mail.loadFailed', { message: error ?? '' })}
      </Alert>
    );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('operator.mail.intro')}</Typography>
      <Box
        component="form"
        role="search"
        aria-label={t('operator.mail.filters')}
        onSubmit={filter}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('operator.mail.statusFilter')}
          value={status}
          onChange={(e) => setStatus(e.target.value as MailStatus | 'all')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('operator.mail.status.all')}</MenuItem>
          {MailStatus.options.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`operator.mail.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('operator.mail.recipient')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" variant="outlined">
          {t('operator.mail.search')}
        </Button>
      </Box>
      {resent && <Alert severity="success">{t('operator.mail.resent', { to: resent.to })}</Alert>}
      {error && !reading && <Alert severity="error">{error}</Alert>}
      {loading && !page ? (
        <CircularProgress aria-label={t('operator.loading')} />
      ) : page && page.total === 0 ? (
        <Typography>{t('operator.mail.none')}</Typography>
      ) : page ? (
        <Box sx={{ overflowX: 'auto' }} aria-busy={loading}>
          <Table size="small" aria-label={t('operator.mail.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('operator.mail.columns.subject')}</TableCell>
                <TableCell>{t('operator.mail.columns.to')}</TableCell>
                <TableCell>{t('operator.mail.columns.status')}</TableCell>
                <TableCell>{t('operator.mail.columns.queued')}</TableCell>
                <TableCell align="right">{t('operator.mail.columns.attempts')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.items.map((m) => (
                <TableRow key={m.id} hover>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => mail.send({ type: 'mail.opened', id: m.id })}
                      sx={{ textAlign: 'left' }}
                    >
                      {m.subject}
                    </Link>
                  </TableCell>
                  <TableCell>{m.to}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={statusColor[m.status]}
                      label={t(`operator.mail.status.${m.status}`)}
                    />
                  </TableCell>
                  <TableCell>{new Date(m.createdAt).toLocaleString(i18n.language)}</TableCell>
                  <TableCell align="right">{m.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={page.total}
            page={cp}
            rowsPerPage={operatorMailPageSize}
            rowsPerPageOptions={[operatorMailPageSize]}
            onPageChange={(_e, next) => mail.send({ type: 'mail.paged', cp: next })}
          />
        </Box>
      ) : null}
      {reading && message && <MessageDialog mail={mail} message={message} />}
    </Stack>
  );
}
