import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs, type TabView } from './tabs.store';

const view = (path: string, over: Partial<TabView> = {}): TabView => ({
  path,
  fullPath: path,
  search: '',
  hash: '',
  title: path,
  affix: false,
  noCache: false,
  ...over,
});

describe('tabs store', () => {
  beforeEach(() => useTabs.getState().reset());

  it('adds a view only if its path is not present, and keeps affix tabs first', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.addView(view('/a', { fullPath: '/a?x=1', search: '?x=1' }));
    s.addView(view('/dashboard', { affix: true }));
    s.addView(view('/edit', { noCache: true }));
    const { visited, cached } = useTabs.getState();
    expect(visited.map((v) => v.path)).toEqual(['/dashboard', '/a', '/edit']);
    expect(visited[1].fullPath).toBe('/a?x=1');
    expect(cached).toEqual(['/dashboard', '/a']);
  });

  it('closes one, others and all; pinned tabs survive', () => {
    const s = useTabs.getState();
    for (const v of [view('/dashboard', { affix: true }), view('/a'), view('/b'), view('/c')]) s.addView(v);
    expect(s.closeView('/dashboard').map((v) => v.path)).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(s.closeView('/b').map((v) => v.path)).toEqual(['/dashboard', '/a', '/c']);
    expect(s.closeOthers('/c').map((v) => v.path)).toEqual(['/dashboard', '/c']);
    expect(s.closeAll().map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('refresh bumps the key of the page', () => {
    useTabs.getState().refreshView('/a');
    useTabs.getState().refreshView('/a');
    expect(useTabs.getState().refreshKeys['/a']).toBe(2);
  });
});

describe('pinned tabs', () => {
  beforeEach(() => useTabs.getState().reset());

  it('are put in front even when another page was opened first', () => {
    const s = useTabs.getState();
    s.addView(view('/stampEdit'));
    s.ensureAffix([view('/dashboard', { affix: true })]);
    s.ensureAffix([view('/dashboard', { affix: true })]);
    expect(useTabs.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/stampEdit']);
  });
});
