import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../../src/routeTree.gen.ts';

/** Renders the real route tree at `path`, as the app would after navigation. */
export async function renderRoute(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
