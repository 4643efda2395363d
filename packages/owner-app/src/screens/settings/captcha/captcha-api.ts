import { useQuery } from '@tanstack/react-query';
import type {
  CaptchaSettingsJson,
  getCaptchaSettingsContract,
  getTrackingSettingsContract,
  TrackingSettingsBody,
  TrackingSettingsJson,
  updateCaptchaSettingsContract,
  updateTrackingSettingsContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The captcha section's calls: the captcha switch and the tracking switches (type-only imports of the contracts). */
export const CAPTCHA_ROUTES = {
  captcha: callRoute<typeof getCaptchaSettingsContract>('GET', '/api/owner/site-settings/captcha'),
  updateCaptcha: callRoute<typeof updateCaptchaSettingsContract>('PUT', '/api/owner/site-settings/captcha'),
  tracking: callRoute<typeof getTrackingSettingsContract>('GET', '/api/owner/site-settings/tracking'),
  updateTracking: callRoute<typeof updateTrackingSettingsContract>('PUT', '/api/owner/site-settings/tracking'),
} as const;

export const captchaKeys = { captcha: ['site-settings', 'captcha'] as const, tracking: ['site-settings', 'tracking'] as const };

export function useCaptchaSettings() {
  const client = useOwnerClient();
  return useQuery<CaptchaSettingsJson>({ queryKey: captchaKeys.captcha, queryFn: () => client.call(CAPTCHA_ROUTES.captcha) as Promise<CaptchaSettingsJson> });
}

export function useSaveCaptcha() {
  const client = useOwnerClient();
  return useOwnerMutation<boolean, CaptchaSettingsJson>({
    mutationFn: (enabled) => client.call(CAPTCHA_ROUTES.updateCaptcha, { body: { enabled } }) as Promise<CaptchaSettingsJson>,
    invalidates: [captchaKeys.captcha],
  });
}

export function useTrackingSettings() {
  const client = useOwnerClient();
  return useQuery<TrackingSettingsJson>({ queryKey: captchaKeys.tracking, queryFn: () => client.call(CAPTCHA_ROUTES.tracking) as Promise<TrackingSettingsJson> });
}

export function useSaveTracking() {
  const client = useOwnerClient();
  return useOwnerMutation<TrackingSettingsBody, TrackingSettingsJson>({
    mutationFn: (body) => client.call(CAPTCHA_ROUTES.updateTracking, { body }) as Promise<TrackingSettingsJson>,
    invalidates: [captchaKeys.tracking],
  });
}

export const CAPTCHA_TEXTS = {
  captcha: 'Captcha',
  captchaLabel: 'Ask for a captcha',
  captchaHelp:
    'Restock sign-ups and site forms (those with their own captcha switch on) ask the visitor’s browser to solve a small puzzle before sending, which keeps most bots out. It runs on this server: nothing is sent elsewhere.',
  on: 'On',
  off: 'Off',
  tracking: 'Tracking',
  trackingIntro: 'What the site’s pages measure about visitors for your dashboard.',
  analyticsDisabled: 'Turn analytics off',
  analyticsDisabledHelp: 'No page of the site loads the visitor tracking script: the dashboard gets no new visits, pages or events.',
  cookieRestrictions: 'Restrict analytics cookies',
  cookieRestrictionsHelp: 'Visitors’ browsers keep no analytics cookies and nothing is tracked, as some privacy laws require without consent.',
  serverDisabled: 'The server turns analytics off for every site (ANALYTICS_DISABLED), whatever these switches say.',
  save: 'Save',
  saveCaptcha: 'Save captcha',
  saveTracking: 'Save tracking',
  saving: 'Saving…',
  saved: 'Saved.',
  readOnly: 'Your role may read these settings but not change them.',
} as const;
