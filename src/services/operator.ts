import type { KyInstance } from 'ky';
import type { NewsletterIssue, NewsletterList, NewsletterQueued } from '../../contracts/newsletter';
import type {
  AuditPage,
  MailMessage,
  MailPage,
  MailSummary,
  ReportPage,
  ReportResolution,
  ReportSettled,
  OperatorUser,
  UserPage,
} from '../../contracts/operator';
import type { MailListInput } from '../machines/operatorMailMachine';
import type { ReportListInput } from '../machines/operatorReportsMachine';
import type { UserListInput } from '../machines/operatorUsersMachine';
import { quietForbidden } from './api';
import { call } from './scenes';

const id = (value: string) => encodeURIComponent(value);

/** Calls of the operators' API (/api/adminService); a 403 is explained by the page, not a toast. */
export const operatorApi = (api: KyInstance) => ({
  mail: ({ status, to, cp, ipp }: MailListInput, signal?: AbortSignal) =>
    call(() =>
      api
        .get('adminService/mail', {
          searchParams: { cp, ipp, ...(status ? { status } : {}), ...(to ? { to } : {}) },
          signal,
          ...quietForbidden,
        })
        .json<MailPage>(),
    ),
  message: (mailId: string, signal?: AbortSignal) =>
    call(() => api.get(`adminService/mail/${id(mailId)}`, { signal, ...quietForbidden }).json<MailMessage>()),
  audit: ({ cp, ipp }: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('adminService/audit', { searchParams: { cp, ipp }, signal, ...quietForbidden })
        .json<AuditPage>(),
    ),
  reports: ({ state, cp, ipp }: ReportListInput, signal?: AbortSignal) =>
    call(() =>
      api
        .get('adminService/reports', { searchParams: { state, cp, ipp }, signal, ...quietForbidden })
        .json<ReportPage>(),
    ),
  settleReport: (reportId: string, resolution: ReportResolution) =>
    call(() =>
      api
        .post(
          `adminService/reports/${id(reportId)}/${resolution === 'hidden' ? 'hide' : 'dismiss'}`,
          quietForbidden,
        )
        .json<ReportSettled>(),
    ),
  showSpace: (sceneId: string) =>
    call(() =>
      api.post(`adminService/spaces/${id(sceneId)}/show`, quietForbidden).json<{ sceneId: string }>(),
    ),
  users: ({ q, cp, ipp }: UserListInput, signal?: AbortSignal) =>
    call(() =>
      api
        .get('adminService/users', {
          searchParams: { cp, ipp, ...(q ? { q } : {}) },
          signal,
          ...quietForbidden,
        })
        .json<UserPage>(),
    ),
  setActive: (userId: string, active: boolean) =>
    call(() =>
      api
        .put(`adminService/users/${id(userId)}/active`, { json: { active }, ...quietForbidden })
        .json<OperatorUser>(),
    ),
  setPlan: (userId: string, plan: string) =>
    call(() =>
      api
        .put(`adminService/users/${id(userId)}/plan`, { json: { plan }, ...quietForbidden })
        .json<OperatorUser>(),
    ),
  deleteUser: (userId: string) =>
    call(async () => {
      await api.delete(`adminService/users/${id(userId)}`, quietForbidden);
    }),
  newsletter: (signal?: AbortSignal) =>
    call(() => api.get('adminService/newsletter', { signal, ...quietForbidden }).json<NewsletterList>()),
  sendNewsletter: (issue: NewsletterIssue) =>
    call(() =>
      api.post('adminService/newsletter', { json: issue, ...quietForbidden }).json<NewsletterQueued>(),
    ),
  resend: (mailId: string) =>
    call(() => api.post(`adminService/mail/${id(mailId)}/retry`, quietForbidden).json<MailSummary>()),
});
