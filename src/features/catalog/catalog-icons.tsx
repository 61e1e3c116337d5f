import type { SVGProps } from 'react';

/** The two icons only the catalog draws (the shared set lives in lib/icons.tsx). Decorative. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function SearchIcon({ className = 'size-5', ...rest }: IconProps) {
  return (
    <svg {...base} className={className} {...rest}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </svg>
  );
}

export function ShareIcon({ className = 'size-5', ...rest }: IconProps) {
  return (
    <svg {...base} className={className} {...rest}>
      <circle cx="18" cy="5.5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="18.5" r="2.5" />
      <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" />
    </svg>
  );
}
