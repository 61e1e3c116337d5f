/**
 * Web Locks as two tabs share them: one holder per name; `ifAvailable`
 * answers null at once while another holds it, else the request waits.
 */
export function fakeLockManager(): Pick<LockManager, 'request'> {
  const held = new Map<string, Promise<unknown>>();
  async function request<T>(name: string, optionsOrTask: LockOptions | LockGrantedCallback<T>, maybeTask?: LockGrantedCallback<T>) {
    const options = typeof optionsOrTask === 'function' ? {} : optionsOrTask;
    const task = (typeof optionsOrTask === 'function' ? optionsOrTask : maybeTask)!;
    if (options.ifAvailable && held.has(name)) return task(null);
    while (held.has(name)) await held.get(name)!.catch(() => undefined);
    const running = Promise.resolve(task({ name, mode: 'exclusive' } as Lock));
    held.set(name, running);
    try {
      return await running;
    } finally {
      held.delete(name);
    }
  }
  return { request: request as LockManager['request'] };
}
