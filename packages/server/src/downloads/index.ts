/** The downloads domain (issue 17 item 6): digital products' files and what paid orders grant of them. */
export { registerDownloadFileRoutes, registerDownloadRoutes } from './routes';
export { LocalDiskDownloadStore, ObjectDownloadStore, type DownloadFileStore, type StoredFile } from './file-store';
export { grantDownloadsForOrder, listOrderDownloads, revokeDownloadsForOrder, DOWNLOAD_SECRET_NAME, type DownloadLink } from './grants';
export { DOWNLOAD_MESSAGES } from './serve';
export { seedDemoDownloads, DEMO_DIGITAL_PRODUCT } from './demo';
export { downloadLinkView, formatByteSize, type DownloadLinkView } from './view';
export { downloadRemovalHandler } from './product-files';
