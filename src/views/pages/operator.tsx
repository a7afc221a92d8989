import { Alert, CircularProgress, Tab, Tabs } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../../app/AppContext';
import '../../i18n/operatorCatalogue';
import { SignedInOnly } from '../kit/SignedInOnly';
import { StandardPage } from '../kit/StandardPage';
import { MailTab } from '../operator/MailTab';

function OperatorArea() {
  const { t } = useTranslation();
  const mail = useFlow('operatorMail', undefined, { systemId: 'operatorMail' });
  const denied = useSelector(mail, (s) => s?.matches('denied') ?? false);
  if (!mail) return <CircularProgress aria-label={t('operator.loading')} />;
  if (denied) return <Alert severity="info">{t('operator.denied')}</Alert>;
  return (
    <>
      <Tabs value="mail" aria-label={t('operator.tabs')} sx={{ mb: 3 }}>
        <Tab value="mail" label={t('operator.mail.tab')} />
      </Tabs>
      <MailTab mail={mail} />
    </>
  );
}

/** /admin: the operator area (issue 24 §7), for users with the operator role. */
export function OperatorPage() {
  return (
    <StandardPage page="operator">
      <SignedInOnly>{(userId) => <OperatorArea key={userId} />}</SignedInOnly>
    </StandardPage>
  );
}
