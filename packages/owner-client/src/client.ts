import type { Static, TSchema } from 'typebox';
import {
  createStoreCategoryContract,
  createStoreContract,
  exportProductsContract,
  getCommercePreferencesContract,
  getOwnerContract,
  getSiteLayoutContract,
  importProductsContract,
  ownerSetupContract,
  signInContract,
  signOutContract,
  updateCommercePreferencesContract,
  updateNavigationContract,
  uploadImageContract,
  type ImageAssetJson,
  type ImportReply,
  type OwnerJson,
  type OwnerSetupBody,
  type OwnerSignedInReply,
  type RouteContract,
  type RouteSchema,
  type SignedInReply,
  type SignInBody,
  type SiteLayoutJson,
  type UpdateNavigationBody,
} from '@vitrine/contracts';
import { CommercePreferencesCache, type CommercePreferences } from './commerce-preferences';
import { OwnerApiError, StoreCreationError } from './errors';
import { OwnerHttp, type OwnerHttpOptions } from './http';
import { mainNavigationOf, navigationItemsOf, withStoreLink } from './navigation';
import { pathOf, type QueryValue } from './paths';
import { rootCategoryName, storeUrlId } from './rules';
import { parseSiteUserInfo, type SiteUserInfo } from './site-user-info';

/** What a call of `contract` takes: its path parameters, query and body, typed from the contract's schemas. */
export type CallInput<S extends RouteSchema> = (S extends { params: infer P extends TSchema } ? { params: Static<P> } : { params?: undefined }) &
  (S extends { querystring: infer Q extends TSchema } ? { query?: Static<Q> } : { query?: undefined }) &
  (S extends { body: infer B extends TSchema } ? { body: Static<B> } : { body?: undefined });

/** What a call of `contract` answers when it succeeds (its 200, else its 201). */
export type CallAnswer<S extends RouteSchema> = S['response'] extends { 200: infer R extends TSchema }
  ? Static<R>
  : S['response'] extends { 201: infer R extends TSchema }
    ? Static<R>
    : unknown;

type CallArguments<S extends RouteSchema> = object extends CallInput<S> ? [input?: CallInput<S>] : [input: CallInput<S>];

export interface OwnerClientOptions extends OwnerHttpOptions {
  /** Where the client's warnings go ('Could not parse user info cookie value'); console.warn by default. */
  warn?: (message: string) => void;
}

export interface NewStore {
  title: string;
  /** The title by default. */
  navigationTitle?: string;
  description?: string;
  /** The url ids of the website's stores the app knows of: the url id sent avoids them (the server decides in the end). */
  existingUrlIds?: Iterable<string>;
}

export interface CreatedStore {
  storeId: string;
  categoryId: string;
  /** The layout after the store was added to the main navigation; absent when that step was not asked for. */
  layout?: SiteLayoutJson;
}

/**
 * The owner app's client of the owner API. Every call of @vitrine/contracts can be made with `call`,
 * typed from its contract; the methods below add what the platform spec asks of the owner's client.
 */
export class OwnerClient {
  readonly http: OwnerHttp;
  /** Platform spec §4: loaded once per website, updates merged into the cache, listeners told, then saved. */
  readonly commercePreferences: CommercePreferencesCache;
  readonly #warn: (message: string) => void;

  constructor(options: OwnerClientOptions = {}) {
    this.http = new OwnerHttp(options);
    this.#warn = options.warn ?? ((message) => console.warn(message));
    this.commercePreferences = new CommercePreferencesCache({
      load: (websiteId) => this.call(getCommercePreferencesContract, { params: { websiteId } }) as Promise<CommercePreferences>,
      save: (websiteId, changes) => this.call(updateCommercePreferencesContract, { params: { websiteId }, body: changes }) as Promise<CommercePreferences>,
    });
  }

  /** Any call of the API, by its contract: `client.call(getOwnerProductContract, { params: { productId } })`. */
  async call<S extends RouteSchema>(contract: RouteContract<S>, ...[input]: CallArguments<S>): Promise<CallAnswer<S>> {
    const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown };
    const answer = await this.http.send(contract.method, pathOf(contract.url, params), { query, json: body });
    return answer as CallAnswer<S>;
  }

  /** Signs in (POST /api/site-users/account/session); the answer's xsrfToken signs every later change. */
  signIn(body: SignInBody): Promise<SignedInReply> {
    return this.call(signInContract, { body }) as Promise<SignedInReply>;
  }

  /** Redeems a one-time set-up link: creates the owner's account and signs it in. */
  setUpOwner(body: OwnerSetupBody): Promise<OwnerSignedInReply> {
    return this.call(ownerSetupContract, { body }) as Promise<OwnerSignedInReply>;
  }

  /** The signed-in owner with the role and what it allows (401 signed out, 403 without a role). */
  me(): Promise<OwnerJson> {
    return this.call(getOwnerContract) as Promise<OwnerJson>;
  }

  /**
   * Signs out (DELETE /api/site-users/account/session). Platform spec §4: when the answer is a crumb
   * failure, the crumb is renewed (the crumb page) and the call retried once. The XSRF token and the
   * cached preferences go with the session.
   */
  async signOut(options: { cloneCart?: boolean } = {}): Promise<void> {
    const signOut = () => this.call(signOutContract, { query: { cloneCart: options.cloneCart ? 'true' : 'false' } });
    try {
      await signOut();
    } catch (error) {
      if (!(error instanceof OwnerApiError && error.crumbFail)) throw error;
      await this.http.refreshCrumb();
      await signOut();
    }
    this.http.xsrfTokens.set(null);
    this.commercePreferences.clear();
  }

  /** Who the SiteUserInfo cookie says is signed in; null (and 'Could not parse user info cookie value' reported) when it does not parse. */
  siteUserInfo(): SiteUserInfo | null {
    return parseSiteUserInfo(this.http.cookieHeader(), this.#warn);
  }

  /** The site's navigations; the first is the main navigation. */
  siteLayout(): Promise<SiteLayoutJson> {
    return this.call(getSiteLayoutContract) as Promise<SiteLayoutJson>;
  }

  updateNavigation(body: UpdateNavigationBody): Promise<SiteLayoutJson> {
    return this.call(updateNavigationContract, { body: body as never }) as Promise<SiteLayoutJson>;
  }

  /**
   * Adds a store to the main navigation (platform spec §4's last step of store creation) with
   * UpdateNavigation: the main navigation as read, with a link to the store before a closing Cart link.
   * 'Unable to find site main navigation' (MainNavigationMissingError) when the layout has none.
   */
  async addStoreToMainNavigation(storeId: string): Promise<SiteLayoutJson> {
    const main = mainNavigationOf(await this.siteLayout());
    return this.updateNavigation({
      fieldName: main.identifier,
      ...(main.templateId ? { templateId: main.templateId } : {}),
      navigation: { items: withStoreLink(navigationItemsOf(main.links), storeId) },
    });
  }

  /**
   * Creates a store as platform spec §4 and §5 say: the product collection (its url id from the title),
   * then its ROOT category (LIST_VIEW, display index 1), then, unless told not to, a link to it in the
   * main navigation. A failure of the first step creates nothing and is thrown as it is; a failure after
   * it is a StoreCreationError naming the store made and the step that failed.
   */
  async createStore(websiteId: string, store: NewStore, options: { addToMainNavigation?: boolean } = {}): Promise<CreatedStore> {
    const { id: storeId } = (await this.call(createStoreContract, {
      params: { websiteId },
      body: {
        navigationTitle: store.navigationTitle ?? store.title,
        title: store.title,
        urlId: storeUrlId(store.title, store.existingUrlIds),
        description: store.description ?? '',
        enabled: true,
      },
    })) as { id: string };
    let categoryId: string;
    try {
      ({ id: categoryId } = (await this.call(createStoreCategoryContract, {
        params: { websiteId, collectionId: storeId },
        body: { displayName: rootCategoryName(store.title), type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
      })) as { id: string });
    } catch (error) {
      throw new StoreCreationError('category', storeId, error);
    }
    if (options.addToMainNavigation === false) return { storeId, categoryId };
    try {
      return { storeId, categoryId, layout: await this.addStoreToMainNavigation(storeId) };
    } catch (error) {
      throw new StoreCreationError('navigation', storeId, error);
    }
  }

  /** Imports a product CSV in Shopify's format (the body is the file, text/csv). */
  async importProducts(csv: string | Blob): Promise<ImportReply> {
    return (await this.http.send(importProductsContract.method, importProductsContract.url, { body: csv, contentType: 'text/csv' })) as ImportReply;
  }

  /** Every product as a CSV in Shopify's format (the file's text). */
  async exportProducts(): Promise<string> {
    return String(await this.http.send(exportProductsContract.method, exportProductsContract.url));
  }

  /** Uploads one picture (multipart/form-data, a single file field). */
  async uploadImage(file: Blob, filename = 'image'): Promise<ImageAssetJson> {
    const form = new FormData();
    form.append('file', file, filename);
    return (await this.http.send(uploadImageContract.method, uploadImageContract.url, { body: form })) as ImageAssetJson;
  }
}

/** The owner client: `createOwnerClient()` in the owner app (same origin, the browser's cookies). */
export function createOwnerClient(options: OwnerClientOptions = {}): OwnerClient {
  return new OwnerClient(options);
}
