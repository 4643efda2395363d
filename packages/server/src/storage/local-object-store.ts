import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { openFile, removeFile, writeWholeFile } from './local-files';
import { assertObjectKey, assertObjectPrefix, type ListedObject, type ObjectStore, type PutOptions, type StoredObject, type WrittenObject } from './object-store';

/**
 * The default ObjectStore: one file per object under one directory (DATA_DIR), the key's segments as folders.
 * Exactly what the stores did before the port: a body streams into a private partial file that is renamed
 * into place when whole (local-files.ts), so readers see no object or the whole one.
 */
export class LocalDiskObjectStore implements ObjectStore {
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `disk:${root}`;
  }

  private fileOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<WrittenObject> {
    return writeWholeFile(this.fileOf(key), body, options.maxBytes);
  }

  async open(key: string): Promise<StoredObject | undefined> {
    return openFile(this.fileOf(key));
  }

  async remove(key: string): Promise<void> {
    return removeFile(this.fileOf(key));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertObjectPrefix(prefix);
    if (prefix === '') throw new Error('refusing to remove every object');
    await rm(path.join(this.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertObjectPrefix(prefix);
    const start = prefix === '' ? this.root : path.join(this.root, ...prefix.slice(0, -1).split('/'));
    let entries;
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      // Partial files of uploads under way are nobody's object yet.
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      const full = path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      const opened = await openFile(full);
      if (opened) yield { key, size: opened.size };
    }
  }
}
