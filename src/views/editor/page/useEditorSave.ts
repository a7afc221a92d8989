import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SceneMetadata } from '../../../../contracts/scenes';
import type { EngineCommand, EngineEvent } from '../../../engine/protocol';
import { selectHasUnsavedChanges, selectSaveStatus } from '../../../machines/saveMachine';
import { createEngineExport, provideEditorSave, saveToasts } from '../../../services/editorSave';
import { useApi, useSession, useToasts } from '../../AppContext';

export interface EditorSaveOptions {
  sceneId: string | null;
  metadata: SceneMetadata | null;
  send(cmd: EngineCommand): void;
  /** A new space's first save created it (the page moves to /curate/{sceneId}). */
  onCreated(sceneId: string): void;
}

/**
 * The editor page's side of saving: runs the save machine (with autosave) against the scene
 * service and the engine, and offers the header what it shows and does. The autosave toggle is
 * the user's setting, stored in their user record (districts-commerce-spaces.md §4 'Spaces').
 */
export function useEditorSave({ sceneId, metadata, send, onCreated }: EditorSaveOptions) {
  const api = useApi();
  const toasts = useToasts();
  const session = useSession();
  const [engineExport] = useState(() => createEngineExport(send));
  // The machine announces a created scene here; the page's latest callback hears it.
  const [created] = useState(createCreatedSignal);
  useEffect(() => created.listen(onCreated), [created, onCreated]);

  const machine = useMemo(
    () =>
      provideEditorSave(api, {
        exportContent: (signal) => engineExport.exportContent(signal),
        navigateToScene: created.emit,
        ...saveToasts(toasts),
      }),
    [api, created, engineExport, toasts],
  );
  const actor = useActorRef(machine, { input: {} });
  const status = useSelector(actor, selectSaveStatus);
  const dirty = useSelector(actor, selectHasUnsavedChanges);
  const title = useSelector(actor, (s) => s.context.title);
  const autoSave = useSelector(actor, (s) => s.context.autoSave);
  const currentSceneId = useSelector(actor, (s) => s.context.sceneId ?? sceneId);

  const loadedOnce = useRef(false);
  const loaded = useCallback(() => {
    if (loadedOnce.current) return;
    loadedOnce.current = true;
    const profile = session.getSnapshot().context.profile;
    actor.send({
      type: 'scene.loaded',
      sceneId,
      title: metadata?.title ?? '',
      autoSave: profile?.autoSave ?? false,
    });
  }, [actor, metadata, sceneId, session]);

  const handleEvent = useCallback(
    (event: EngineEvent) => {
      engineExport.handleEvent(event);
      if (event.type === 'contentChanged') actor.send({ type: 'editor.changed' });
      if (event.type === 'loaded') loaded();
    },
    [actor, engineExport, loaded],
  );

  const setAutoSave = useCallback(
    (enabled: boolean) => {
      actor.send({ type: 'autosave.toggled', enabled });
      const snapshot = session.getSnapshot().context;
      const userId = snapshot.user?.userId;
      if (!userId) return;
      // The setting is the user's: stored in their record, and the session follows.
      const form = new FormData();
      form.append('autoSave', String(enabled));
      api
        .patch(`userService/user/${encodeURIComponent(userId)}`, { body: form, retry: 0 })
        .then(() => {
          const profile = session.getSnapshot().context.profile;
          if (profile)
            session.send({ type: 'session.profileUpdated', profile: { ...profile, autoSave: enabled } });
        })
        .catch((error: unknown) => console.error('The autosave setting could not be stored', error));
    },
    [actor, api, session],
  );

  return {
    status,
    dirty,
    title,
    autoSave,
    sceneId: currentSceneId,
    handleEvent,
    changeTitle: useCallback((text: string) => actor.send({ type: 'title.changed', title: text }), [actor]),
    save: useCallback(() => actor.send({ type: 'save.requested' }), [actor]),
    setAutoSave,
  };
}

/** One listener at a time for the id of a scene the first save created. */
function createCreatedSignal() {
  let listener: ((sceneId: string) => void) | null = null;
  return {
    listen(next: (sceneId: string) => void) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    emit: (sceneId: string) => listener?.(sceneId),
  };
}
