import type Database from 'better-sqlite3';
import { plainTextToHtml } from '../../../shared/rich-text.ts';

/** A step in SQL, or in code when rows must be rewritten one by one. */
export type Migration = string | ((db: Database.Database) => void);

/**
 * Schema migrations, applied in order at start-up; PRAGMA user_version records how many have run. Never edit one
 * that has shipped: add another, which carries the data over. A new optional field of the event (event-schema.ts)
 * needs its column: `ALTER TABLE events ADD COLUMN <its name in snake_case> TEXT NOT NULL DEFAULT <its fallback>`
 * (as JSON text when the fallback is not text), and the same column in trashed_events (migration 10), which keeps
 * every column of events.
 */
export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE calendars (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    name        TEXT NOT NULL,
    color       TEXT NOT NULL,
    description TEXT NOT NULL,
    editors     TEXT NOT NULL, -- JSON array of user and group ids
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    version     INTEGER NOT NULL,
    -- The longest event each kind has ever held, in ms: the window query's lower bound on start.
    -- Writes only raise it, so it may overstate after deletes, which costs speed, never correctness.
    longest_timed_ms   INTEGER NOT NULL DEFAULT 0,
    longest_all_day_ms INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id)
  ) WITHOUT ROWID;

  CREATE TABLE events (
    tenant_id       TEXT NOT NULL,
    id              TEXT NOT NULL,
    calendar_id     TEXT NOT NULL,
    title           TEXT NOT NULL,
    all_day         INTEGER NOT NULL,
    -- Epoch ms: instants for timed events, UTC-midnight day numbers for all-day ones.
    start_ms        INTEGER NOT NULL,
    end_ms          INTEGER NOT NULL,
    start_text      TEXT NOT NULL,
    end_text        TEXT NOT NULL,
    url             TEXT NOT NULL,
    group_id        TEXT NOT NULL,
    description     TEXT NOT NULL,
    location        TEXT NOT NULL,
    time_zone       TEXT NOT NULL,
    created_by_id   TEXT NOT NULL,
    created_by_name TEXT NOT NULL,
    updated_by_id   TEXT NOT NULL,
    updated_by_name TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    version         INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, calendar_id) REFERENCES calendars (tenant_id, id) ON DELETE CASCADE
  );

  -- The window query: equality on tenant, calendar and kind, then a range on start bounded on both sides.
  CREATE INDEX events_window ON events (tenant_id, calendar_id, all_day, start_ms);
  `,
  `
  -- Series (issue 8): the rule, the starts it skips and its overrides as JSON, beside the single events' columns.
  ALTER TABLE events ADD COLUMN rrule     TEXT NOT NULL DEFAULT '';
  ALTER TABLE events ADD COLUMN exdate    TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE events ADD COLUMN overrides TEXT NOT NULL DEFAULT '{}';
  -- What the event can cover, in epoch ms: a single event's start and end, a series' first start to last end (a
  -- far-future sentinel when it never ends).
  ALTER TABLE events ADD COLUMN range_start_ms INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE events ADD COLUMN range_end_ms   INTEGER NOT NULL DEFAULT 0;
  UPDATE events SET range_start_ms = start_ms, range_end_ms = end_ms;

  -- The series window query: only series are indexed, by the end of their range; the start is checked per row.
  CREATE INDEX events_series_window ON events (tenant_id, calendar_id, range_end_ms) WHERE rrule != '';
  `,
  `
  -- The feed cache's change version per tenant (ChangeVersions in repository.ts): every write of the tenant's calendars
  -- or events bumps it in the write's own transaction.
  CREATE TABLE tenant_changes (
    tenant_id TEXT NOT NULL PRIMARY KEY,
    version   INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- Each person's settings (issue 10), as the JSON of shared/user-settings-schema.ts: read back field by field.
  CREATE TABLE user_settings (
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    version    INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, user_id)
  ) WITHOUT ROWID;
  `,
  `
  -- Categories (issue 11): each calendar's own, going with it when it is deleted.
  CREATE TABLE categories (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    calendar_id TEXT NOT NULL,
    name        TEXT NOT NULL,
    color       TEXT NOT NULL,
    icon        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    version     INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, calendar_id) REFERENCES calendars (tenant_id, id) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE INDEX categories_by_calendar ON categories (tenant_id, calendar_id);

  -- The event's category, video (its canonical embed URL) and online meeting link.
  ALTER TABLE events ADD COLUMN category_id        TEXT NOT NULL DEFAULT '';
  ALTER TABLE events ADD COLUMN video              TEXT NOT NULL DEFAULT '';
  ALTER TABLE events ADD COLUMN online_meeting_url TEXT NOT NULL DEFAULT '';
  -- Clearing a deleted category from its events reads only the events that carry one.
  CREATE INDEX events_by_category ON events (tenant_id, category_id) WHERE category_id != '';
  `,
  descriptionsToHtml,
  `
  -- Search (issue 11): each event's title, location and description's text, folded (content/search-text.ts), in a
  -- table of its own with a stable integer key, and a trigram index over it (substrings, as Cosmos's CONTAINS finds).
  -- search_text() is the JS function sqlite-search.ts registers on every connection that writes events. Triggers keep
  -- both in step with the events table in the same transaction as the write (deletes by cascade included).
  CREATE TABLE event_search_text (
    id        INTEGER PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    event_id  TEXT NOT NULL,
    text      TEXT NOT NULL,
    UNIQUE (tenant_id, event_id)
  );
  CREATE VIRTUAL TABLE event_search USING fts5(text, content = 'event_search_text', content_rowid = 'id', tokenize = 'trigram');

  CREATE TRIGGER event_search_text_inserted AFTER INSERT ON event_search_text BEGIN
    INSERT INTO event_search (rowid, text) VALUES (new.id, new.text);
  END;
  CREATE TRIGGER event_search_text_deleted AFTER DELETE ON event_search_text BEGIN
    INSERT INTO event_search (event_search, rowid, text) VALUES ('delete', old.id, old.text);
  END;
  CREATE TRIGGER event_search_text_updated AFTER UPDATE OF text ON event_search_text BEGIN
    INSERT INTO event_search (event_search, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO event_search (rowid, text) VALUES (new.id, new.text);
  END;

  CREATE TRIGGER events_search_inserted AFTER INSERT ON events BEGIN
    INSERT INTO event_search_text (tenant_id, event_id, text) VALUES (new.tenant_id, new.id, search_text(new.title, new.location, new.description));
  END;
  CREATE TRIGGER events_search_deleted AFTER DELETE ON events BEGIN
    DELETE FROM event_search_text WHERE tenant_id = old.tenant_id AND event_id = old.id;
  END;
  -- Every update names every column: only a changed text is derived and indexed again.
  CREATE TRIGGER events_search_updated AFTER UPDATE OF title, location, description ON events
  WHEN old.title IS NOT new.title OR old.location IS NOT new.location OR old.description IS NOT new.description BEGIN
    UPDATE event_search_text SET text = search_text(new.title, new.location, new.description)
    WHERE tenant_id = new.tenant_id AND event_id = new.id;
  END;

  INSERT INTO event_search_text (tenant_id, event_id, text) SELECT tenant_id, id, search_text(title, location, description) FROM events;
  `,
  `
  -- Subscription links (issue 12): only the SHA-256 of each link's secret is kept, and a feed request finds its link
  -- by that alone (the unique index), in any tenant. No foreign key to the calendar: a link outlives its calendar, so
  -- that its feed answers 404 and its creator's list says why.
  CREATE TABLE subscriptions (
    tenant_id    TEXT NOT NULL,
    id           TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    user_name    TEXT NOT NULL,
    calendar_id  TEXT NOT NULL,
    category_id  TEXT, -- NULL: the whole calendar
    secret_hash  TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    PRIMARY KEY (tenant_id, id)
  ) WITHOUT ROWID;
  CREATE INDEX subscriptions_by_user ON subscriptions (tenant_id, user_id, created_at);
  `,
  `
  -- Imported events (issue 12): where each came from (event-schema.ts's importSource, as JSON; 'null' for none), and
  -- at most one event per UID in a calendar, so that importing a file again finds its events and never doubles them.
  ALTER TABLE events ADD COLUMN import_source TEXT NOT NULL DEFAULT 'null';
  CREATE UNIQUE INDEX events_import_uid ON events (tenant_id, calendar_id, json_extract(import_source, '$.uid')) WHERE import_source != 'null';
  `,
  historyAndTrash,
  `
  -- Idempotency-Key records (issue 26): a keyed request's claim, then its first answer, written in the transaction of
  -- the write it answers; kept until expires_at_ms, then purged. token is the claim's while it is pending, NULL once
  -- answered.
  CREATE TABLE idempotency_records (
    tenant_id     TEXT NOT NULL,
    id            TEXT NOT NULL,
    fingerprint   TEXT NOT NULL,
    token         TEXT,
    claimed_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL,
    answer        TEXT,
    PRIMARY KEY (tenant_id, id)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_records_by_expiry ON idempotency_records (expires_at_ms);
  `,
  `
  -- Deferred search indexing (issue 26): an import's transaction writes each event's folded text but leaves its trigram
  -- indexing (most of a 2,000-event import's write) to slices after the commit, listing the texts still to index
  -- here. Search checks the listed texts directly, so an event is found from its commit on. search_deferred() is the
  -- JS function sqlite-search.ts registers: true only inside a batch's transaction. A listed text is not in the index,
  -- so neither its update nor its delete may tell the index to forget it.
  CREATE TABLE event_search_pending (id INTEGER PRIMARY KEY);

  DROP TRIGGER event_search_text_inserted;
  DROP TRIGGER event_search_text_deleted;
  DROP TRIGGER event_search_text_updated;
  CREATE TRIGGER event_search_text_inserted AFTER INSERT ON event_search_text BEGIN
    INSERT INTO event_search (rowid, text) SELECT new.id, new.text WHERE NOT search_deferred();
    INSERT INTO event_search_pending (id) SELECT new.id WHERE search_deferred();
  END;
  CREATE TRIGGER event_search_text_deleted AFTER DELETE ON event_search_text BEGIN
    INSERT INTO event_search (event_search, rowid, text) SELECT 'delete', old.id, old.text
    WHERE NOT EXISTS (SELECT 1 FROM event_search_pending WHERE id = old.id);
    DELETE FROM event_search_pending WHERE id = old.id;
  END;
  CREATE TRIGGER event_search_text_updated AFTER UPDATE OF text ON event_search_text BEGIN
    INSERT INTO event_search (event_search, rowid, text) SELECT 'delete', old.id, old.text
    WHERE NOT EXISTS (SELECT 1 FROM event_search_pending WHERE id = old.id);
    DELETE FROM event_search_pending WHERE id = old.id;
    INSERT INTO event_search (rowid, text) SELECT new.id, new.text WHERE NOT search_deferred();
    INSERT INTO event_search_pending (id) SELECT new.id WHERE search_deferred();
  END;
  `,
  `
  -- A series' extra dates (issue 27): RDATE starts beside its rule's, as a JSON array like exdate, in both tables.
  ALTER TABLE events ADD COLUMN rdate TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE trashed_events ADD COLUMN rdate TEXT NOT NULL DEFAULT '[]';
  `,
  `
  -- A series' start as the local date-time it was given in (issue 27; event-schema.ts's localStart, '' for an
  -- instant), whose wall-clock time its rule repeats. trashed_events keeps every column of events.
  ALTER TABLE events ADD COLUMN local_start TEXT NOT NULL DEFAULT '';
  ALTER TABLE trashed_events ADD COLUMN local_start TEXT NOT NULL DEFAULT '';
  `,
  `
  -- Search leaves hyphens and spaces out of texts and terms (issue 28: "standup" finds "stand-up" and "stand up"), and
  -- list bullets out of the text: every text is worked out again, and indexed again after the store opens, a slice at
  -- a time, as a batch's texts are (migration 12). The index is emptied and every text listed, so that the update's
  -- trigger neither tells the index to forget a text it no longer holds nor indexes it here: migrations run as a
  -- batch's transaction does (search_deferred() true). Search checks the listed texts directly meanwhile.
  INSERT INTO event_search (event_search) VALUES ('delete-all');
  INSERT OR IGNORE INTO event_search_pending (id) SELECT id FROM event_search_text;
  UPDATE event_search_text SET text = search_text(e.title, e.location, e.description)
  FROM events e WHERE e.tenant_id = event_search_text.tenant_id AND e.id = event_search_text.event_id;
  `,
];

const HISTORY_AND_TRASH = `
-- One row per change entry (shared/history-schema.ts), written in the change's own transaction. seq is the entry's
-- cursor: AUTOINCREMENT never hands a number out twice, even after the newest rows are purged.
CREATE TABLE history (
  seq              INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id        TEXT NOT NULL,
  id               TEXT NOT NULL,
  calendar_id      TEXT NOT NULL,
  from_calendar_id TEXT, -- a move's calendar before
  event_id         TEXT, -- NULL: a change to the calendar itself or its categories
  by_id            TEXT NOT NULL,
  at_ms            INTEGER NOT NULL,
  entry            TEXT NOT NULL -- the entry as JSON, less its id and cursor
);
-- An event's history; a calendar's activity, with and without its person filter (at_ms in them so that a time filter
-- is checked on the index, not on each row: 100k entries back, 30-50 ms fell to 5-24), and what was moved out of it;
-- what a live stream missed (since); the purge by age.
CREATE INDEX history_by_event ON history (tenant_id, event_id, seq) WHERE event_id IS NOT NULL;
CREATE INDEX history_by_calendar ON history (tenant_id, calendar_id, seq, at_ms);
CREATE INDEX history_by_calendar_person ON history (tenant_id, calendar_id, by_id, seq, at_ms);
CREATE INDEX history_moved_from ON history (tenant_id, from_calendar_id, seq) WHERE from_calendar_id IS NOT NULL;
CREATE INDEX history_by_tenant ON history (tenant_id, seq);
CREATE INDEX history_by_age ON history (at_ms);

-- Per tenant, the highest seq a purge deleted ('' for the whole store: where its seqs began): a live stream cannot
-- replay from a cursor below it, and refetches instead.
CREATE TABLE history_horizon (
  tenant_id TEXT NOT NULL PRIMARY KEY,
  seq       INTEGER NOT NULL
) WITHOUT ROWID;

-- The calendar trash: NULL while the calendar is live.
ALTER TABLE calendars ADD COLUMN deleted_at      TEXT;
ALTER TABLE calendars ADD COLUMN deleted_at_ms   INTEGER;
ALTER TABLE calendars ADD COLUMN deleted_by_id   TEXT;
ALTER TABLE calendars ADD COLUMN deleted_by_name TEXT;

-- The event trash: every column of events, and the deletion's.
CREATE TABLE trashed_events (
  tenant_id          TEXT NOT NULL,
  id                 TEXT NOT NULL,
  calendar_id        TEXT NOT NULL,
  title              TEXT NOT NULL,
  all_day            INTEGER NOT NULL,
  start_ms           INTEGER NOT NULL,
  end_ms             INTEGER NOT NULL,
  start_text         TEXT NOT NULL,
  end_text           TEXT NOT NULL,
  url                TEXT NOT NULL,
  group_id           TEXT NOT NULL,
  description        TEXT NOT NULL,
  location           TEXT NOT NULL,
  time_zone          TEXT NOT NULL,
  created_by_id      TEXT NOT NULL,
  created_by_name    TEXT NOT NULL,
  updated_by_id      TEXT NOT NULL,
  updated_by_name    TEXT NOT NULL,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  version            INTEGER NOT NULL,
  rrule              TEXT NOT NULL DEFAULT '',
  exdate             TEXT NOT NULL DEFAULT '[]',
  overrides          TEXT NOT NULL DEFAULT '{}',
  range_start_ms     INTEGER NOT NULL DEFAULT 0,
  range_end_ms       INTEGER NOT NULL DEFAULT 0,
  category_id        TEXT NOT NULL DEFAULT '',
  video              TEXT NOT NULL DEFAULT '',
  online_meeting_url TEXT NOT NULL DEFAULT '',
  import_source      TEXT NOT NULL DEFAULT 'null',
  deleted_at         TEXT NOT NULL,
  deleted_at_ms      INTEGER NOT NULL,
  deleted_by_id      TEXT NOT NULL,
  deleted_by_name    TEXT NOT NULL,
  -- 1: it went with its calendar to the calendar trash, and comes back with it; 0: deleted on its own.
  with_calendar      INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, calendar_id) REFERENCES calendars (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX trashed_events_by_calendar ON trashed_events (tenant_id, calendar_id, with_calendar, deleted_at_ms);
CREATE INDEX trashed_events_by_age ON trashed_events (deleted_at_ms) WHERE with_calendar = 0;
`;

/**
 * History and trash (issue 13). Trashed events are MOVED to a table of their own in the delete's transaction, not
 * flagged: the events table, its window and series indexes, the search index its triggers keep and the import UID
 * index then hold live events only, so that the feed, search, findById and imports pay nothing for the trash and
 * cannot forget to filter it. A trashed calendar keeps its row (its categories and trashed events hang off it by
 * foreign key), flagged by deleted_at: calendars are few per tenant, and read by primary key or tenant.
 */
function historyAndTrash(db: Database.Database): void {
  db.exec(HISTORY_AND_TRASH);
  // Cursors of a store made anew (an emptied DATA_DIR) start past any an older store gave out, by the clock, so that a
  // browser's Last-Event-ID from before is seen as unknown (refetch) rather than replayed from someone else's history.
  const base = Date.now();
  db.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('history', ?)`).run(base);
  db.prepare(`INSERT INTO history_horizon (tenant_id, seq) VALUES ('', ?)`).run(base);
}

/**
 * Descriptions became rich text (issue 11): every description written before is plain text, in the event's column
 * and in its series' overrides, and becomes the HTML that shows it the same (paragraphs and line breaks).
 */
function descriptionsToHtml(db: Database.Database): void {
  const rows = db.prepare<[], { tenant_id: string; id: string; description: string; overrides: string }>(
    `SELECT tenant_id, id, description, overrides FROM events WHERE description != '' OR overrides != '{}'`,
  );
  const write = db.prepare('UPDATE events SET description = ?, overrides = ? WHERE tenant_id = ? AND id = ?');
  for (const row of rows.all()) {
    const overrides = JSON.parse(row.overrides) as Record<string, { description?: string }>;
    for (const override of Object.values(overrides)) {
      if (override.description !== undefined) override.description = plainTextToHtml(override.description);
    }
    write.run(plainTextToHtml(row.description), JSON.stringify(overrides), row.tenant_id, row.id);
  }
}
