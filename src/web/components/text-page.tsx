import { Link, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

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

/** A page of plain text, such as the privacy statement. */
export function TextPage({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <Title1 as="h1" className={styles.title}>
        {title}
      </Title1>
      {children}
      <Link href="/">Open Company Calendar</Link>
    </main>
  );
}
