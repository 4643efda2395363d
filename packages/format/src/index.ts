/**
 * @vitrine/format — pure formatting, parsing and i18n helpers shared by the
 * template engine, the server and the browser. No DOM, no Node-only APIs.
 */
export * from './currencies';
export * from './money';
export * from './numbers';
export * from './dates';
export * from './relative-time';
export * from './plurals';
export * from './messages';
export * from './text';
export * from './images';
export * from './colour';
export * from './enumerations';
export * from './gallery';
export * from './subscriptions';
export * from './limits';
export {
  numberFormat,
  dateTimeFormat,
  pluralRules,
  relativeTimeFormat,
  localeNumberSymbols,
  type LocaleNumberSymbols,
} from './intl-cache';
export {
  type Decimal,
  parseDecimal,
  toDecimal,
  roundToScale,
  roundToSignificant,
  decimalToString,
} from './decimal';
