import { defineMessage, defineMessages } from 'react-intl';

/** Signing in, in every place the app runs, and what it says when that fails. */
export const AUTH_MESSAGES = defineMessages({
  signingIn: { id: 'auth.signingIn', defaultMessage: 'Signing in…' },
  signInTitle: { id: 'auth.signInTitle', defaultMessage: 'Sign in to Company Calendar' },
  signIn: { id: 'auth.signIn', defaultMessage: 'Sign in' },
  signOut: { id: 'auth.signOut', defaultMessage: 'Sign out' },
  signInPrompt: { id: 'auth.signInPrompt', defaultMessage: 'Sign in with your organisation account to see its calendars.' },
  signInDidNotWork: defineMessage<{ reason: string }>({ id: 'auth.signInDidNotWork', defaultMessage: 'Signing in did not work: {reason}' }),
  signInFailed: { id: 'auth.signInFailed', defaultMessage: 'Sign-in failed' },
  notSetUp: { id: 'auth.notSetUp', defaultMessage: 'Sign-in is not set up' },
  notConfiguredHere: {
    id: 'auth.notConfiguredHere',
    defaultMessage: 'No identity provider for this place is configured. Ask your IT admin to finish setting up Company Calendar.',
  },
  notConfiguredSite: {
    id: 'auth.notConfiguredSite',
    defaultMessage: 'No identity provider is configured for this site. Ask your IT admin to finish setting up Company Calendar.',
  },
  devScreenLoadFailed: { id: 'auth.devScreenLoadFailed', defaultMessage: 'Sign-in could not be loaded' },
  devScreenLoadFailedDetail: { id: 'auth.devScreenLoadFailedDetail', defaultMessage: 'Check your connection, then reload the page.' },
  devSignInHint: { id: 'auth.devSignInHint', defaultMessage: 'Development sign-in: choose a demo user.' },
  chooseAnotherUser: { id: 'auth.chooseAnotherUser', defaultMessage: 'Choose another user' },
  needsPermission: { id: 'auth.needsPermission', defaultMessage: 'Company Calendar needs your permission' },
  needsPermissionDetail: defineMessage<{ host: string }>({
    id: 'auth.needsPermissionDetail',
    defaultMessage:
      'To show your organisation’s calendars, Company Calendar signs you in with your Microsoft 365 account. Allow it once and {host} will not ask again. If you are not allowed to, ask your IT admin to approve Company Calendar.',
  }),
  allowAccess: { id: 'auth.allowAccess', defaultMessage: 'Allow access' },
  accessNotAllowed: { id: 'auth.accessNotAllowed', defaultMessage: 'Access was not allowed' },
  closeAndRetry: defineMessage<{ reason: string }>({ id: 'auth.closeAndRetry', defaultMessage: '{reason} Close this window and try again.' }),
  askingPermission: { id: 'auth.askingPermission', defaultMessage: 'Asking for your permission…' },
  couldNotSignIn: { id: 'auth.couldNotSignIn', defaultMessage: 'You could not be signed in' },
  couldNotSignInDetail: defineMessage<{ host: string; reason: string }>({
    id: 'auth.couldNotSignInDetail',
    defaultMessage:
      '{host} did not sign you in to Company Calendar ({reason}). Check that you are signed in to {host} and online, then try again. If this keeps happening, ask your IT admin whether Company Calendar is allowed in your organisation.',
  }),
});

/** The development sign-in's demo users, described by id (the server's descriptions are English). */
export const DEV_USER_MESSAGES = defineMessages({
  ada: { id: 'auth.devUser.ada', defaultMessage: 'Administrator: manages calendars and their editors' },
  eddie: { id: 'auth.devUser.eddie', defaultMessage: 'Editor of the Company and Engineering calendars' },
  riley: { id: 'auth.devUser.riley', defaultMessage: 'Reader: sees every calendar, changes nothing' },
});
