import { Button } from '@mui/material';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerPanelProps } from './panelProps';

/** Whether this browser offers immersive VR (a headset, or a browser that emulates one). */
function useImmersiveVr(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
    let live = true;
    xr?.isSessionSupported('immersive-vr').then(
      (yes) => live && setSupported(yes),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/**
 * 'Enter VR' on devices with immersive VR: the engine starts the headset session from the click;
 * while it runs the button reads 'Exit VR'. Nothing shows where VR is not offered.
 */
export function EnterVrButton({ send, onEngineEvent }: Pick<ViewerPanelProps, 'send' | 'onEngineEvent'>) {
  const { t } = useTranslation();
  const offered = useImmersiveVr();
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(
    () =>
      onEngineEvent((event) => {
        if (event.type !== 'xrState') return;
        setActive(event.active);
        setSupported(event.supported);
      }),
    [onEngineEvent],
  );
  const toggle = useCallback(
    () => send({ channel: 'Viewer', method: active ? 'exitVr' : 'enterVr', payload: {} }),
    [send, active],
  );
  if (!(supported ?? offered) && !active) return null;
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<ViewInArIcon />}
      onClick={toggle}
      data-testid="viewer-enter-vr"
      data-xr-active={active}
      sx={{ position: 'absolute', left: 12, bottom: 12 }}
    >
      {active ? t('viewer.xr.exit') : t('viewer.xr.enter')}
    </Button>
  );
}
