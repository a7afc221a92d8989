import CloseIcon from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Box, Button, Dialog, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneContent } from '../../../contracts/sceneContent';
import {
  levelMiddle,
  readingOrder,
  type SpaceListItem,
  type SpaceListLevel,
  viewpointOf,
} from '../../lib/readingOrder';
import type { Viewpoint } from '../../lib/readingOrder';

/** A clear ring round whatever has keyboard focus (the viewer's dark and light surfaces alike). */
export const focusRing = {
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/** The element id of a work's article (focused when the list opens on it). */
export const listItemElementId = (itemId: string) => `space-list-item-${itemId}`;

export interface SpaceListViewProps {
  /** Shown over the space (closable), or as the page when the browser cannot draw the space. */
  mode: 'closed' | 'open' | 'unavailable';
  content: SceneContent | null;
  title: string | null;
  /** The work to put the reader on when the list opens. */
  itemId: string | null;
  onClose(): void;
  onShowInSpace(itemId: string, viewpoint: Viewpoint): void;
}

/**
 * The accessible list view of a space (platform.md §2.7): every work and information point in
 * reading order (src/lib/readingOrder.ts) as a page a screen reader reads — a heading for the
 * space, one per level, and a list of articles, each with its heading, what kind of work it is,
 * its artist and year, description and (pictures) what the picture shows. Each work can be shown
 * in the space: the visitor then stands in front of it, facing it.
 */
export function SpaceListView({ mode, content, title, itemId, onClose, onShowInSpace }: SpaceListViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const levels = useMemo(() => (content ? readingOrder(content) : null), [content]);
  const open = mode !== 'closed';
  const unavailable = mode === 'unavailable';

  // The reader lands on the work last shown in the space (the dialog has taken focus by then).
  useEffect(() => {
    if (!open || !itemId) return;
    const frame = requestAnimationFrame(() => document.getElementById(listItemElementId(itemId))?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, itemId]);

  return (
    <Dialog
      open={open}
      fullScreen
      onClose={unavailable ? undefined : onClose}
      aria-labelledby={headingId}
      data-testid="space-list-view"
      data-unavailable={unavailable}
    >
      {/* Focusable so the keyboard scrolls it even where it holds no button (the list as the page). */}
      <Box
        component="main"
        tabIndex={0}
        aria-labelledby={headingId}
        sx={{ overflowY: 'auto', px: { xs: 2, sm: 4 }, py: 3, ...focusRing }}
      >
        <Stack sx={{ maxWidth: 880, mx: 'auto' }} spacing={2}>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
          >
            <Typography variant="h4" component="h1" id={headingId}>
              {title ? t('viewer.listView.heading', { title }) : t('viewer.listView.headingUntitled')}
            </Typography>
            {!unavailable && (
              <Button
                variant="outlined"
                startIcon={<CloseIcon />}
                onClick={onClose}
                sx={{ flexShrink: 0, ...focusRing }}
              >
                {t('viewer.listView.close')}
              </Button>
            )}
          </Stack>
          {unavailable && (
            <Alert severity="info" data-testid="space-list-view-unavailable">
              {t('viewer.listView.unavailable')}
            </Alert>
          )}
          <Typography color="text.secondary">{t('viewer.listView.lead')}</Typography>
          {levels === null && <Typography role="status">{t('viewer.listView.loading')}</Typography>}
          {levels?.length === 0 && <Typography>{t('viewer.listView.empty')}</Typography>}
          {levels?.map((level) => (
            <LevelSection
              key={level.id ?? 'space'}
              level={level}
              onlyLevel={levels.length === 1}
              onShowInSpace={unavailable ? null : onShowInSpace}
            />
          ))}
        </Stack>
      </Box>
    </Dialog>
  );
}

function LevelSection({
  level,
  onlyLevel,
  onShowInSpace,
}: {
  level: SpaceListLevel;
  onlyLevel: boolean;
  onShowInSpace: SpaceListViewProps['onShowInSpace'] | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const middle = levelMiddle(level);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1 }}>
        {level.name && !onlyLevel
          ? t('viewer.listView.level', { name: level.name })
          : t('viewer.listView.wholeSpace')}
      </Typography>
      <Stack component="ol" role="list" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {level.items.map((item) => (
          <li key={item.id}>
            <WorkArticle
              item={item}
              onShow={
                onShowInSpace && (() => onShowInSpace(item.id, viewpointOf(item, level.elevation, middle)))
              }
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function WorkArticle({ item, onShow }: { item: SpaceListItem; onShow: (() => void) | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const credit =
    item.artist && item.year
      ? t('viewer.listView.byInYear', { artist: item.artist, year: item.year })
      : item.artist
        ? t('viewer.listView.by', { artist: item.artist })
        : item.year
          ? t('viewer.listView.inYear', { year: item.year })
          : null;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      id={listItemElementId(item.id)}
      tabIndex={-1}
      data-kind={item.kind}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', ...focusRing }}
    >
      {item.imageUri && (
        // What the picture shows is read from the text beside it: the image itself is decoration.
        <Box
          component="img"
          src={item.imageUri}
          alt=""
          loading="lazy"
          sx={{
            width: { xs: 72, sm: 120 },
            height: { xs: 72, sm: 120 },
            objectFit: 'contain',
            flexShrink: 0,
          }}
        />
      )}
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h3" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {item.title ?? t('viewer.listView.untitled')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`viewer.listView.kind.${item.kind}`)}
        </Typography>
        {credit && <Typography variant="body2">{credit}</Typography>}
        {item.description && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.description}</Typography>}
        {item.altText && (
          <Typography>{t('viewer.listView.imageDescription', { text: item.altText })}</Typography>
        )}
        {onShow && (
          <Box>
            <Button
              size="small"
              variant="contained"
              startIcon={<PlaceIcon />}
              aria-describedby={headingId}
              onClick={onShow}
              sx={focusRing}
            >
              {t('viewer.listView.showInSpace')}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
