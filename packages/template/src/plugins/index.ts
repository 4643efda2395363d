// Registers every built-in formatter and predicate family.
import { registerFormatters, registerPredicates } from '../registry';
import { CONTENT_PREDICATES } from './content-predicates';
import { CORE_FORMATTERS, CORE_PREDICATES } from './core';

registerFormatters(CORE_FORMATTERS);
registerPredicates(CORE_PREDICATES);
registerPredicates(CONTENT_PREDICATES);
