import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Group } from '../../contracts/groups';
import type { FieldIssue } from '../../contracts/users';

/** A group's form as the user filled it (validated with the contract's schema by the view). */
export interface GroupFormValues {
  title: string;
  description: string;
  /** A new picture; null removes the image; undefined keeps it. */
  image?: File | null;
}

export interface GroupFormInput {
  /** The group to change; null makes a new one. */
  group: Group | null;
  /** A new group is this district's (made by one of its Owners); omitted: the user's own. */
  districtId?: string;
}

/** Why a save was refused: the server's message and its per-field messages. */
export interface GroupFormProblem {
  message: string;
  fields: FieldIssue[];
}

export interface GroupFormContext {
  group: Group | null;
  /** The district a new group is made for; null: the user's own. */
  districtId: string | null;
  problem: GroupFormProblem | null;
}

export type GroupFormEvent = { type: 'form.submit'; values: GroupFormValues };

/** The server's words for a refused save, or null when it did not answer. */
function problemOf(error: unknown): GroupFormProblem {
  const e = error as { message?: unknown; details?: unknown; fields?: unknown } | null;
  const fields = Array.isArray(e?.fields) ? e.fields : Array.isArray(e?.details) ? e.details : [];
  return {
    message: typeof e?.message === 'string' && e.message ? e.message : '',
    fields: fields as FieldIssue[],
  };
}

/**
 * Making or changing a group (platform.md §2.3, §3 'Group: title, description, image'): `editing`
 * takes the submitted values, `saving` sends them (`save`: POST or PATCH, multipart with the
 * image); the saved group ends the form (`saved`, output: the group). A refusal goes back to
 * `editing` with the server's message and per-field messages, the values kept by the form. With
 * `districtId` a new group is made for that district (a district's Groups › New group).
 *
 * Actors: `save` ({ groupId: string | null, districtId: string | null, values } → Group). Tags: 'busy'.
 */
export const groupFormMachine = setup({
  types: {
    context: {} as GroupFormContext,
    events: {} as GroupFormEvent,
    input: {} as GroupFormInput,
    output: {} as Group,
    tags: {} as 'busy',
  },
  actors: {
    save: fromPromise<Group, { groupId: string | null; districtId: string | null; values: GroupFormValues }>(
      async () => {
        throw new Error('groupFormMachine: provide a save actor');
      },
    ),
  },
}).createMachine({
  id: 'groupForm',
  context: ({ input }) => ({ group: input.group, districtId: input.districtId ?? null, problem: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'form.submit': 'saving' },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          groupId: context.group?.groupId ?? null,
          districtId: context.group ? null : context.districtId,
          values: (event as GroupFormEvent).values,
        }),
        onDone: { target: 'saved', actions: assign({ group: ({ event }) => event.output, problem: null }) },
        onError: { target: 'editing', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => context.group!,
});

export type GroupFormActorRef = ActorRefFrom<typeof groupFormMachine>;
export type GroupFormSnapshot = SnapshotFrom<typeof groupFormMachine>;
