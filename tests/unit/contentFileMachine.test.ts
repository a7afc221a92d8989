import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { emptySceneContent } from '../../contracts/sceneContent';
import { type ContentRead, contentFileMachine } from '../../src/machines/contentFileMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingRead {
  url: string;
  signal: AbortSignal;
  settled: boolean;
  resolve: (read: ContentRead) => void;
  reject: (error: unknown) => void;
}

/** The machine with fake files: each read stays pending until the test answers it. */
function startFiles() {
  const reads: PendingRead[] = [];
  const emitted: ({ type: 'content.read' } & ContentRead)[] = [];
  const actor = createActor(
    contentFileMachine.provide({
      actors: {
        readContent: fromPromise<ContentRead, { url: string }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              const read: PendingRead = {
                url: input.url,
                signal,
                settled: false,
                resolve: (answer) => ((read.settled = true), resolve(answer)),
                reject: (error) => ((read.settled = true), reject(error)),
              };
              reads.push(read);
            }),
        ),
      },
    }),
  );
  actor.on('content.read', (event) => void emitted.push(event));
  actor.start();
  const latest = () => {
    const read = reads.at(-1);
    if (!read) throw new Error('nothing was read');
    return read;
  };
  const running = () => reads.filter((read) => !read.settled && !read.signal.aborted);
  return { actor, reads, emitted, latest, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const document = emptySceneContent();
const valid: ContentRead = { content: document, problems: [] };
const invalid: ContentRead = { content: null, problems: ['customSpace.levels: Required'] };
/** What a replaced read would have answered: it must never reach the page. */
const stale: ContentRead = { content: null, problems: ['stale'] };

const events = (): AnyEventObject[] => [
  { type: 'content.requested', url: '/content/gallery.json' },
  { type: 'content.requested', url: '/content/broken.json' },
  { type: 'xstate.done.actor.readContent', output: valid },
  { type: 'xstate.done.actor.readContent', output: invalid },
  { type: 'xstate.error.actor.readContent', error: new Error('404 Not Found') },
  { type: 'xstate.error.actor.readContent', error: 'offline' },
];

describe('contentFileMachine (model)', () => {
  const model = createPathModel(contentFileMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers reading, answering, failing and replacing a read', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(new Set(['idle', 'reading']));
    const replaced = paths.some((path) =>
      path.steps.some(
        (step, i) => step.event.type === 'content.requested' && path.steps[i - 1]?.state.value === 'reading',
      ),
    );
    expect(replaced).toBe(true);
  });

  describePaths('replays', paths, (path) => async () => {
    const files = startFiles();
    expect(files.reads).toHaveLength(0);
    for (const step of replaySteps(path)) {
      const readsBefore = files.reads.length;
      const emittedBefore = files.emitted.length;
      const replaced = files.actor.getSnapshot().matches('reading') ? files.latest() : undefined;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done') files.latest().resolve(result.output as ContentRead);
      else if (result?.kind === 'error') files.latest().reject(result.error);
      else {
        files.actor.send(step.event as never);
        if (replaced) {
          // The read it replaced is cancelled, and its answer arriving anyway is never told.
          expect(replaced.signal.aborted).toBe(true);
          replaced.resolve(stale);
        }
      }
      await flush();

      const snapshot = files.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      expect(snapshot.hasTag('reading')).toBe(snapshot.matches('reading'));
      expect(files.running()).toHaveLength(snapshot.matches('reading') ? 1 : 0);
      const told = files.emitted.slice(emittedBefore);
      if (step.event.type === 'content.requested') {
        // Each request reads its own url, and nothing is told until it answers.
        expect(files.reads).toHaveLength(readsBefore + 1);
        expect(files.latest().url).toBe(step.event.url);
        expect(told).toEqual([]);
      } else if (result?.kind === 'done') {
        expect(told).toEqual([{ type: 'content.read', ...(result.output as ContentRead) }]);
      } else if (result?.kind === 'error') {
        const message = result.error instanceof Error ? result.error.message : String(result.error);
        expect(told).toEqual([{ type: 'content.read', content: null, problems: [message] }]);
      }
      expect(files.emitted.some((event) => event.problems.includes('stale'))).toBe(false);
    }
  });
});

describe('contentFileMachine', () => {
  it('reads the url requested and tells the document', async () => {
    const files = startFiles();
    files.actor.send({ type: 'content.requested', url: '/content/gallery.json' });
    expect(files.reads.map((read) => read.url)).toEqual(['/content/gallery.json']);
    expect(files.actor.getSnapshot().hasTag('reading')).toBe(true);
    files.latest().resolve(valid);
    await flush();
    expect(files.emitted).toEqual([{ type: 'content.read', content: document, problems: [] }]);
    expect(files.actor.getSnapshot().hasTag('reading')).toBe(false);
  });

  it('tells only the newest of two requests, even when the older one answers last', async () => {
    const files = startFiles();
    files.actor.send({ type: 'content.requested', url: '/content/a.json' });
    const older = files.latest();
    files.actor.send({ type: 'content.requested', url: '/content/b.json' });
    const newer = files.latest();
    expect(older.signal.aborted).toBe(true);
    newer.resolve(invalid);
    await flush();
    older.resolve(valid);
    older.reject(new Error('aborted'));
    await flush();
    expect(files.emitted).toEqual([{ type: 'content.read', ...invalid }]);
  });

  it('does not tell a failure of a read it replaced', async () => {
    const files = startFiles();
    files.actor.send({ type: 'content.requested', url: '/content/a.json' });
    const older = files.latest();
    files.actor.send({ type: 'content.requested', url: '/content/b.json' });
    older.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await flush();
    expect(files.emitted).toEqual([]);
    expect(files.actor.getSnapshot().matches('reading')).toBe(true);
  });

  it('tells the problem when no readContent actor was provided', async () => {
    const emitted: ContentRead[] = [];
    const actor = createActor(contentFileMachine);
    actor.on('content.read', (event) => void emitted.push(event));
    actor.start();
    actor.send({ type: 'content.requested', url: '/content/a.json' });
    await flush();
    expect(emitted).toEqual([
      { type: 'content.read', content: null, problems: ['contentFileMachine: provide a readContent actor'] },
    ]);
  });
});
