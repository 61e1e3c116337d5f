/**
 * The shop's mark: favicon.svg itself, which the browser fetches for the tab
 * anyway (and the service worker keeps), so the drawing costs no script.
 */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return <img src="/favicon.svg" alt="" width={64} height={64} decoding="async" className={className} />;
}
