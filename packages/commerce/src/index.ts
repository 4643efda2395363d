export * from './types';
export * from './prices';
export * from './product';
export * from './add-to-cart';
export * from './cart';
export * from './installments';
export * from './checkout';
export * from './fulfilment';
