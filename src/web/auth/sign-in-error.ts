/** The message of whatever a sign-in call threw, to carry in a SignInError. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Signing in failed in a way the user can act on; not worth retrying without them. */
export class SignInError extends Error {
  /** 'consent' when the user (or an admin) has yet to allow the app to sign them in. */
  readonly kind: 'consent' | 'failed';

  constructor(kind: 'consent' | 'failed', message: string) {
    super(message);
    this.name = 'SignInError';
    this.kind = kind;
  }
}
