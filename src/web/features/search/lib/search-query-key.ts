/** Every search's results, under one key: a change to events makes them stale. Apart, so the shell needs no query code. */
export const EVENT_SEARCH_QUERY_KEY = ['event-search'];
