// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableCSSFileLoading":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload } from '../../src/lib/preload-helper.ts';

// The links the helper adds, kept out of the document: happy-dom would fetch them itself. The test plays the network.
let added: HTMLLinkElement[] = [];
const stylesheetLinks = () => added.filter((link) => link.rel === 'stylesheet');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLLinkElement[]));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('the build’s preload helper (every dynamic import goes through it)', () => {
  it('runs a chunk without stylesheets at once, adding nothing to the page', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    await expect(__vitePreload(load, [])).resolves.toBe('module');
    await expect(__vitePreload(load)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(stylesheetLinks()).toEqual([]);
  });

  it('adds a chunk’s stylesheet once and runs the chunk only after it has loaded', async () => {
    const load = vi.fn(() => Promise.resolve('print sheet'));
    const first = __vitePreload(load, ['assets/print-a1.css']);
    const second = __vitePreload(load, ['assets/print-a1.css']);
    await settle();
    const links = stylesheetLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/print-a1.css']);
    expect(load).not.toHaveBeenCalled();

    links[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('print sheet');
    await expect(second).resolves.toBe('print sheet');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not add the app’s stylesheet again when index.html already links it', async () => {
    const existing = document.createElement('link');
    existing.rel = 'stylesheet';
    existing.setAttribute('href', '/assets/index-b2.css');
    document.head.appendChild(existing);
    const load = vi.fn(() => Promise.resolve('home sections'));
    await expect(__vitePreload(load, ['assets/index-b2.css'])).resolves.toBe('home sections');
    expect(stylesheetLinks()).toEqual([]);
  });

  it('rejects when the stylesheet cannot be fetched, and tries again at the next import', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const failed = __vitePreload(load, ['assets/offline-c3.css']);
    await settle();
    stylesheetLinks()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Unable to preload CSS for /assets/offline-c3.css');
    expect(load).not.toHaveBeenCalled();

    const retried = __vitePreload(load, ['assets/offline-c3.css']);
    await settle();
    expect(stylesheetLinks()).toHaveLength(2);
    stylesheetLinks()[1]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBe('module');
  });
});
