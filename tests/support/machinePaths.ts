/**
 * Model-based tests of XState machines with `xstate/graph`: build a model of a machine, take its
 * shortest (or simple) paths, and turn each path into a vitest case that replays it against the
 * real machine with fake actors.
 *
 * `createTestModel` from xstate/graph refuses machines that invoke actors. `createPathModel` builds
 * the same TestModel without that check: what an invoked actor answers is then a model event
 * (`xstate.done.actor.<id>` with `output`, `xstate.error.actor.<id>` with `error`), and a replay
 * turns it into the fake actor settling (see `invokedActorResult`).
 */
import { describe, it } from 'vitest';
import {
  type ActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createEmptyActor,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { adjacencyMapToArray, type StatePath, TestModel } from 'xstate/graph';

/** A path of the model: `steps` (each an event and the snapshot it leads to) ending in `state`. */
export type MachinePath<TMachine extends AnyStateMachine> = StatePath<SnapshotFrom<TMachine>, AnyEventObject>;
export type MachineStep<TMachine extends AnyStateMachine> = MachinePath<TMachine>['steps'][number];
export type PathModel<TMachine extends AnyStateMachine> = TestModel<
  SnapshotFrom<TMachine>,
  AnyEventObject,
  InputFrom<TMachine>
>;

export interface PathModelOptions<TMachine extends AnyStateMachine> {
  /**
   * The events worth trying in a snapshot, with their payloads (user events and invoked actors'
   * answers). Only those the snapshot accepts (`snapshot.can(event)`) become edges.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => readonly AnyEventObject[];
  input?: InputFrom<TMachine>;
  /** Drops more edges, e.g. to keep a growing context finite. */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: AnyEventObject) => boolean;
  /** Two snapshots with the same serialisation are one state of the model (default: value + context). */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
}

const valueAndContext = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * The machine with a new actor system for every step the model takes (xstate/graph walks every
 * step in one): actors invoked with a `systemId` register once per system, so a walk that enters
 * the state invoking one again and again would otherwise be refused.
 */
function withFreshSystems(machine: AnyStateMachine): AnyStateMachine {
  const scope = () => {
    const self = createEmptyActor();
    return {
      self,
      logger: console.log,
      id: '',
      sessionId: Math.random().toString(32).slice(2),
      defer: () => {},
      system: self.system,
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as Parameters<AnyStateMachine['transition']>[2];
  };
  const wrapped = Object.create(machine) as AnyStateMachine;
  wrapped.transition = (snapshot, event) => machine.transition(snapshot, event, scope());
  wrapped.getInitialSnapshot = (_scope, initialInput) => machine.getInitialSnapshot(scope(), initialInput);
  return wrapped;
}

/** A TestModel of `machine`, including machines that invoke actors. */
export function createPathModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathModelOptions<TMachine>,
): PathModel<TMachine> {
  const { events, input, filterEvents, serializeState } = options;
  const serialize = (serializeState ?? valueAndContext) as (snapshot: SnapshotFrom<TMachine>) => string;
  const logic = withFreshSystems(machine) as unknown as ActorLogic<
    SnapshotFrom<TMachine>,
    AnyEventObject,
    InputFrom<TMachine>
  >;
  return new TestModel(logic, {
    input,
    events: (snapshot) => events(snapshot).filter((event) => (snapshot as AnyMachineSnapshot).can(event)),
    filterEvents,
    serializeState: (snapshot) => serialize(snapshot),
    stateMatcher: (snapshot, key) => (snapshot as AnyMachineSnapshot).matches(key),
  });
}

/**
 * One path per transition of the model: the shortest path to the transition's source state, then
 * the transition. Shortest paths alone reach every state but skip the transitions that lead back to
 * a state already reached (a retry, a restart); these paths take each of them once. Paths that are
 * the beginning of a longer one are dropped.
 */
export function getTransitionPaths<TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
): MachinePath<TMachine>[] {
  const serialize = (snapshot: SnapshotFrom<TMachine>) =>
    model.options.serializeState?.(snapshot, undefined) ?? valueAndContext(snapshot);
  const shortest = new Map<string, MachinePath<TMachine>>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    shortest.set(serialize(path.state), path);
  }
  const paths: MachinePath<TMachine>[] = [];
  for (const { state: source, event, nextState } of adjacencyMapToArray(model.getAdjacencyMap())) {
    const head = shortest.get(serialize(source));
    if (!head) continue;
    paths.push({
      state: nextState,
      steps: [...head.steps, { event, state: nextState }],
      weight: head.weight + 1,
    });
  }
  const eventsOf = (path: MachinePath<TMachine>) => path.steps.map((step) => JSON.stringify(step.event));
  const longestFirst = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: { path: MachinePath<TMachine>; events: string[] }[] = [];
  for (const path of longestFirst) {
    const events = eventsOf(path);
    const isPrefix = kept.some((longer) => events.every((event, i) => longer.events[i] === event));
    if (!isPrefix) kept.push({ path, events });
  }
  return kept.map(({ path }) => path);
}

/** The steps a replay performs: every step but the initial `xstate.init`. */
export function replaySteps<TMachine extends AnyStateMachine>(
  path: MachinePath<TMachine>,
): MachineStep<TMachine>[] {
  return path.steps.filter((step) => step.event.type !== 'xstate.init');
}

export type InvokedActorResult =
  { actorId: string; kind: 'done'; output: unknown } | { actorId: string; kind: 'error'; error: unknown };

/** Reads an invoked actor's answer out of a model event; undefined for any other event. */
export function invokedActorResult(event: AnyEventObject): InvokedActorResult | undefined {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return { actorId: done[1], kind: 'done', output: (event as { output?: unknown }).output };
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) return { actorId: failed[1], kind: 'error', error: (event as { error?: unknown }).error };
  return undefined;
}

/** An event in a few words: `list.setParams {"params":{"q":"b"}}`, `fetchPage answers 3 items`. */
export function describeEvent(event: AnyEventObject): string {
  const result = invokedActorResult(event);
  if (result?.kind === 'done') {
    const { output } = result;
    const what = Array.isArray(output) ? `${output.length} items` : JSON.stringify(output);
    return `${result.actorId} answers ${what}`;
  }
  if (result?.kind === 'error') return `${result.actorId} fails`;
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

/** `reaches "failed" via list.loadMore → fetchPage fails` (or `from the start`). */
export function describePath<TMachine extends AnyStateMachine>(path: MachinePath<TMachine>): string {
  const steps = replaySteps(path);
  const target = JSON.stringify((path.state as AnyMachineSnapshot).value);
  return steps.length
    ? `reaches ${target} via ${steps.map((step) => describeEvent(step.event)).join(' → ')}`
    : `starts in ${target}`;
}

/** `[description, path]` pairs for `it.each` or a loop; descriptions are unique. */
export function pathCases<TMachine extends AnyStateMachine>(
  paths: readonly MachinePath<TMachine>[],
): [string, MachinePath<TMachine>][] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const description = describePath(path);
    const count = (seen.get(description) ?? 0) + 1;
    seen.set(description, count);
    return [count > 1 ? `${description} (#${count})` : description, path];
  });
}

/** One `describe` with one `it` per path; `makeTest(path)` returns the test's body. */
export function describePaths<TMachine extends AnyStateMachine>(
  name: string,
  paths: readonly MachinePath<TMachine>[],
  makeTest: (path: MachinePath<TMachine>) => () => Promise<void> | void,
): void {
  describe(name, () => {
    for (const [description, path] of pathCases(paths)) it(description, makeTest(path));
  });
}
