import {
  Avatar,
  Button,
  Field,
  Spinner,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  makeStyles,
  type FieldProps,
  type TagPickerProps,
} from '@fluentui/react-components';
import { PeopleTeam20Regular } from '@fluentui/react-icons';
import { useMemo, useState, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { DIRECTORY_UNAVAILABLE_TYPE, type DirectoryEntry, type UnknownDirectoryEntry } from '../../../../shared/directory-schema.ts';
import { CONSENT_REQUIRED_TYPE } from '../../../../shared/problem.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { PEOPLE_PICKER_MESSAGES as MESSAGES } from '../lib/people-picker-messages.ts';
import { useResolvedDirectory } from '../requests/resolve-directory.ts';
import { useDirectorySearch } from '../requests/search-directory.ts';

/** The list's line saying how the search stands: no id has a space, so it is never taken for one. */
const STATUS_VALUE = ' status';
/** Typing pauses this long before the directory is asked. */
const SEARCH_DEBOUNCE_MS = 250;

const useStyles = makeStyles({
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

type KnownEntry = DirectoryEntry | UnknownDirectoryEntry;

/** Initials only (or a group icon): a photo would be one more request per person, through the API, for every search. */
function EntryAvatar({ entry }: { entry: KnownEntry | undefined }) {
  if (entry?.kind === 'group') return <Avatar aria-hidden icon={<PeopleTeam20Regular />} color="colorful" idForColor={entry.id} />;
  if (entry?.kind === 'user') return <Avatar aria-hidden name={entry.displayName} color="colorful" idForColor={entry.id} />;
  return <Avatar aria-hidden color="neutral" />;
}

/** Names for the chosen ids: the stored ones resolved as the editor opens, the picked ones from their search. */
function useEntryNames(value: readonly string[]) {
  const [stored] = useState(value);
  const resolved = useResolvedDirectory(stored);
  const [picked, setPicked] = useState<ReadonlyMap<string, DirectoryEntry>>(new Map());
  const byId = useMemo(() => {
    const map = new Map<string, KnownEntry>((resolved.data?.results ?? []).map((entry) => [entry.id, entry]));
    for (const [id, entry] of picked) map.set(id, entry);
    return map;
  }, [resolved.data, picked]);
  return {
    byId,
    remember: (entry: DirectoryEntry) => setPicked((current) => new Map(current).set(entry.id, entry)),
    resolving: resolved.isLoading,
    // Where there is no directory at all, ids are all there is to show: that is no failure.
    failed: resolved.isError && !(resolved.error instanceof ApiError && resolved.error.problem.type === DIRECTORY_UNAVAILABLE_TYPE),
  };
}

/** What the list says instead of (or besides) options, and what is announced. */
function searchStatus(intl: IntlShape, typed: string, search: ReturnType<typeof useDirectorySearch>, settled: boolean, count: number): string {
  if (typed === '') return intl.formatMessage(MESSAGES.typeToSearch);
  if (!settled || search.isFetching) return intl.formatMessage(MESSAGES.searching);
  if (search.error) {
    const type = search.error instanceof ApiError ? search.error.problem.type : '';
    if (type === DIRECTORY_UNAVAILABLE_TYPE) return intl.formatMessage(MESSAGES.unavailable);
    return intl.formatMessage(type === CONSENT_REQUIRED_TYPE ? MESSAGES.consentNeeded : MESSAGES.searchFailed);
  }
  return count === 0 ? intl.formatMessage(MESSAGES.noResults, { query: typed }) : intl.formatMessage(MESSAGES.found, { count });
}

function EntryOption({ entry, intl }: { entry: DirectoryEntry; intl: IntlShape }) {
  const detail =
    entry.kind === 'group'
      ? entry.detail
        ? intl.formatMessage(MESSAGES.groupWithDetail, { detail: entry.detail })
        : intl.formatMessage(MESSAGES.group)
      : entry.detail;
  return (
    <TagPickerOption value={entry.id} text={entry.displayName} media={<EntryAvatar entry={entry} />} secondaryContent={detail || undefined}>
      {entry.displayName}
    </TagPickerOption>
  );
}

interface PeoplePickerProps extends Pick<FieldProps, 'validationState' | 'validationMessage'> {
  label: string;
  hint: string;
  /** The chosen user and group ids. */
  value: string[];
  onChange(ids: string[]): void;
}

/**
 * "Allow access" while Graph's directory permissions are not granted: an admin who may consent for the organisation
 * does so in the popup (from the click), then the search runs again. Null where sign-in has no consent to ask.
 */
function ConsentButton({ search }: { search: ReturnType<typeof useDirectorySearch> }) {
  const intl = useIntl();
  const notify = useNotify();
  const { requestConsent } = useAuth();
  const [asking, setAsking] = useState(false);
  const problem = search.error instanceof ApiError ? search.error.problem : null;
  if (!requestConsent || problem?.type !== CONSENT_REQUIRED_TYPE) return null;
  const allow = () => {
    setAsking(true);
    requestConsent(problem.scopes ?? [])
      .then(() => search.refetch(), (error: unknown) => notify.error(intl.formatMessage(MESSAGES.accessNotAllowed), errorMessage(error, intl)))
      .finally(() => setAsking(false));
  };
  return (
    <Button size="small" onClick={allow} disabledFocusable={asking} icon={asking ? <Spinner size="tiny" /> : undefined}>
      {intl.formatMessage(MESSAGES.allowAccess)}
    </Button>
  );
}

/**
 * A calendar's editors as people and groups found by name (Fluent's TagPicker): the directory is searched through
 * the API as typing pauses; ids are stored, names shown. Arrow keys and Enter pick from the list; Backspace in the
 * empty box goes to the last tag and Backspace again removes it, as in Outlook's To line.
 */
export function PeoplePicker({ label, hint, value, onChange, ...validation }: PeoplePickerProps) {
  const styles = useStyles();
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const settledQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useDirectorySearch(settledQuery);
  const names = useEntryNames(value);
  const typed = query.trim();
  const results = typed === '' ? [] : (search.data?.results ?? []).filter((entry) => !value.includes(entry.id));
  const status = searchStatus(intl, typed, search, settledQuery === query, results.length);
  const canAddTypedId = search.error instanceof ApiError && search.error.problem.type === DIRECTORY_UNAVAILABLE_TYPE && !value.includes(typed);

  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_, data) => {
    if (data.value === STATUS_VALUE) return;
    const entry = search.data?.results.find((candidate) => candidate.id === data.value);
    if (entry) names.remember(entry);
    onChange(data.selectedOptions);
    setQuery('');
  };

  // Where names could not be had, the hint says why ids show.
  const fieldHint = names.failed ? [hint, intl.formatMessage(MESSAGES.namesFailed)].join(' ') : hint;
  const options: ReactElement[] = results.map((entry) => <EntryOption key={entry.id} entry={entry} intl={intl} />);
  if (options.length === 0) options.push(<TagPickerOption key={STATUS_VALUE} value={STATUS_VALUE}>{status}</TagPickerOption>);
  if (canAddTypedId && typed !== '') options.push(<TagPickerOption key="typed" value={typed}>{intl.formatMessage(MESSAGES.addId, { id: typed })}</TagPickerOption>);

  return (
    <Field label={label} hint={fieldHint} {...validation}>
      <TagPicker onOptionSelect={onOptionSelect} selectedOptions={value}>
        <TagPickerControl>
          <TagPickerGroup aria-label={intl.formatMessage(MESSAGES.chosen)} aria-busy={names.resolving || undefined}>
            {value.map((id) => (
              <EditorTag key={id} id={id} entry={names.byId.get(id)} intl={intl} />
            ))}
          </TagPickerGroup>
          <TagPickerInput name="editors" value={query} onChange={(event) => setQuery(event.target.value)} />
        </TagPickerControl>
        <TagPickerList>{options}</TagPickerList>
      </TagPicker>
      <ConsentButton search={search} />
      <div role="status" className={styles.visuallyHidden}>
        {typed === '' ? '' : status}
      </div>
    </Field>
  );
}

/** A chosen editor: the name the directory gives, else the stored id (marked when the directory does not know it). */
function EditorTag({ id, entry, intl }: { id: string; entry: KnownEntry | undefined; intl: IntlShape }) {
  const name = entry && entry.kind !== 'unknown' ? entry.displayName : id;
  return (
    <Tag
      value={id}
      shape="rounded"
      media={<EntryAvatar entry={entry} />}
      secondaryText={entry?.kind === 'unknown' ? intl.formatMessage(MESSAGES.notInDirectory) : undefined}
    >
      {name}
    </Tag>
  );
}
