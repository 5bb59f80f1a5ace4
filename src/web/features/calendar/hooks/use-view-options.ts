import { useLocalStorageState } from '../../../lib/use-local-storage-state.ts';
import { DEFAULT_VIEW_OPTIONS, isViewOptions, type ViewOptions } from '../lib/view-options.ts';

const VIEW_OPTIONS_KEY = 'company-calendar:view-options';

/** The user's view options on this device, shared by every component that shows or sets them. */
export function useViewOptions(): [ViewOptions, (options: ViewOptions) => void] {
  return useLocalStorageState(VIEW_OPTIONS_KEY, isViewOptions, DEFAULT_VIEW_OPTIONS);
}
