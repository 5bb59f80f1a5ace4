import { Link, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TEXT_PAGE_MESSAGES } from './text-page-messages.ts';

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    maxWidth: '720px',
    marginInline: 'auto',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  title: { margin: 0 },
});

/** A page of plain text, such as the privacy statement, with a link to the calendar (at `homeHref`, else the site's root). */
export function TextPage({ title, homeHref = '/', children }: { title: string; homeHref?: string; children: ReactNode }) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <main className={styles.root}>
      <Title1 as="h1" className={styles.title}>
        {title}
      </Title1>
      {children}
      <Link href={homeHref}>{intl.formatMessage(TEXT_PAGE_MESSAGES.openApp)}</Link>
    </main>
  );
}
