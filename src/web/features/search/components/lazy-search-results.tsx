import { lazyComponent } from '../../../components/lazy-component.tsx';

// The results' code (their list, the infinite query, the switch) loads when a search is first shown, or when the
// search box first takes focus, not with the header.

/** SearchResults, loaded on first use. */
export const SearchResults = lazyComponent(() => import('./search-results.tsx').then((module) => module.SearchResults));
