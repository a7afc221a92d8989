import type { KyInstance } from 'ky';
import type { AuditPage, MailMessage, MailPage, MailSummary } from '../../contracts/operator';
import type { MailListInput } from '../machines/operatorMailMachine';
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
  resend: (mailId: string) =>
    call(() => api.post(`adminService/mail/${id(mailId)}/retry`, quietForbidden).json<MailSummary>()),
});
