import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_NAMES, PANEL_EVENTS } from '@vitrine/tracking';
import adminPanelSchema from './analytics-events/admin-panel.json' with { type: 'json' };
import { ANALYTICS_COMMON_EVENT_SCHEMA, ANALYTICS_EVENT_SCHEMAS } from './analytics-events';

const common = {
  event_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  analytics_id: 'a-1',
  session_id: 's-1',
  page_path: '/shop/p/linen-shirt',
  event_occurrence_timestamp: 1_700_000_000_000,
  context_website_id: 'w-1',
  client_name: 'vitrine-tracking',
  client_version: '1.0.0',
  source_environment: 'prod',
  resolved_locale: 'en-US',
};
const product = { id: 'p-1', name: 'Linen Shirt', productType: 'PHYSICAL', variants: [{ sku: 'SHIRT-M', price: { decimalValue: '45.00' }, attributes: { Size: 'M' } }], price: { decimalValue: '45.00' } };

function compileAll() {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  ajv.addSchema(ANALYTICS_COMMON_EVENT_SCHEMA);
  return Object.fromEntries(EVENT_SCHEMA_NAMES.map((name) => [name, ajv.compile(ANALYTICS_EVENT_SCHEMAS[name])]));
}

describe('the event content schemas', () => {
  it('are one JSON file per event schema name, plus the common fields', () => {
    const folder = fileURLToPath(new URL('./analytics-events/', import.meta.url));
    const files = readdirSync(folder).filter((file) => file.endsWith('.json')).sort();
    expect(files).toEqual([...EVENT_SCHEMA_NAMES.map((name) => `${name}.json`), 'common.json'].sort());
    expect(Object.keys(ANALYTICS_EVENT_SCHEMAS).sort()).toEqual([...EVENT_SCHEMA_NAMES].sort());
  });

  it('compile in a strict Ajv, take the common fields and keep unknown ones', () => {
    const validators = compileAll();
    expect(validators['page-view']!({ ...common, anything_else: { kept: true } })).toBe(true);
    expect(validators['page-view']!({ ...common, event_id: 'not-a-uuid' })).toBe(false);
    // event_id is ours: a client of the spec (platform §3) sends its content fields only.
    const { event_id: _ours, ...specFieldsOnly } = common;
    expect(validators['page-view']!(specFieldsOnly)).toBe(true);
    const { session_id: _left, ...withoutSession } = common;
    expect(validators.heartbeat!(withoutSession)).toBe(false);
    expect(validators['page-view']!({ ...common, source_environment: 'production' })).toBe(false);
  });

  it('check each event of the brief for its own fields', () => {
    const validators = compileAll();
    const valid: Record<string, object> = {
      'visit-product-page': { product },
      'add-to-cart': { product, sku: 'SHIRT-M', quantity: 2, currency: 'USD' },
      'view-cart': { cart: { item_count: 2, subtotal: { decimalValue: '90.00', currency: 'USD' } } },
      'related-product-display': { products: [{ url: '/shop/p/tote', title: 'Tote' }] },
      'related-product-click': { product_url: '/shop/p/tote', product_title: 'Tote' },
      'newsletter-subscribe': { form_id: 'f-1', block_id: 'b-1' },
      purchase: { order_id: 'o-1', revenue: { decimalValue: '90.00', currency: 'USD' }, products: [{ ...product, quantity: 2 }] },
      'site-search': { query: 'shirt' },
      'video-detail-view': { viewer_access_status: 'member' },
      'third-party-video-click': { video_url: 'https://video.example/1' },
    };
    for (const [name, fields] of Object.entries(valid)) {
      expect(validators[name]!({ ...common, ...fields }), name).toBe(true);
      expect(validators[name]!(common), `${name} without its fields`).toBe(false);
    }
    expect(validators['add-to-cart']!({ ...common, ...valid['add-to-cart'], quantity: 0 })).toBe(false);
    expect(validators['visit-product-page']!({ ...common, product: { ...product, price: { decimalValue: 'free' } } })).toBe(false);
  });

  it("take an admin panel's event only with a panel and one of its own actions (platform §2's tracking names, as @vitrine/tracking lists them)", () => {
    const validators = compileAll();
    const panels = adminPanelSchema.oneOf.map((branch) => [branch.properties.panel.const, branch.properties.action.enum]);
    expect(Object.fromEntries(panels)).toEqual(PANEL_EVENTS);
    expect(adminPanelSchema.properties.panel.enum).toEqual(Object.keys(PANEL_EVENTS));
    expect(validators['admin-panel']!({ ...common, page_path: '/config/products', panel: 'inventory', action: 'sort-by-stock' })).toBe(true);
    expect(validators['admin-panel']!({ ...common, panel: 'api-keys', action: 'creation-modal-copy' })).toBe(true);
    expect(validators['admin-panel']!({ ...common, panel: 'inventory', action: 'creation-modal-copy' })).toBe(false);
    expect(validators['admin-panel']!({ ...common, panel: 'orders', action: 'search' })).toBe(false);
    expect(validators['admin-panel']!({ ...common, panel: 'inventory' })).toBe(false);
  });
});
