import { ScreenHeading } from '../../app/ScreenHeading';
import { APP_TEXTS } from '../../ui/messages';

/** Placeholder while this screen is built (issue 16). */
export default function FormsScreen() {
  return (
    <>
      <ScreenHeading>Forms</ScreenHeading>
      <section className="card state state-coming">
        <h2>{APP_TEXTS.coming}</h2>
      </section>
    </>
  );
}
