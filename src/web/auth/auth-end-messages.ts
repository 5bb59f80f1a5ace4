// The sign-in redirect page's words. Plain descriptors, not react-intl's defineMessages: the page runs no React.

/** What the page says while it hands the sign-in back, and if that fails. */
export const AUTH_END_MESSAGES = {
  title: { id: 'authEnd.title', defaultMessage: 'Signing in – Company Calendar' },
  signingIn: { id: 'authEnd.signingIn', defaultMessage: 'Signing you in…' },
  failed: { id: 'authEnd.failed', defaultMessage: 'Signing in did not finish: {reason}. Close this window and try again.' },
} as const;
