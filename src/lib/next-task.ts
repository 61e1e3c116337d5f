interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task of the event loop, so work after it never lengthens
 * the task that awaited it: a tap or a paint can come in between.
 * `scheduler.yield()` where the browser has it (it keeps this work ahead of
 * other queued tasks), else a zero-delay timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
