import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../app/AppContext';
import type { EngineEventOf } from '../../engine/protocol';
import { assetFailureText } from './assetFailureText';

/**
 * Says in words, once per distinct message, why the engine could not show an object's file (a
 * model it cannot read draws as a grey crate): the editor's and the viewer's pages call it on
 * every `assetFailed` event.
 */
export function useAssetFailureToasts(): (event: EngineEventOf<'assetFailed'>) => void {
  const { t } = useTranslation();
  const toasts = useToasts();
  const said = useRef(new Set<string>());
  return useCallback(
    (event) => {
      const text = assetFailureText(t, event);
      if (said.current.has(text)) return;
      said.current.add(text);
      toasts.send({ type: 'toast.show', severity: 'warning', message: text, literal: true });
    },
    [t, toasts],
  );
}
