import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useNow } from '../kit/useNow';
import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type Comment, commentBodyMax, type Reply } from '../../../contracts/comments';
import { useFlow, useSession } from '../../app/AppContext';
import { relativeTime, shortenCount } from '../../lib/format';
import type { CommentsActorRef } from '../../machines/commentsMachine';
import { DeleteDialog, problemText, ReportDialog } from './CommentDialogs';
import '../../i18n/commentsCatalogue';

/**
 * The comment thread of the viewer's Space info (platform.md §2.7): the space's comments with
 * their replies, the 'edited' marker, Reply, Edit, Delete, Report and (for the owner) Hide, and
 * 'Add a comment'. Restarted when the signed-in user changes (what they may do changes with it).
 */
export function CommentThread({ sceneId, ownerId }: { sceneId: string; ownerId: string }) {
  const session = useSession();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? null);
  return <Thread key={userId ?? 'anonymous'} sceneId={sceneId} ownerId={ownerId} userId={userId} />;
}

function Thread({ sceneId, ownerId, userId }: { sceneId: string; ownerId: string; userId: string | null }) {
  const comments = useFlow('comments', { sceneId, ownerId, userId });
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={`comments-${sceneId}`} data-testid="viewer-comments">
      {comments ? (
        <ThreadBody actor={comments} headingId={`comments-${sceneId}`} />
      ) : (
        <Typography variant="overline" component="h3" color="text.secondary" id={`comments-${sceneId}`}>
          {t('viewer.comments.title')}
        </Typography>
      )}
    </Box>
  );
}

function ThreadBody({ actor, headingId }: { actor: CommentsActorRef; headingId: string }) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const items = useSelector(actor, (s) => s.context.comments);
  const count = useSelector(actor, (s) => s.context.commentCount);
  const problem = useSelector(actor, (s) => s.context.problem);
  const reported = useSelector(actor, (s) => s.context.reported);
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'comments.loadMore' }));
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: 'loadingMore' }));
  const canReportSpace = useSelector(actor, (s) => s.can({ type: 'comments.report', commentId: null }));
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="overline" component="h3" color="text.secondary" id={headingId}>
          {t('viewer.comments.title')} {!loading && !failed && `(${shortenCount(count)})`}
        </Typography>
        {canReportSpace && (
          <Button size="small" onClick={() => actor.send({ type: 'comments.report', commentId: null })}>
            {t('viewer.comments.reportSpace')}
          </Button>
        )}
      </Stack>
      {loading && <CircularProgress size={24} aria-label={t('shell.loading')} />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => actor.send({ type: 'comments.retry' })}>
              {t('viewer.comments.retry')}
            </Button>
          }
        >
          {t('viewer.comments.loadFailed')}
        </Alert>
      )}
      {!loading && !failed && (
        <>
          {problem && (
            <Alert severity="error" onClose={() => actor.send({ type: 'comments.dismiss' })}>
              {problemText(problem, t)}
            </Alert>
          )}
          {reported && (
            <Alert severity="success" onClose={() => actor.send({ type: 'comments.dismiss' })}>
              {t('viewer.comments.reported')}
            </Alert>
          )}
          <AddComment actor={actor} />
          {items.length === 0 ? (
            <Typography color="text.secondary">{t('viewer.comments.empty')}</Typography>
          ) : (
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((comment) => (
                <li key={comment.commentId}>
                  <CommentItem actor={actor} comment={comment} />
                  {comment.childComments.length > 0 && (
                    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', pl: 5, mt: 1.5, mb: 0 }}>
                      {comment.childComments.map((reply) => (
                        <li key={reply.commentId}>
                          <CommentItem actor={actor} comment={reply} />
                        </li>
                      ))}
                    </Stack>
                  )}
                  {comment.replyCount > comment.childComments.length && (
                    <Typography variant="caption" color="text.secondary" sx={{ pl: 5 }}>
                      {t('viewer.comments.repliesMore', {
                        count: comment.replyCount - comment.childComments.length,
                      })}
                    </Typography>
                  )}
                  <ReplyField actor={actor} parentId={comment.commentId} replies={comment.childComments} />
                </li>
              ))}
            </Stack>
          )}
          {canLoadMore || loadingMore ? (
            <Button
              onClick={() => actor.send({ type: 'comments.loadMore' })}
              disabled={loadingMore}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('viewer.comments.loadMore')}
            </Button>
          ) : null}
        </>
      )}
      <DeleteDialog actor={actor} />
      <ReportDialog actor={actor} />
    </Stack>
  );
}

/** 'Add a comment': asks a signed-out visitor to sign in, says when comments are off. */
function AddComment({ actor }: { actor: CommentsActorRef }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = useSelector(actor, (s) => s.context.userId !== null);
  const enabled = useSelector(actor, (s) => s.context.commentsEnabled);
  const lastPosted = useSelector(actor, (s) => s.context.lastPosted);
  const [pathname] = useLocation();
  if (!enabled) return <Alert severity="info">{t('viewer.comments.off')}</Alert>;
  if (!signedIn)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{t('viewer.comments.signInLead')}</Typography>
        <Button onClick={() => session.send({ type: 'session.signIn', returnTo: pathname })}>
          {t('viewer.comments.signIn')}
        </Button>
      </Stack>
    );
  return (
    <BodyForm
      // A new, empty field once the comment is posted (a refused one keeps its text).
      key={lastPosted ?? 'first'}
      actor={actor}
      label={t('viewer.comments.add')}
      submit={t('viewer.comments.post')}
      event="comments.post"
    />
  );
}

/** A text field and its button; the machine decides (with the contract's rule) whether it may be sent. */
function BodyForm({
  actor,
  label,
  submit,
  event,
  initial = '',
  onCancel,
  autoFocus,
}: {
  actor: CommentsActorRef;
  label: string;
  submit: string;
  event: 'comments.post' | 'comments.save';
  initial?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const allowed = useSelector(actor, (s) => s.can({ type: event, body }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!allowed) return;
    actor.send({ type: event, body });
  };
  const tooLong = body.trim().length > commentBodyMax;
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        autoFocus={autoFocus}
        error={tooLong}
        helperText={tooLong ? t('viewer.comments.tooLong', { count: commentBodyMax }) : undefined}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('viewer.comments.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={!allowed || busy}>
          {submit}
        </Button>
      </Stack>
    </Box>
  );
}

/** The reply field under a thread, while the user answers it (or one of its replies). */
function ReplyField({
  actor,
  parentId,
  replies,
}: {
  actor: CommentsActorRef;
  parentId: string;
  replies: Reply[];
}) {
  const { t } = useTranslation();
  const open = useSelector(
    actor,
    (s) =>
      (s.matches({ ready: 'replying' }) || s.matches({ ready: 'posting' })) &&
      (s.context.target === parentId || replies.some((r) => r.commentId === s.context.target)),
  );
  if (!open) return null;
  return (
    <Box sx={{ pl: 5, mt: 1 }}>
      <BodyForm
        actor={actor}
        label={t('viewer.comments.addReply')}
        submit={t('viewer.comments.reply')}
        event="comments.post"
        onCancel={() => actor.send({ type: 'comments.cancel' })}
        autoFocus
      />
    </Box>
  );
}

function CommentItem({ actor, comment }: { actor: CommentsActorRef; comment: Comment | Reply }) {
  const { t } = useTranslation();
  const id = comment.commentId;
  const editing = useSelector(
    actor,
    (s) => (s.matches({ ready: 'editing' }) || s.matches({ ready: 'saving' })) && s.context.target === id,
  );
  const now = useNow();
  const when = relativeTime(comment.createdAt, now, (key, options) => t(key, options));
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', opacity: comment.hidden ? 0.6 : 1 }}>
      <Avatar src={comment.user.profilePicture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {comment.user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span">
            {comment.user.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={comment.createdAt}>{when}</time>
            {comment.edited && <> · {t('viewer.comments.edited')}</>}
            {comment.hidden && (
              <>
                {' · '}
                {t(
                  comment.hiddenByOperator
                    ? 'viewer.comments.hiddenByOperator'
                    : 'viewer.comments.hiddenMarker',
                )}
              </>
            )}
          </Typography>
        </Stack>
        {editing ? (
          <BodyForm
            actor={actor}
            label={t('viewer.comments.edit')}
            submit={t('viewer.comments.save')}
            event="comments.save"
            initial={comment.body}
            onCancel={() => actor.send({ type: 'comments.cancel' })}
            autoFocus
          />
        ) : (
          // Plain text: React escapes it; line breaks are kept.
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.body}</Typography>
        )}
        {!editing && <CommentActions actor={actor} comment={comment} />}
      </Box>
    </Stack>
  );
}

function CommentActions({ actor, comment }: { actor: CommentsActorRef; comment: Comment | Reply }) {
  const { t } = useTranslation();
  const commentId = comment.commentId;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const can = useSelector(
    actor,
    (s) => ({
      reply: s.can({ type: 'comments.reply', commentId }),
      edit: s.can({ type: 'comments.edit', commentId }),
      remove: s.can({ type: 'comments.delete', commentId }),
      report: s.can({ type: 'comments.report', commentId }),
      hide: s.can({ type: 'comments.hide', commentId }),
      unhide: s.can({ type: 'comments.unhide', commentId }),
    }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const menu = [
    can.edit && {
      key: 'edit',
      label: t('viewer.comments.edit'),
      event: { type: 'comments.edit', commentId },
    },
    can.remove && {
      key: 'delete',
      label: t('viewer.comments.delete'),
      event: { type: 'comments.delete', commentId },
    },
    can.hide && {
      key: 'hide',
      label: t('viewer.comments.hide'),
      event: { type: 'comments.hide', commentId },
    },
    can.unhide && {
      key: 'unhide',
      label: t('viewer.comments.unhide'),
      event: { type: 'comments.unhide', commentId },
    },
    can.report && {
      key: 'report',
      label: t('viewer.comments.report'),
      event: { type: 'comments.report', commentId },
    },
  ].filter(Boolean) as { key: string; label: string; event: Parameters<CommentsActorRef['send']>[0] }[];
  if (!can.reply && menu.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {can.reply && (
        <Button size="small" onClick={() => actor.send({ type: 'comments.reply', commentId })}>
          {t('viewer.comments.reply')}
        </Button>
      )}
      {menu.length > 0 && (
        <>
          <IconButton
            size="small"
            aria-label={t('viewer.comments.actionsOf', { name: comment.user.name })}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? menuId : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {menu.map((item) => (
              <MenuItem
                key={item.key}
                onClick={() => {
                  setAnchor(null);
                  actor.send(item.event);
                }}
              >
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}
