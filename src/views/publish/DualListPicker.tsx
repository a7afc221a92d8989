import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import type { Member } from '../../machines/publishWizardMachine';
import { userSearchDebounceMs } from '../../machines/userSearchMachine';

/** The picker waits this long after the last keystroke before it searches (platform.md §9). */
export const dualListSearchDebounceMs = userSearchDebounceMs;

export type MemberCategory = 'users' | 'groups';

/** Two members are the same when their userId matches, else their groupId (platform.md §3). */
export const sameMember = (a: Member, b: Member) =>
  a.userId !== undefined || b.userId !== undefined ? a.userId === b.userId : a.groupId === b.groupId;

const keyOf = (m: Member) => (m.userId !== undefined ? `u:${m.userId}` : `g:${m.groupId ?? ''}`);

export interface DualListPickerProps {
  /** Names the picker's parts ('Who can view this space?'). */
  label: string;
  /** The chosen members (the right list). */
  value: Member[];
  onChange(members: Member[]): void;
  disabled?: boolean;
}

const noMembers: Member[] = [];

/**
 * The dual-list picker (platform.md §4): on the left the search results of a category (users, or
 * the signed-in user's groups), on the right the chosen members. Clicking an item toggles its
 * selection; Add moves the left selection right, Remove takes the right selection out. A new search
 * or category clears both selections.
 */
export function DualListPicker({ label, value, onChange, disabled }: DualListPickerProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<MemberCategory>('users');
  const [query, setQuery] = useState('');
  const searcher = useFlow('userSearch', undefined);
  const search = {
    status: useSelector(searcher, (s) =>
      !s ? 'none' : s.hasTag('searching') ? 'searching' : s.context.outcome,
    ),
    items: useSelector(searcher, (s) => s?.context.items ?? noMembers),
  };
  const [left, setLeft] = useState<Member[]>([]);
  const [right, setRight] = useState<Member[]>([]);

  // The search follows the words typed and the category shown.
  useEffect(() => {
    searcher?.send({ type: 'search.typed', query, category });
  }, [searcher, category, query]);

  const shown = useSelector(searcher, (s) => s?.context.category ?? 'users');
  const available =
    shown === category ? search.items.filter((m) => !value.some((v) => sameMember(v, m))) : [];
  const toggle = (list: Member[], member: Member) =>
    list.some((m) => sameMember(m, member)) ? list.filter((m) => !sameMember(m, member)) : [...list, member];

  const add = () => {
    onChange([...value, ...left.filter((m) => !value.some((v) => sameMember(v, m)))]);
    setLeft([]);
  };
  const remove = () => {
    onChange(value.filter((m) => !right.some((r) => sameMember(r, m))));
    setRight([]);
  };

  const leftEmpty =
    search.status === 'failed'
      ? t('publish.access.searchFailed')
      : search.status === 'done' && shown === category && available.length === 0
        ? t(category === 'groups' ? 'publish.access.noGroups' : 'publish.access.noResults')
        : null;

  return (
    <Stack spacing={1.5} role="group" aria-label={label}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={category}
          disabled={disabled}
          aria-label={t('publish.access.category')}
          onChange={(_, next: MemberCategory | null) => {
            if (!next) return;
            setCategory(next);
            setLeft([]);
            setRight([]);
          }}
        >
          <ToggleButton value="users">{t('publish.access.users')}</ToggleButton>
          <ToggleButton value="groups">{t('publish.access.groups')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          fullWidth
          value={query}
          disabled={disabled}
          placeholder={t('kit.dualList.search')}
          onChange={(e) => {
            setQuery(e.target.value);
            setLeft([]);
            setRight([]);
          }}
          slotProps={{
            htmlInput: {
              'aria-label': t(
                category === 'groups' ? 'publish.access.searchGroups' : 'publish.access.searchUsers',
              ),
              type: 'search',
            },
          }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
        <MemberList
          label={t('kit.dualList.available')}
          items={available}
          selected={left}
          onToggle={(m) => setLeft((l) => toggle(l, m))}
          empty={leftEmpty}
          busy={search.status === 'searching'}
          disabled={disabled}
        />
        <Stack spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="outlined" size="small" disabled={disabled || left.length === 0} onClick={add}>
            {t('kit.dualList.add')}
          </Button>
          <Button variant="outlined" size="small" disabled={disabled || right.length === 0} onClick={remove}>
            {t('kit.dualList.remove')}
          </Button>
        </Stack>
        <MemberList
          label={t('kit.dualList.selected')}
          items={value}
          selected={right}
          onToggle={(m) => setRight((r) => toggle(r, m))}
          empty={value.length === 0 ? t('publish.access.nothingSelected') : null}
          disabled={disabled}
        />
      </Stack>
    </Stack>
  );
}

function MemberList({
  label,
  items,
  selected,
  onToggle,
  empty,
  busy = false,
  disabled,
}: {
  label: string;
  items: Member[];
  selected: Member[];
  onToggle(member: Member): void;
  empty: string | null;
  busy?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent, member: Member) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onToggle(member);
    }
  };
  return (
    <Box sx={{ flex: 1, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" sx={{ px: 1.5, pt: 1 }}>
        {label}
      </Typography>
      <Box
        role="listbox"
        aria-label={label}
        aria-multiselectable="true"
        aria-busy={busy}
        sx={{ maxHeight: 200, minHeight: items.length ? 48 : 0, overflowY: 'auto', p: 0.5 }}
      >
        {items.map((member) => {
          const isSelected = selected.some((s) => sameMember(s, member));
          return (
            <Box
              key={keyOf(member)}
              role="option"
              aria-selected={isSelected}
              aria-disabled={disabled || undefined}
              tabIndex={disabled ? -1 : 0}
              onClick={() => !disabled && onToggle(member)}
              onKeyDown={(e) => !disabled && onKeyDown(e, member)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                cursor: disabled ? 'default' : 'pointer',
                bgcolor: isSelected ? 'action.selected' : undefined,
                '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <Avatar
                src={member.profilePicture ?? undefined}
                alt=""
                aria-hidden
                sx={{ width: 28, height: 28 }}
              >
                {member.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Typography variant="body2" noWrap>
                {member.name}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {items.length === 0 && busy && (
        <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'center' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('publish.access.searching')}</Typography>
        </Stack>
      )}
      {items.length === 0 && !busy && empty && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {empty}
        </Typography>
      )}
    </Box>
  );
}
