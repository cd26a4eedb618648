import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once, with the last arguments, after a quiet period', () => {
    const fn = vi.fn<(q: string) => void>();
    const d = debounce(fn, 300);
    d('a');
    vi.advanceTimersByTime(200);
    d('ab');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    expect(d.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
    expect(d.pending()).toBe(false);
  });

  it('starts a new burst after the wait', () => {
    const fn = vi.fn<(n: number) => void>();
    const d = debounce(fn, 100);
    d(1);
    vi.advanceTimersByTime(100);
    d(2);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });

  it('cancel drops the pending call; flush runs it now', () => {
    const fn = vi.fn<(n: number) => void>();
    const d = debounce(fn, 100);
    d(1);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
    d(2);
    d.flush();
    expect(fn.mock.calls).toEqual([[2]]);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
    d.flush(); // nothing pending: no call
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('leading: calls at once, and trails only if called again in the burst', () => {
    const fn = vi.fn<(n: number) => void>();
    const d = debounce(fn, 100, { leading: true });
    d(1);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    d(2);
    d(3);
    d(4);
    expect(fn.mock.calls).toEqual([[1], [2]]);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1], [2], [4]]);
  });

  it('with wait 0 still defers to the next tick', () => {
    const fn = vi.fn<() => void>();
    const d = debounce(fn, 0);
    d();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
