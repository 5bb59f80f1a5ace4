import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useSyncExternalStore } from 'react';
import type { CategoryIcon as IconName } from '../../shared/category-icons.ts';
import { displayColor } from '../lib/color-contrast.ts';
import type { CATEGORY_ICON_COMPONENTS } from './category-icon-table.ts';

type IconTable = typeof CATEGORY_ICON_COMPONENTS;

// The table is its own chunk, fetched the first time an icon shows: calendars without categories never load it.
let table: IconTable | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches the icons' code; settles once it is here (a failure is tried again by the next icon shown). */
export function preloadCategoryIcons(): Promise<void> {
  loading ??= import('./category-icon-table.ts').then(
    (module) => {
      table = module.CATEGORY_ICON_COMPONENTS;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const useStyles = makeStyles({
  // The same box before and after the code comes, so nothing shifts when the icon appears.
  icon: { display: 'inline-block', flexShrink: 0, width: '1em', height: '1em', verticalAlign: '-0.125em' },
});

interface CategoryIconProps {
  icon: IconName;
  /** The category's colour, to draw the icon in (made to stand out from the page); else the text's colour. */
  color?: string;
  className?: string;
}

/**
 * A category's icon, decorative (aria-hidden): its name is always said beside it, or in the label of what it sits in.
 * At the text's size; an empty box of that size until the icons' code is here. Forced colours draw it in the text's.
 */
export function CategoryIcon({ icon, color, className }: CategoryIconProps) {
  const styles = useStyles();
  const icons = useSyncExternalStore(subscribe, () => table);
  if (icons === null) void preloadCategoryIcons();
  const Icon = icons?.[icon];
  const shared = { 'aria-hidden': true, className: mergeClasses(styles.icon, className), style: color ? { color: displayColor(color) } : undefined };
  return Icon ? <Icon {...shared} /> : <span {...shared} />;
}
