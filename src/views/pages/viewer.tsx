import { useTranslation } from 'react-i18next';
import { BarePage } from '../kit/BarePage';

/** /viewer/{sceneId} and /viewer/embed/{sceneId}. The 3D viewer arrives with the engine. */
export function ViewerPage({ embed }: { sceneId: string; embed: boolean }) {
  const { t } = useTranslation();
  return <BarePage title={t('pages.viewer.title')} heading={t('pages.viewer.heading')} homeLink={!embed} />;
}
