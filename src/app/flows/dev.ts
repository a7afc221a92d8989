import { fromPromise } from 'xstate';
import { parseSceneContent } from '../../../contracts/sceneContent';
import { i18n } from '../../i18n';
import { contentFileMachine } from '../../machines/contentFileMachine';
import { readSessionDocument, sessionContentSource } from '../../lib/documentTransfer';
import type { AppServices } from '../services';
import '../../i18n/devCatalogue';

/** The development pages' flows: the engine workbench's content files. */
export default function devFlows(_services: AppServices) {
  return {
    contentFile: contentFileMachine.provide({
      actors: {
        readContent: fromPromise(async ({ input, signal }) => {
          let json: unknown;
          if (input.url === sessionContentSource) {
            json = readSessionDocument(sessionStorage);
            if (json === undefined)
              return { content: null, problems: [i18n.t('dev.engine.noSessionContent')] };
          } else {
            try {
              const response = await fetch(input.url, { signal });
              if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
              json = await response.json();
            } catch (error) {
              return {
                content: null,
                problems: [i18n.t('dev.engine.fetchFailed', { message: (error as Error).message })],
              };
            }
          }
          const parsed = parseSceneContent(json);
          if (!parsed.ok)
            return {
              content: null,
              problems: parsed.issues.map((i) => `${i.path || '(document)'}: ${i.message}`),
            };
          return { content: parsed.content, problems: [] };
        }),
      },
    }),
  };
}
