/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_TITLE: string;
  readonly VITE_CLIENT_ID: string;
  readonly VITE_CLIENT_AUTH_KEY: string;
  /** package.json's version (vite.config.ts define); absent where no build put it in (tests). */
  readonly VITE_APP_VERSION: string | undefined;
}
