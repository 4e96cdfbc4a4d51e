/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_TITLE: string;
  readonly VITE_CLIENT_ID: string;
  readonly VITE_CLIENT_AUTH_KEY: string;
}
