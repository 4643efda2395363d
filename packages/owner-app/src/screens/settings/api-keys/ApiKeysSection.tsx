import { APP_TEXTS } from '../../../ui/messages';

/** Placeholder while this section is built (issue 16). */
export default function ApiKeysSection() {
  return (
    <section className="card state state-coming">
      <h2>{APP_TEXTS.coming}</h2>
    </section>
  );
}
