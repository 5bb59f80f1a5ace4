import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Label,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  makeStyles,
  shorthands,
  tokens,
  useId,
} from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { IcsImportResult } from '../../../../shared/ics-import.ts';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { useIcsImport } from '../hooks/use-ics-import.ts';
import { IMPORT_ICS_MESSAGES as M } from '../lib/import-ics-messages.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  drop: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border(tokens.strokeWidthThick, 'dashed', tokens.colorNeutralStroke1),
    '@media (forced-colors: active)': shorthands.borderColor('CanvasText'),
  },
  dragging: { backgroundColor: tokens.colorNeutralBackground1Hover, ...shorthands.borderColor(tokens.colorBrandStroke1) },
  // The browser's own file button is unstyled and words itself in the browser's language: a Fluent button opens the
  // input's chooser instead, and the input stays in the page, unseen, out of the tab order and unread (the button is
  // what is read), for its label and files.
  input: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', opacity: 0 },
  choose: { alignSelf: 'flex-start' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  skipped: { maxHeight: '12rem', overflowY: 'auto', margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, overflowWrap: 'anywhere' },
});

function PreviewCounts({ file, result }: { file: File; result: IcsImportResult }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { created, updated, unchanged, skipped } = result;
  return (
    <div role="status">
      <Subtitle2 as="h3">{say(M.previewHeading, { fileName: file.name })}</Subtitle2>
      <ul className={styles.list}>
        <li>{say(M.created, { count: created })}</li>
        <li>{say(M.updated, { count: updated })}</li>
        <li>{say(M.unchanged, { count: unchanged })}</li>
        <li>{say(M.skipped, { count: skipped.length })}</li>
      </ul>
      {created + updated === 0 && <Body1>{say(M.nothingToImport)}</Body1>}
      {skipped.length > 0 && (
        <>
          <Subtitle2 as="h3">{say(M.skippedHeading)}</Subtitle2>
          {/* Focusable, so that a long list scrolls by keyboard too. */}
          <ul className={styles.skipped} tabIndex={0} aria-label={say(M.skippedHeading)}>
            {skipped.map(({ uid, reason }, index) => (
              <li key={`${uid}-${index}`}>
                {say(M.skippedItem, { reason, uid })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The file chooser, which is also a drop zone. */
function FileDrop({ disabled, onFile }: { disabled: boolean; onFile(file: File): void }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const inputId = useId('ics-file');
  const labelId = useId('ics-file-label');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Label htmlFor={inputId} id={labelId}>
        {say(M.fileLabel)}
      </Label>
      <Button
        className={styles.choose}
        icon={<DocumentArrowUp20Regular />}
        disabled={disabled}
        aria-describedby={labelId}
        onClick={() => inputRef.current?.click()}
      >
        {say(M.chooseFile)}
      </Button>
      <input
        ref={inputRef}
        id={inputId}
        tabIndex={-1}
        aria-hidden
        className={styles.input}
        type="file"
        accept=".ics,.ical,.ifb,.icalendar,text/calendar"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      <Body1>{say(M.dropHint)}</Body1>
    </div>
  );
}

/** Import an .ics file into a calendar: choose it, see what it would do, then import it. */
export function ImportIcsDialog({ calendar, onClose }: { calendar: Calendar; onClose(): void }) {
  const styles = useStyles();
  const intl = useIntl();
  const { phase, failure, choose, confirm } = useIcsImport(calendar, onClose);
  const busy = phase.kind === 'reading' || phase.kind === 'importing';
  const ready = phase.kind === 'preview' && phase.result.created + phase.result.updated > 0;
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{intl.formatMessage(M.title, { name: calendar.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{intl.formatMessage(M.intro)}</Body1>
            <FileDrop disabled={busy} onFile={choose} />
            {phase.kind === 'reading' && <Spinner size="small" labelPosition="after" label={intl.formatMessage(M.reading)} />}
            {failure !== null && (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {(phase.kind === 'preview' || phase.kind === 'importing') && <PreviewCounts file={phase.file} result={phase.result} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {intl.formatMessage(COMMON_MESSAGES.cancel)}
            </Button>
            <Button
              appearance="primary"
              disabled={!ready || busy}
              icon={phase.kind === 'importing' ? <Spinner size="tiny" /> : undefined}
              onClick={confirm}
            >
              {intl.formatMessage(phase.kind === 'importing' ? M.importing : M.importButton)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
