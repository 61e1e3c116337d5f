/** The attribute on <html> that lets the page's transitions run (src/styles.css holds them until it is set). */
export const TRANSITIONS_ALLOWED_ATTRIBUTE = 'data-transitions';

/**
 * Lets the page's fades run, from the frame after the one that shows the app
 * ready. Until then nothing fades: neither the buttons turning from "not yet"
 * to ready when the app starts, nor a page whose styles the browser computed
 * once before the stylesheet had arrived (a mouse over a loading page), which
 * was every button's and link's colours fading at once, a long task of
 * transition events on a slow machine (issue 22). Calling it again is harmless.
 */
export function allowTransitionsAfterNextFrame(): void {
  // A frame renders what the app changed without fades; the attribute comes in a task after that frame.
  requestAnimationFrame(() => setTimeout(() => document.documentElement.setAttribute(TRANSITIONS_ALLOWED_ATTRIBUTE, ''), 0));
}
