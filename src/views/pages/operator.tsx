import { Alert, CircularProgress, Tab, Tabs } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useFlow } from '../../app/AppContext';
import '../../i18n/operatorCatalogue';
import { SignedInOnly } from '../kit/SignedInOnly';
import { StandardPage } from '../kit/StandardPage';
import { AuditTab } from '../operator/AuditTab';
import { MailTab } from '../operator/MailTab';
import { NewsletterTab } from '../operator/NewsletterTab';
import { ReportsTab } from '../operator/ReportsTab';
import { UsersTab } from '../operator/UsersTab';

const sections = ['mail', 'users', 'reports', 'newsletter', 'audit'] as const;
type Section = (typeof sections)[number];

/** The audit log's flow runs while its tab shows: opening the tab reads the newest entries. */
function AuditSection() {
  const audit = useFlow('operatorAudit', { ipp: 25 });
  return audit ? <AuditTab audit={audit} /> : null;
}

function ReportsSection() {
  const reports = useFlow('operatorReports', undefined);
  return reports ? <ReportsTab reports={reports} /> : null;
}

function UsersSection({ me }: { me: string }) {
  const users = useFlow('operatorUsers', undefined);
  return users ? <UsersTab users={users} me={me} /> : null;
}

function NewsletterSection() {
  const newsletter = useFlow('operatorNewsletter', undefined);
  return newsletter ? <NewsletterTab newsletter={newsletter} /> : null;
}

function OperatorArea({ me }: { me: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab');
  const section: Section = (sections as readonly string[]).includes(tab ?? '') ? (tab as Section) : 'mail';
  const mail = useFlow('operatorMail', undefined, { systemId: 'operatorMail' });
  const denied = useSelector(mail, (s) => s?.matches('denied') ?? false);
  if (!mail) return <CircularProgress aria-label={t('operator.loading')} />;
  if (denied) return <Alert severity="info">{t('operator.denied')}</Alert>;
  return (
    <>
      <Tabs
        value={section}
        onChange={(_, next: Section) => navigate(next === 'mail' ? '/admin' : `/admin?tab=${next}`)}
        aria-label={t('operator.tabs')}
        sx={{ mb: 3 }}
      >
        {sections.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`operator.${name}.tab`)}
            id={`operator-tab-${name}`}
            aria-controls="operator-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="operator-panel" aria-labelledby={`operator-tab-${section}`}>
        {section === 'mail' && <MailTab mail={mail} />}
        {section === 'users' && <UsersSection me={me} />}
        {section === 'reports' && <ReportsSection />}
        {section === 'newsletter' && <NewsletterSection />}
        {section === 'audit' && <AuditSection />}
      </div>
    </>
  );
}

/** /admin: the operator area (issue 24 §7), for users with the operator role. */
export function OperatorPage() {
  return (
    <StandardPage page="operator">
      <SignedInOnly>{(userId) => <OperatorArea key={userId} me={userId} />}</SignedInOnly>
    </StandardPage>
  );
}
