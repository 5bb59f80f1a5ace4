import { Button, SearchBox, Tooltip, makeStyles, tokens, usePositioning } from '@fluentui/react-components';
import { ArrowLeft20Regular, Search20Regular } from '@fluentui/react-icons';
import { useId, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { SEARCH_QUERY_MAX } from '../../../../shared/limits.ts';
import type { HeaderSearch } from '../hooks/use-header-search.ts';
import { useSuggestionList } from '../hooks/use-suggestion-list.ts';
import { SEARCH_MESSAGES } from '../lib/search-messages.ts';
import { SearchResults } from './lazy-search-results.tsx';
import { SearchSuggestions, suggestionId } from './search-suggestions.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, width: '100%', minWidth: 0 },
  box: { flexGrow: 1, minWidth: 0, maxWidth: 'none' },
  // Back points the way the page reads.
  back: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
});

interface HeaderSearchBoxProps {
  search: HeaderSearch;
  /** The phone layout: a button that opens the box in place of the header's other parts. */
  phone: boolean;
}

/**
 * The header's search: a box (`/` focuses it), or on phones a button that opens one. Suggestions show as words are
 * typed (↑ ↓ choose one, Enter opens it); Enter otherwise searches, listing every result.
 */
export function HeaderSearchBox({ search, phone }: HeaderSearchBoxProps) {
  const intl = useIntl();
  const { phoneBoxOpen, openButtonElement, openBox } = search;
  if (phone && !phoneBoxOpen) {
    return (
      <Tooltip content={intl.formatMessage(SEARCH_MESSAGES.open)} relationship="label">
        <Button ref={openButtonElement} appearance="subtle" icon={<Search20Regular />} aria-keyshortcuts="/" onClick={openBox} />
      </Tooltip>
    );
  }
  return <SearchField search={search} phone={phone} />;
}

function SearchField({ search, phone }: HeaderSearchBoxProps) {
  const styles = useStyles();
  const intl = useIntl();
  const { inputElement, text, changeText } = search;
  const listId = useId();
  const suggestions = useSuggestionList({ text, past: search.shown?.past ?? false, source: search.suggestFrom });
  // Under the box, its end at the box's end where the window has room, shifted to stay inside it where not.
  const { targetRef, containerRef } = usePositioning({ position: 'below', align: 'end', offset: 4, enabled: suggestions.hits.length > 0 });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.onKey(event.key)) {
      event.preventDefault();
    } else if (event.key === 'Escape') {
      // Not the browser's own clearing of a search field: the results close with the words.
      event.preventDefault();
      search.escape();
    } else if (event.key === 'ArrowDown' && search.shown) {
      event.preventDefault();
      search.enterResults();
    }
  };
  return (
    <form
      ref={targetRef}
      role="search"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        suggestions.close();
        search.submit();
      }}
    >
      {phone && (
        <Tooltip content={intl.formatMessage(SEARCH_MESSAGES.closeBox)} relationship="label">
          <Button appearance="subtle" icon={<ArrowLeft20Regular className={styles.back} />} onClick={search.closeBox} />
        </Tooltip>
      )}
      <SearchBox
        ref={inputElement}
        className={styles.box}
        value={text}
        onChange={(_event, data) => {
          changeText(data.value);
          suggestions.typed();
        }}
        onKeyDown={onKeyDown}
        onBlur={suggestions.close}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.hits.length > 0}
        aria-controls={suggestions.hits.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.active === -1 ? undefined : suggestionId(listId, suggestions.active)}
        // The results' code comes while the words are typed.
        onFocus={() => void SearchResults.preload()}
        aria-label={intl.formatMessage(SEARCH_MESSAGES.boxLabel)}
        placeholder={intl.formatMessage(SEARCH_MESSAGES.boxLabel)}
        aria-keyshortcuts="/"
        maxLength={SEARCH_QUERY_MAX}
        dismiss={{ 'aria-label': intl.formatMessage(SEARCH_MESSAGES.clear) }}
      />
      <SearchSuggestions listId={listId} list={suggestions} containerRef={containerRef} />
    </form>
  );
}
