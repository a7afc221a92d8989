import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title and description for the page being shown. */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('shell.documentTitle', { page: title });
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [t, title, description]);
  return null;
}
