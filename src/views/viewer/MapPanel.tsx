import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ViewerPanelProps } from './panelProps';

/** The Map panel: the floor plan of the space (a placeholder until the plan is drawn). */
export function MapPanel(_props: ViewerPanelProps) {
  const { t } = useTranslation();
  return <Typography color="text.secondary">{t('viewer.map.loading')}</Typography>;
}
