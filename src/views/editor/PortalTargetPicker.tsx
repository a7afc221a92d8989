import { Autocomplete, Avatar, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import type { SpaceOption } from '../../machines/spaceSearchMachine';

const noOptions: SpaceOption[] = [];
const isMine = (o: SpaceOption) => o.source === 'mine';
const isOthers = (o: SpaceOption) => o.source !== 'mine';

/**
 * The space a portal leads to, picked by title among the creator's own spaces and the published
 * ones (spaceSearchMachine), each shown with its cover. It answers the space's id, as the portal
 * stores it; a target that is not among the results shows as its id.
 */
export function PortalTargetPicker({
  value,
  onChange,
  label,
}: {
  /** The target's scene id ('' for none yet). */
  value: string;
  onChange(sceneId: string, title: string): void;
  label?: string;
}) {
  const { t } = useTranslation();
  const search = useFlow('spaceSearch', undefined);
  const options = useSelector(search, (s) => s?.context.items ?? noOptions);
  const searching = useSelector(search, (s) => s?.hasTag('searching') ?? true);
  const failed = useSelector(search, (s) => s?.context.outcome === 'failed' && !s.hasTag('searching'));
  // One object per target and title: a new one would make the field retype the title mid-search.
  const known = options.find((o) => o.sceneId === value);
  const title = known?.title ?? value;
  const source = known?.source ?? 'published';
  const coverUri = known?.coverUri ?? null;
  const selected = useMemo<SpaceOption | null>(
    () => (value ? { sceneId: value, title, coverUri, source } : null),
    [value, title, coverUri, source],
  );
  // The current target stays a choice while other words are searched.
  const choices =
    selected && !known ? [...options.filter(isMine), selected, ...options.filter(isOthers)] : options;

  return (
    <Stack spacing={0.5}>
      <Autocomplete
        size="small"
        options={choices}
        value={selected}
        loading={searching}
        filterOptions={(all) => all}
        groupBy={(option) => t(`editor.portalTarget.groups.${option.source}`)}
        getOptionLabel={(option) => option.title}
        isOptionEqualToValue={(option, current) => option.sceneId === current.sceneId}
        onInputChange={(_, query, reason) => {
          if (reason === 'input' || reason === 'clear') search?.send({ type: 'search.typed', query });
        }}
        onChange={(_, option) => option && onChange(option.sceneId, option.title)}
        noOptionsText={t(failed ? 'editor.portalTarget.failed' : 'editor.portalTarget.none')}
        loadingText={t('editor.portalTarget.searching')}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={option.coverUri ?? undefined}
              alt=""
              sx={{ width: 40, height: 30 }}
            >
              {option.title.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography variant="body2" noWrap>
              {option.title}
            </Typography>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label ?? t('editor.portalTarget.label')}
            error={!value}
            placeholder={t('editor.portalTarget.placeholder')}
          />
        )}
      />
      {failed && (
        <Box>
          <Button size="small" onClick={() => search?.send({ type: 'search.retried' })}>
            {t('list.retry')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
