/** The captcha domain: ALTCHA challenges signed by the server, and solutions checked and used once (table captcha_solutions_used). */
export { registerCaptchaRoutes, CAPTCHA_NOT_ENABLED } from './routes';
export { createCaptchaChallenge, isCaptchaEnabled, CAPTCHA_ALGORITHM, DEFAULT_CAPTCHA_DIFFICULTY, type CaptchaDifficulty, type CaptchaSettings } from './challenges';
export { checkCaptchaSolution, decodeCaptchaPayload, requireCaptchaSolution, type CaptchaCheck } from './solutions';
