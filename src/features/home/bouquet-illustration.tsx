/** Decorative hero artwork: a handful of simple shapes, cheaper than any image request. */
export function BouquetIllustration({ className }: { className?: string }) {
  const petals = [0, 60, 120, 180, 240, 300];
  const blooms = [
    { x: 120, y: 92, r: 1, fill: 'var(--color-blush-300)' },
    { x: 78, y: 120, r: 0.8, fill: 'var(--color-blush-200)' },
    { x: 164, y: 118, r: 0.85, fill: 'var(--color-blush-400)' },
    { x: 104, y: 146, r: 0.7, fill: 'var(--color-cream-200)' },
    { x: 146, y: 152, r: 0.65, fill: 'var(--color-blush-200)' },
  ];
  return (
    <svg viewBox="0 0 240 280" className={className} aria-hidden="true" focusable="false">
      <circle cx="120" cy="128" r="108" fill="var(--color-forest-50)" />
      <g stroke="var(--color-forest-700)" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M120 250 120 150M120 250 84 140M120 250 158 138M120 250 104 160M120 250 142 166" />
      </g>
      <g fill="var(--color-forest-600)">
        <path d="M92 176c-22-4-36 4-44 18 20 6 36 0 44-18z" />
        <path d="M150 180c20-8 36-2 46 10-18 10-36 6-46-10z" />
        <path d="M120 196c-10-16-6-32 6-42 8 14 6 30-6 42z" />
      </g>
      {blooms.map((bloom) => (
        <g key={`${bloom.x}-${bloom.y}`} transform={`translate(${bloom.x} ${bloom.y}) scale(${bloom.r})`}>
          {petals.map((angle) => (
            <ellipse
              key={angle}
              cx="0"
              cy="-17"
              rx="12"
              ry="17"
              fill={bloom.fill}
              stroke="var(--color-blush-700)"
              strokeOpacity="0.25"
              transform={`rotate(${angle})`}
            />
          ))}
          <circle r="9" fill="var(--color-forest-800)" />
        </g>
      ))}
      <path d="M86 214h68l-12 48H98z" fill="var(--color-forest-800)" />
      <path d="M86 214h68" stroke="var(--color-blush-300)" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
