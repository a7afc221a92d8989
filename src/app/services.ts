import type { KyInstance } from 'ky';
import type { ToastsEvent } from '../machines/toastsMachine';

/** What the composition root builds once for the whole app and hands to every flow's actors. */
export interface AppServices {
  /** The one API client: /api prefix, the session's bearer token, retries, 403 → toast. */
  api: KyInstance;
  /** The session's access token, for requests the API client cannot make (uploads with progress). */
  token(): string | undefined;
  /** Goes to another address of the app. */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Shows a toast through the `toasts` actor. */
  toasts(event: ToastsEvent): void;
}
