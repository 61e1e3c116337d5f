import { Icon, type IconProps } from './first-load.tsx';

/*
 * Every icon the first screen does not draw (the frame and those are in
 * first-load.tsx, which says why the set is two files): the controls of the
 * cart, the catalog, the back office and the install offer, and the drawn
 * pictures of the content (categories, the shop's strengths, the wishlist
 * heart). This module loads with the first chunk that draws one of them.
 */

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
export function SafariShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v12M8 7l4-4 4 4M7 10H5.5A1.5 1.5 0 0 0 4 11.5v8A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H17" />
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </Icon>
  );
}

/** Share a product: three linked dots. */
export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="18" cy="5.5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="18.5" r="2.5" />
      <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" />
    </Icon>
  );
}

export function FlowerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="12" cy="4.9" rx="2.1" ry="2.9" transform={`rotate(${angle} 12 8)`} />
      ))}
      <circle cx="12" cy="8" r="1.5" />
      <path d="M12 12v10M12 18.5c0-2.3 1.9-4 4.5-4 0 2.3-1.9 4-4.5 4z" />
    </Icon>
  );
}

export function TulipIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4l2.6 2.2L12 3l2.4 3.2L17 4v4.8a5 5 0 0 1-10 0z" />
      <path d="M12 13.8V22M12 19.5c-1.3-2.1-3.4-3.2-6-3.2.6 2.5 2.7 3.9 6 3.9" />
    </Icon>
  );
}

export function CandleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.5c1.6 1.8 2.1 2.9 2.1 3.9a2.1 2.1 0 0 1-4.2 0c0-1 .5-2.1 2.1-3.9z" />
      <path d="M8.5 11V9.5h7V11M7 11h10l-1.1 10.5H8.1z" />
      <path d="M9.5 15.5h5" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20.5s-7.5-4.6-7.5-10.4A4.1 4.1 0 0 1 12 7.6a4.1 4.1 0 0 1 7.5 2.5c0 5.8-7.5 10.4-7.5 10.4z" />
    </Icon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8.5h14V12M12 8v12.5" />
      <path d="M12 8C10.6 5 7 4.6 7 6.7 7 8 9.4 8 12 8zm0 0c1.4-3 5-3.4 5-1.3C17 8 14.6 8 12 8z" />
    </Icon>
  );
}

export function LeafIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 19.5C5 11 10 5 20 4.5c0 10-6 15.5-14.5 15.5" />
      <path d="M5 19.5c3-3.3 6-5.5 9.5-7.5" />
    </Icon>
  );
}

export function AwardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="9" r="5.5" />
      <path d="M8.6 13.4 7.3 21.5 12 19l4.7 2.5-1.3-8.1" />
    </Icon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20l1.1-4.3L16 4.8a2.1 2.1 0 0 1 3 3L8.3 18.9z" />
      <path d="M14.5 6.3l3.2 3.2" />
    </Icon>
  );
}
