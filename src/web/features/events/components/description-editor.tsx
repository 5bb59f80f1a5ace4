import { Field, makeStyles, mergeClasses, shorthands, tokens, type FieldControlProps, type FieldProps } from '@fluentui/react-components';
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { RICH_TEXT_LINK_SCHEMES } from '../../../../shared/rich-text.ts';
import { useRichTextStyles } from '../../../components/rich-text.tsx';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { DescriptionToolbar } from './description-toolbar.tsx';

const LINK_SCHEME = new RegExp(`^(?:${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i');

/**
 * The editor's schema is the shared allow-list (src/shared/rich-text.ts) and nothing more: paragraphs, breaks, bold,
 * italic, underline, headings 2 to 4, lists, quotes and links with the allowed schemes. Pasted HTML (Word, Outlook,
 * web pages) is parsed into these nodes; everything else is dropped and its text kept.
 */
function extensions(onLinkShortcut: () => void) {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
      // It would end every list or quote with an empty paragraph, stored as such.
      trailingNode: false,
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && LINK_SCHEME.test(url),
        // Only href is stored; the page adds target and rel when it shows the description.
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': () => {
          onLinkShortcut();
          return true;
        },
      }),
    }),
  ];
}

const useStyles = makeStyles({
  frame: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke, boxShadow: `inset 0 -1px 0 0 ${tokens.colorCompoundBrandStroke}` },
    '@media (forced-colors: active)': { ':focus-within': { ...shorthands.borderColor('Highlight'), boxShadow: 'inset 0 -1px 0 0 Highlight' } },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  toolbar: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  content: {
    minHeight: '96px',
    maxHeight: '320px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    whiteSpace: 'pre-wrap',
    // The frame shows focus (its bottom border, as Fluent's own inputs do).
    outlineStyle: 'none',
  },
});

/** The editor's HTML as stored: '' when it holds no text. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

interface EditorBodyProps {
  value: string;
  onChange(html: string): void;
  control: FieldControlProps;
  invalid: boolean;
}

function DescriptionEditorBody({ value, onChange, control, invalid }: EditorBodyProps) {
  const styles = useStyles();
  const richText = useRichTextStyles();
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => void (onChangeRef.current = onChange));
  // The editor's options are compared by identity on every render: each is made anew only when it changes.
  const controlAttributes = JSON.stringify(control);
  const editorProps = useMemo(() => {
    const fromField = Object.entries(JSON.parse(controlAttributes) as Record<string, unknown>).map(([name, attribute]) => [name, String(attribute)]);
    const attributes = {
      ...Object.fromEntries(fromField),
      role: 'textbox',
      'aria-multiline': 'true',
      // Where focusControl finds the field when it has an error.
      'data-control-name': 'description',
      class: mergeClasses(richText.root, styles.content),
    };
    return { attributes };
  }, [controlAttributes, richText.root, styles.content]);
  const [initialContent] = useState(value);
  const editor = useEditor({
    extensions: useMemo(() => extensions(() => setLinkOpen(true)), []),
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: changed }) => onChangeRef.current(htmlOf(changed)),
  });
  // A value set from outside (a conflict's latest version): shown, without reporting it back as a change.
  useEffect(() => {
    if (htmlOf(editor) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className={mergeClasses(styles.frame, invalid && styles.invalid)}>
      <div className={styles.toolbar}>
        <DescriptionToolbar editor={editor} linkOpen={linkOpen} onLinkOpenChange={setLinkOpen} />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

interface DescriptionEditorProps {
  value: string;
  onChange(html: string): void;
  hint: FieldProps['hint'];
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The description as formatted text: a toolbar above an editable area that the field's label names. */
export function DescriptionEditor({ value, onChange, hint, ...validation }: DescriptionEditorProps) {
  const say = useIntl().formatMessage;
  return (
    <Field label={say(M.description)} hint={hint} {...validation}>
      {(control) => <DescriptionEditorBody value={value} onChange={onChange} control={control} invalid={validation.validationState === 'error'} />}
    </Field>
  );
}
