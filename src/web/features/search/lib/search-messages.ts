import { defineMessage, defineMessages } from 'react-intl';

/** The header's search and its results. */
export const SEARCH_MESSAGES = defineMessages({
  boxLabel: { id: 'search.boxLabel', defaultMessage: 'Search events' },
  clear: { id: 'search.clear', defaultMessage: 'Clear search' },
  open: { id: 'search.open', defaultMessage: 'Search' },
  closeBox: { id: 'search.closeBox', defaultMessage: 'Close search' },
  resultsTitle: defineMessage<{ query: string }>({ id: 'search.resultsTitle', defaultMessage: 'Results for “{query}”' }),
  closeResults: { id: 'search.closeResults', defaultMessage: 'Close search results' },
  includePast: { id: 'search.includePast', defaultMessage: 'Include past events' },
  searching: { id: 'search.searching', defaultMessage: 'Searching…' },
  noMatches: defineMessage<{ query: string }>({ id: 'search.noMatches', defaultMessage: 'No events match “{query}” in the calendars shown.' }),
  noMatchesUpcoming: defineMessage<{ query: string }>({
    id: 'search.noMatchesUpcoming',
    defaultMessage: 'No events from today on match “{query}” in the calendars shown.',
  }),
  failed: { id: 'search.failed', defaultMessage: 'Search failed' },
  loadMore: { id: 'search.loadMore', defaultMessage: 'Load more results' },
  resultCount: defineMessage<{ count: number }>({
    id: 'search.resultCount',
    defaultMessage: '{count, plural, one {# event found} other {# events found}}',
  }),
  resultCountMore: defineMessage<{ count: number }>({
    id: 'search.resultCountMore',
    defaultMessage: '{count, plural, one {# event shown, more to load} other {# events shown, more to load}}',
  }),
  allDayWhen: defineMessage<{ when: string }>({ id: 'search.allDayWhen', defaultMessage: '{when}, all day' }),
  suggestions: { id: 'search.suggestions', defaultMessage: 'Suggested events' },
  suggestionCount: defineMessage<{ count: number }>({
    id: 'search.suggestionCount',
    defaultMessage: '{count, plural, one {# suggested event} other {# suggested events}}',
  }),
  whenAndWhere: defineMessage<{ when: string; where: string }>({ id: 'search.whenAndWhere', defaultMessage: '{when} · {where}' }),
});
