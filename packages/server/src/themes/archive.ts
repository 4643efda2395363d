import yauzl from 'yauzl';
import yazl from 'yazl';
import { disallowedThemeFile, type ThemeFiles } from './files';

/** The upload's limits (platform: a theme zip of at most 10 MB). */
export const THEME_ARCHIVE_MAX_BYTES = 10 * 1024 * 1024;
/** Uncompressed, all files together: a zip bomb stops here, before it is inflated (and yauzl checks each entry's real size). */
export const THEME_UNPACKED_MAX_BYTES = 40 * 1024 * 1024;
export const THEME_ARCHIVE_MAX_FILES = 2000;

export interface ArchiveProblem {
  file: string;
  message: string;
}

export class ThemeArchiveError extends Error {
  constructor(readonly problems: ArchiveProblem[]) {
    super(problems.map((problem) => `${problem.file}: ${problem.message}`).join('\n'));
    this.name = 'ThemeArchiveError';
  }
}

/** Zips a theme's files (theme-relative paths at the archive's root), in a stable order with a fixed date. */
export function packThemeFiles(files: ThemeFiles): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const file of [...files.keys()].sort()) zip.addBuffer(files.get(file)!, file, { mtime, mode: 0o100644 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Why an entry's name is unsafe to unpack (zip slip), or null. */
function unsafeName(name: string): string | null {
  if (name.includes('\\') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\0')) return 'unsafe path: an archive entry must be a relative path with / separators';
  if (name.split('/').some((part) => part === '..' || part === '.')) return 'unsafe path: an archive entry may not climb out of the theme folder';
  return null;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads an uploaded theme archive into memory, refusing it whole (every problem named) when anything is wrong:
 * not a zip, too many files, names that climb out (zip slip), symbolic links, files a theme may not hold
 * (JavaScript above all), or more than THEME_UNPACKED_MAX_BYTES once inflated. A zip whose files all sit in one
 * top folder (a zipped theme folder) is read from inside it.
 */
export async function readThemeArchive(archive: Buffer): Promise<ThemeFiles> {
  if (archive.length > THEME_ARCHIVE_MAX_BYTES) throw new ThemeArchiveError([{ file: '(archive)', message: `the archive is larger than ${THEME_ARCHIVE_MAX_BYTES / 1024 / 1024} MB` }]);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, file) => (error ? reject(error) : resolve(file!))),
    );
  } catch {
    throw new ThemeArchiveError([{ file: '(archive)', message: 'not a zip archive (or a damaged one)' }]);
  }
  const entries: yauzl.Entry[] = [];
  const problems: ArchiveProblem[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        if (entries.length > THEME_ARCHIVE_MAX_FILES) reject(new ThemeArchiveError([{ file: '(archive)', message: `more than ${THEME_ARCHIVE_MAX_FILES} files` }]));
        else zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    if (error instanceof ThemeArchiveError) throw error;
    // yauzl itself refuses climbing and absolute names (its validateFileName) before handing the entry over.
    const unsafe = /^(invalid relative path|absolute path): (.*)$/.exec((error as Error).message);
    if (unsafe) throw new ThemeArchiveError([{ file: unsafe[2]!, message: unsafeName(unsafe[2]!) ?? 'unsafe path: an archive entry may not climb out of the theme folder' }]);
    throw new ThemeArchiveError([{ file: '(archive)', message: `damaged archive: ${(error as Error).message}` }]);
  }

  const fileEntries = entries.filter((entry) => !entry.fileName.endsWith('/'));
  let total = 0;
  for (const entry of entries) {
    const unsafe = unsafeName(entry.fileName);
    if (unsafe) problems.push({ file: entry.fileName, message: unsafe });
    else if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) problems.push({ file: entry.fileName, message: 'symbolic links are not allowed in a theme' });
    total += entry.uncompressedSize;
  }
  if (total > THEME_UNPACKED_MAX_BYTES) problems.push({ file: '(archive)', message: `the files add up to more than ${THEME_UNPACKED_MAX_BYTES / 1024 / 1024} MB once unpacked` });
  // A zipped folder: every entry under one top folder, theme.json in it.
  const tops = new Set(fileEntries.map((entry) => entry.fileName.split('/')[0]));
  const prefix = tops.size === 1 && !fileEntries.some((entry) => entry.fileName === 'theme.json') && fileEntries.some((entry) => entry.fileName === `${[...tops][0]}/theme.json`) ? `${[...tops][0]}/` : '';
  const themePath = (entry: yauzl.Entry) => entry.fileName.slice(prefix.length);
  if (problems.length === 0) {
    for (const entry of fileEntries) {
      const reason = disallowedThemeFile(themePath(entry));
      if (reason) problems.push({ file: themePath(entry), message: reason });
    }
  }
  if (problems.length > 0) {
    zip.close();
    throw new ThemeArchiveError(problems);
  }

  const files: ThemeFiles = new Map();
  try {
    for (const entry of fileEntries) files.set(themePath(entry), await readEntry(zip, entry));
  } catch (error) {
    throw new ThemeArchiveError([{ file: '(archive)', message: `damaged archive: ${(error as Error).message}` }]);
  } finally {
    zip.close();
  }
  return files;
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // yauzl already stops an entry that inflates past its declared size; this is the belt to those braces.
        if (size > THEME_UNPACKED_MAX_BYTES) stream.destroy(new Error('file too large once unpacked'));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
