import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useMemo, type MouseEvent } from 'react';
import { useHost } from '../host/host-context.tsx';
import { openLink, opensThroughHost } from '../host/open-link.ts';
import { sanitiseRichText } from '../lib/sanitise-rich-text.ts';

/** A description's formatting, as shown and as edited: the same look in the details and in the editor. */
export const useRichTextStyles = makeStyles({
  root: {
    overflowWrap: 'anywhere',
    '& > :first-child': { marginBlockStart: 0 },
    '& > :last-child': { marginBlockEnd: 0 },
    '& p': { marginBlock: `0 ${tokens.spacingVerticalS}` },
    '& h2, & h3, & h4': { fontWeight: tokens.fontWeightSemibold, marginBlock: `${tokens.spacingVerticalM} ${tokens.spacingVerticalXS}` },
    '& h2': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
    '& h3': { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
    '& h4': { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
    '& ul, & ol': { marginBlock: `0 ${tokens.spacingVerticalS}`, paddingInlineStart: tokens.spacingHorizontalXXL },
    '& li > p': { marginBlock: 0 },
    '& blockquote': {
      marginBlock: `0 ${tokens.spacingVerticalS}`,
      marginInline: 0,
      paddingInlineStart: tokens.spacingHorizontalM,
      borderInlineStartWidth: tokens.strokeWidthThicker,
      borderInlineStartStyle: 'solid',
      borderInlineStartColor: tokens.colorNeutralStroke1,
      color: tokens.colorNeutralForeground2,
    },
    '& a': { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline' },
    '& a:hover': { color: tokens.colorBrandForegroundLinkHover },
    '& a:focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
    '@media (forced-colors: active)': { '& a, & a:hover': { color: 'LinkText' }, '& blockquote': { borderInlineStartColor: 'CanvasText' } },
  },
});

/**
 * A description's formatted text: the stored HTML sanitised once more for the page (DOMPurify, the shared allow-list)
 * and only then set as markup. Its links open in a new tab, or through the host in Teams and SharePoint.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const styles = useRichTextStyles();
  const { host } = useHost();
  const clean = useMemo(() => sanitiseRichText(html), [html]);
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || !opensThroughHost(host)) return;
    event.preventDefault();
    openLink(host, link.href);
  };
  // The only markup set from a string in the app, and only DOMPurify's output.
  return <div className={mergeClasses(styles.root, className)} onClick={followLink} dangerouslySetInnerHTML={{ __html: clean }} />;
}
