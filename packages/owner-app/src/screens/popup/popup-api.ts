import { useQuery } from '@tanstack/react-query';
import type {
  getPopupOverlayContract,
  ImagePageJson,
  listImagesContract,
  listOwnerFormsContract,
  OwnerFormSummaryJson,
  PopupOverlayBody,
  PopupOverlayJson,
  showPopupOverlayAgainContract,
  updatePopupOverlayContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The popup screen's calls (type-only imports of the contracts): the popup, and the pictures and forms to choose from. */
export const POPUP_ROUTES = {
  popup: callRoute<typeof getPopupOverlayContract>('GET', '/api/owner/popup-overlay'),
  updatePopup: callRoute<typeof updatePopupOverlayContract>('PUT', '/api/owner/popup-overlay'),
  showAgain: callRoute<typeof showPopupOverlayAgainContract>('POST', '/api/owner/popup-overlay/show-again'),
  images: callRoute<typeof listImagesContract>('GET', '/api/owner/images'),
  forms: callRoute<typeof listOwnerFormsContract>('GET', '/api/owner/forms'),
} as const;

export const popupKeys = { popup: ['popup-overlay'] as const, images: ['popup-overlay', 'images'] as const, forms: ['popup-overlay', 'forms'] as const };

export function usePopupOverlay() {
  const client = useOwnerClient();
  return useQuery<PopupOverlayJson>({ queryKey: popupKeys.popup, queryFn: () => client.call(POPUP_ROUTES.popup) as Promise<PopupOverlayJson> });
}

export function useSavePopupOverlay() {
  const client = useOwnerClient();
  return useOwnerMutation<PopupOverlayBody, PopupOverlayJson>({
    mutationFn: (body) => client.call(POPUP_ROUTES.updatePopup, { body }) as Promise<PopupOverlayJson>,
    invalidates: [],
  });
}

export function useShowPopupAgain() {
  const client = useOwnerClient();
  return useOwnerMutation<void, PopupOverlayJson>({
    mutationFn: () => client.call(POPUP_ROUTES.showAgain) as Promise<PopupOverlayJson>,
    invalidates: [],
  });
}

/** The newest hundred pictures (the popup's picture is chosen among them). */
export function usePopupImages() {
  const client = useOwnerClient();
  return useQuery<ImagePageJson>({
    queryKey: popupKeys.images,
    queryFn: () => client.call(POPUP_ROUTES.images, { query: { limit: '100' } }) as Promise<ImagePageJson>,
  });
}

/** The live newsletter forms (a newsletter popup shows one). */
export function useNewsletterForms() {
  const client = useOwnerClient();
  return useQuery<OwnerFormSummaryJson[]>({
    queryKey: popupKeys.forms,
    queryFn: async () => {
      const answer = (await client.call(POPUP_ROUTES.forms)) as { forms: OwnerFormSummaryJson[] };
      return answer.forms.filter((form) => form.kind === 'newsletter' && form.deletedAt === null);
    },
  });
}
