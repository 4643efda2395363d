/** Paths of calls from their contracts' route patterns ('/api/owner/products/:productId'). */

export type QueryValue = string | number | boolean | null | undefined;

/** The route pattern with each `:name` replaced by its parameter, percent-encoded. */
export function pathOf(routeUrl: string, params: Readonly<Record<string, string>> = {}): string {
  return routeUrl.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${routeUrl} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=x` from the values that are set (null and undefined are left out), or '' when none are. */
export function queryStringOf(query: Readonly<Record<string, QueryValue>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
