import { fromPromise } from 'xstate';
import type {
  MailMessage,
  MailPage,
  MailSummary,
  ReportPage,
  ReportResolution,
  ReportSettled,
  OperatorUser,
  UserPage,
} from '../../../contracts/operator';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import type { NewsletterIssue, NewsletterList, NewsletterQueued } from '../../../contracts/newsletter';
import { type MailListInput, operatorMailMachine } from '../../machines/operatorMailMachine';
import { operatorNewsletterMachine } from '../../machines/operatorNewsletterMachine';
import { operatorReportsMachine, type ReportListInput } from '../../machines/operatorReportsMachine';
import {
  operatorUsersMachine,
  type UserChange,
  type UserListInput,
} from '../../machines/operatorUsersMachine';
import { operatorApi } from '../../services/operator';
import type { AppServices } from '../services';

/** The operator area (/admin). */
export default function operatorFlows({ api }: AppServices) {
  const operator = operatorApi(api);
  return {
    operatorMail: operatorMailMachine.provide({
      actors: {
        loadMail: fromPromise<MailPage, MailListInput>(({ input, signal }) => operator.mail(input, signal)),
        loadMessage: fromPromise<MailMessage, { id: string }>(({ input, signal }) =>
          operator.message(input.id, signal),
        ),
        resendMail: fromPromise<MailSummary, { id: string }>(({ input }) => operator.resend(input.id)),
      },
    }),
    operatorReports: operatorReportsMachine.provide({
      actors: {
        loadReports: fromPromise<ReportPage, ReportListInput>(({ input, signal }) =>
          operator.reports(input, signal),
        ),
        settleReport: fromPromise<ReportSettled, { id: string; resolution: ReportResolution }>(({ input }) =>
          operator.settleReport(input.id, input.resolution),
        ),
        showSpace: fromPromise<unknown, { sceneId: string }>(({ input }) =>
          operator.showSpace(input.sceneId),
        ),
      },
    }),
    operatorUsers: operatorUsersMachine.provide({
      actors: {
        loadUsers: fromPromise<UserPage, UserListInput>(({ input, signal }) => operator.users(input, signal)),
        changeUser: fromPromise<OperatorUser | null, UserChange>(({ input }) =>
          input.kind === 'active'
            ? operator.setActive(input.userId, input.active)
            : input.kind === 'plan'
              ? operator.setPlan(input.userId, input.plan)
              : operator.deleteUser(input.userId).then(() => null),
        ),
      },
    }),
    operatorNewsletter: operatorNewsletterMachine.provide({
      actors: {
        loadNewsletter: fromPromise<NewsletterList>(({ signal }) => operator.newsletter(signal)),
        sendNewsletter: fromPromise<NewsletterQueued, NewsletterIssue>(({ input }) =>
          operator.sendNewsletter(input),
        ),
      },
    }),
    /** The audit log, newest first, page after page. */
    operatorAudit: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
          async ({ input, signal }) => (await operator.audit({ cp: input.cp, ipp: input.ipp }, signal)).items,
        ),
      },
    }),
  };
}
