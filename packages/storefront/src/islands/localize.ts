/**
 * A message of the shared rules (which answer in English) in the catalog the server handed the island: looked up
 * by its English words in `english` (a domain's English patterns), placeholders filled in English carried over
 * ('Enter a valid ZIP code.' → 'Saisissez une valeur valide pour « ZIP code ».'). Anything else is returned as it
 * is. The server's @vitrine/format/catalogs has the same lookup over every domain; the island carries only its own.
 */
export function localizeByEnglish(message: string, english: Readonly<Record<string, string>>, translated: Readonly<Record<string, string>> | undefined): string {
  if (!translated) return message;
  for (const [key, pattern] of Object.entries(english)) {
    const target = translated[key];
    if (typeof pattern !== 'string' || target === undefined) continue;
    if (pattern === message) return target;
    const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (names.length === 0) continue;
    const shape = new RegExp(`^${pattern.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)')}$`);
    const match = shape.exec(message);
    if (match) return names.reduce((text, name, index) => text.replaceAll(`{${name}}`, match[index + 1]), target);
  }
  return message;
}
