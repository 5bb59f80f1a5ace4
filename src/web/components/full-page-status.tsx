import { Body1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { LoadingSpinner } from './status-parts.tsx';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalS },
});

/** A whole-page loading or error state, for before the app shell can render. */
export function FullPageStatus({ loading, title, detail, action }: { loading?: boolean; title: string; detail?: string; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      {loading ? (
        <LoadingSpinner label={title} labelBelow />
      ) : (
        <>
          <Title3 as="h1">{title}</Title3>
          {detail && <Body1>{detail}</Body1>}
          {action && <div className={styles.actions}>{action}</div>}
        </>
      )}
    </main>
  );
}
