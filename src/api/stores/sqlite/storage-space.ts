import Database from 'better-sqlite3';
import { freeBytes } from '../../disk-space.ts';
import { StoreFullError } from '../repository.ts';

/**
 * Below this much free space on the data's disk, an I/O error counts as the disk being full: SQLite reports a full
 * disk as SQLITE_FULL where it writes pages, but as SQLITE_IOERR_* where it syncs or grows its shared memory.
 */
export const DISK_FULL_BELOW_BYTES = 1024 * 1024;

/** Whether the error says there was no room: SQLite's or Node's "full", or an I/O error on a disk with no room left. */
export function isOutOfSpace(error: unknown, dataDir: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC') return true;
  return code.startsWith('SQLITE_IOERR') && freeBytes(dataDir) < DISK_FULL_BELOW_BYTES;
}

/**
 * Whether the store is full: from a call refused for want of space until a write commits again. A commit is what a
 * second, read-only connection sees move `PRAGMA data_version` (it moves for other connections' commits only), so a
 * write that failed and rolled back never counts as one.
 */
export class StorageSpace {
  private readonly dataDir: string;
  private readonly observer: Database.Database;
  /** data_version as the observer saw it when the store filled; null while it is not full. */
  private fullAt: number | null = null;

  /** After the store's own connection has opened the file in WAL mode. */
  constructor(file: string, dataDir: string) {
    this.dataDir = dataDir;
    this.observer = new Database(file, { readonly: true, fileMustExist: true });
  }

  full(): boolean {
    if (this.fullAt !== null && this.dataVersion() !== this.fullAt) this.fullAt = null;
    return this.fullAt !== null;
  }

  /** The object with every method guarded by guard(): for the store's repositories. */
  guarding<T extends object>(target: T): T {
    // By the method itself, not its name: a method replaced on the object (a test's spy) is guarded anew.
    const methods = new WeakMap<object, unknown>();
    return new Proxy(target, {
      get: (object, key) => {
        const value: unknown = Reflect.get(object, key, object);
        if (typeof value !== 'function') return value;
        if (!methods.has(value)) methods.set(value, (...args: unknown[]) => this.guard(() => value.apply(object, args)));
        return methods.get(value);
      },
    });
  }

  /** Runs a store call (it may answer a promise): a refusal for want of space becomes StoreFullError. */
  guard<T>(call: () => T): T {
    let result: T;
    try {
      result = call();
    } catch (error) {
      throw this.translated(error);
    }
    if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(this.translated(error))) as T;
    return result;
  }

  close(): void {
    this.observer.close();
  }

  private translated(error: unknown): unknown {
    if (!isOutOfSpace(error, this.dataDir)) return error;
    this.fullAt = this.dataVersion();
    return new StoreFullError({ cause: error });
  }

  private dataVersion(): number {
    return this.observer.pragma('data_version', { simple: true }) as number;
  }
}
