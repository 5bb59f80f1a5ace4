import { useState } from 'react';

/**
 * Whether the value has been true at any render so far. For what loads on first use and then stays in the page,
 * such as a lazy dialog that must remain mounted while it animates closed.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  // Set during render, as React allows for state derived from props: no extra commit without it.
  if (value && !ever) setEver(true);
  return ever || value;
}
