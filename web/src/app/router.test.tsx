import { isSitePage } from '@palm/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every concrete path the router declares, its parameters filled in. */
function pagePaths(children: RouteObject[], prefix = ''): string[] {
  return children.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.index
      ? prefix
      : route.path
        ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
        : prefix;
    const own = route.path || route.index ? [here.replace(/:[^/]+/g, 'AAAAAAAAAAAAAAAAAAAAAA') || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

describe('the pages the gateway answers 200', () => {
  it('are exactly the router’s pages: each of them, and nothing the 404 page stands for', () => {
    const paths = pagePaths(routes);
    expect(paths).toContain('/report/AAAAAAAAAAAAAAAAAAAAAA');
    expect(paths).toContain('/admin/flows/AAAAAAAAAAAAAAAAAAAAAA/edit');
    for (const path of paths) expect(isSitePage(path), path).toBe(true);
    for (const path of ['/no-such-page', '/admin/nope', '/scan/extra', '/report', '/robots', '/report/a/b'])
      expect(isSitePage(path), path).toBe(false);
  });
});
