import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../contracts/operator';
import type { InfiniteListActorRef } from '../../machines/infiniteListMachine';
import { EmptyList, ListFooter } from '../kit/ListFooter';

/** What an action's code reads as; a code the catalogue does not know shows as it is. */
const knownActions = [
  'mail.retried',
  'report.dismissed',
  'report.hidden',
  'space.shown',
  'user.operatorGranted',
  'user.disabled',
  'user.enabled',
  'user.planChanged',
  'user.deleted',
  'newsletter.sent',
  'cms.article.create',
  'cms.article.update',
  'cms.article.delete',
  'cms.faq.create',
  'cms.faq.update',
  'cms.faq.delete',
  'cms.term.create',
  'cms.term.update',
  'cms.term.delete',
] as const;

/** The details an entry keeps, as short `name: value` lines (never read as HTML). */
function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([, value]) => value !== null && value !== undefined);
  if (entries.length === 0) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
      {entries.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {typeof value === 'string' ? value : JSON.stringify(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The audit log (issue 24 §7): every operator action, newest first, with who did it and to what. */
export function AuditTab({ audit }: { audit: InfiniteListActorRef }) {
  const { t, i18n } = useTranslation();
  const items = useSelector(audit, (s) => s.context.items as AuditEntry[]);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const actionText = (action: string) =>
    (knownActions as readonly string[]).includes(action)
      ? t(`operator.audit.actions.${action.replaceAll('.', '_')}`)
      : action;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('operator.audit.intro')}</Typography>
      {items.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('operator.audit.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('operator.audit.columns.at')}</TableCell>
                <TableCell>{t('operator.audit.columns.actor')}</TableCell>
                <TableCell>{t('operator.audit.columns.action')}</TableCell>
                <TableCell>{t('operator.audit.columns.target')}</TableCell>
                <TableCell>{t('operator.audit.columns.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</TableCell>
                  <TableCell>{entry.actorName ?? entry.actorId}</TableCell>
                  <TableCell>{actionText(entry.action)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {entry.target}
                  </TableCell>
                  <TableCell>
                    <Details details={entry.details} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ListFooter
        list={audit}
        loadMoreButton="always"
        failedText={t('operator.audit.loadFailed')}
        empty={<EmptyList text={t('operator.audit.none')} />}
      />
    </>
  );
}
