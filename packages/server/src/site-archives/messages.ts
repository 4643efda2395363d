/** What the owner (or the operator's command) reads when an archive is refused. */
export const SITE_ARCHIVE_MESSAGES = {
  notAnArchive: 'This file is not a Vitrine site archive (a .tar.gz made by Export and import).',
  noManifest: 'This file is not a Vitrine site archive: it has no readable manifest.json of format vitrine-site-archive.',
  version: (version: unknown) => `This archive is format version ${JSON.stringify(version)}; this server reads version 1 only.`,
  manifestShape: 'The manifest must list tables, files and the source website.',
  unexpectedEntry: (name: string) => `The archive holds ${JSON.stringify(name)}, which is not part of a site archive.`,
  unknownTable: (table: string) => `The archive names a table this server does not know: ${table}.`,
  badFile: (file: string) => `The manifest lists a file with a bad shelf, key or path: ${file}.`,
  missingFile: (file: string) => `The manifest lists ${file}, which the archive does not hold.`,
  badLine: (file: string, line: number) => `${file} line ${line} is not JSON.`,
  unknownColumn: (file: string, column: string) => `${file} has a column this server does not know: ${column}.`,
  brokenReference: (file: string, line: number, column: string, parent: string) => `${file} line ${line}: ${column} names a ${parent} row the archive does not hold.`,
  broken: (count: number) => `The archive was refused: ${count} ${count === 1 ? 'problem' : 'problems'} found; nothing was imported.`,
  rowsRefused: (detail: string) => `The archive's rows were refused by the database (${detail}); nothing was imported.`,
  notNew: 'A site archive imports into a new website only: this one already has products or orders.',
} as const;
