/**
 * After a navigation to another page, focus moves to the page's main
 * heading (or the main landmark while the page still loads), so a screen
 * reader says where the user is and the next Tab starts in the new page
 * instead of on <body>. Search-only changes (filters, an open
 * dialog) keep the focus where it is.
 */

/** How long a page that is still loading may take to show its heading. */
const HEADING_WAIT_MS = 3000;

function focusWithoutScrolling(element: HTMLElement): void {
  // Programmatic focus only: not in the Tab order.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * `focusedAtNavigation`: what had the focus when the page changed. This code
 * loads after that; if the user has meanwhile put the focus somewhere (a tap
 * into the new page's first field), it stays there: moving it would send the
 * rest of their typing to the heading.
 */
export function focusMainHeading(doc: Document = document, focusedAtNavigation?: Element | null): void {
  if (focusedAtNavigation !== undefined && doc.activeElement !== focusedAtNavigation && doc.activeElement !== doc.body) return;
  const main = doc.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    focusWithoutScrolling(heading);
    return;
  }
  focusWithoutScrolling(main);
  // A lazily loaded page renders its heading a moment later: move on to it, unless the user has moved on.
  const observer = new MutationObserver(() => {
    const late = main.querySelector<HTMLElement>('h1');
    if (!late) return;
    observer.disconnect();
    if (doc.activeElement === main) focusWithoutScrolling(late);
  });
  observer.observe(main, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
}
