import type { TFunction } from 'i18next';
import { assetDamageKinds, type AssetDamageKind, type EngineEventOf } from '../../engine/protocol';

/** The file's name from its address (the last part of the path), for messages. */
export function fileNameOf(uri: string): string {
  const path = uri.split(/[?#]/)[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}

/** What the page says when the engine could not show an object's file (`assetFailed`). */
export function assetFailureText(t: TFunction, event: EngineEventOf<'assetFailed'>): string {
  const file = fileNameOf(event.uri);
  switch (event.reason) {
    case 'unsupportedExtension':
      return t('engine.assetFailed.unsupportedExtension', { extensions: event.detail ?? '', file });
    case 'damaged': {
      const kind: AssetDamageKind = assetDamageKinds.includes(event.detail as AssetDamageKind)
        ? (event.detail as AssetDamageKind)
        : 'undecodable';
      return t('engine.assetFailed.damaged', { why: t(`engine.assetFailed.damage.${kind}`), file });
    }
    case 'unreachable':
      return t('engine.assetFailed.unreachable', { file });
    default:
      return t('engine.assetFailed.other', { file });
  }
}
