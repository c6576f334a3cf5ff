import { type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Backpressure helpers for the streamed writers. */

/** Thrown when the output goes away (client disconnected, file closed) before the document is complete. */
export class OutputClosedError extends Error {
  constructor() {
    super('The output stream was closed before the document was complete');
    this.name = 'OutputClosedError';
  }
}

/** Resolves on 'drain'; rejects if the stream errors or closes first. */
export function waitForDrain(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) return Promise.reject(new OutputClosedError());
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new OutputClosedError());
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

/**
 * Lets the output catch up: waits while it is full ('drain'), and yields one turn of the event loop so that
 * compression and I/O callbacks run even when rows come from a synchronous or microtask-only source.
 */
export async function letOutputCatchUp(out: Writable): Promise<void> {
  if (out.destroyed) throw new OutputClosedError();
  while (out.writableNeedDrain) await waitForDrain(out);
  await nextTurn();
}

/** Resolves when the writable has finished (all data flushed), rejects on error or premature close. */
export function whenFinished(out: Writable): Promise<void> {
  if (out.writableFinished) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      out.off('finish', onFinish);
      out.off('close', onClose);
      out.off('error', onError);
    };
    const onFinish = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      if (out.writableFinished) resolve();
      else reject(new OutputClosedError());
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    out.on('finish', onFinish);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

/**
 * A promise that rejects if `out` errors or closes before finishing, and never settles otherwise (for races
 * against work that would stall once nobody reads). Call dispose() when done with it.
 */
export function closedEarly(out: Writable): { promise: Promise<never>; dispose: () => void } {
  let dispose = () => undefined as void;
  const promise = new Promise<never>((_resolve, reject) => {
    const onClose = () => {
      if (!out.writableFinished) reject(new OutputClosedError());
    };
    const onError = (err: Error) => reject(err);
    out.on('close', onClose);
    out.on('error', onError);
    dispose = () => {
      out.off('close', onClose);
      out.off('error', onError);
    };
    if (out.destroyed && !out.writableFinished) reject(new OutputClosedError());
  });
  promise.catch(() => undefined);
  return { promise, dispose };
}
