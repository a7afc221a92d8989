import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
// The worker uses sharp (libvips). Loaded here too so the shared libraries stay open when a worker
// is stopped mid-conversion: glibc would otherwise unload them under a running thread (sharp#2263).
import 'sharp';
import { AppError } from '../../errors';
import { startWorkerModule } from '../../support/workerThread';
import { convertModel, type IntakePart, type IntakeResult } from './convert';
import { IntakeFailure, type IntakeFailureData } from './failure';
import { type ModelIntakeLimits, modelIntakeLimits } from './limits';

export { type ModelIntakeLimits, modelIntakeLimits } from './limits';
export type { IntakePart, IntakeResult } from './convert';

interface Job {
  parts: IntakePart[];
  resolve: (result: IntakeResult) => void;
  reject: (error: Error) => void;
}

const toAppError = (failure: IntakeFailureData) =>
  failure.code === 'INTERNAL'
    ? new Error(failure.message)
    : new AppError(failure.code, failure.message, failure.details);

/**
 * Converts model uploads on ONE worker thread, one upload at a time, so a large model neither
 * blocks other requests nor runs several conversions at once on a small machine: requests wait
 * their turn (at most `maxQueued` of them; more are told the service is busy). A conversion that
 * runs past the time limit, or needs more heap than the worker has, ends the worker (a new one
 * starts for the next upload) and is refused. Should the worker be unable to start, uploads are
 * converted on the calling thread instead (still async, still one at a time).
 */
export class ModelIntake {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private running: (Job & { id: number }) | undefined;
  private seq = 0;
  private broken = false;
  private closed = false;

  constructor(
    private readonly options: {
      log?: FastifyBaseLogger;
      limits?: ModelIntakeLimits;
      maxQueued?: number;
      /** Run on the calling thread (tests of the conversion itself). */
      inline?: boolean;
    } = {},
  ) {}

  /** The worker's thread id once it runs (undefined while converting inline). */
  get workerThreadId(): number | undefined {
    return this.worker?.threadId;
  }

  private get limits(): ModelIntakeLimits {
    return this.options.limits ?? modelIntakeLimits;
  }

  convert(parts: IntakePart[]): Promise<IntakeResult> {
    if (this.closed) return Promise.reject(new AppError('UNAVAILABLE', 'The server is shutting down'));
    if (this.queue.length >= (this.options.maxQueued ?? 8))
      return Promise.reject(
        new AppError('RATE_LIMITED', 'Too many models are being processed: try again shortly'),
      );
    return new Promise<IntakeResult>((resolve, reject) => {
      this.queue.push({ parts, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.running || this.queue.length === 0) return;
    const job = { ...this.queue.shift()!, id: ++this.seq };
    this.running = job;
    const finish = () => {
      if (this.running === job) this.running = undefined;
      this.next();
    };
    this.run(job).then(
      (result) => {
        job.resolve(result);
        finish();
      },
      (error: Error) => {
        job.reject(error);
        finish();
      },
    );
  }

  private async run(job: Job & { id: number }): Promise<IntakeResult> {
    const worker = this.options.inline || this.broken ? undefined : await this.start();
    if (!worker) {
      try {
        return await convertModel(job.parts, this.limits);
      } catch (error) {
        if (error instanceof IntakeFailure) throw new AppError(error.code, error.message, error.details);
        throw error;
      }
    }
    return new Promise<IntakeResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.options.log?.warn({ ms: this.limits.processingTimeoutMs }, 'model conversion timed out');
        cleanup();
        void this.stop(worker);
        reject(
          new AppError(
            'MODEL_INVALID',
            'This model takes too long to process: simplify it or send a smaller one',
          ),
        );
      }, this.limits.processingTimeoutMs);
      const onMessage = (message: { id?: number; result?: IntakeResult; failure?: IntakeFailureData }) => {
        if (message.id !== job.id) return;
        cleanup();
        if (message.result) resolve(message.result);
        else reject(toAppError(message.failure ?? { code: 'INTERNAL', message: 'no answer' }));
      };
      const onExit = (code: number) => {
        cleanup();
        if (this.worker === worker) this.worker = undefined;
        this.ready = undefined;
        reject(
          new AppError('MODEL_INVALID', 'This model needs more memory to process than the server allows', {
            exitCode: code,
          }),
        );
      };
      const onError = (error: Error) => this.options.log?.warn({ err: error }, 'model intake worker failed');
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.on('error', onError);
      worker.postMessage({ id: job.id, parts: job.parts, limits: this.limits });
    });
  }

  /** The worker, started on first use; undefined (and converting inline from then on) if it cannot start. */
  private async start(): Promise<Worker | undefined> {
    if (this.worker && this.ready) {
      await this.ready;
      return this.worker;
    }
    let worker: Worker;
    try {
      worker = startWorkerModule(import.meta.url, 'worker', null, {
        resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb },
      });
    } catch (error) {
      this.broken = true;
      this.options.log?.warn({ err: error }, 'cannot start the model intake worker; converting inline');
      return undefined;
    }
    worker.unref();
    // Always listened to: an unheard 'error' event would end the server.
    worker.on('error', (error) => this.options.log?.warn({ err: error }, 'model intake worker failed'));
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; bootError?: string }) => {
        if (message.ready) {
          worker.off('message', onMessage);
          resolve();
        } else if (message.bootError) {
          worker.off('message', onMessage);
          reject(new Error(message.bootError));
        }
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => reject(new Error(`model intake worker exited with code ${code}`)));
    });
    try {
      await this.ready;
      return worker;
    } catch (error) {
      this.broken = true;
      this.worker = undefined;
      this.ready = undefined;
      void worker.terminate();
      this.options.log?.warn({ err: error }, 'the model intake worker did not start; converting inline');
      return undefined;
    }
  }

  private async stop(worker: Worker) {
    if (this.worker === worker) {
      this.worker = undefined;
      this.ready = undefined;
    }
    await worker.terminate();
  }

  async close() {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new AppError('UNAVAILABLE', 'The server is shutting down'));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}
