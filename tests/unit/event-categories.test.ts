import { describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { CATEGORY_ICONS } from '../../src/shared/category-icons.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { CATEGORY_ICON_MESSAGES } from '../../src/web/components/category-icon-messages.ts';
import { CATEGORY_ICON_COMPONENTS } from '../../src/web/components/category-icon-table.ts';
import { eventLooks, shownWith } from '../../src/web/features/calendar/lib/event-looks.ts';
import { ICON_PICKER_COLUMNS, iconIndexAfterKey } from '../../src/web/features/calendars/lib/icon-grid-keys.ts';
import { categoryAfterMove } from '../../src/web/features/events/lib/event-category.ts';
import {
  effectiveCategoryFilter,
  readCategoryFilter,
  shownByCategoryFilter,
  UNCATEGORISED,
  withCategoryFilter,
} from '../../src/web/lib/category-filter.ts';
import { readableTextOn } from '../../src/web/lib/color-contrast.ts';

const category = (id: string, name: string, color: string, calendarId = 'company'): Category => ({
  id,
  calendarId,
  name,
  color,
  icon: 'Megaphone',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
});

const calendar = (id: string, color: string, categories: Category[], canEdit = true): Calendar => ({
  id,
  tenantId: 't',
  name: id,
  color,
  description: '',
  editors: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  canEdit,
  categories,
});

const event = (calendarId: string, categoryId: string) => ({ extendedProps: { calendarId, categoryId } }) as CalendarEvent;

describe('the category icons in the web app', () => {
  test('every curated icon name has its Fluent component, and the table holds no other', () => {
    expect(Object.keys(CATEGORY_ICON_COMPONENTS).sort()).toEqual([...CATEGORY_ICONS].sort());
    for (const name of CATEGORY_ICONS) {
      const component: unknown = CATEGORY_ICON_COMPONENTS[name];
      // A Fluent icon is a React component (a function, or a memo/forwardRef object), named for its base name.
      expect(['function', 'object'], name).toContain(typeof component);
      expect(component, name).toBeTruthy();
      expect((component as { displayName?: string }).displayName, name).toBe(`${name}Regular`);
    }
  });

  test('every icon has a readable name of its own, for the picker and screen readers', () => {
    expect(Object.keys(CATEGORY_ICON_MESSAGES).sort()).toEqual([...CATEGORY_ICONS].sort());
    const names = CATEGORY_ICONS.map((name) => CATEGORY_ICON_MESSAGES[name].defaultMessage);
    expect(new Set(names).size).toBe(CATEGORY_ICONS.length);
    for (const name of CATEGORY_ICONS) expect(CATEGORY_ICON_MESSAGES[name].id).toBe(`categoryIcon.${name}`);
  });
});

describe('an event’s look by its category', () => {
  const allHands = category('all-hands', 'All-hands', '#C239B3');
  const looks = eventLooks([calendar('company', '#0F6CBD', [allHands]), calendar('holidays', '#107C10', [], false)]);

  test('an event of a category takes its colour, with the text colour chosen for contrast as a calendar’s is', () => {
    const resolved = looks.of(event('company', 'all-hands'));
    expect(resolved?.look).toEqual({ color: '#C239B3', contrastColor: readableTextOn('#C239B3').color, editable: true });
    expect(resolved?.category).toEqual({ name: 'All-hands', icon: 'Megaphone' });
    expect(resolved?.categoryId).toBe('all-hands');
  });

  test('an event without one, or with one its calendar no longer has, keeps its calendar’s colour', () => {
    expect(looks.of(event('company', ''))).toEqual({ look: { color: '#0F6CBD', contrastColor: readableTextOn('#0F6CBD').color, editable: true }, category: null, categoryId: '' });
    expect(looks.of(event('company', 'deleted'))?.look.color).toBe('#0F6CBD');
    expect(looks.of(event('company', 'deleted'))?.categoryId).toBe('');
    // Another calendar's category is not this calendar's.
    expect(looks.of(event('holidays', 'all-hands'))).toEqual({ look: { color: '#107C10', contrastColor: readableTextOn('#107C10').color, editable: false }, category: null, categoryId: '' });
    expect(looks.of(event('gone', ''))).toBeUndefined();
  });

  test('the filter goes by the category an event resolves to', () => {
    const onlyAllHands = new Set(['all-hands']);
    expect(shownWith(onlyAllHands, looks.of(event('company', 'all-hands')))).toBe(true);
    expect(shownWith(onlyAllHands, looks.of(event('company', 'deleted')))).toBe(false);
    expect(shownWith(new Set([UNCATEGORISED]), looks.of(event('company', 'deleted')))).toBe(true);
    expect(shownWith(null, undefined)).toBe(true);
  });
});

describe('the category filter in the address', () => {
  test('reads the ids in order, once each, and nothing from an address without them', () => {
    expect(readCategoryFilter('?view=month&categories=b,a,b')).toEqual(['b', 'a']);
    expect(readCategoryFilter('?categories=')).toBeNull();
    expect(readCategoryFilter('?categories=,,')).toBeNull();
    expect(readCategoryFilter('?view=week')).toBeNull();
    expect(readCategoryFilter(`?categories=${UNCATEGORISED}`)).toEqual([UNCATEGORISED]);
  });

  test('writes them keeping the other parameters, and takes the parameter away for no filter', () => {
    expect(withCategoryFilter('?view=week&date=2026-12-01', ['a', 'b'])).toBe('?view=week&date=2026-12-01&categories=a%2Cb');
    expect(readCategoryFilter(withCategoryFilter('?view=week', ['a', 'b']))).toEqual(['a', 'b']);
    expect(withCategoryFilter('?view=week&categories=a', null)).toBe('?view=week');
    expect(withCategoryFilter('?categories=a', [])).toBe('');
  });

  test('the filter in force names only categories that exist; one left naming none shows everything', () => {
    const known = new Set(['a', 'b']);
    expect(effectiveCategoryFilter(['a', 'gone', UNCATEGORISED], known)).toEqual(new Set(['a', UNCATEGORISED]));
    expect(effectiveCategoryFilter(['gone'], known)).toBeNull();
    expect(effectiveCategoryFilter(null, known)).toBeNull();
  });

  test('events without a category show only when the filter names them, or when there is no filter', () => {
    expect(shownByCategoryFilter(null, '')).toBe(true);
    expect(shownByCategoryFilter(new Set(['a']), '')).toBe(false);
    expect(shownByCategoryFilter(new Set(['a', UNCATEGORISED]), '')).toBe(true);
    expect(shownByCategoryFilter(new Set(['a']), 'b')).toBe(false);
  });
});

describe('an event moved to another calendar in the form', () => {
  const from = [category('c1', 'All-hands', '#C239B3'), category('c2', 'Training', '#0F6CBD')];
  const to = [category('d1', 'ALL-HANDS', '#C239B3', 'other')];

  test('takes the category of the same name there, letter case aside, or none', () => {
    expect(categoryAfterMove('c1', from, to)).toBe('d1');
    expect(categoryAfterMove('c2', from, to)).toBe('');
    expect(categoryAfterMove('', from, to)).toBe('');
    // Back in its own calendar, it keeps its own.
    expect(categoryAfterMove('c2', from, from)).toBe('c2');
    expect(categoryAfterMove('gone', from, from)).toBe('');
  });
});

describe('the icon picker’s keys', () => {
  const count = CATEGORY_ICONS.length;

  test('arrows move by one across and by a row up and down, stopping at the ends', () => {
    expect(iconIndexAfterKey('ArrowRight', 0, count, false)).toBe(1);
    expect(iconIndexAfterKey('ArrowLeft', 0, count, false)).toBe(0);
    expect(iconIndexAfterKey('ArrowDown', 2, count, false)).toBe(2 + ICON_PICKER_COLUMNS);
    expect(iconIndexAfterKey('ArrowUp', 2, count, false)).toBe(0);
    expect(iconIndexAfterKey('ArrowDown', count - 2, count, false)).toBe(count - 1);
    expect(iconIndexAfterKey('Home', 9, count, false)).toBe(0);
    expect(iconIndexAfterKey('End', 9, count, false)).toBe(count - 1);
    expect(iconIndexAfterKey('Enter', 9, count, false)).toBeNull();
  });

  test('right to left, Left goes forward', () => {
    expect(iconIndexAfterKey('ArrowLeft', 4, count, true)).toBe(5);
    expect(iconIndexAfterKey('ArrowRight', 4, count, true)).toBe(3);
  });
});
