import { Box, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from './ContentCard';
import {
  type ContentEntry,
  demoPictureCount,
  infoPointItem,
  mediaEntries,
  pictureEntry,
  pictureSize,
  portalItem,
  propEntries,
} from './contentItems';
import type { Send } from './editorSession';
import { LibraryTab } from './LibraryTab';
import { PortalTargetPicker } from './PortalTargetPicker';
import '../../i18n/devCatalogue';

type Size = { width: number; height: number };

const media = mediaEntries();
const props = propEntries();

const grid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 0.75 } as const;

type ContentTab = 'builtIn' | 'library';

/**
 * Add Content (platform.md §2.6): the built-in items beside the creator's own library (LibraryTab).
 */
export function ContentSection({ send }: { send: Send }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ContentTab>('builtIn');
  return (
    <Stack spacing={1}>
      <Tabs
        value={tab}
        onChange={(_, value: ContentTab) => setTab(value)}
        aria-label={t('editor.library.tabs')}
        variant="fullWidth"
      >
        <Tab
          value="builtIn"
          label={t('editor.library.builtIn')}
          id="content-tab-builtIn"
          aria-controls="content-panel-builtIn"
        />
        <Tab
          value="library"
          label={t('editor.library.tab')}
          id="content-tab-library"
          aria-controls="content-panel-library"
        />
      </Tabs>
      <Box role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'builtIn' ? <BuiltInContent send={send} /> : <LibraryTab send={send} />}
      </Box>
    </Stack>
  );
}

/**
 * The built-in content: demo pictures, videos, models, texts, a web view, a portal, an
 * info point and the built-in props, each dragged onto the space or added with its button.
 */
function BuiltInContent({ send }: { send: Send }) {
  const { t } = useTranslation();
  /** Picture sizes keeping each file's aspect, once its thumbnail has loaded. */
  const [sizes, setSizes] = useState<Record<number, Size>>({});
  const [target, setTarget] = useState({ sceneId: '', title: '' });
  const [infoTitle, setInfoTitle] = useState('Information');
  const [infoText, setInfoText] = useState('');
  const pictures = Array.from({ length: demoPictureCount }, (_, i) => pictureEntry(i, sizes[i]));

  const card = (entry: ContentEntry, onLoad?: (image: HTMLImageElement) => void) => (
    <ContentCard
      key={entry.key}
      label={t(entry.labelKey, entry.labelValues)}
      item={entry.item}
      thumbnail={entry.thumbnail}
      onThumbnailLoad={onLoad}
      send={send}
    />
  );

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('dev.editor.content.hint')}
      </Typography>
      <Box role="list" aria-label={t('dev.editor.content.library')} sx={grid}>
        {pictures.map((entry, i) =>
          card(entry, (image) => {
            const size = pictureSize(image.naturalWidth, image.naturalHeight);
            setSizes((s) =>
              s[i]?.width === size.width && s[i]?.height === size.height ? s : { ...s, [i]: size },
            );
          }),
        )}
        {media.map((entry) => card(entry))}
        <ContentCard
          label={t('dev.editor.content.items.portal')}
          item={portalItem(target.sceneId, target.title)}
          send={send}
        >
          <PortalTargetPicker
            label={t('dev.editor.content.portalTarget')}
            value={target.sceneId}
            onChange={(sceneId, title) => setTarget({ sceneId, title })}
          />
        </ContentCard>
        <ContentCard
          label={t('dev.editor.content.items.infoPoint')}
          item={infoPointItem(infoTitle, infoText)}
          send={send}
        >
          <TextField
            size="small"
            label={t('dev.editor.content.infoTitle')}
            value={infoTitle}
            error={!infoTitle.trim()}
            onChange={(e) => setInfoTitle(e.target.value)}
          />
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t('dev.editor.content.infoText')}
            value={infoText}
            onChange={(e) => setInfoText(e.target.value)}
          />
        </ContentCard>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dev.editor.content.propsTitle')}
      </Typography>
      <Box role="list" aria-label={t('dev.editor.content.propsTitle')} sx={grid}>
        {props.map((entry) => card(entry))}
      </Box>
    </Stack>
  );
}
