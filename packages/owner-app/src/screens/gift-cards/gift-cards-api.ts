import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { disableGiftCardContract, listOwnerGiftCardsContract } from '@vitrine/contracts';
import { callRoute, type CallAnswer, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Gift cards screen's calls, typed from their contracts (type-only imports). */
export const GIFT_CARD_ROUTES = {
  list: callRoute<typeof listOwnerGiftCardsContract>('GET', '/api/owner/gift-cards'),
  disable: callRoute<typeof disableGiftCardContract>('POST', '/api/owner/gift-cards/:giftCardId/disable'),
} as const;

type AnswerOf<R> = R extends CallRoute<infer S> ? CallAnswer<S> : never;
export type GiftCardsReply = AnswerOf<typeof GIFT_CARD_ROUTES.list>;
export type GiftCard = GiftCardsReply['giftCards'][number];

/** The gift cards family: a disable invalidates all of it. */
export const giftCardKeys = {
  all: ['gift-cards'] as const,
  list: (q: string, cursor: string) => ['gift-cards', 'list', q, cursor] as const,
};

/** A page of cards, newest first, searched by last four or email; the previous page stays while the next loads. */
export function useGiftCards(q: string, cursor: string) {
  const client = useOwnerClient();
  return useQuery<GiftCardsReply>({
    queryKey: giftCardKeys.list(q, cursor),
    queryFn: () => client.call(GIFT_CARD_ROUTES.list, { query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/** Disables one card (409 with the server's words when it already is); the list refetches. */
export function useDisableGiftCard() {
  const client = useOwnerClient();
  return useOwnerMutation<string, AnswerOf<typeof GIFT_CARD_ROUTES.disable>>({
    mutationFn: (giftCardId) => client.call(GIFT_CARD_ROUTES.disable, { params: { giftCardId } }),
    invalidates: [giftCardKeys.all],
  });
}
