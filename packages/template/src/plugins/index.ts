// Registers every built-in formatter and predicate family.
import { registerFormatters, registerPredicates } from '../registry';
import { CORE_FORMATTERS, CORE_PREDICATES } from './core';

registerFormatters(CORE_FORMATTERS);
registerPredicates(CORE_PREDICATES);
