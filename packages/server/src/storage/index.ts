export * from './object-store';
export { LocalDiskObjectStore } from './local-object-store';
export { S3ObjectStore, type S3StoreSettings } from './s3-object-store';
export { prefixedStore } from './prefixed';
export { FallbackObjectStore } from './fallback';
export { browserOriginsOf, objectStoreFromEnv, objectStoreFromUrl } from './from-url';
/** The disk helpers under LocalDiskObjectStore. New code takes an ObjectStore (a prefixedStore of the server's) instead. */
export { openFile, removeFile, writeWholeFile } from './local-files';
export { ChecksumMismatch, migrateObjects, STORED_PREFIXES, type MigrationReport } from './migrate';
export { ObjectRemovalSweep, queueObjectRemovals, removeNextQueuedObject, type QueuedRemoval, type RemovalFeeder, type RemovalHandler, type RemovalOutcome } from './removal-sweep';
