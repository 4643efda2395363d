import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectStore, WrittenObject } from './object-store';

/** The folders of the store every kind of file lives in (a new kind adds its prefix here to be moved too). */
export const STORED_PREFIXES = ['images/', 'downloads/', 'lesson-videos/', 'themes/', 'site-archives/'] as const;

export interface MigrationReport {
  /** Objects copied by this run and verified. */
  copied: number;
  /** Objects found already in the target with the same checksum (an earlier, interrupted run copied them). */
  alreadyThere: number;
  /** Objects listed by the source but gone before they could be read (removed meanwhile): nothing to copy. */
  vanished: number;
  bytes: number;
}

export class ChecksumMismatch extends Error {
  constructor(key: string) {
    super(`the copy of ${key} does not match its original (removed from the target; run the migration again)`);
    this.name = 'ChecksumMismatch';
  }
}

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * Copies every object of `from` into `to`, each verified by SHA-256: the copy is read back from the target and
 * hashed. Resumable with no state of its own: the target is the state. A put is whole or nothing in both stores,
 * so an interrupted run leaves whole, verified objects and nothing half-copied; the next run hashes what is there
 * and skips each object whose checksum matches (a different object at a key is copied again).
 */
export async function migrateObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { prefixes?: readonly string[]; onObject?: (key: string, outcome: 'copied' | 'alreadyThere' | 'vanished') => void } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, vanished: 0, bytes: 0 };
  for (const prefix of options.prefixes ?? STORED_PREFIXES) {
    for await (const listed of from.list(prefix)) {
      const key = listed.key;
      const source = await from.open(key);
      if (!source) {
        report.vanished += 1;
        options.onObject?.(key, 'vanished');
        continue;
      }
      const vanishedMeanwhile = async () => {
        if (await from.open(key)) return false;
        await to.remove(key);
        report.vanished += 1;
        options.onObject?.(key, 'vanished');
        return true;
      };
      let expected: string;
      let written: WrittenObject | undefined;
      let actual: string | undefined;
      try {
        expected = await sha256Of(source.stream());
        const existing = await to.open(key);
        if (existing && existing.size === source.size && (await sha256Of(existing.stream())) === expected) {
          report.alreadyThere += 1;
          options.onObject?.(key, 'alreadyThere');
          continue;
        }
        written = await to.put(key, source.stream(), { maxBytes: Number.POSITIVE_INFINITY, contentType: contentTypeOf(key) });
        const copy = await to.open(key);
        actual = copy ? await sha256Of(copy.stream()) : undefined;
      } catch (error) {
        // Removed from the source (and the target) while it was being copied: a read or the read-back fails; nothing to move.
        if (await vanishedMeanwhile()) continue;
        throw error;
      }
      // Removed from the source while it was being copied (a picture deleted meanwhile; the server's removal, through
      // FallbackObjectStore, reached the target before this copy landed): take the copy back. A removal after this
      // check finds the copy in the target and removes it there, so no removed object outlives the move.
      if (await vanishedMeanwhile()) continue;
      if (written.sha256 !== expected || actual !== expected) {
        await to.remove(key);
        throw new ChecksumMismatch(key);
      }
      report.copied += 1;
      report.bytes += source.size;
      options.onObject?.(key, 'copied');
    }
  }
  return report;
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', svg: 'image/svg+xml' };

/** Pictures keep their type in the bucket; other objects are served with the row's type (presigned URLs name it). */
function contentTypeOf(key: string): string {
  return (key.startsWith('images/') && CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]) || 'application/octet-stream';
}
