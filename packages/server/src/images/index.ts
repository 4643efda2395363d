/** The images domain: uploaded pictures, their resized variants and asset fields (issue 12). */
export { registerImageFileRoutes, registerImageRoutes } from './routes';
export { ImageFiles } from './files';
export { makeCommonModernCopies, prepareBundledImageCopies, WIDTHS_MADE_AT_UPLOAD } from './prepared-copies';
export { LocalDiskImageStore, ObjectImageStore, type ImageStore, type StoredImage } from './store';
export { addBundledImages, bundledImageAssetUrl, bundledImageFilename, type BundledPicture } from './bundled';
export { deleteImage, getImage, IMAGE_MESSAGES, listImages, serveImage, storeUpload, updateImage, uploadImage, type ImageTextCopies } from './service';
export { formatOfImage, imageAssetUrl, lockImagesForUse, productImageRecords, type ImageFacts } from './records';
export { IMAGE_ICON_SIZES, type ImageIconSize } from './renditions';
export { registerMediaRoutes } from './media-routes';
export { describePlaces, pictureRemovalHandler, type PictureReplacement, type PictureUser } from './media';
