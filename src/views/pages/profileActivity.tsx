import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { useFlow } from '../../app/AppContext';
import type { HistoryClearActorRef } from '../../machines/historyClearMachine';
import { defaultItemsPerPage, type InfiniteListActorRef } from '../../machines/infiniteListMachine';
import { ListFooter } from '../kit/ListFooter';
import { Modal } from '../kit/Modal';
import { SpaceCard, type SpaceCardData } from '../kit/SpaceCard';
import { SpaceCardGrid } from '../kit/SpaceCardGrid';

/** The Activity category's subcategories (platform.md §2.1, §2.3), as the address names them. */
export type ActivityTab = 'favorites' | 'history';

/**
 * The Activity category of a profile (platform.md §2.3): the owner's Favourites and History as
 * infinite lists of space cards, History with 'Clear history'. Nobody else sees a user's activity.
 */
export function ProfileActivity({ userId, isMe }: { userId: string; isMe: boolean }) {
  const { t } = useTranslation();
  const params = useParams<{ subcategory?: string }>();
  const tab: ActivityTab = params.subcategory === 'history' ? 'history' : 'favorites';
  const base = `/user/${encodeURIComponent(userId)}/activity`;
  if (!isMe)
    return (
      <Alert severity="info" sx={{ mb: 6 }}>
        {t('activity.ownerOnly')}
      </Alert>
    );
  return (
    <Box component="section" aria-label={t('profile.categories.activity')} sx={{ mb: 6 }}>
      <Tabs value={tab} aria-label={t('activity.tabs')} sx={{ mb: 3 }}>
        {(['favorites', 'history'] as const).map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`profile.subcategories.${value}`)}
            component={Link}
            href={`${base}/${value}`}
          />
        ))}
      </Tabs>
      {tab === 'history' ? <HistoryList /> : <FavouritesList />}
    </Box>
  );
}

function FavouritesList() {
  const { t } = useTranslation();
  const list = useFlow('favouriteSpaces', { params: {}, ipp: defaultItemsPerPage });
  return list ? (
    <SpacesOf list={list} label={t('activity.favouritesList')} empty={t('activity.favouritesEmpty')} />
  ) : null;
}

function HistoryList() {
  const { t } = useTranslation();
  const list = useFlow('historySpaces', { params: {}, ipp: defaultItemsPerPage });
  const clear = useFlow('historyClear', undefined);
  // A cleared history loads again (empty).
  useEffect(() => {
    if (!clear || !list) return;
    const subscription = clear.on('history.cleared', () => list.send({ type: 'list.refresh' }));
    return () => subscription.unsubscribe();
  }, [clear, list]);
  if (!list) return null;
  return (
    <>
      {clear && <ClearHistory clear={clear} list={list} />}
      <SpacesOf list={list} label={t('activity.historyList')} empty={t('activity.historyEmpty')} />
    </>
  );
}

function ClearHistory({ clear, list }: { clear: HistoryClearActorRef; list: InfiniteListActorRef }) {
  const { t } = useTranslation();
  const confirming = useSelector(clear, (s) => s.matches('confirming'));
  const busy = useSelector(clear, (s) => s.hasTag('busy'));
  const empty = useSelector(list, (s) => s.matches('done') && s.context.items.length === 0);
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="outlined"
          color="error"
          disabled={empty || busy}
          onClick={() => clear.send({ type: 'history.clear' })}
        >
          {t('activity.clearHistory')}
        </Button>
      </Stack>
      <Modal
        open={confirming}
        onClose={() => clear.send({ type: 'history.cancelClear' })}
        title={t('activity.clearTitle')}
        closeOnEscape
        actions={
          <>
            <Button onClick={() => clear.send({ type: 'history.cancelClear' })}>
              {t('common.actions.cancel')}
            </Button>
            <Button
              variant="contained"
              color="error"
              onClick={() => clear.send({ type: 'history.confirmClear' })}
            >
              {t('activity.clearHistory')}
            </Button>
          </>
        }
      >
        <Typography>{t('activity.clearText')}</Typography>
      </Modal>
    </>
  );
}

function SpacesOf({ list, label, empty }: { list: InfiniteListActorRef; label: string; empty: string }) {
  const items = useSelector(list, (s) => s.context.items as SpaceCardData[]);
  const done = useSelector(list, (s) => s.matches('done'));
  const { t } = useTranslation();
  return (
    <>
      {items.length > 0 && (
        <SpaceCardGrid label={label} items={items} card={(space) => <SpaceCard space={space} />} />
      )}
      {done && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {empty}
        </Typography>
      )}
      <ListFooter list={list} failedText={t('list.failed')} loadMoreButton="fallback" />
    </>
  );
}
