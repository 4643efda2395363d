// The ALTCHA widget, loaded only on pages that show a captcha (about 25 KB brotli, kept out of the main
// bundle). The `external` build ships no inline workers or styles, so the page's CSP needs no exception:
// the PBKDF2 worker and the stylesheet are files from our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

const ALGORITHMS = ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'];

for (const algorithm of ALGORITHMS) globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());

export const widgetTag = 'altcha-widget';
