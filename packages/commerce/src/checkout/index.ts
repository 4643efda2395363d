export * from './types';
export * from './rounding';
export * from './location';
export * from './address';
export * from './shipping';
export * from './tax';
export * from './coupons';
export * from './totals';
