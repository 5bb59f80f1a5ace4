// What the Cosmos store needs of the protocol that @vercel/cosmosdb-server 1.0 lacks, added to it at the protocol level
// (its handlers for two requests are replaced before its router is loaded), so that the SDK talks to it as to Azure:
// - a transactional batch (POST …/docs with x-ms-cosmos-is-batch-request and x-ms-cosmos-batch-atomic) is all or
//   nothing: the server applied each operation in turn and kept those before a failure;
// - the change feed (GET …/docs with A-IM: Incremental Feed): the server answered every such read with all documents
//   or a 304 with the ETag "1", so nothing was ever new. Here each document write gets a log sequence number (`_lsn`,
//   as Cosmos's change feed documents carry), the feed's ETag is the last one read, and If-None-Match "*" (start from
//   now), an earlier ETag (continue) and If-Modified-Since (start from a time, by `_ts`) work as Cosmos documents them.
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as CosmosServer from '@vercel/cosmosdb-server';

const require = createRequire(import.meta.url);
const LIB = '@vercel/cosmosdb-server/lib';

type StoredDoc = Record<string, unknown> & { id: string; _etag: string; _ts: number; _lsn?: number };
interface Documents {
  _data: Map<string, { read(): StoredDoc }>;
  _set(doc: StoredDoc): StoredDoc;
  _getPartition(doc: StoredDoc): unknown;
  delete(id: string, partition: unknown): void;
  /** The last log sequence number this collection gave out (added here). */
  lastLsn?: number;
}
interface Collection {
  read(): unknown;
  documents: Documents;
  document(id: string, partition: unknown): { read(): StoredDoc | undefined };
}
interface Account {
  database(id: string): { collection(id: string): Collection };
}
type Params = { dbId: string; collId: string };
type Handler = (account: Account, req: IncomingMessage, res: ServerResponse, params: Params) => Promise<unknown> | unknown;
interface OperationInput {
  operationType?: string;
  id?: string;
  partitionKey?: string;
  resourceBody?: StoredDoc;
}
type OperationResult = { statusCode: number; body?: StoredDoc };
type DocumentOperation = (collection: Collection, input: OperationInput) => OperationResult;

/** Set while a failed batch puts documents back as they were: a put-back is no new change for the feed. */
let restoring = false;

/** Every document write (create, replace, upsert, patch) gets the collection's next `_lsn`. */
function stampLogSequenceNumbers(): void {
  const Items = require(`${LIB}/account/items`).default as { prototype: Documents };
  const DocumentsClass = require(`${LIB}/account/documents`).default as { prototype: Documents };
  const set = Items.prototype._set;
  DocumentsClass.prototype._set = function (this: Documents, doc: StoredDoc) {
    if (!restoring) {
      this.lastLsn = (this.lastLsn ?? 0) + 1;
      doc._lsn = this.lastLsn;
    }
    return set.call(this, doc);
  };
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const unquote = (etag: string) => Number(etag.replace(/^"|"$/g, ''));

/** Where a change feed read starts: after this `_lsn`, and (from a time) at or after this `_ts`. */
function feedStart(req: IncomingMessage, lastLsn: number): { afterLsn: number; minTs: number } {
  const ifNoneMatch = headerOf(req, 'if-none-match');
  if (ifNoneMatch === '*') return { afterLsn: lastLsn, minTs: 0 };
  if (ifNoneMatch) return { afterLsn: unquote(ifNoneMatch) || 0, minTs: 0 };
  const since = headerOf(req, 'if-modified-since');
  return { afterLsn: 0, minTs: since ? Math.floor(Date.parse(since) / 1000) : 0 };
}

/** The change feed in latest-version mode: documents written after the start, oldest first, a page at a time. */
function changeFeed(original: Handler): Handler {
  return (account, req, res, params) => {
    if (!headerOf(req, 'a-im')) return original(account, req, res, params);
    // The server's response writer turns any 200 to an A-IM request into a 304 with ETag "1": this answer is final.
    delete req.headers['a-im'];
    const collection = account.database(params.dbId).collection(params.collId);
    if (!collection.read()) {
      res.statusCode = 404;
      return {};
    }
    const { documents } = collection;
    const lastLsn = documents.lastLsn ?? 0;
    const { afterLsn, minTs } = feedStart(req, lastLsn);
    const pageSize = Number(headerOf(req, 'x-ms-max-item-count')) || 100;
    const changed = [...documents._data.values()]
      .map((item) => item.read())
      .filter((doc) => (doc._lsn ?? 0) > afterLsn && doc._ts >= minTs)
      .sort((a, b) => a._lsn! - b._lsn!)
      .slice(0, pageSize);
    if (changed.length === 0) {
      // Nothing new: a continuation stays where it was; a read from a time or the beginning has seen every write.
      res.setHeader('etag', `"${headerOf(req, 'if-none-match') ? afterLsn : lastLsn}"`);
      res.statusCode = 304;
      return {};
    }
    res.setHeader('etag', `"${changed.at(-1)!._lsn}"`);
    res.setHeader('x-ms-item-count', String(changed.length));
    return { Documents: changed, _count: changed.length };
  };
}

/** The partition a batch operation's document is in, for putting it back. */
function touchedDoc(collection: Collection, input: OperationInput): { id: string; partition: unknown } | null {
  const { parsePartitionKey } = require(`${LIB}/utils/get-partition-from-header`) as { parsePartitionKey(key: unknown, id: unknown): unknown };
  const id = input.resourceBody?.id ?? input.id;
  if (!id) return null;
  const partition = input.partitionKey ? parsePartitionKey(input.partitionKey, id) : collection.documents._getPartition(input.resourceBody!);
  return { id, partition };
}

/** Puts the documents a failed batch touched back as they were, newest first. */
function rollBack(collection: Collection, touched: { id: string; partition: unknown; before: StoredDoc | undefined }[]): void {
  restoring = true;
  try {
    for (const { id, partition, before } of touched.reverse()) {
      if (collection.document(id, partition).read()) collection.documents.delete(id, partition);
      if (before) collection.documents._set(before);
    }
  } finally {
    restoring = false;
  }
}

const OPERATIONS: Record<string, string> = { Create: 'createOperation', Upsert: 'upsertOperation', Read: 'readOperation', Delete: 'deleteOperation', Replace: 'replaceOperation' };

/**
 * A transactional batch, all or nothing. As Cosmos answers one that fails: the failed operation's status as the
 * response's, and in the body that status for it and 424 (failed dependency) for every other operation.
 */
async function atomicBatch(account: Account, req: IncomingMessage, res: ServerResponse, { dbId, collId }: Params): Promise<unknown> {
  const json = require(`${LIB}/json`).default as (req: IncomingMessage) => Promise<unknown>;
  const operations = require(`${LIB}/handler/_document-operations`) as Record<string, DocumentOperation>;
  const body = await json(req);
  const collection = account.database(dbId).collection(collId);
  if (!collection.read()) {
    res.statusCode = 404;
    return {};
  }
  if (!Array.isArray(body)) {
    res.statusCode = 400;
    return { message: 'Invalid request body' };
  }
  // Operations without a partition key of their own are in the request's (as the SDK sends a batch).
  const requestKey = headerOf(req, 'x-ms-documentdb-partitionkey');
  const touched: { id: string; partition: unknown; before: StoredDoc | undefined }[] = [];
  const results: { statusCode: number; requestCharge: number; eTag?: string; resourceBody?: StoredDoc }[] = [];
  for (const [index, given] of (body as OperationInput[]).entries()) {
    const input = { ...given, partitionKey: given?.partitionKey ?? requestKey };
    const operation = operations[OPERATIONS[input?.operationType ?? ''] ?? ''];
    if (!operation) {
      res.statusCode = 400;
      return { message: `Operation type '${input?.operationType}' is not supported in Batch.` };
    }
    const doc = touchedDoc(collection, input);
    if (doc) touched.push({ ...doc, before: collection.document(doc.id, doc.partition).read() });
    const result = operation(collection, input);
    if (result.statusCode >= 400) {
      rollBack(collection, touched);
      res.statusCode = result.statusCode;
      return body.map((_, i) => ({ statusCode: i === index ? result.statusCode : 424, requestCharge: 0 }));
    }
    results.push({ statusCode: result.statusCode, requestCharge: 1, eTag: result.body?._etag, resourceBody: result.body });
  }
  return results;
}

function replaceHandler(name: string, make: (original: Handler) => Handler): void {
  const module = require(`${LIB}/handler/${name}`) as { default: Handler };
  module.default = make(module.default);
}

let loaded: typeof CosmosServer | undefined;

/** The protocol server with the additions above; its router reads the handlers once, so they are replaced first. */
export function cosmosProtocolServer(): typeof CosmosServer {
  if (loaded) return loaded;
  stampLogSequenceNumbers();
  replaceHandler('read-documents', changeFeed);
  replaceHandler('batch-documents', () => atomicBatch);
  loaded = require('@vercel/cosmosdb-server') as typeof CosmosServer;
  return loaded;
}
