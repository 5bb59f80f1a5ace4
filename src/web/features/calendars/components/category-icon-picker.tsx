import { Caption1, Field, makeStyles, mergeClasses, tokens, type FieldProps } from '@fluentui/react-components';
import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { CATEGORY_ICONS, type CategoryIcon as IconName } from '../../../../shared/category-icons.ts';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { CATEGORY_ICON_MESSAGES } from '../../../components/category-icon-messages.ts';
import { CATEGORY_EDITOR_MESSAGES as M } from '../lib/categories-messages.ts';
import { ICON_PICKER_COLUMNS, iconIndexAfterKey } from '../lib/icon-grid-keys.ts';

const GRID_COLUMNS = { gridTemplateColumns: `repeat(${ICON_PICKER_COLUMNS}, minmax(32px, 1fr))` };

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingHorizontalXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  option: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '32px',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
    '@media (forced-colors: active)': { ':focus-visible': { outlineColor: 'Highlight' } },
  },
  selected: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    '@media (forced-colors: active)': { backgroundColor: 'Highlight', color: 'HighlightText', forcedColorAdjust: 'none' },
  },
});

interface CategoryIconPickerProps extends Pick<FieldProps, 'validationState' | 'validationMessage'> {
  value: IconName;
  onChange(icon: IconName): void;
}

/**
 * The category's icon: a listbox of the curated icons in rows, each named in words. One tab stop, the chosen icon;
 * the arrow keys move through the rows and choose as they go, Home and End go to the first and last.
 */
export function CategoryIconPicker({ value, onChange, ...validation }: CategoryIconPickerProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const grid = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = iconIndexAfterKey(event.key, CATEGORY_ICONS.indexOf(value), CATEGORY_ICONS.length, rtl);
    if (next === null) return;
    event.preventDefault();
    onChange(CATEGORY_ICONS[next] as IconName);
    grid.current?.querySelectorAll<HTMLElement>('[role=option]')[next]?.focus();
  };
  return (
    <Field label={say(M.icon)} hint={say(M.iconHint)} required {...validation}>
      {(control) => (
        <>
          {/* The columns inline: the build compiles the styles alone, without the constant's module. */}
          <div ref={grid} role="listbox" className={styles.grid} style={GRID_COLUMNS} onKeyDown={onKeyDown} {...control}>
            {CATEGORY_ICONS.map((icon) => (
              <div
                key={icon}
                role="option"
                aria-selected={icon === value}
                aria-label={say(CATEGORY_ICON_MESSAGES[icon])}
                tabIndex={icon === value ? 0 : -1}
                data-icon={icon}
                className={mergeClasses(styles.option, icon === value && styles.selected)}
                onClick={() => onChange(icon)}
              >
                <CategoryIcon icon={icon} />
              </div>
            ))}
          </div>
          <Caption1 aria-hidden>{say(CATEGORY_ICON_MESSAGES[value])}</Caption1>
        </>
      )}
    </Field>
  );
}
