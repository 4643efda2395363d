// Registers every built-in formatter and predicate family.
import { registerFormatters, registerPredicates } from '../registry';
import { CONTENT_FORMATTERS } from './content';
import { CONTENT_PREDICATES } from './content-predicates';
import { COMMERCE_FORMATTERS } from './commerce';
import { COMMERCE_PREDICATES } from './commerce-predicates';
import { DATE_FORMATTERS } from './date';
import { FORM_FORMATTERS } from './forms';
import { I18N_FORMATTERS } from './i18n';
import { CORE_FORMATTERS, CORE_PREDICATES } from './core';

registerFormatters(CORE_FORMATTERS);
registerFormatters(CONTENT_FORMATTERS);
registerFormatters(DATE_FORMATTERS);
registerFormatters(I18N_FORMATTERS);
registerFormatters(COMMERCE_FORMATTERS);
registerFormatters(FORM_FORMATTERS);
registerPredicates(CORE_PREDICATES);
registerPredicates(CONTENT_PREDICATES);
registerPredicates(COMMERCE_PREDICATES);
