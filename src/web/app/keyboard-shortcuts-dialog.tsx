import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { SHORTCUTS } from './keyboard-shortcuts.ts';
import { SHORTCUT_MESSAGES } from './shortcut-messages.ts';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  keys: { margin: 0, whiteSpace: 'nowrap' },
  key: {
    display: 'inline-block',
    minWidth: '1.5em',
    paddingInline: tokens.spacingHorizontalXS,
    textAlign: 'center',
    fontFamily: tokens.fontFamilyMonospace,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  or: { marginInline: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  action: { margin: 0 },
  note: { marginBlockStart: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
});

/** The "Keyboard shortcuts" dialog (?): each shortcut's keys and what it does. */
export function KeyboardShortcutsDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const intl = useIntl();
  // The grid's own keys too: they work where a day of the calendar has focus.
  const rows = [
    ...SHORTCUTS.map(({ keys, label }) => ({ keys, label })),
    { keys: ['←', '→'], label: SHORTCUT_MESSAGES.gridDays },
    { keys: ['↑', '↓'], label: SHORTCUT_MESSAGES.gridWeeksOrTimes },
    { keys: ['Enter'], label: SHORTCUT_MESSAGES.gridCreate },
    { keys: ['F6', 'Shift+F6'], label: SHORTCUT_MESSAGES.regions },
    { keys: ['Esc'], label: SHORTCUT_MESSAGES.closeDialog },
  ];
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{intl.formatMessage(SHORTCUT_MESSAGES.dialogTitle)}</DialogTitle>
          <DialogContent>
            <dl className={styles.list}>
              {rows.map(({ keys, label }) => (
                <Fragment key={keys.join()}>
                  <dt className={styles.keys}>
                    {keys.map((key, index) => (
                      <Fragment key={key}>
                        {index > 0 && <span className={styles.or}>{intl.formatMessage(SHORTCUT_MESSAGES.or)}</span>}
                        <kbd className={styles.key}>{key}</kbd>
                      </Fragment>
                    ))}
                  </dt>
                  <dd className={styles.action}>{intl.formatMessage(label)}</dd>
                </Fragment>
              ))}
            </dl>
            <p className={styles.note}>{intl.formatMessage(SHORTCUT_MESSAGES.notWhileTyping)}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {intl.formatMessage(COMMON_MESSAGES.close)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
