/**
 * Compares two strings in time that depends only on their lengths, never on
 * where they first differ: a stored hash is never told apart from a dummy by
 * how long the comparison took.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i += 1) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return difference === 0;
}
