import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from './index';

// This package runs in the browser too: its sources may use neither Node-only APIs nor the DOM.
const sourceDir = import.meta.dirname;
const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('package purity', () => {
  it.each(sources)('%s imports nothing but its siblings and intl-messageformat', (name) => {
    const text = readFileSync(join(sourceDir, name), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    for (const specifier of imports) expect(specifier).toMatch(/^(\.\/[a-z-]+|intl-messageformat)$/);
    expect(text).not.toMatch(/\b(process|Buffer|require|window|document|globalThis)\b\s*[.(]/);
  });

  it('exports the agreed names from the index', () => {
    for (const name of [
      'CURRENCY_CODES', 'isCurrencyCode', 'fractionDigitsOf', 'formatMoney', 'formatMoneyShape',
      'minorUnitsToDecimalString', 'decimalStringToMinorUnits', 'parseMoney', 'formatNumber', 'parseNumber',
      'formatDate', 'formatTime', 'formatDateTime', 'formatDateInterval', 'timeSince', 'relativeTime',
      'julianDayFromDate', 'dateFromJulianDay', 'timezoneOffset', 'pluralCategory', 'selectPlural',
      'formatMessage', 'truncate', 'isBlank', 'slugify', 'deriveStoreUrlId', 'humanizeFileSize', 'BYTES_IN_MB',
      'subscriptionPriceWording', 'chooseImageWidth', 'imageAltText', 'isValidUrlLength', 'MAX_URL_LENGTH',
      'toIndex', 'parseHexColor', 'hslToRgb', 'validateHsla', 'isDarkColor', 'parseColor', 'PageType',
      'BlockType', 'CollectionType', 'RecordType', 'ProductType', 'ContributorRole', 'WebsiteStatus',
      'FeatureFlag', 'SliceType', 'BillingPeriodUnit', 'GALLERY_SETTINGS',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
  });
});
