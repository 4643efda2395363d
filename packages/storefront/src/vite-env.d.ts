/// <reference types="vite/client" />
// Vite's module types (`?worker` imports) for the browser-only captcha loader.
