/**
 * Reading a block's stored settings defensively: the body is owner data checked on save, but a block saved by
 * an older schema (or written straight into the database) must still render, or render nothing — never throw.
 */
export type Settings = Readonly<Record<string, unknown>>;

export const str = (settings: Settings, key: string, fallback = ''): string => {
  const value = settings[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
};

export const num = (settings: Settings, key: string, fallback: number, min = -Infinity, max = Infinity): number => {
  const raw = settings[key];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
};

export const bool = (settings: Settings, key: string, fallback = false): boolean => {
  const value = settings[key];
  return typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback;
};

/** One of the allowed values, else the fallback. */
export const oneOf = <T extends string>(settings: Settings, key: string, options: readonly T[], fallback: T): T => {
  const value = settings[key];
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;
};

export const list = (settings: Settings, key: string): Settings[] => {
  const value = settings[key];
  return Array.isArray(value) ? value.filter((entry): entry is Settings => typeof entry === 'object' && entry !== null && !Array.isArray(entry)) : [];
};

export const record = (settings: Settings, key: string): Settings | undefined => {
  const value = settings[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Settings) : undefined;
};
