import { useEffect, useState } from 'react';
import { afterFirstContent } from '../../lib/first-content.ts';

/** False until the page has shown its first content (always false on the server): for parts that can wait for it. */
export function useAfterFirstContent(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstContent(() => setShown(true)), []);
  return shown;
}
