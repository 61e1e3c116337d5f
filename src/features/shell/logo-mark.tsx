/** The shop's mark, the same drawing as favicon.svg and the app icons. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--color-forest-800)" />
      <g fill="var(--color-blush-300)" stroke="var(--color-blush-400)" strokeWidth="1.5">
        {[0, 72, 144, 216, 288].map((angle) => (
          <ellipse key={angle} cx="32" cy="17.4" rx="6.2" ry="9.4" transform={`rotate(${angle} 32 27)`} />
        ))}
      </g>
      <circle cx="32" cy="27" r="4.6" fill="var(--color-cream)" />
      <path d="M32 37v17" stroke="#5f9a78" strokeWidth="2.4" strokeLinecap="round" />
      <ellipse cx="26" cy="48" rx="6.4" ry="2.7" fill="#5f9a78" transform="rotate(31 26 48)" />
      <ellipse cx="38" cy="48" rx="6.4" ry="2.7" fill="#5f9a78" transform="rotate(-31 38 48)" />
    </svg>
  );
}
