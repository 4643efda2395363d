import { lazy, Suspense } from 'react';
import type { AdditionalFieldsFormViewProps } from '../ui/AdditionalFieldsFormView';

// The additional-fields form's code (the field components and @vitrine/forms' rules) is fetched when a form
// opens, not with every page: the product page and the cart page start loading it before their modal opens.
let loading: Promise<typeof import('../ui/AdditionalFieldsFormView')> | undefined;

function load() {
  loading ??= import('../ui/AdditionalFieldsFormView').catch((error: unknown) => {
    loading = undefined; // a later try fetches again
    throw error;
  });
  return loading;
}

/** Starts (once) loading the form's chunk; rejects when it cannot be fetched ('Unable to open form'). */
export const preloadAdditionalFieldsForm = (): Promise<unknown> => load();

const LazyView = lazy(() => load().then((module) => ({ default: module.AdditionalFieldsFormView })));

/** `AdditionalFieldsFormView`, once its chunk is here (nothing before: the modal around it shows its title). */
export function AdditionalFieldsForm(props: AdditionalFieldsFormViewProps) {
  return (
    <Suspense fallback={null}>
      <LazyView {...props} />
    </Suspense>
  );
}
