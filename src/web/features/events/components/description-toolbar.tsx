import { Toolbar, ToolbarDivider, ToolbarToggleButton, Tooltip, makeStyles, useFluent, type ToolbarProps } from '@fluentui/react-components';
import {
  TextBold20Regular,
  TextBulletListLtr20Regular,
  TextBulletListRtl20Regular,
  TextHeader220Regular,
  TextHeader320Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextNumberListRtl20Regular,
  TextQuote20Regular,
  TextUnderline20Regular,
} from '@fluentui/react-icons';
import { useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import type { ComponentType } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { DESCRIPTION_EDITOR_MESSAGES as M } from '../lib/rich-content-messages.ts';
import { DescriptionLinkButton } from './description-link-button.tsx';

interface FormatButton {
  value: string;
  label: MessageDescriptor;
  icon: { ltr: ComponentType; rtl: ComponentType };
  /** The editor's own shortcut, for aria-keyshortcuts. */
  keys?: string;
  isActive(editor: Editor): boolean;
  toggle(chain: ChainedCommands): ChainedCommands;
}

const same = (icon: ComponentType) => ({ ltr: icon, rtl: icon });

/** The toolbar's toggles, in groups: character formats, headings, blocks. */
const GROUPS: readonly (readonly FormatButton[])[] = [
  [
    { value: 'bold', label: M.bold, icon: same(TextBold20Regular), keys: 'Control+B', isActive: (e) => e.isActive('bold'), toggle: (c) => c.toggleBold() },
    { value: 'italic', label: M.italic, icon: same(TextItalic20Regular), keys: 'Control+I', isActive: (e) => e.isActive('italic'), toggle: (c) => c.toggleItalic() },
    { value: 'underline', label: M.underline, icon: same(TextUnderline20Regular), keys: 'Control+U', isActive: (e) => e.isActive('underline'), toggle: (c) => c.toggleUnderline() },
  ],
  [
    { value: 'h2', label: M.heading, icon: same(TextHeader220Regular), isActive: (e) => e.isActive('heading', { level: 2 }), toggle: (c) => c.toggleHeading({ level: 2 }) },
    { value: 'h3', label: M.subheading, icon: same(TextHeader320Regular), isActive: (e) => e.isActive('heading', { level: 3 }), toggle: (c) => c.toggleHeading({ level: 3 }) },
  ],
  [
    {
      value: 'bulletList',
      label: M.bulletList,
      icon: { ltr: TextBulletListLtr20Regular, rtl: TextBulletListRtl20Regular },
      isActive: (e) => e.isActive('bulletList'),
      toggle: (c) => c.toggleBulletList(),
    },
    {
      value: 'orderedList',
      label: M.numberedList,
      icon: { ltr: TextNumberListLtr20Regular, rtl: TextNumberListRtl20Regular },
      isActive: (e) => e.isActive('orderedList'),
      toggle: (c) => c.toggleOrderedList(),
    },
    { value: 'blockquote', label: M.quote, icon: same(TextQuote20Regular), isActive: (e) => e.isActive('blockquote'), toggle: (c) => c.toggleBlockquote() },
  ],
];

const BUTTONS = GROUPS.flat();

const useStyles = makeStyles({
  // Narrower than its buttons (a 320 px phone), the toolbar goes on to a second row rather than past the dialog's edge.
  toolbar: { flexWrap: 'wrap' },
});
const FORMAT = 'format';

interface DescriptionToolbarProps {
  editor: Editor;
  linkOpen: boolean;
  onLinkOpenChange(open: boolean): void;
}

/**
 * The description's formatting toolbar: toggles that say whether the selection has their format (aria-pressed), one
 * tab stop with arrow keys between the buttons, each named by its tooltip. Focus goes back to the text after each.
 */
export function DescriptionToolbar({ editor, linkOpen, onLinkOpenChange }: DescriptionToolbarProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { dir } = useFluent();
  // Re-rendered only when a format's state at the selection changes, not on every keystroke.
  const active = useEditorState({ editor, selector: ({ editor: current }) => BUTTONS.filter((button) => button.isActive(current)).map((button) => button.value) });
  const checked: ToolbarProps['checkedValues'] = { [FORMAT]: active };
  const toggle = (button: FormatButton) => void button.toggle(editor.chain().focus()).run();
  return (
    <Toolbar className={styles.toolbar} aria-label={say(M.toolbar)} size="small" checkedValues={checked}>
      {GROUPS.map((group, index) => [
        index > 0 && <ToolbarDivider key={`divider-${index}`} />,
        ...group.map((button) => {
          const Icon = button.icon[dir];
          return (
            <Tooltip key={button.value} content={say(button.label)} relationship="label">
              <ToolbarToggleButton name={FORMAT} value={button.value} icon={<Icon />} aria-keyshortcuts={button.keys} onClick={() => toggle(button)} />
            </Tooltip>
          );
        }),
      ])}
      <ToolbarDivider />
      <DescriptionLinkButton editor={editor} open={linkOpen} onOpenChange={onLinkOpenChange} />
    </Toolbar>
  );
}
