import { UAParser } from 'ua-parser-js';

/**
 * A user agent's device type, browser and operating system (ua-parser-js 1, MIT-licensed; version 2 is AGPL). The rollup parses each distinct
 * user agent of a day once. A user agent without a device type is a desktop (ua-parser-js names only the others:
 * mobile, tablet, console, smarttv, wearable, xr, embedded).
 */
export interface DeviceFacts {
  type: string;
  browser: string;
  os: string;
}

export function deviceOf(userAgent: string): DeviceFacts {
  if (!userAgent) return { type: 'unknown', browser: 'Unknown', os: 'Unknown' };
  const result = UAParser(userAgent);
  return {
    type: result.device.type ?? 'desktop',
    browser: result.browser.name ?? 'Unknown',
    os: result.os.name ?? 'Unknown',
  };
}
