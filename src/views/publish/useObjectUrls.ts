import { useEffect, useMemo } from 'react';

const create = (blob: Blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

/** Object urls showing `blobs`, released when the list changes or the component goes. */
export function useObjectUrls(blobs: readonly Blob[]): string[] {
  const urls = useMemo(() => blobs.map(create), [blobs]);
  useEffect(
    () => () => {
      if (typeof URL.revokeObjectURL === 'function')
        for (const url of urls) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}
