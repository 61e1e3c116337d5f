import type { ReactNode, SVGProps } from 'react';

/**
 * The shop's one icon set, inline SVG (no icon font, no extra request),
 * decorative: the text next to an icon carries its meaning. It is two files
 * because a module in the entry chunk carries every export any lazy chunk
 * uses (docs/decisions/022-first-load-splits.md):
 * - this one: the SVG frame of every icon and the icons every page draws at
 *   once (the header's, the home page's first screen), in the entry chunk;
 * - later.tsx: every other icon, loaded with the chunks that draw them.
 * An icon moves here only when the first screen draws it.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

export function Icon({ children, className = 'size-6', ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function BagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 8h14l-1.2 12.5H6.2z" />
      <path d="M9 10.5V6.5a3 3 0 0 1 6 0v4" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.9-3.7 3.9-6 7.5-6s6.6 2.3 7.5 6" />
    </Icon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
