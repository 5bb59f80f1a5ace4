import { Button, Field, Input, makeStyles, Popover, PopoverSurface, PopoverTrigger, ToolbarButton, Tooltip, tokens } from '@fluentui/react-components';
import { Link20Regular, LinkDismiss20Regular } from '@fluentui/react-icons';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { linkAddress } from '../lib/link-address.ts';
import { DESCRIPTION_EDITOR_MESSAGES as M } from '../lib/rich-content-messages.ts';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '320px', maxWidth: '90vw' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The link on the selection: replaced, or added; with nothing selected the address itself is added as the link's text. */
function applyLink(editor: Editor, href: string): void {
  if (editor.state.selection.empty && !editor.isActive('link')) {
    editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    return;
  }
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
}

const currentHref = (editor: Editor) => editor.getAttributes('link').href as string | undefined;

/** The box's contents, made when it opens: the address of the link at the selection, if any, to change or remove. */
function LinkBox({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const [address, setAddress] = useState(() => currentHref(editor) ?? '');
  const [linked] = useState(() => currentHref(editor) !== undefined);
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const href = linkAddress(address);
    if (href === null) return setInvalid(true);
    onDone();
    applyLink(editor, href);
  };
  const remove = () => {
    onDone();
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
  };
  return (
    <>
      <Field label={say(M.linkAddress)} hint={say(M.linkAddressHint)} validationMessage={invalid ? say(M.linkInvalid) : undefined}>
        <Input
          value={address}
          inputMode="url"
          onChange={(_, data) => {
            setAddress(data.value);
            setInvalid(false);
          }}
          // No form of its own (it would sit inside the event form's): Enter applies.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={apply}>
          {say(M.applyLink)}
        </Button>
        {linked && (
          <Button icon={<LinkDismiss20Regular />} onClick={remove}>
            {say(M.removeLink)}
          </Button>
        )}
      </div>
    </>
  );
}

interface DescriptionLinkButtonProps {
  editor: Editor;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The toolbar's Link button (and Ctrl+K): a small box asks for the address, checked against the allow-list. */
export function DescriptionLinkButton({ editor, open, onOpenChange }: DescriptionLinkButtonProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <Popover open={open} onOpenChange={(_, data) => onOpenChange(data.open)} trapFocus withArrow>
      <Tooltip content={say(M.link)} relationship="label">
        <PopoverTrigger>
          <ToolbarButton icon={<Link20Regular />} aria-keyshortcuts="Control+K" />
        </PopoverTrigger>
      </Tooltip>
      <PopoverSurface aria-label={say(M.link)} className={styles.surface}>
        <LinkBox editor={editor} onDone={() => onOpenChange(false)} />
      </PopoverSurface>
    </Popover>
  );
}
