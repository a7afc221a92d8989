import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportReasons, type ReportReason, reportTextMax } from '../../../contracts/comments';
import type { CommentsActorRef, CommentsProblem } from '../../machines/commentsMachine';
import { Modal } from '../kit/Modal';
import '../../i18n/commentsCatalogue';

/** The comment thread's dialogs (delete, report) and its messages of failure. */

/** A failure in the user's words: when to try again after commenting too quickly, the server's message otherwise. */
export function problemText(problem: CommentsProblem, t: TFunction): string {
  if (problem.code === 'COMMENTS_OFF') return t('viewer.comments.off');
  if (problem.code === 'RATE_LIMITED' && problem.retryAfterSeconds !== undefined) {
    const seconds = problem.retryAfterSeconds;
    return seconds < 90
      ? t('viewer.comments.rateLimitedSeconds', { count: seconds })
      : t('viewer.comments.rateLimitedMinutes', { count: Math.ceil(seconds / 60) });
  }
  return problem.message;
}

export function DeleteDialog({ actor }: { actor: CommentsActorRef }) {
  const { t } = useTranslation();
  const open = useSelector(
    actor,
    (s) => s.matches({ ready: 'confirmingDelete' }) || s.matches({ ready: 'deleting' }),
  );
  const busy = useSelector(actor, (s) => s.matches({ ready: 'deleting' }));
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'comments.cancel' })}
      title={t('viewer.comments.confirmDelete.title')}
      actions={
        <>
          <Button onClick={() => actor.send({ type: 'comments.cancel' })}>
            {t('viewer.comments.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => actor.send({ type: 'comments.confirm' })}
          >
            {t('viewer.comments.confirmDelete.confirm')}
          </Button>
        </>
      }
    >
      <Typography>{t('viewer.comments.confirmDelete.message')}</Typography>
    </Modal>
  );
}

export function ReportDialog({ actor }: { actor: CommentsActorRef }) {
  const open = useSelector(
    actor,
    (s) => s.matches({ ready: 'reportDialog' }) || s.matches({ ready: 'reporting' }),
  );
  // A new form each time the dialog opens.
  return open ? <ReportForm actor={actor} /> : null;
}

function ReportForm({ actor }: { actor: CommentsActorRef }) {
  const { t } = useTranslation();
  const ofSpace = useSelector(actor, (s) => s.context.target === null);
  const busy = useSelector(actor, (s) => s.matches({ ready: 'reporting' }));
  const problem = useSelector(actor, (s) => s.context.problem);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  return (
    <Modal
      open
      onClose={() => actor.send({ type: 'comments.cancel' })}
      title={t(
        ofSpace ? 'viewer.comments.reportDialog.titleSpace' : 'viewer.comments.reportDialog.titleComment',
      )}
      actions={
        <>
          <Button onClick={() => actor.send({ type: 'comments.cancel' })}>
            {t('viewer.comments.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || text.trim().length > reportTextMax}
            onClick={() => actor.send({ type: 'comments.sendReport', reason, text: text.trim() })}
          >
            {t('viewer.comments.reportDialog.send')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {problem && <Alert severity="error">{problemText(problem, t)}</Alert>}
        <TextField
          select
          label={t('viewer.comments.reportDialog.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
        >
          {reportReasons.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`viewer.comments.reportDialog.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('viewer.comments.reportDialog.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: reportTextMax } }}
        />
      </Stack>
    </Modal>
  );
}
