/**
 * The one inline SVG icon set (no icon font, no extra request). Lives in lib
 * because several features draw with it and features must not import each
 * other. Icons are decorative: the text next to them carries the meaning.
 * The frame and the icons of the first screen live in icon-base.tsx.
 */
import { Icon, type IconProps } from './icon-base.tsx';

export { ArrowRightIcon, BagIcon, CloseIcon, Icon, UserIcon, type IconProps } from './icon-base.tsx';

export function PlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14" />
    </Icon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />
    </Icon>
  );
}

export function PrinterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 9V3.5h10V9M7 17H4.5V9h15v8H17" />
      <path d="M7 14h10v6.5H7z" />
    </Icon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9.5a6 6 0 0 1 12 0c0 4.5 1.8 6.2 2.5 7H3.5c.7-.8 2.5-2.5 2.5-7z" />
      <path d="M10 19.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}

/** A phone with an arrow down: install the shop as an app. */

export function InstallIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M12 7.5v7M9 11.5l3 3 3-3M10.5 18.5h3" />
    </Icon>
  );
}

/** Safari's share glyph, so the visitor recognises the button to tap. */

export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v12M8 7l4-4 4 4M7 10H5.5A1.5 1.5 0 0 0 4 11.5v8A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H17" />
    </Icon>
  );
}
