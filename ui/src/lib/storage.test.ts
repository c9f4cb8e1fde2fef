import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBrowserStorage } from './storage';

/** Records the stores read, in order, and holds back the tasks queued with setTimeout. */
function spyOnStores(lengthOf: (store: Storage) => number) {
  const opened: string[] = [];
  vi.spyOn(Storage.prototype, 'length', 'get').mockImplementation(function (this: Storage) {
    opened.push(this === window.localStorage ? 'localStorage' : 'sessionStorage');
    return lengthOf(this);
  });
  const tasks: (() => void)[] = [];
  vi.spyOn(window, 'setTimeout').mockImplementation(((task: () => void) => {
    tasks.push(task);
    return 0;
  }) as typeof window.setTimeout);
  return { opened, tasks };
}

describe('openBrowserStorage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads nothing at once, then opens localStorage and sessionStorage in a task each', () => {
    const { opened, tasks } = spyOnStores(() => 0);
    openBrowserStorage();
    expect(opened).toEqual([]);
    expect(tasks).toHaveLength(2);
    tasks[0]();
    expect(opened).toEqual(['localStorage']);
    tasks[1]();
    expect(opened).toEqual(['localStorage', 'sessionStorage']);
  });

  it('leaves unavailable storage to its readers', () => {
    const { tasks } = spyOnStores(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    openBrowserStorage();
    for (const task of tasks) expect(task).not.toThrow();
  });
});
