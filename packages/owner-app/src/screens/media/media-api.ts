import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  deleteMediaContract,
  listMediaContract,
  listMediaUsesContract,
  MediaItemJson,
  MediaPlaceJson,
  MediaUsesJson,
  renameMediaContract,
  replaceMediaContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import { uploadImageWithProgress, type UploadOptions } from '../products/editor/upload';

/** The media library's calls (issue 34 item 5), typed from their contracts (type-only imports). */
export const MEDIA_ROUTES = {
  list: callRoute<typeof listMediaContract>('GET', '/api/owner/media'),
  rename: callRoute<typeof renameMediaContract>('POST', '/api/owner/media/:imageId/rename'),
  uses: callRoute<typeof listMediaUsesContract>('GET', '/api/owner/media/:imageId/uses'),
  replace: callRoute<typeof replaceMediaContract>('POST', '/api/owner/media/:imageId/replace'),
  remove: callRoute<typeof deleteMediaContract>('POST', '/api/owner/media/:imageId/delete'),
} as const;

/** The multipart upload (not a JSON call): sent with XMLHttpRequest for its progress. */
export const MEDIA_UPLOAD_PATH = '/api/owner/media';

export type MediaItem = MediaItemJson;
export type MediaPlace = MediaPlaceJson;
export type MediaUses = MediaUsesJson;

/**
 * The library's family. The pages editor's picker lists (`['content', 'pickers', 'images']`) and the products'
 * pictures show the same pictures: a change here makes them stale too (named here, so this chunk loads neither).
 */
export const mediaKeys = {
  all: ['media'] as const,
  list: (search: string) => ['media', 'list', search] as const,
  uses: (imageId: string) => ['media', 'uses', imageId] as const,
};
const PICTURE_FAMILIES = [mediaKeys.all, ['content', 'pickers', 'images'], ['products']] as const;

export function useMediaList(search: string) {
  const client = useOwnerClient();
  return useQuery({
    queryKey: mediaKeys.list(search),
    queryFn: () => client.call(MEDIA_ROUTES.list, { query: { limit: '100', ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useMediaUses(imageId: string | null) {
  const client = useOwnerClient();
  return useQuery({
    queryKey: mediaKeys.uses(imageId ?? ''),
    queryFn: () => client.call(MEDIA_ROUTES.uses, { params: { imageId: imageId! } }),
    enabled: imageId !== null,
  });
}

export function useRenameMedia() {
  const client = useOwnerClient();
  return useOwnerMutation({
    mutationFn: (input: { imageId: string; name: string }) => client.call(MEDIA_ROUTES.rename, { params: { imageId: input.imageId }, body: { name: input.name } }),
    invalidates: [mediaKeys.all],
  });
}

export function useReplaceMedia() {
  const client = useOwnerClient();
  return useOwnerMutation({
    mutationFn: (input: { imageId: string; withImageId: string }) => client.call(MEDIA_ROUTES.replace, { params: { imageId: input.imageId }, body: { withImageId: input.withImageId } }),
    invalidates: PICTURE_FAMILIES,
  });
}

export function useDeleteMedia() {
  const client = useOwnerClient();
  return useOwnerMutation({
    mutationFn: (input: { imageId: string; removeFrom: string[] }) => client.call(MEDIA_ROUTES.remove, { params: { imageId: input.imageId }, body: { removeFrom: input.removeFrom } }),
    invalidates: PICTURE_FAMILIES,
  });
}

/** One upload with its alt text and name; what the uploader calls (a fake in tests). */
export type MediaUploadFn = (file: File, fields: { altText: string; name: string }, onProgress: (fraction: number) => void) => Promise<MediaItem>;

/** The real upload, and the families it makes stale once it is done. */
export function useMediaUpload(): { upload: MediaUploadFn; uploaded: () => Promise<void> } {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return {
    upload: (file, fields, onProgress) => {
      const options: UploadOptions = { url: MEDIA_UPLOAD_PATH, fields: { altText: fields.altText, ...(fields.name.trim() ? { name: fields.name } : {}) }, onProgress };
      return uploadImageWithProgress(client, file, options) as Promise<MediaItem>;
    },
    uploaded: async () => {
      await Promise.all(PICTURE_FAMILIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  };
}
