import { fromPromise } from 'xstate';
import type { MailMessage, MailPage, MailSummary } from '../../../contracts/operator';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { type MailListInput, operatorMailMachine } from '../../machines/operatorMailMachine';
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
