import type { MailStatus, NewsletterSubscriberStatus } from '@vitrine/contracts';

/** The Mail screen's own words (the spec is silent on the outbox view). */
export const MAIL_STATUS_WORDS: Readonly<Record<MailStatus, string>> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  suppressed: 'Held back',
};

/** What each state means, for the filter's options and a tooltip-free explanation under the list. */
export const MAIL_STATUS_HELP: Readonly<Record<MailStatus, string>> = {
  pending: 'waiting for its turn (or its next attempt)',
  sending: 'being handed to the mail server',
  sent: 'accepted by the mail server',
  failed: 'given up after its last attempt',
  suppressed: 'held back: the address unsubscribed or bounced',
};

export const SUBSCRIBER_STATUS_WORDS: Readonly<Record<NewsletterSubscriberStatus, string>> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

const TEMPLATE_WORDS: Readonly<Record<string, string>> = {
  'restock-notice': 'Restock notice',
  'order-confirmation': 'Order confirmation',
  'password-reset': 'Password reset',
  'newsletter-confirm': 'Newsletter confirmation',
  'form-submission': 'Form submission',
  'contributor-invitation': 'Contributor invitation',
  'gift-card': 'Gift card',
  'return-requested': 'Return requested (to you)',
  'abandoned-cart': 'Abandoned-cart reminder',
};

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  newsletter: 'Newsletter form',
  restock: 'Restock sign-up',
};

export const templateWords = (template: string) => TEMPLATE_WORDS[template] ?? template;
export const sourceWords = (source: string) => SOURCE_WORDS[source] ?? source;

export const MAIL_TEXTS = {
  title: 'Mail',
  tabs: 'Mail views',
  outbox: 'Outbox',
  subscribers: 'Newsletter subscribers',
  outboxIntro: 'Every message the website sent or is sending, newest first.',
  legend: 'Messages are queued, then sent by the mail worker; a refused one is tried again later, up to 8 attempts.',
  status: 'Status',
  allStatuses: 'All',
  recipient: 'Recipient',
  subject: 'Subject',
  kind: 'Kind',
  kinds: { transactional: 'Transactional', marketing: 'Marketing' } as Readonly<Record<string, string>>,
  created: 'Queued',
  sent: 'Sent',
  attempts: 'Attempts',
  lastError: 'Last error',
  never: '—',
  noSubject: '(no subject)',
  outboxCaption: (status: string) => (status ? `Messages with status ${status}, newest first` : 'Messages, newest first'),
  noMail: 'No mail yet',
  noMailHelp: 'Password resets, order confirmations, restock notices and other mail appear here as the website writes them.',
  noMailWithStatus: (status: string) => `No messages with status ${status}`,
  pages: 'Pages',
  firstPage: 'First page',
  nextPage: 'Next page',
  back: 'Outbox',
  from: 'From',
  to: 'To',
  template: 'Template',
  htmlVersion: 'HTML version',
  htmlFrame: (subject: string) => `HTML version of “${subject}”`,
  htmlNote: 'Shown in a sandbox: no scripts run, nothing is fetched from other sites, links do not open.',
  textVersion: 'Text version',
  noSuchMessage: 'No such message.',
  subscribersIntro: 'Addresses on the newsletter list. A newsletter form sign-up waits for the address to confirm; a restock sign-up that ticked the box joins at once.',
  subscribersCaption: (status: string) => (status ? `Newsletter subscribers: ${status}, newest first` : 'Newsletter subscribers, newest first'),
  email: 'Email',
  source: 'Source',
  joined: 'Joined',
  confirmed: 'Confirmed',
  unsubscribedAt: 'Unsubscribed',
  noSubscribers: 'Nobody on the newsletter list yet',
  noSubscribersWithStatus: (status: string) => `No subscribers: ${status}`,
  export: 'Export CSV',
  exportFiltered: (status: string) => `Export CSV (${status})`,
  notAllowed: 'Your role does not allow this.',
  notAllowedHelp: 'The newsletter list needs the permission to read forms.',
} as const;

/** Settings → Mail → Templates (issue 38 item 7). */
export const TEMPLATE_TEXTS = {
  tab: 'Templates',
  intro: 'The mails your store sends. Change a subject and its words; your logo and button colour come from Design. Until you save a template, ours is sent.',
  customized: 'Your version',
  ours: 'Our default',
  fellBack: (reason: string) => `Last send used the default: ${reason}`,
  noSuchTemplate: 'No such mail template.',
  back: 'All templates',
  recipient: (who: string) => `Sent to: ${who}`,
  subject: 'Subject',
  blockLegend: (position: number, type: string) => `Block ${position}: ${type}`,
  blockTypes: { heading: 'Heading', text: 'Text', button: 'Button', summary: 'Order summary', divider: 'Divider' } as Record<string, string>,
  headingText: 'Heading text',
  text: 'Text',
  buttonLabel: 'Button label',
  buttonUrl: 'Button link',
  summaryHelp: 'The items (and the total, where there is one), as in our default.',
  moveUp: (position: number) => `Move block ${position} up`,
  moveDown: (position: number) => `Move block ${position} down`,
  remove: (position: number) => `Remove block ${position}`,
  removeWord: 'Remove',
  addBlock: 'New block',
  add: 'Add block',
  variables: 'Variables',
  save: 'Save',
  saved: 'Saved: this template is sent from now on.',
  sendTest: 'Send test',
  testTo: (email: string) => `A test goes to ${email}, with sample data.`,
  testSent: (email: string) => `Test sent to ${email}.`,
  reset: 'Reset to default',
  resetDone: 'Reset: our default is sent again.',
  preview: 'Preview',
  previewFrame: 'Preview of the mail with sample data',
} as const;
