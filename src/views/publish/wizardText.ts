import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { publishWizardMachine, WizardMessage } from '../../machines/publishWizardMachine';

export type WizardActor = ActorRefFrom<typeof publishWizardMachine>;

/** What a wizard message says: the catalogue's text, or the server's own words. */
export function messageText(t: TFunction, message: WizardMessage): string {
  return 'text' in message ? message.text : t(message.key, message.values);
}
