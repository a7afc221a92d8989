import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorReport, ReportState } from '../../../contracts/operator';
import { type OperatorReportsActorRef, operatorReportsPageSize } from '../../machines/operatorReportsMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';
import { EmptyList } from '../kit/ListFooter';
import { OperatorPagination } from './OperatorPagination';

/** What the report is about: the comment quoted, or the space; a link to the space either way. */
function ReportedThing({ report }: { report: OperatorReport }) {
  const { t } = useTranslation();
  const { space, comment } = report;
  return (
    <Box>
      <Typography>
        {comment
          ? t('operator.reports.aboutComment', {
              author: comment.authorName ?? t('operator.reports.someone'),
              title: space.title,
            })
          : t('operator.reports.aboutSpace', {
              title: space.title,
              owner: space.ownerName ?? t('operator.reports.someone'),
            })}{' '}
        <Link href={`/viewer/${encodeURIComponent(space.sceneId)}`} target="_blank" rel="noopener">
          {t('operator.reports.openSpace')}
        </Link>
      </Typography>
      {comment && (
        <Typography
          component="blockquote"
          sx={{ m: 0, mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap' }}
        >
          {comment.body}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {space.hiddenByOperator && <Chip size="small" label={t('operator.reports.spaceHidden')} />}
        {comment?.hidden && <Chip size="small" label={t('operator.reports.commentHidden')} />}
      </Stack>
    </Box>
  );
}

function ReportCard({
  report,
  busy,
  onDismiss,
  onHide,
  onShowSpace,
}: {
  report: OperatorReport;
  busy: boolean;
  onDismiss: () => void;
  onHide: () => void;
  onShowSpace: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const headingId = `report-${report.id}`;
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={t(`operator.reports.reasons.${report.reason}`)} />
          <Typography id={headingId} component="h3" variant="subtitle1">
            {t('operator.reports.reportedBy', {
              name: report.reporter.name ?? t('operator.reports.someone'),
              date: when(report.createdAt),
            })}
          </Typography>
        </Stack>
        <Typography color={report.text ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap' }}>
          {report.text || t('operator.reports.noText')}
        </Typography>
        <ReportedThing report={report} />
        {report.resolution ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">
              {t(`operator.reports.settledLine.${report.resolution}`, {
                name: report.resolverName ?? t('operator.reports.someone'),
                date: report.resolvedAt ? when(report.resolvedAt) : '',
              })}
            </Typography>
            {!report.comment && report.space.hiddenByOperator && (
              <Button variant="outlined" disabled={busy} onClick={onShowSpace}>
                {t('operator.reports.showSpace')}
              </Button>
            )}
          </Stack>
        ) : (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" disabled={busy} onClick={onDismiss}>
              {t('operator.reports.dismiss')}
            </Button>
            <Button variant="contained" color="error" disabled={busy} onClick={onHide}>
              {report.comment ? t('operator.reports.hideComment') : t('operator.reports.hideSpace')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Reports: the open ones to review (dismiss, or hide what was reported) and those settled. */
export function ReportsTab({ reports }: { reports: OperatorReportsActorRef }) {
  const { t } = useTranslation();
  const page = useSelector(reports, (s) => s.context.page);
  const shown = useSelector(reports, (s) => s.context.state);
  const cp = useSelector(reports, (s) => s.context.cp);
  const busy = useSelector(reports, (s) => s.hasTag('busy'));
  const failed = useSelector(reports, (s) => s.matches('failed'));
  const error = useSelector(reports, (s) => s.context.error);
  const settled = useSelector(reports, (s) => s.context.settled);
  const shownSpace = useSelector(reports, (s) => (s.matches({ ready: 'showing' }) ? null : s.context.shown));
  const [confirming, setConfirming] = useState<OperatorReport | null>(null);

  const hide = () => {
    if (confirming) reports.send({ type: 'reports.settle', id: confirming.id, resolution: 'hidden' });
    setConfirming(null);
  };
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('operator.reports.intro')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={shown}
        onChange={(_, next: ReportState | null) =>
          next && reports.send({ type: 'reports.shown', state: next })
        }
        aria-label={t('operator.reports.which')}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="open">{t('operator.reports.open')}</ToggleButton>
        <ToggleButton value="settled">{t('operator.reports.settled')}</ToggleButton>
      </ToggleButtonGroup>
      <Box role="status" sx={{ mb: settled || shownSpace ? 2 : 0 }}>
        {shownSpace && (
          <Alert severity="success">{t('operator.reports.shown', { title: shownSpace.title })}</Alert>
        )}
        {settled && (
          <Alert severity="success">
            {t(`operator.reports.done.${settled.report.resolution ?? 'dismissed'}`, {
              count: settled.settled,
            })}
          </Alert>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed ? t('operator.reports.loadFailed', { message: error }) : error}
        </Alert>
      )}
      {failed && (
        <Button onClick={() => reports.send({ type: 'reports.reload' })}>{t('operator.retry')}</Button>
      )}
      {page && page.items.length === 0 && (
        <EmptyList
          text={shown === 'open' ? t('operator.reports.noneOpen') : t('operator.reports.noneSettled')}
        />
      )}
      <Stack spacing={2} aria-busy={busy}>
        {page?.items.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            busy={busy}
            onDismiss={() => reports.send({ type: 'reports.settle', id: report.id, resolution: 'dismissed' })}
            onHide={() => setConfirming(report)}
            onShowSpace={() => reports.send({ type: 'reports.showSpace', sceneId: report.space.sceneId })}
          />
        ))}
      </Stack>
      <OperatorPagination
        cp={cp}
        total={page?.total ?? 0}
        pageSize={operatorReportsPageSize}
        onPage={(next) => reports.send({ type: 'reports.paged', cp: next })}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.comment ? t('operator.reports.confirmComment') : t('operator.reports.confirmSpace')
        }
        message={
          confirming?.comment
            ? t('operator.reports.confirmCommentText')
            : t('operator.reports.confirmSpaceText', { title: confirming?.space.title ?? '' })
        }
        confirmLabel={
          confirming?.comment ? t('operator.reports.hideComment') : t('operator.reports.hideSpace')
        }
        onConfirm={hide}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
