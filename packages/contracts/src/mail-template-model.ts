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
    variables: { ...SITE, 'order.number': 'The order number (#1001)', 'order.total': 'The total paid', 'order.url': "The order's status page", 'shopper.name': 'The name on the shipping address' },
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
  const errors: Record<string, string> = {};
  const info = MAIL_TEMPLATE_INFO[name];
  const known = Object.keys(info.variables);
  const checkText = (key: string, value: unknown, limit: number) => {
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
    switch (block?.type) {
      case 'heading': checkText(`${at}.text`, block.text, MAIL_TEMPLATE_LIMITS.heading); break;
      case 'text': checkText(`${at}.text`, block.text, MAIL_TEMPLATE_LIMITS.text); break;
      case 'button': {
        checkText(`${at}.label`, block.label, MAIL_TEMPLATE_LIMITS.label);
        checkText(`${at}.url`, block.url, MAIL_TEMPLATE_LIMITS.url);
        const url = typeof block.url === 'string' ? block.url.trim() : '';
        if (!errors[`${at}.url`] && !/^\{\{[^{}]+\}\}/.test(url) && !/^https:\/\/[^\s]+$/.test(url)) errors[`${at}.url`] = MAIL_TEMPLATE_MESSAGES.url;
        break;
      }
      case 'summary': if (!info.summary) errors[at] = MAIL_TEMPLATE_MESSAGES.summary; break;
      case 'divider': break;
      default: errors[at] = MAIL_TEMPLATE_MESSAGES.blockType;
    }
  });
  return errors;
}

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
