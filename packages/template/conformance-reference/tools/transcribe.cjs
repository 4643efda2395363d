// Writes the transcribed cases of cases/ (all but cases/fixtures/) from the tables in the *-cases.cjs files.
// `REFERENCE_MODULES=… node transcribe.cjs` (see ../README.md).
require('./engine-cases.cjs');
require('./parser-cases.cjs');
require('./formatter-cases.cjs');
require('./i18n-predicate-commerce-cases.cjs');
require('./math-cases.cjs');
require('./lib.cjs').write();
