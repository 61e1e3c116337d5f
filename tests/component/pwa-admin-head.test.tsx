import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminAppHead } from '../../src/features/pwa/admin-app-head.tsx';

beforeEach(() => {
  document.head.innerHTML =
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"><meta name="apple-mobile-web-app-title" content="Pod Różą"><link rel="manifest" href="/manifest.webmanifest">';
});
afterEach(() => {
  document.head.innerHTML = '';
});

const manifests = () => [...document.head.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'));

describe('admin app head', () => {
  it('links the admin manifest (and only it) while mounted, then restores the storefront one', () => {
    const view = render(<AdminAppHead />);
    expect(manifests()).toEqual(['/admin.webmanifest']);
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/icons/admin-apple-touch-icon.png');
    expect(document.head.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content')).toBe('Panel');

    view.unmount();
    expect(manifests()).toEqual(['/manifest.webmanifest']);
    expect(document.head.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content')).toBe('Pod Różą');
  });

  it('adds a manifest link when the page has none, and removes it again', () => {
    document.head.innerHTML = '';
    const view = render(<AdminAppHead />);
    expect(manifests()).toEqual(['/admin.webmanifest']);
    view.unmount();
    expect(manifests()).toEqual([]);
  });
});
