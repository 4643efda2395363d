/** Whole-site archives (issue 37 item 4): export a website to one archive, import one into a new website. */
export { registerSiteArchiveDownloadRoute, registerSiteArchiveRoutes } from './routes';
export { SiteExportJob, DEFAULT_SITE_EXPORT_INTERVAL_MS } from './export-job';
export { importSiteArchive, type ImportReport } from './read-archive';
export { writeSiteArchive } from './write-archive';
export { ARCHIVE_FORMAT, ARCHIVE_KINDS, ARCHIVE_VERSION, type ArchiveManifest } from './archive-format';
export { SITE_ARCHIVE_MESSAGES } from './messages';
export type { ArchiveShelf, ArchiveShelves } from './shelves';
export { archiveShelvesOf, installStoresOf } from './install-shelves';
export type { SiteArchiveParts } from './service';
