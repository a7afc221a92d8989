import { useTranslation } from 'react-i18next';
import { BarePage } from '../kit/BarePage';

/** /curate (new space) and /curate/{sceneId}. The 3D editor arrives with the engine. */
export function EditorPage({ sceneId }: { sceneId?: string }) {
  const { t } = useTranslation();
  return (
    <BarePage
      title={t('pages.editor.title')}
      heading={sceneId ? t('pages.editor.heading') : t('pages.editor.newHeading')}
      badge={t('pages.editor.draft')}
    />
  );
}
