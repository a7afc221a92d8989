import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OperatorUser, operatorPlans } from '../../../contracts/operator';
import {
  type OperatorPlan,
  type OperatorUsersActorRef,
  operatorUsersPageSize,
  type UserChanged,
} from '../../machines/operatorUsersMachine';
import { ConfirmDialog } from '../editor/ConfirmDialog';
import { EmptyList } from '../kit/ListFooter';
import { OperatorPagination } from './OperatorPagination';

const changedMessage: Record<UserChanged['what'], string> = {
  enabled: 'operator.users.enabled',
  disabled: 'operator.users.disabled',
  plan: 'operator.users.planChanged',
  deleted: 'operator.users.deleted',
};

/**
 * Users: found by name, username or e-mail; an account disabled (after a confirmation) or enabled,
 * its plan changed, or the account deleted with everything it owns (after a confirmation).
 */
export function UsersTab({ users, me }: { users: OperatorUsersActorRef; me: string }) {
  const { t, i18n } = useTranslation();
  const page = useSelector(users, (s) => s.context.page);
  const q = useSelector(users, (s) => s.context.q);
  const cp = useSelector(users, (s) => s.context.cp);
  const busy = useSelector(users, (s) => s.hasTag('busy'));
  const failed = useSelector(users, (s) => s.matches('failed'));
  const error = useSelector(users, (s) => s.context.error);
  const changed = useSelector(users, (s) => s.context.changed);
  const [text, setText] = useState(q);
  const [confirming, setConfirming] = useState<{ user: OperatorUser; action: 'disable' | 'delete' } | null>(
    null,
  );

  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const search = (event: FormEvent) => {
    event.preventDefault();
    users.send({ type: 'users.searched', q: text });
  };
  const confirm = () => {
    if (confirming?.action === 'disable')
      users.send({ type: 'users.setActive', userId: confirming.user.userId, active: false });
    if (confirming?.action === 'delete') users.send({ type: 'users.delete', userId: confirming.user.userId });
    setConfirming(null);
  };
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('operator.users.intro')}</Typography>
      <Stack
        component="form"
        role="search"
        aria-label={t('operator.users.searchLabel')}
        direction="row"
        spacing={1}
        onSubmit={search}
        sx={{ mb: 2 }}
      >
        <TextField
          size="small"
          label={t('operator.users.query')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="outlined">
          {t('operator.users.search')}
        </Button>
      </Stack>
      <Box role="status" sx={{ mb: changed ? 2 : 0 }}>
        {changed && (
          <Alert severity="success">
            {t(changedMessage[changed.what], {
              name: changed.user.name,
              plan: t(`operator.users.plans.${changed.user.plan}`, { defaultValue: changed.user.plan }),
            })}
          </Alert>
        )}
      </Box>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            failed ? (
              <Button color="inherit" onClick={() => users.send({ type: 'users.reload' })}>
                {t('operator.retry')}
              </Button>
            ) : undefined
          }
        >
          {failed ? t('operator.users.loadFailed', { message: error }) : error}
        </Alert>
      )}
      {page && page.items.length === 0 && <EmptyList text={t('operator.users.none')} />}
      {page && page.items.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('operator.users.table')} aria-busy={busy}>
            <TableHead>
              <TableRow>
                <TableCell>{t('operator.users.columns.name')}</TableCell>
                <TableCell>{t('operator.users.columns.email')}</TableCell>
                <TableCell>{t('operator.users.columns.plan')}</TableCell>
                <TableCell>{t('operator.users.columns.status')}</TableCell>
                <TableCell>{t('operator.users.columns.signedUp')}</TableCell>
                <TableCell>{t('operator.users.columns.lastLogin')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('operator.users.columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.items.map((user) => (
                <TableRow key={user.userId}>
                  <TableCell>
                    {user.name}
                    {user.username && (
                      <Typography variant="body2" color="text.secondary">
                        @{user.username}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email ?? '—'}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      variant="standard"
                      value={user.plan}
                      disabled={busy}
                      onChange={(event) =>
                        users.send({
                          type: 'users.setPlan',
                          userId: user.userId,
                          plan: event.target.value as OperatorPlan,
                        })
                      }
                      slotProps={{
                        htmlInput: { 'aria-label': t('operator.users.planLabel', { name: user.name }) },
                      }}
                    >
                      {operatorPlans.map((plan) => (
                        <MenuItem key={plan} value={plan}>
                          {t(`operator.users.plans.${plan}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={user.active ? t('operator.users.active') : t('operator.users.inactive')}
                      />
                      {user.operator && (
                        <Chip size="small" variant="outlined" label={t('operator.users.operator')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(user.signedUp)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(user.lastLogin)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {user.active ? (
                      user.userId !== me && (
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          aria-label={t('operator.users.disableNamed', { name: user.name })}
                          onClick={() => setConfirming({ user, action: 'disable' })}
                        >
                          {t('operator.users.disable')}
                        </Button>
                      )
                    ) : (
                      <Button
                        size="small"
                        disabled={busy}
                        aria-label={t('operator.users.enableNamed', { name: user.name })}
                        onClick={() =>
                          users.send({ type: 'users.setActive', userId: user.userId, active: true })
                        }
                      >
                        {t('operator.users.enable')}
                      </Button>
                    )}
                    {user.userId !== me && !user.operator && (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        aria-label={t('operator.users.deleteNamed', { name: user.name })}
                        onClick={() => setConfirming({ user, action: 'delete' })}
                      >
                        {t('operator.users.delete')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <OperatorPagination
        cp={cp}
        total={page?.total ?? 0}
        pageSize={operatorUsersPageSize}
        onPage={(next) => users.send({ type: 'users.paged', cp: next })}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t(
          confirming?.action === 'delete' ? 'operator.users.confirmDelete' : 'operator.users.confirm',
          {
            name: confirming?.user.name ?? '',
          },
        )}
        message={t(
          confirming?.action === 'delete' ? 'operator.users.confirmDeleteText' : 'operator.users.confirmText',
        )}
        confirmLabel={t(confirming?.action === 'delete' ? 'operator.users.delete' : 'operator.users.disable')}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
