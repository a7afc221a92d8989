import { Box, Button, MobileStepper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../kit/Modal';

/** The guide's pages: the introduction, then the five steps of platform.md §2.6. */
export const guidePages = [
  'introduction',
  'createSpace',
  'designSpace',
  'addContent',
  'createPaths',
  'publish',
] as const;

/**
 * The introduction's video (about two minutes: a space built through the five steps), its poster
 * and captions, served from public/guide/. Recorded from the app by `npm run guide-video`.
 */
export const guideIntroductionVideo = {
  src: '/guide/editor-introduction.webm',
  poster: '/guide/editor-introduction.jpg',
  captions: '/guide/editor-introduction.en.vtt',
} as const;

/** The guide modal: an introduction and one page per editor step, with Back, Next and Done. */
export function GuideModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const key = guidePages[page];
  const last = page === guidePages.length - 1;
  const close = () => {
    setPage(0);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={`${t('editor.guide.title')}: ${t(`editor.guide.${key}`)}`}
      maxWidth="sm"
      fullWidth
      closeOnEscape
      actions={
        <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'space-between' }}>
          <Button onClick={close}>{t('editor.guide.skip')}</Button>
          <Stack direction="row" spacing={1}>
            <Button disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              {t('editor.guide.back')}
            </Button>
            <Button variant="contained" onClick={() => (last ? close() : setPage((p) => p + 1))}>
              {last ? t('editor.guide.done') : t('editor.guide.next')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <Stack spacing={2} data-testid="editor-guide">
        {key === 'introduction' && (
          <>
            <Typography variant="body1">{t('editor.guide.introductionText')}</Typography>
            <Box
              component="video"
              controls
              preload="metadata"
              playsInline
              poster={guideIntroductionVideo.poster}
              src={guideIntroductionVideo.src}
              aria-label={t('editor.guide.videoLabel')}
              sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 1, bgcolor: 'common.black' }}
            >
              <track kind="captions" src={guideIntroductionVideo.captions} srcLang="en" label="English" />
            </Box>
          </>
        )}
        <Typography variant="body1">{t(`editor.guide.text.${key}`)}</Typography>
        <MobileStepper
          variant="dots"
          steps={guidePages.length}
          position="static"
          activeStep={page}
          backButton={null}
          nextButton={null}
          sx={{ justifyContent: 'center', bgcolor: 'transparent' }}
        />
      </Stack>
    </Modal>
  );
}
