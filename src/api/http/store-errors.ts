import { notFound } from '../errors.ts';
import { preconditionFailed } from './conditional-requests.ts';
import { NotFoundError, PreconditionFailedError } from '../stores/repository.ts';

/** The repository's errors as HTTP problems. */
export async function mapStoreErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    if (error instanceof PreconditionFailedError) throw preconditionFailed();
    throw error;
  }
}
