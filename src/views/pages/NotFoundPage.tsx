import { useTranslation } from 'react-i18next';
import { MessagePage } from '../kit/MessagePage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('errors.pageNotFound')} message={t('errors.pageNotFoundDescription')} />;
}
