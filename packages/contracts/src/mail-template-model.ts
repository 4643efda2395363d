/**
 * Mail the owner can edit (issue 38 item 7): the model of an owner's version of a mail template — a subject and a
 * body of simple blocks — with the variables each template offers and the rules a version must keep. Free of schema
 * code so the owner app's editor imports it (`@vitrine/contracts/mail-template-model`) and shows the same field
 * errors the server answers with on save.
 */

export const EDITABLE_MAIL_TEMPLATES = [
  'order-confirmation', 'order-shipped', 'return-requested', 'return-update', 'abandoned-cart', 'restock-notice', 'gift-card', 'password-reset', 'newsletter-confirm',
] as const;
export type EditableMailTemplate = (typeof EDITABLE_MAIL_TEMPLATES)[number];

export const isEditableMailTemplate = (name: string): name is EditableMailTemplate => (EDITABLE_MAIL_TEMPLATES as readonly string[]).includes(name);

export type MailBlock =
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'summary' }
  | { type: 'divider' };
export type MailBlockType = MailBlock['type'];
export const MAIL_BLOCK_TYPES: readonly MailBlockType[] = ['heading', 'text', 'button', 'summary', 'divider'];

export interface MailTemplateDraft {
  subject: string;
  blocks: MailBlock[];
}

export const MAIL_TEMPLATE_LIMITS = { subject: 200, blocks: 30, heading: 200, text: 2000, label: 80, url: 500 } as const;

export interface MailTemplateInfo {
  /** What the owner reads in the list. */
  label: string;
  /** Who receives it. */
  recipient: string;
  /** Variables by name ({{order.number}}), each with what it holds. */
  variables: Record<string, string>;
  /** Whether the order/lines summary block applies. */
  summary: boolean;
}

const SITE = { 'site.title': "The site's title", 'site.url': "The site's address" };

export const MAIL_TEMPLATE_INFO: Record<EditableMailTemplate, MailTemplateInfo> = {
  'order-confirmation': {
    label: 'Order confirmation', recipient: 'The shopper', summary: true,
    variables: { ...SITE, 'order.number': 'The order number (#1001)', 'order.total': 'The total paid', 'order.url': "The order's status page", 'shopper.name': 'The name on the shipping address',
      'payment.instructions': 'How to pay (bank transfer, cash on delivery): the method and your instructions, while the order awaits payment; empty for a card order and once it is paid' },
  },
  'order-shipped': {
    label: 'Order shipped', recipient: 'The shopper', summary: true,
    variables: { ...SITE, 'order.number': 'The order number', 'order.url': "The order's status page", 'shipment.carrier': 'The carrier', 'shipment.trackingNumber': 'The tracking number', 'shipment.trackingUrl': 'The tracking link' },
  },
  'return-requested': {
    label: 'Return requested', recipient: 'You (contributors who fulfil orders)', summary: true,
    variables: { ...SITE, 'order.number': 'The order number', 'return.reason': "The shopper's reason", 'shopper.email': "The shopper's email", 'return.ownerUrl': 'The order in the owner app' },
  },
  'return-update': {
    label: 'Return update', recipient: 'The shopper', summary: true,
    variables: { ...SITE, 'order.number': 'The order number', 'order.url': "The order's status page", 'return.status': 'What happened (approved, declined, refunded)', 'return.message': 'What it means for the shopper', 'return.ownerMessage': 'Your note to the shopper' },
  },
  'abandoned-cart': {
    label: 'Abandoned cart', recipient: 'The shopper', summary: true,
    variables: { ...SITE, 'cart.url': 'The link that restores the cart' },
  },
  'restock-notice': {
    label: 'Back in stock', recipient: 'The shopper who asked', summary: false,
    variables: { ...SITE, 'product.title': "The product's title", 'product.variant': 'The variant (size, colour)', 'product.url': "The product's page" },
  },
  'gift-card': {
    label: 'Gift card', recipient: 'The recipient', summary: false,
    variables: { ...SITE, 'giftCard.code': 'The code', 'giftCard.amount': 'The value', 'giftCard.senderName': "The sender's name", 'giftCard.recipientName': "The recipient's name", 'giftCard.message': "The sender's message" },
  },
  'password-reset': {
    label: 'Password reset', recipient: 'The shopper', summary: false,
    variables: { ...SITE, 'shopper.email': "The account's email", 'reset.url': 'The link to choose a new password (an hour)' },
  },
  'newsletter-confirm': {
    label: 'Newsletter confirmation', recipient: 'The new subscriber', summary: false,
    variables: { ...SITE, 'confirm.url': 'The link that confirms the subscription' },
  },
};

/** Where a template's text names a variable: `{{ order.number }}`. */
export const VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE_PATTERN)].map((match) => match[1]!);
}

export const MAIL_TEMPLATE_MESSAGES = {
  invalid: 'This template has mistakes: see each field.',
  subjectBlank: 'Write a subject.',
  subjectLong: `A subject has at most ${MAIL_TEMPLATE_LIMITS.subject} characters.`,
  blocksEmpty: 'Add at least one block.',
  blocksMany: `A template has at most ${MAIL_TEMPLATE_LIMITS.blocks} blocks.`,
  blockType: `A block is one of: ${MAIL_BLOCK_TYPES.join(', ')}.`,
  blank: 'Write something here, or remove the block.',
  long: (limit: number) => `At most ${limit} characters.`,
  url: 'A button links to a variable ({{order.url}}) or an address starting with https://.',
  summary: 'This mail has no order summary.',
  unknownVariable: (name: string, known: readonly string[]) => `Unknown variable {{${name}}}: use ${known.map((each) => `{{${each}}}`).join(', ')}.`,
  unknownTemplate: 'No such mail template.',
} as const;

/**
 * The rules an owner's version keeps, as field errors by path (`subject`, `blocks.2.text`): empty when it is valid.
 * The server refuses a save with these errors; the editor shows them as the owner types.
 */
export function mailTemplateErrors(name: EditableMailTemplate, draft: MailTemplateDraft): Record<string, string> {
  const info = MAIL_TEMPLATE_INFO[name];
  return blocksDraftErrors(draft, Object.keys(info.variables), (block, at, check) => {
    if (block.type === 'summary') return info.summary ? undefined : MAIL_TEMPLATE_MESSAGES.summary;
    return checkCommonBlock(block, at, check);
  });
}

type TextCheck = (key: string, value: unknown, limit: number) => void;
type BlockCheck<B> = (block: B, at: string, check: TextCheck & { errors: Record<string, string> }) => string | undefined;

/** The rules of a subject and blocks, shared by the editable templates and the newsletter campaigns. */
function blocksDraftErrors<B extends { type: string }>(draft: { subject: string; blocks: B[] }, known: readonly string[], checkBlock: BlockCheck<B>): Record<string, string> {
  const errors: Record<string, string> = {};
  const checkText: TextCheck = (key, value, limit) => {
    if (typeof value !== 'string' || value.trim() === '') errors[key] = key === 'subject' ? MAIL_TEMPLATE_MESSAGES.subjectBlank : MAIL_TEMPLATE_MESSAGES.blank;
    else if (value.length > limit) errors[key] = key === 'subject' ? MAIL_TEMPLATE_MESSAGES.subjectLong : MAIL_TEMPLATE_MESSAGES.long(limit);
    else {
      const unknown = variablesIn(value).find((variable) => !known.includes(variable));
      if (unknown !== undefined) errors[key] = MAIL_TEMPLATE_MESSAGES.unknownVariable(unknown, known);
    }
  };
  checkText('subject', draft.subject, MAIL_TEMPLATE_LIMITS.subject);
  const blocks = Array.isArray(draft.blocks) ? draft.blocks : [];
  if (blocks.length === 0) errors.blocks = MAIL_TEMPLATE_MESSAGES.blocksEmpty;
  if (blocks.length > MAIL_TEMPLATE_LIMITS.blocks) errors.blocks = MAIL_TEMPLATE_MESSAGES.blocksMany;
  blocks.slice(0, MAIL_TEMPLATE_LIMITS.blocks).forEach((block, index) => {
    const at = `blocks.${index}`;
    const error = checkBlock(block, at, Object.assign(checkText, { errors }));
    if (error) errors[at] = error;
  });
  return errors;
}

/** The blocks both kinds of mail have: heading, text, button, divider. Answers a block-level error, if any. */
function checkCommonBlock(block: { type: string; text?: unknown; label?: unknown; url?: unknown }, at: string, check: TextCheck & { errors: Record<string, string> }): string | undefined {
  switch (block?.type) {
    case 'heading': check(`${at}.text`, block.text, MAIL_TEMPLATE_LIMITS.heading); return undefined;
    case 'text': check(`${at}.text`, block.text, MAIL_TEMPLATE_LIMITS.text); return undefined;
    case 'button': {
      check(`${at}.label`, block.label, MAIL_TEMPLATE_LIMITS.label);
      check(`${at}.url`, block.url, MAIL_TEMPLATE_LIMITS.url);
      const url = typeof block.url === 'string' ? block.url.trim() : '';
      if (!check.errors[`${at}.url`] && !/^\{\{[^{}]+\}\}/.test(url) && !/^https:\/\/[^\s]+$/.test(url)) check.errors[`${at}.url`] = MAIL_TEMPLATE_MESSAGES.url;
      return undefined;
    }
    case 'divider': return undefined;
    default: return MAIL_TEMPLATE_MESSAGES.blockType;
  }
}

/*
 * Newsletter campaigns (issue 38 item 4) are written with the same blocks, plus a picture and product cards, and no
 * order summary (a newsletter has no order). Their variables are the site's.
 */

export type CampaignBlock =
  | Exclude<MailBlock, { type: 'summary' }>
  | { type: 'picture'; url: string; alt: string }
  | { type: 'products'; productIds: string[] };
export type CampaignBlockType = CampaignBlock['type'];
export const CAMPAIGN_BLOCK_TYPES: readonly CampaignBlockType[] = ['heading', 'text', 'button', 'picture', 'products', 'divider'];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Who a campaign goes to: every confirmed subscriber, or a segment of them. */
export type CampaignAudience = { kind: 'all' } | { kind: 'buyers' } | { kind: 'tag'; tag: string } | { kind: 'language'; language: string };
export const CAMPAIGN_AUDIENCE_KINDS = ['all', 'buyers', 'tag', 'language'] as const;

export interface CampaignDraft {
  subject: string;
  preheader: string;
  blocks: CampaignBlock[];
  audience: CampaignAudience;
  /** An invisible picture counts opens: off unless the owner turns it on. */
  trackOpens: boolean;
}

export const CAMPAIGN_LIMITS = { preheader: 150, alt: 200, productsPerBlock: 4, tag: 40, title: 200 } as const;
export const CAMPAIGN_VARIABLES: Record<string, string> = { ...SITE };

export const CAMPAIGN_MESSAGES = {
  invalid: 'This campaign has mistakes: see each field.',
  blockType: `A block is one of: ${CAMPAIGN_BLOCK_TYPES.join(', ')}.`,
  pictureUrl: 'A picture is an address starting with https://.',
  products: `Choose 1 to ${CAMPAIGN_LIMITS.productsPerBlock} products.`,
  unknownProduct: 'This product is not in the store.',
  preheaderLong: `A preheader has at most ${CAMPAIGN_LIMITS.preheader} characters.`,
  audience: "Choose who receives it: 'all', 'buyers', a tag or a language.",
  tag: `A tag has 1 to ${CAMPAIGN_LIMITS.tag} letters, digits or dashes.`,
  language: 'A language is a code such as en or pt-BR.',
  notEditable: 'Only a draft can be changed: cancel the scheduled send first.',
  notSendable: 'This campaign was already sent or is being sent.',
  notCancellable: 'Only a scheduled campaign can be cancelled.',
  notDeletable: 'A campaign that was sent (or is being sent) is kept: only drafts and cancelled ones can be deleted.',
  sendAtPast: 'Choose a time in the future, or send now.',
  notFound: 'No such campaign.',
  noRecipients: 'Nobody is in this audience yet: no confirmed subscriber matches it.',
} as const;

/** The rules a campaign keeps, as field errors by path (`blocks.2.url`, `audience.tag`): empty when it is valid. */
export function campaignErrors(draft: CampaignDraft): Record<string, string> {
  const errors = blocksDraftErrors(draft, Object.keys(CAMPAIGN_VARIABLES), (block, at, check) => {
    switch (block?.type) {
      case 'picture': {
        check(`${at}.alt`, block.alt, CAMPAIGN_LIMITS.alt);
        const url = typeof block.url === 'string' ? block.url.trim() : '';
        if (!/^https:\/\/[^\s]+$/.test(url) || url.length > MAIL_TEMPLATE_LIMITS.url) check.errors[`${at}.url`] = CAMPAIGN_MESSAGES.pictureUrl;
        return undefined;
      }
      case 'products': {
        const ids = Array.isArray(block.productIds) ? block.productIds : [];
        if (ids.length === 0 || ids.length > CAMPAIGN_LIMITS.productsPerBlock || ids.some((id) => typeof id !== 'string' || id === '')) check.errors[`${at}.productIds`] = CAMPAIGN_MESSAGES.products;
        return undefined;
      }
      default: {
        // The order summary is the templates' own: in a campaign it is an unknown block, like any other.
        if ((block as { type: string }).type === 'summary') return CAMPAIGN_MESSAGES.blockType;
        const error = checkCommonBlock(block, at, check);
        return error ? CAMPAIGN_MESSAGES.blockType : undefined;
      }
    }
  });
  if (typeof draft.preheader === 'string' && draft.preheader.length > CAMPAIGN_LIMITS.preheader) errors.preheader = CAMPAIGN_MESSAGES.preheaderLong;
  const audience = draft.audience as { kind?: unknown; tag?: unknown; language?: unknown } | undefined;
  if (!audience || !(CAMPAIGN_AUDIENCE_KINDS as readonly unknown[]).includes(audience.kind)) errors['audience.kind'] = CAMPAIGN_MESSAGES.audience;
  else if (audience.kind === 'tag' && !(typeof audience.tag === 'string' && /^[\p{L}\p{N}-]{1,40}$/u.test(audience.tag))) errors['audience.tag'] = CAMPAIGN_MESSAGES.tag;
  else if (audience.kind === 'language' && !(typeof audience.language === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(audience.language))) errors['audience.language'] = CAMPAIGN_MESSAGES.language;
  return errors;
}

/** Test sends of campaigns per website per hour (each to the signed-in owner's own address). */
export const CAMPAIGN_TEST_SENDS_PER_HOUR = 10;

/**
 * Where an owner starts editing: our default mail's words as blocks. Until the owner saves, the default files are
 * what is sent (mail/templates/*.html); "Reset to default" removes the owner's version.
 */
export const MAIL_TEMPLATE_STARTERS: Record<EditableMailTemplate, MailTemplateDraft> = {
  'order-confirmation': {
    subject: 'Your order {{order.number}} from {{site.title}} is confirmed',
    blocks: [{ type: 'heading', text: 'Thank you for your order.' }, { type: 'text', text: 'Order {{order.number}}' }, { type: 'summary' }, { type: 'button', label: 'See your order', url: '{{order.url}}' }],
  },
  'order-shipped': {
    subject: 'Your order {{order.number}} from {{site.title}} is on its way',
    blocks: [{ type: 'heading', text: 'Your order is on its way.' }, { type: 'text', text: 'Order {{order.number}}' }, { type: 'summary' }, { type: 'text', text: 'Carrier: {{shipment.carrier}} · Tracking number: {{shipment.trackingNumber}}' }, { type: 'button', label: 'See your order', url: '{{order.url}}' }],
  },
  'return-requested': {
    subject: 'Return requested for order {{order.number}} ({{site.title}})',
    blocks: [{ type: 'heading', text: 'A return was requested.' }, { type: 'text', text: 'Order {{order.number}} · {{shopper.email}}' }, { type: 'text', text: '{{return.reason}}' }, { type: 'summary' }, { type: 'button', label: 'Approve or decline it', url: '{{return.ownerUrl}}' }],
  },
  'return-update': {
    subject: '{{return.status}} (order {{order.number}}, {{site.title}})',
    blocks: [{ type: 'heading', text: '{{return.status}}' }, { type: 'text', text: 'Order {{order.number}}' }, { type: 'text', text: '{{return.message}}' }, { type: 'summary' }, { type: 'button', label: 'See your order', url: '{{order.url}}' }],
  },
  'abandoned-cart': {
    subject: 'You left something in your cart at {{site.title}}',
    blocks: [{ type: 'heading', text: 'You left something in your cart.' }, { type: 'text', text: 'We kept it for you.' }, { type: 'summary' }, { type: 'button', label: 'Return to your cart', url: '{{cart.url}}' }],
  },
  'restock-notice': {
    subject: '{{product.title}} is back in stock at {{site.title}}',
    blocks: [{ type: 'heading', text: 'Good news: it is back.' }, { type: 'text', text: '{{product.title}} is back in stock. You asked us to tell you.' }, { type: 'button', label: 'See it in the shop', url: '{{product.url}}' }],
  },
  'gift-card': {
    subject: 'Your {{giftCard.amount}} gift card for {{site.title}}',
    blocks: [{ type: 'heading', text: 'Here is your gift card.' }, { type: 'text', text: 'Value: {{giftCard.amount}}\nCode: {{giftCard.code}}' }, { type: 'text', text: 'Enter the code at checkout to pay with it, in one purchase or several.' }, { type: 'button', label: 'Visit {{site.title}}', url: '{{site.url}}' }],
  },
  'password-reset': {
    subject: 'Reset your password for {{site.title}}',
    blocks: [{ type: 'text', text: 'Hello,' }, { type: 'text', text: 'Someone asked to reset the password of the account {{shopper.email}} on {{site.title}}. To choose a new password, use this button within an hour:' }, { type: 'button', label: 'Choose a new password', url: '{{reset.url}}' }, { type: 'text', text: 'If it was not you, ignore this message: your password stays as it is.' }],
  },
  'newsletter-confirm': {
    subject: 'Confirm your subscription to {{site.title}}',
    blocks: [{ type: 'heading', text: 'One more step' }, { type: 'text', text: 'Please confirm that you want news from {{site.title}} at this address.' }, { type: 'button', label: 'Confirm my subscription', url: '{{confirm.url}}' }, { type: 'text', text: 'If you did not ask for this, ignore this message: nothing more will be sent.' }],
  },
};

/** Test sends per website per hour (each goes to the signed-in owner's own address). */
export const MAIL_TEST_SENDS_PER_HOUR = 10;
