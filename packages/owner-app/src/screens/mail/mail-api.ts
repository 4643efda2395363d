import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  exportNewsletterSubscribersContract,
  getMailContract,
  ListNewsletterSubscribersReply,
  listMailContract,
  listNewsletterSubscribersContract,
  ListMailReply,
  MailStatus,
  NewsletterSubscriberStatus,
  tagNewsletterSubscribersContract,
  TagNewsletterSubscribersBody,
} from '@vitrine/contracts';
import { callRoute, queryStringOf, type CallAnswer, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Mail screen's calls, typed from their contracts (type-only imports). */
export const MAIL_ROUTES = {
  listMail: callRoute<typeof listMailContract>('GET', '/api/owner/mail'),
  getMail: callRoute<typeof getMailContract>('GET', '/api/owner/mail/:mailId'),
  listSubscribers: callRoute<typeof listNewsletterSubscribersContract>('GET', '/api/owner/newsletter/subscribers'),
  exportSubscribers: callRoute<typeof exportNewsletterSubscribersContract>('GET', '/api/owner/newsletter/subscribers/export.csv'),
  tagSubscribers: callRoute<typeof tagNewsletterSubscribersContract>('POST', '/api/owner/newsletter/subscribers/tags'),
} as const;

type AnswerOf<R> = R extends CallRoute<infer S> ? CallAnswer<S> : never;
export type MailSummary = ListMailReply['messages'][number];
export type MailMessage = AnswerOf<typeof MAIL_ROUTES.getMail>;
export type NewsletterSubscriber = ListNewsletterSubscribersReply['subscribers'][number];

export interface OutboxState {
  status: MailStatus | '';
  cursor: string;
}

export interface SubscribersState {
  status: NewsletterSubscriberStatus | '';
  cursor: string;
}

const dropEmpty = <T extends Record<string, string>>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as Partial<T>;

/**
 * The mail family (the outbox list and each message) — the restock send invalidates it too, by the same
 * first element — and the newsletter list's.
 */
export const mailKeys = {
  all: ['mail'] as const,
  list: (state: OutboxState) => ['mail', 'list', state.status, state.cursor] as const,
  message: (mailId: string) => ['mail', 'message', mailId] as const,
  subscribers: (state: SubscribersState) => ['mail', 'subscribers', state.status, state.cursor] as const,
};

/** How often the outbox asks again while it is on screen: a queued message turns sent without a reload. */
export const OUTBOX_REFRESH_MS = 10_000;

export function useOutbox(state: OutboxState) {
  const client = useOwnerClient();
  return useQuery<ListMailReply>({
    queryKey: mailKeys.list(state),
    queryFn: () => client.call(MAIL_ROUTES.listMail, { query: dropEmpty({ status: state.status, cursor: state.cursor }) as { status?: MailStatus; cursor?: string } }),
    placeholderData: keepPreviousData,
    refetchInterval: OUTBOX_REFRESH_MS,
  });
}

export function useMailMessage(mailId: string) {
  const client = useOwnerClient();
  return useQuery<MailMessage>({
    queryKey: mailKeys.message(mailId),
    queryFn: () => client.call(MAIL_ROUTES.getMail, { params: { mailId } }),
  });
}

export function useSubscribers(state: SubscribersState, options: { enabled: boolean }) {
  const client = useOwnerClient();
  return useQuery<ListNewsletterSubscribersReply>({
    queryKey: mailKeys.subscribers(state),
    queryFn: () => client.call(MAIL_ROUTES.listSubscribers, { query: dropEmpty({ status: state.status, cursor: state.cursor }) as { status?: NewsletterSubscriberStatus; cursor?: string } }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** The export's address (a plain link: the browser downloads it with the session's cookie). */
export function subscribersExportHref(status: SubscribersState['status']): string {
  return `${MAIL_ROUTES.exportSubscribers.url}${queryStringOf(status ? { status } : {})}`;
}

/** Adds or removes tags (campaign segments) on the chosen subscribers; the list is read again after. */
export function useTagSubscribers() {
  const client = useOwnerClient();
  return useOwnerMutation({
    mutationFn: (body: TagNewsletterSubscribersBody) => client.call(MAIL_ROUTES.tagSubscribers, { body }) as Promise<{ updated: number; subscribers: NewsletterSubscriber[] }>,
    invalidates: [['mail', 'subscribers']],
  });
}
